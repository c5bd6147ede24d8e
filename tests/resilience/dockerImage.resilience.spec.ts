import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { orderFields, postForm } from '../helpers/forms'
import { startSite, type Site } from '../helpers/site'

/**
 * The Docker image holds only Next's standalone output (server.js and the files Next traced for
 * it), `.next/static` and `public/` (Dockerfile). A package the server loads at run time that Next
 * did not trace (libsql's native part, sharp's) is missing there alone: `next start` in the checkout
 * finds it in node_modules. No Docker engine runs here, so the helper copies those three folders out
 * of the checkout and starts them with the Dockerfile's CMD, on an empty database as a first start.
 */

const STANDALONE = path.resolve(import.meta.dirname, '../../.next/standalone')

describe('the standalone output', () => {
  // Next copies into it each file of the checkout it traced for the server. A path the server builds
  // at run time, taken by the tracer for files it needs, brought in the developer's database, its
  // backups, the secret, the photos, or the whole checkout (src/platform/config/runtime.ts,
  // runtimePath). tests/fixtures/checkout-data holds files named as the server names its own, so such
  // a trace shows here on any checkout, with or without a data/ folder of its own.
  it("holds the server, its packages and the cache handler's modules, none of the checkout's other files", () => {
    expect(fs.readdirSync(STANDALONE).sort()).toEqual(['.next', 'node_modules', 'package.json', 'server.js', 'src'])
    const files = fs.readdirSync(STANDALONE, { recursive: true, encoding: 'utf8' })
    // Of src/, only next.config.mjs's cacheHandler and what it imports: Next loads it by its path, outside its bundle.
    const sources = files.filter((file) => file.startsWith(`src${path.sep}`) && fs.statSync(path.join(STANDALONE, file)).isFile())
    expect(sources.filter((file) => !file.endsWith('.mjs'))).toEqual([])
    const developerData = /(^|[\\/])(\.env(\..*)?|\.?payload-secret|server\.pid)$|\.(db|db-wal|db-shm|eml)$/
    expect(files.filter((file) => developerData.test(file))).toEqual([])
  })
})

const ADMIN = { email: 'image-owner@example.com', password: 'a long image-owner password' }
let site: Site
let token: string

beforeAll(async () => {
  site = await startSite({ standalone: true, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } })
  const login = await fetch(`${site.baseURL}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })
  expect(login.status).toBe(200)
  token = ((await login.json()) as { token: string }).token
})
afterAll(() => site?.stop())

const asAdmin = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...init.headers, Authorization: `JWT ${token}` } })

describe("the Docker image's server", () => {
  it('migrates an empty database on its first start and serves the pages and the health check', async () => {
    for (const page of ['/', '/order', '/reviews', '/admin']) expect((await fetch(`${site.baseURL}${page}`)).status, page).toBe(200)
    const health = (await (await fetch(`${site.baseURL}/api/health`)).json()) as { checks: { database: { ok: boolean } } }
    expect(health.checks.database.ok).toBe(true)
  })

  it('takes an order posted by the order form and stores it', async () => {
    const placed = await postForm(site.baseURL, '/order', orderFields('Ida Image', 'ida-image@example.com'))
    expect(placed.html).toContain('Order Submitted!')
    const orders = await fetch(`${site.baseURL}/api/orders?where[email][equals]=ida-image@example.com&depth=0`, asAdmin())
    expect(((await orders.json()) as { totalDocs: number }).totalDocs).toBe(1)
  })

  it("stores an admin's photo with its thumbnail and serves it resized (sharp)", async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7438a3' } }).jpeg().toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'image-check.jpg')
    form.append('_payload', JSON.stringify({ alt: 'A plum square' }))
    const created = await fetch(`${site.baseURL}/api/media`, asAdmin({ method: 'POST', body: form }))
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { filename: string; width: number; sizes: { thumbnail: { width: number } } } }
    expect(doc.width).toBe(1200)
    expect(doc.sizes.thumbnail.width).toBe(480)

    const resized = await fetch(`${site.baseURL}/_next/image?url=${encodeURIComponent(`/api/media/file/${doc.filename}`)}&w=640&q=75`, { headers: { Accept: 'image/webp' } })
    expect(resized.status).toBe(200)
    expect(resized.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(640)
  })
})

/** The server's log as text, without the colors of Payload's pretty output. */
 
const logLines = () => fs.readFileSync(site.logPath, 'utf8').replace(/\u001b\[[0-9;]*m/g, '').split('\n')

describe("the Docker image's server on a database it cannot open", () => {
  it('stops, saying why, rather than listening and answering every request with a 500', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-not-a-database-'))
    try {
      fs.writeFileSync(path.join(dir, 'site.db'), 'not a database: a file the server cannot open as one, '.repeat(100))
      const refused = await startSite({ standalone: true, dir, env: { DATABASE_URI: `file:${path.join(dir, 'site.db')}` } }).then(
        (site) => site.stop().then(() => 'it answered'),
        (error: Error) => error.message,
      )
      const exited = /^the server exited early; see (.+)$/.exec(refused)
      expect(exited, refused).not.toBeNull()
      const log = fs.readFileSync(exited![1], 'utf8')
      expect(log).toContain('The server could not start and stops:')
      expect(log).toContain('SQLITE_NOTADB')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("the Docker image's log", () => {
  // The production build minifies Payload's error classes' names, by which Payload picks their level
  // (platform/config/payloadLogger.ts): a bot's 403s and 404s were each an ERROR with its stack.
  it('writes a request the API refuses to a visitor at info, without an error or a stack', async () => {
    const errorsBefore = logLines().filter((line) => line.includes('ERROR')).length
    const refused = await fetch(`${site.baseURL}/api/batches`)
    expect(refused.status).toBe(403)
    const missing = await fetch(`${site.baseURL}/api/reviews/999999`)
    expect(missing.status).toBe(404)
    const messages = await Promise.all([refused, missing].map(async (answer) => ((await answer.json()) as { errors: { message: string }[] }).errors[0].message))
    // The log is written a moment after the answer.
    const logged = (message: string) => logLines().some((line) => /\bINFO\b/.test(line) && line.includes(message))
    for (let wait = 0; wait < 50 && !messages.every(logged); wait++) await sleep(100)
    for (const message of messages) expect(logged(message), message).toBe(true)
    expect(logLines().filter((line) => line.includes('ERROR')).length).toBe(errorsBefore)
  })
})
