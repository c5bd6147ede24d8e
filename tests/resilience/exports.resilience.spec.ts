import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { orderFields, postForm } from '../helpers/forms'
import { startSite, type Site } from '../helpers/site'

/**
 * Two servers started from one folder on two databases (a trial copy beside the shop's, say) each
 * keep their saved exports beside their own database: exported at the same moment, each file holds
 * its own database's orders, and neither server writes into the other's folder or the shared one.
 * (Exports were kept under the working directory's data/exports, named by the export's id, which
 * both databases number from 1: one export failed, the other delivered the wrong shop's orders.)
 */

const ADMIN = { email: 'owner@example.com', password: 'a long owner password' }

const sites: Site[] = []
afterAll(async () => {
  for (const site of sites.splice(0)) await site.stop().catch(() => undefined)
})

async function signIn(site: Site): Promise<Record<string, string>> {
  const login = await fetch(`${site.baseURL}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })
  expect(login.status).toBe(200)
  const { token } = (await login.json()) as { token: string }
  return { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }
}

/** Saves an export of every order, as the admin's Export → Save does. */
async function saveOrdersExport(site: Site, headers: Record<string, string>): Promise<number> {
  const saved = await fetch(`${site.baseURL}/api/exports`, { method: 'POST', headers, body: JSON.stringify({ name: 'all-orders', collectionSlug: 'orders', format: 'csv' }) })
  expect(saved.status).toBe(201)
  return ((await saved.json()) as { doc: { id: number } }).doc.id
}

/** The export's file once its background job has made it. */
async function readyFile(site: Site, headers: Record<string, string>, id: number): Promise<{ filename: string; text: string }> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const { status, filename } = (await (await fetch(`${site.baseURL}/api/exports/${id}?depth=0`, { headers })).json()) as { status: string; filename?: string }
    if (status === 'failed') throw new Error(`export ${id} on ${site.baseURL} failed; see ${site.logPath}`)
    if (status === 'ready' && filename) {
      const file = await fetch(`${site.baseURL}/api/exports/file/${filename}`, { headers })
      expect(file.status).toBe(200)
      return { filename, text: await file.text() }
    }
  }
  throw new Error(`export ${id} on ${site.baseURL} not ready after 60 s`)
}

describe('two servers on two databases in one folder', () => {
  it('export at once, each its own orders into the folder of its own database', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-two-shops-'))
    const shops = [
      { name: 'shop-a', buyers: ['Ada Alder', 'Abe Aspen'] },
      { name: 'shop-b', buyers: ['Bea Birch', 'Bo Beech', 'Bram Box'] },
    ]
    const started = await Promise.all(
      shops.map(({ name }) =>
        startSite({
          dir: folder,
          env: { DATABASE_URI: `file:${path.join(folder, name, 'site.db')}`, MEDIA_DIR: path.join(folder, name, 'media'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
        }),
      ),
    )
    sites.push(...started)
    for (const [index, site] of started.entries()) {
      for (const buyer of shops[index].buyers) {
        const placed = await postForm(site.baseURL, '/order', orderFields(buyer, `${buyer.split(' ')[0].toLowerCase()}@example.com`))
        expect(placed.html).toContain('Order Submitted!')
      }
    }

    const headers = await Promise.all(started.map(signIn))
    const ids = await Promise.all(started.map((site, index) => saveOrdersExport(site, headers[index])))
    // Both databases number their exports from 1: the same id on both servers.
    expect(ids[0]).toBe(ids[1])
    const files = await Promise.all(started.map((site, index) => readyFile(site, headers[index], ids[index])))

    for (const [index, { filename, text }] of files.entries()) {
      const own = shops[index].buyers
      const other = shops[1 - index].buyers
      for (const buyer of own) expect(text).toContain(buyer)
      for (const buyer of other) expect(text).not.toContain(buyer)
      // Kept beside its own database, with its backups.
      const besideDatabase = path.join(folder, shops[index].name, 'exports', filename)
      // (The file starts with a byte-order mark for spreadsheets, which the answer's text drops.)
      expect(fs.readFileSync(besideDatabase, 'utf8').replace(/^\uFEFF/, '')).toBe(text)
    }
    // Nothing under the shared working directory's data/exports.
    expect(fs.existsSync(path.join(folder, 'data', 'exports'))).toBe(false)
    // No file left half-written.
    for (const { name } of shops) expect(fs.readdirSync(path.join(folder, name, 'exports', '.partial'))).toEqual([])
  })
})
