import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterEach, describe, expect, it } from 'vitest'

import { orderFields, postForm } from '../helpers/forms'
import { startSite, type Site } from '../helpers/site'

/**
 * The shop's worst day: the disk's files are gone. A backup made by `npm run backup` while the site
 * runs, then `npm run restore` after the database and photos are deleted, brings back everything,
 * counted through the admin's API of a server started on the restored files.
 */

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..')
const ADMIN = { email: 'owner@example.com', password: 'a long owner password' }
const run = promisify(execFile)

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
})

/** `npm run backup` / `npm run restore -- …` as the seller types them, on this site's files. */
async function cli(site: Site, ...args: string[]): Promise<{ code: number; output: string }> {
  const env = { ...process.env, DATABASE_URI: site.databaseUri, MEDIA_DIR: path.join(site.dir, 'media'), PAYLOAD_SECRET: 'site-helper-secret' }
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', ...args], { cwd: PROJECT_ROOT, env })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

async function countsThroughTheAdmin(baseURL: string) {
  const login = await fetch(`${baseURL}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })
  expect(login.status).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const count = async (collection: string) => {
    const answer = await fetch(`${baseURL}/api/${collection}?limit=1&depth=0`, { headers: { Authorization: `JWT ${token}` } })
    return ((await answer.json()) as { totalDocs: number }).totalDocs
  }
  return { orders: await count('orders'), subscribers: await count('email-captures'), reviews: await count('reviews'), photos: await count('media') }
}

describe('a lost database and photos', () => {
  it('come back whole from a backup with npm run restore, and the site serves them', async () => {
    const site = await startSite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } })
    cleanups.push(site.stop)
    for (const name of ['Ada Backup', 'Ben Backup', 'Cy Backup']) {
      expect((await postForm(site.baseURL, '/order', orderFields(name, `${name.split(' ')[0].toLowerCase()}@example.com`))).html).toContain('Order Submitted!')
    }
    const review = await postForm(site.baseURL, '/reviews', { comment: 'Thick and fresh, as always.', name: 'Ada Backup', rating: '5', submissionKey: crypto.randomUUID() })
    expect(review.status).toBe(200)
    const before = await countsThroughTheAdmin(site.baseURL)
    expect(before.orders).toBe(3)
    expect(before.reviews).toBe(1)
    expect(before.photos).toBeGreaterThan(0)

    const backup = await cli(site, 'backup')
    expect(backup.code).toBe(0)
    const id = /Backup (\S+) made and checked: 3 orders/.exec(backup.output)?.[1]
    expect(id, backup.output).toBeTruthy()

    // Not under a running server.
    const refused = await cli(site, 'restore', '--', id!)
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/The site is running \(process \d+\): stop it first/)

    // The disk's worst day: the server gone, its database and photos with it.
    await site.kill9()
    const databaseFile = site.databaseUri.slice('file:'.length)
    for (const file of [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`]) fs.rmSync(file, { force: true })
    fs.rmSync(path.join(site.dir, 'media'), { recursive: true })

    const restored = await cli(site, 'restore', '--', id!)
    expect(restored.code, restored.output).toBe(0)
    expect(restored.output).toContain(`Restored backup ${id}`)

    const again = await startSite({ env: { DATABASE_URI: site.databaseUri, MEDIA_DIR: path.join(site.dir, 'media'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } })
    cleanups.push(again.stop)
    expect(await countsThroughTheAdmin(again.baseURL)).toEqual(before)
    // The photos are served again, and the home page shows the seller's content.
    const media = (await (await fetch(`${again.baseURL}/api/media?limit=1&depth=0`)).json()) as { docs: { url: string }[] }
    expect((await fetch(`${again.baseURL}${media.docs[0].url}`)).status).toBe(200)
    expect((await fetch(`${again.baseURL}/`)).status).toBe(200)
  })
})
