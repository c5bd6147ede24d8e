import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { makeBackup } from '@/platform/backup/backups'
import { backupPlace } from '@/platform/backup/place'
import { deliverDueEmails, queueEmail } from '@/platform/email/outbox'
import { alertSellerWhenUnwell } from '@/platform/health/attention'
import { healthReport, pruneHealthKeys } from '@/platform/health/health'
import { addDays, businessDay, zonedInstant } from '@/shared/time'

import { rest, startPayload, type TestPayload } from '../helpers/payload'

let app: TestPayload
let refusingServer: net.Server
const HOUR = 60 * 60 * 1000

beforeAll(async () => {
  // A mail server that hangs up on every connection. It holds its port for the whole file: a port
  // merely left free could be taken by another process meanwhile, one that might never answer.
  refusingServer = net.createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => refusingServer.listen(0, '127.0.0.1', resolve))
  const { port } = refusingServer.address() as net.AddressInfo
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' })
})
afterAll(async () => {
  await app?.cleanup()
  await new Promise((resolve) => refusingServer?.close(resolve))
})

const databaseFiles = () => {
  const file = backupPlace()!.databaseFile
  return [file, `${file}-wal`, `${file}-shm`].filter((each) => fs.existsSync(each))
}

describe('the health check (GET /api/health)', () => {
  it('answers 200 with each check when all is well, and tells proxies not to keep it', async () => {
    const { status, json } = await rest(app.config, 'GET', '/health')
    expect(status).toBe(200)
    expect(json).toMatchObject({ status: 'ok', failing: [], checks: { database: { ok: true }, email: { ok: true }, backups: { ok: true, summary: 'The first backup is on its way.' }, disk: { ok: true } } })
  })

  it('turns failing, naming e-mail, when the mail server has refused for longer than 30 minutes', async () => {
    const queuedAt = new Date()
    await queueEmail(app.payload, { to: 'customer@example.com', subject: 'Your order', text: 'Thank you.' })
    const message = async () => (await app.payload.find({ collection: 'email-outbox', where: { subject: { equals: 'Your order' } } })).docs[0]
    // Tried and still waiting. The outbox's own worker may claim it first (a round of ours then finds
    // nothing due): its try is recorded once its round ends.
    await expect
      .poll(async () => {
        await deliverDueEmails(app.payload)
        return (await message()).attempts
      }, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1)
    expect(['pending', 'sending']).toContain((await message()).status)

    const soon = await healthReport(app.payload, new Date(queuedAt.getTime() + 10 * 60 * 1000))
    expect(soon.checks.email.ok).toBe(true)
    const later = await healthReport(app.payload, new Date(queuedAt.getTime() + 31 * 60 * 1000))
    expect(later.ok).toBe(false)
    expect(later.checks.email).toMatchObject({ ok: false, summary: 'E-mails have not gone out for 31 min: the mail server refuses them.' })
    // No mail server's words, addresses or subjects in a public answer.
    expect(JSON.stringify(later)).not.toMatch(/customer@example\.com|Your order|ECONNREFUSED/)
    await app.payload.delete({ collection: 'email-outbox', where: { subject: { equals: 'Your order' } } })
  })

  it('turns failing, naming backups, when no good backup is younger than 12 hours', async () => {
    const now = Date.now()
    expect((await healthReport(app.payload, new Date(now + 13 * HOUR))).checks.backups).toEqual({ ok: false, summary: 'No backup has been made.', totalBytes: 0 })
    const backup = await makeBackup(backupPlace()!, new Date(now))
    const checked = (await healthReport(app.payload, new Date(now + 11 * HOUR))).checks.backups
    expect(checked).toMatchObject({ ok: true, summary: 'The last good backup is 11 h old.', lastGoodAt: backup.takenAt })
    // What the backups take of the disk: at least the kept database and its manifest.
    expect(checked.totalBytes).toBeGreaterThan(backup.database.bytes)
    expect((await healthReport(app.payload, new Date(now + 13 * HOUR))).checks.backups).toMatchObject({ ok: false, summary: 'The last good backup is 13 h old.' })
  })

  it('writes to the seller once a day while something needs attention, in plain words', async () => {
    // Noon and 1 pm in Detroit the day after tomorrow: by then no backup is younger than 12 hours.
    const noon = zonedInstant(addDays(businessDay(new Date()).key, 2), '12:00')
    expect(await alertSellerWhenUnwell(app.payload, noon)).toBe('queued')
    expect(await alertSellerWhenUnwell(app.payload, new Date(noon.getTime() + HOUR))).toBe('queued')
    const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: 'health' } } })
    expect(docs).toHaveLength(1)
    const settings = await app.payload.findGlobal({ slug: 'site-settings' })
    expect(docs[0]).toMatchObject({ to: settings.email, subject: 'Your shop needs attention: no recent backup' })
    expect(docs[0].text).toContain('make one now with npm run backup')
    expect(await alertSellerWhenUnwell(app.payload, new Date())).toBe('well')
  })

  it('answers 503, naming the database, when the database cannot be written', async () => {
    const files = databaseFiles()
    execFileSync('chattr', ['+i', ...files])
    try {
      // The endpoint answers from memory for 5 s: its clock is moved past them for a fresh check
      // (only `Date`, running on from there: the database's and the server's own timers run as ever).
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_100, shouldAdvanceTime: true })
      const { status, json } = await rest(app.config, 'GET', '/health').finally(() => vi.useRealTimers())
      expect(status).toBe(503)
      expect(json).toMatchObject({ status: 'failing', failing: expect.arrayContaining(['database']), checks: { database: { ok: false, summary: 'The database cannot read or write: no order can be stored.' } } })
    } finally {
      execFileSync('chattr', ['-i', ...files])
    }
    expect((await healthReport(app.payload)).checks.database.ok).toBe(true)
  })

  it("removes the write check's keys of servers stopped for a day, keeping the running ones'", async () => {
    const now = new Date()
    const healthKeys = async () => (await app.payload.kv.keys()).filter((key) => key.startsWith('health:')).sort()
    // This process last checked three days ago: its key stays all the same, the process runs.
    await healthReport(app.payload, new Date(now.getTime() - 72 * HOUR))
    const [own] = await healthKeys()
    await app.payload.kv.set('health:stopped-two-days-ago', { at: new Date(now.getTime() - 48 * HOUR).toISOString() })
    await app.payload.kv.set('health:another-instance', { at: new Date(now.getTime() - HOUR).toISOString() })
    await app.payload.kv.set('health:write-check', { at: new Date(now.getTime() - 25 * HOUR).toISOString() })

    await pruneHealthKeys(app.payload, now)
    expect(await healthKeys()).toEqual(['health:another-instance', own].sort())
    expect((await healthReport(app.payload, now)).checks.database.ok).toBe(true)
  })
})
