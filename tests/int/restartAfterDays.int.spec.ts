import Database from 'libsql'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { queueScheduledMessages } from '@/features/ordering/orderMessages'
import { batchClockRound } from '@/features/ordering/batchClock'
import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import { startRefillPlan } from '@/features/ordering/refillSignUp'
import { refillRound, reserveFromAnnouncedBatch } from '@/features/refills/cycle'
import { pruneEmailBodies } from '@/platform/email/retention'
import { workExportsQueue } from '@/features/admin/exportJobs'
import { workPushQueue } from '@/features/seller/push/orderPush'
import { listBackups, makeBackup } from '@/platform/backup/backups'
import { backupPlace } from '@/platform/backup/place'
import { backUpWhenDue } from '@/platform/backup/scheduledBackups'
import { databaseKind, sqliteDatabaseFile } from '@/platform/db/database'
import { pruneSubmissions } from '@/platform/db/submissions'
import { deliverDueEmails } from '@/platform/email/outbox'
import { alertSellerWhenUnwell } from '@/platform/health/attention'
import { pruneHealthKeys } from '@/platform/health/health'
import { addDays, zonedInstant } from '@/shared/time'

import { validOrderForm } from '../helpers/orders'
import { rest, startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

/**
 * A server started again after days away (the issue "a restart after days away locks the
 * database"): its last backup is two weeks old, so its first moments run the backup, the "no
 * recent backup" e-mail, the refill round, the outbox and the job queues at once, as
 * `src/instrumentation.ts` starts them, while the seller signs in. Each waits its turn for SQLite's
 * write lock: none fails, nothing is logged about a busy database, and the alert reaches the
 * seller. And when another process did hold the lock too long, only the write that waited fails:
 * the reads and writes after it go through (`platform/db/sqliteClient.ts`).
 */

const ADMIN = { email: 'restart-admin@example.com', password: 'correct-horse-battery' }
const SELLER_EMAIL = 'restart-seller@example.com'
const DAY = 24 * 60 * 60 * 1000
const quiet = { disableRevalidate: true }

let app: TestPayload
let payload: Payload
let smtp: TestSmtp

/**
 * The test's clock: the day the shop was last running (its last backup), and the day it is started
 * again, two days before its customers' refills are due: about two weeks later.
 */
const lastRunning = new Date()
let restartedAt: Date

beforeAll(async () => {
  smtp = await startSmtp()
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' })
  payload = app.payload
  await payload.updateGlobal({ slug: 'site-settings', data: { email: SELLER_EMAIL }, context: quiet })
  await payload.updateGlobal({
    slug: 'fulfilment',
    data: { windows: [{ method: 'pickup', weekday: 'sat', start: '10:00', end: '14:00', place: 'Eastern Market' }], leadTimeHours: 24, blackoutDates: [], refillDaysAhead: 3 },
    context: quiet,
  })
  // Customers with refill plans every two weeks: by the restart their next refills are due.
  for (let n = 1; n <= 4; n++) {
    const open = (await windowsOpenNow(payload, lastRunning)).open
    const placed = await submitOrder(
      payload,
      { ...validOrderForm, deliveryMethod: 'pickup', fullName: `Refill Customer ${n}`, email: `restart-${n}@example.com`, window: open[0].key },
      undefined,
      { now: () => lastRunning },
    )
    if (placed.status !== 'success') throw new Error(`order refused: ${JSON.stringify(placed)}`)
    const plan = await startRefillPlan(payload, placed.order, 2)
    if (!plan.ok) throw new Error(`plan refused: ${JSON.stringify(plan)}`)
    restartedAt = zonedInstant(addDays(plan.plan.nextDay, -2), '12:00')
  }
  expect(restartedAt.getTime() - lastRunning.getTime()).toBeGreaterThan(12 * DAY)
  await deliverDueEmails(payload)
  await makeBackup(backupPlace()!, lastRunning)
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

describe('a server started again two weeks after its last backup', () => {
  it('runs its backup, the seller’s alert, the refills, the outbox and the queues at once, and serves the admin meanwhile, with no busy database', async () => {
    const logged = watchLog()
    const rounds = {
      backup: () => backUpWhenDue(payload, restartedAt),
      alert: () => alertSellerWhenUnwell(payload, restartedAt),
      refills: () => refillRound(payload, restartedAt),
      reservations: () => reserveFromAnnouncedBatch(payload, restartedAt),
      batchClock: () => batchClockRound(payload, async () => {}, restartedAt),
      reminders: () => queueScheduledMessages(payload, restartedAt),
      submissions: () => pruneSubmissions(payload, restartedAt),
      healthKeys: () => pruneHealthKeys(payload, restartedAt),
      outbox: () => deliverDueEmails(payload, { now: restartedAt }),
      push: () => workPushQueue(payload),
      exports: () => workExportsQueue(payload),
      emailRetention: () => pruneEmailBodies(payload, { now: restartedAt }),
      adminSignIn: async () => {
        const signedIn = await rest(app.config, 'POST', '/users/login', { body: ADMIN })
        if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`)
        const orders = await rest(app.config, 'GET', '/orders?limit=5&depth=0', { headers: { Authorization: `JWT ${String(signedIn.json.token)}` } })
        if (orders.status !== 200) throw new Error(`the orders answered ${orders.status}: ${JSON.stringify(orders.json)}`)
        return orders.json.totalDocs
      },
    }
    const outcomes = await Promise.allSettled(Object.values(rounds).map((round) => round()))
    const failed = Object.keys(rounds).flatMap((name, index) => (outcomes[index].status === 'rejected' ? [`${name}: ${String((outcomes[index] as PromiseRejectedResult).reason)}`] : []))
    expect(failed).toEqual([])

    expect(outcomes[Object.keys(rounds).indexOf('alert')]).toMatchObject({ value: 'queued' })
    expect(outcomes[Object.keys(rounds).indexOf('refills')]).toMatchObject({ value: { made: 4 } })
    expect(listBackups(backupPlace()!.backupsDir)[0].takenAt).toBe(restartedAt.toISOString())
    // The alert goes out through the outbox, as it would a moment later on the server.
    await deliverDueEmails(payload, { now: restartedAt })
    const alert = await smtp.waitForMailTo(SELLER_EMAIL, (mail) => /needs attention/.test(mail.subject ?? ''))
    expect(alert.subject).toMatch(/no recent backup/)
    // And after the rush, writes still go through.
    expect(await alertSellerWhenUnwell(payload, new Date(restartedAt.getTime() + DAY))).toBe('queued')
    logged.stop()
    expect(logged.lines.filter((line) => /SQLITE_BUSY|database is locked/i.test(line))).toEqual([])
  })
})

describe.skipIf(databaseKind(process.env.DATABASE_URI ?? '') !== 'sqlite')('after another process held the write lock past the busy timeout', () => {
  it('refuses the write that waited, then reads every commit and writes again, the admin’s session included', async () => {
    const other = new Database(sqliteDatabaseFile(app.databaseUri)!)
    try {
      other.exec('BEGIN IMMEDIATE')
      other.exec(`INSERT INTO payload_kv (key, data) VALUES ('other-process', '"before"')`)
      await expect(payload.kv.set('restart:while-locked', 'refused')).rejects.toThrow()
      other.exec('COMMIT')
      expect(await payload.kv.get('other-process')).toBe('before')
      // A connection left on the snapshot of that read would not see this one, nor begin a transaction.
      other.exec(`INSERT INTO payload_kv (key, data) VALUES ('other-process-later', '"after"')`)
    } finally {
      other.close()
    }
    expect(await payload.kv.get('other-process-later')).toBe('after')
    await payload.kv.set('restart:after', 'written')
    expect(await payload.kv.get('restart:after')).toBe('written')
    const signedIn = await rest(app.config, 'POST', '/users/login', { body: ADMIN })
    expect(signedIn.status).toBe(200)
    const orders = await rest(app.config, 'GET', '/orders?limit=1&depth=0', { headers: { Authorization: `JWT ${String(signedIn.json.token)}` } })
    expect(orders.status).toBe(200)
  })
})

/** Payload's errors and warnings from now on, as text; `stop()` restores the logger. */
function watchLog() {
  const lines: string[] = []
  const restores: Array<() => void> = []
  for (const level of ['error', 'warn'] as const) {
    const original = payload.logger[level]
    restores.push(() => (payload.logger[level] = original))
    payload.logger[level] = ((...args: Parameters<typeof original>) => {
      lines.push(JSON.stringify(args, (_key, value) => (value instanceof Error ? { message: value.message, code: (value as { code?: unknown }).code, cause: String(value.cause) } : value)))
      return original.apply(payload.logger, args)
    }) as typeof original
  }
  return { lines, stop: () => restores.forEach((restore) => restore()) }
}
