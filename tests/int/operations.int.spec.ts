import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { makeBackup } from '@/platform/backup/backups'
import { backupPlace } from '@/platform/backup/place'
import { alertSellerWhenUnwell } from '@/platform/health/attention'
import { healthReport } from '@/platform/health/health'
import { operationsReport } from '@/platform/health/operations'

import { rest, startPayload, type TestPayload } from '../helpers/payload'

let app: TestPayload
const GB = 1_000_000_000
/** A 100 GB disk with `free` GB free: the operating system's answer, as the test wants it. */
const diskWith = (free: number) => () => ({ freeBytes: free * GB, totalBytes: 100 * GB })

beforeAll(async () => {
  app = await startPayload()
})
afterAll(async () => {
  await app?.cleanup()
})

describe("the disk's free space (health check and Operations)", () => {
  it('warns when less of the disk is free than the threshold (10% on a fresh site), and not at it', async () => {
    expect((await healthReport(app.payload, new Date(), diskWith(10))).checks.disk).toEqual({ ok: true, freeBytes: 10 * GB, usedPercent: 90, summary: '10 GB free, 10% of the disk.' })
    const low = await healthReport(app.payload, new Date(), diskWith(9.5))
    expect(low.ok).toBe(false)
    expect(low.checks.disk).toEqual({ ok: false, freeBytes: 9.5 * GB, usedPercent: 91, summary: '9.5 GB free, 9% of the disk. The warning is set at 10%.' })
    expect((await operationsReport(app.payload, diskWith(9.5))).disk).toEqual({ freeBytes: 9.5 * GB, totalBytes: 100 * GB, freePercent: 9, minFreePercent: 10, ok: false })
  })

  it("follows the seller's threshold, in the health check, its public answer and the seller's daily e-mail", async () => {
    await app.payload.updateGlobal({ slug: 'operations', data: { minFreeDiskPercent: 25 } })
    expect((await healthReport(app.payload, new Date(), diskWith(24))).checks.disk.ok).toBe(false)
    expect((await healthReport(app.payload, new Date(), diskWith(25))).checks.disk.ok).toBe(true)

    // GET /api/health reads the real disk: set the threshold above what it has free.
    const stats = fs.statfsSync(path.dirname(backupPlace()!.databaseFile))
    const realFree = Math.floor((stats.bavail / stats.blocks) * 100)
    await app.payload.updateGlobal({ slug: 'operations', data: { minFreeDiskPercent: Math.min(90, realFree + 1) } })
    const { status, json } = await rest(app.config, 'GET', '/health')
    if (realFree + 1 <= 90) {
      expect(status).toBe(503)
      expect(json).toMatchObject({ status: 'failing', failing: ['disk'], checks: { disk: { ok: false, summary: expect.stringContaining(`The warning is set at ${realFree + 1}%.`) } } })
      expect(await alertSellerWhenUnwell(app.payload)).toBe('queued')
      const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: 'health' } } })
      expect(docs[0]).toMatchObject({ subject: 'Your shop needs attention: the server’s disk is almost full' })
      expect(docs[0].text).toContain('Less of the disk is free than set in Admin → Operations settings.')
    }
    await app.payload.updateGlobal({ slug: 'operations', data: { minFreeDiskPercent: 10 } })
  })

  it('refuses a threshold outside 1–90%', async () => {
    await expect(app.payload.updateGlobal({ slug: 'operations', data: { minFreeDiskPercent: 95 } })).rejects.toThrow(/Warn when less than this percent/)
    await expect(app.payload.updateGlobal({ slug: 'operations', data: { minFreeDiskPercent: 0 } })).rejects.toThrow(/Warn when less than this percent/)
  })
})

describe('the Operations report', () => {
  it("shows the database's size, the backups' count and total size, and the retention", async () => {
    const place = backupPlace()!
    // The file and its write-ahead log together. A write the site makes meanwhile (an e-mail sent
    // in the background) or a checkpoint moves bytes between them or adds some, never fewer while
    // the site holds its connection: the report's figure lies between the sizes before and after.
    const onDisk = () => fs.statSync(place.databaseFile).size + (fs.existsSync(`${place.databaseFile}-wal`) ? fs.statSync(`${place.databaseFile}-wal`).size : 0)
    const sizeBefore = onDisk()
    const empty = await operationsReport(app.payload)
    const sizeAfter = onDisk()
    expect(empty.backups).toMatchObject({ folder: place.backupsDir, count: 0, totalBytes: 0, newestAt: null })
    expect(empty.email).toMatchObject({ retentionDays: 90, lastRound: null })
    expect(empty.database!.fileBytes).toBeGreaterThanOrEqual(sizeBefore)
    expect(empty.database!.fileBytes).toBeLessThanOrEqual(sizeAfter)

    const first = await makeBackup(place, new Date(Date.now() - 60_000))
    const second = await makeBackup(place)
    const report = await operationsReport(app.payload)
    expect(report.backups).toMatchObject({ count: 2, newestAt: second.takenAt })
    // Two copies of the database at least; the photos they share are counted once.
    expect(report.backups!.totalBytes).toBeGreaterThanOrEqual(first.database.bytes + second.database.bytes)
    const mediaBytes = first.media.reduce((sum, photo) => sum + photo.bytes, 0)
    expect(report.backups!.totalBytes).toBeLessThan(first.database.bytes + second.database.bytes + 2 * mediaBytes + 100_000)
  })
})
