import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { gunzipSync } from 'node:zlib'

import Database from 'libsql'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { BackupError, checkBackup, listBackups, makeBackup, MANIFEST, pruneBackups, restoreBackup, type BackupPlace, type Manifest } from '@/platform/backup/backups'
import { backupDue, backupsToKeep, UNNAMED_PHOTO_GRACE_MS } from '@/platform/backup/retention'

let root: string
let place: BackupPlace & { mediaDir: string }

function openLive() {
  const database = new Database(place.databaseFile)
  database.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;')
  return database
}

/** Every order as stored, in order: what a reader of the database sees, whatever its WAL holds. */
const ordersIn = (file: string) => {
  const database = new Database(file, { readonly: true })
  try {
    return database.prepare('SELECT id, reference, notes FROM orders ORDER BY id').all()
  } finally {
    database.close()
  }
}

const rowsIn = (file: string) => {
  const database = new Database(file, { readonly: true })
  try {
    return (database.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n
  } finally {
    database.close()
  }
}

/** The orders in a backup's database, decompressed beside it for the count. */
const rowsInBackup = (manifest: Manifest) => {
  const kept = path.join(place.backupsDir, manifest.id, manifest.database.file)
  const plain = path.join(root, `counted-${manifest.id}.db`)
  fs.writeFileSync(plain, manifest.database.compression === 'gzip' ? gunzipSync(fs.readFileSync(kept)) : fs.readFileSync(kept))
  return rowsIn(plain)
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'))
  place = { databaseFile: path.join(root, 'data', 'storefront.db'), mediaDir: path.join(root, 'media'), secretFile: path.join(root, 'data', '.payload-secret'), backupsDir: path.join(root, 'data', 'backups') }
  fs.mkdirSync(path.dirname(place.databaseFile), { recursive: true })
  fs.mkdirSync(place.mediaDir)
  fs.writeFileSync(place.secretFile!, 'the-generated-secret', { mode: 0o600 })
  fs.writeFileSync(path.join(place.mediaDir, '.gitkeep'), '')
  const database = openLive()
  database.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, reference TEXT NOT NULL, notes TEXT)')
  const insert = database.prepare('INSERT INTO orders (reference, notes) VALUES (?, ?)')
  database.exec('BEGIN')
  for (let n = 0; n < 2000; n++) insert.run(`SM-${1000 + n}`, 'x'.repeat(500))
  database.exec('COMMIT')
  database.close()
})

afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('a backup', () => {
  it('taken while orders are being placed holds every order committed before it started, and passes the integrity check', async () => {
    const live = openLive()
    const insert = live.prepare('INSERT INTO orders (reference) VALUES (?)')
    let placing = true
    let placed = 0
    // Orders keep coming while the copy runs on its worker thread.
    const placing$ = (async () => {
      while (placing) {
        insert.run(`SM-late-${placed++}`)
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const committedBefore = rowsIn(place.databaseFile)
    const manifest = await makeBackup(place)
    placing = false
    await placing$
    live.close()

    expect(placed).toBeGreaterThan(0)
    expect(rowsInBackup(manifest)).toBeGreaterThanOrEqual(committedBefore)
    expect(manifest.database.integrity).toBe('ok')
    expect(manifest.database.rows.orders).toBe(rowsInBackup(manifest))
    expect(listBackups(place.backupsDir).map((backup) => backup.id)).toEqual([manifest.id])
  })

  it('copies each photo once, and restore brings back the database and the photos after both are lost', async () => {
    fs.writeFileSync(path.join(place.mediaDir, 'jar.jpg'), 'first photo')
    const first = await makeBackup(place, new Date('2026-11-20T08:00:00Z'))
    fs.writeFileSync(path.join(place.mediaDir, 'review.webp'), 'second photo')
    const second = await makeBackup(place, new Date('2026-11-20T14:00:00Z'))
    expect(first.media.map((entry) => entry.name)).toEqual(['jar.jpg'])
    expect(second.media.map((entry) => entry.name).sort()).toEqual(['jar.jpg', 'review.webp'])
    // Two photos kept, whatever the number of backups naming them.
    expect(fs.readdirSync(path.join(place.backupsDir, 'media'))).toHaveLength(2)

    const orders = rowsIn(place.databaseFile)
    for (const lost of [place.databaseFile, `${place.databaseFile}-wal`, `${place.databaseFile}-shm`, place.secretFile!]) fs.rmSync(lost, { force: true })
    fs.rmSync(place.mediaDir, { recursive: true })

    const { manifest } = await restoreBackup(place, second.id)
    expect(manifest.id).toBe(second.id)
    expect(rowsIn(place.databaseFile)).toBe(orders)
    expect(fs.readFileSync(path.join(place.mediaDir, 'jar.jpg'), 'utf8')).toBe('first photo')
    expect(fs.readFileSync(path.join(place.mediaDir, 'review.webp'), 'utf8')).toBe('second photo')
    // The secret that signed the links in customers' e-mails comes back too.
    expect(fs.readFileSync(place.secretFile!, 'utf8')).toBe('the-generated-secret')
  })

  it('restored over a live database keeps what was there aside, never deleting it', async () => {
    const backup = await makeBackup(place, new Date('2026-11-20T08:00:00Z'))
    const live = openLive()
    live.prepare('INSERT INTO orders (reference) VALUES (?)').run('SM-after-the-backup')
    live.close()
    const { keptAside } = await restoreBackup(place, backup.id, new Date('2026-11-21T09:00:00Z'))
    expect(keptAside).toBe(path.join(root, 'data', 'before-restore-2026-11-21T09-00-00-000Z'))
    expect(rowsIn(path.join(keptAside!, 'storefront.db'))).toBe(2001)
    expect(rowsIn(place.databaseFile)).toBe(2000)
  })

  it('that is damaged is refused by restore with a message, and the live database is left as it was', async () => {
    const backup = await makeBackup(place)
    const copy = path.join(place.backupsDir, backup.id, backup.database.file)
    const bytes = fs.readFileSync(copy)
    // A run of bad bytes in the middle of the kept file, whatever its size.
    bytes.fill(0x55, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 64)
    fs.writeFileSync(copy, bytes)
    // Read as SQLite reads it, not byte for byte: libsql closes a connection only once its statements
    // are collected, and that last close copies the WAL into the file at a moment of the GC's choosing.
    const before = { orders: ordersIn(place.databaseFile), inode: fs.statSync(place.databaseFile).ino }

    await expect(restoreBackup(place, backup.id)).rejects.toThrow(BackupError)
    await expect(checkBackup(place.backupsDir, backup.id)).rejects.toThrow(`Backup ${backup.id} is damaged`)
    expect(fs.statSync(place.databaseFile).ino).toBe(before.inode)
    expect(ordersIn(place.databaseFile)).toEqual(before.orders)
    expect(fs.readdirSync(path.dirname(place.databaseFile)).filter((name) => name.startsWith('before-restore') || name.endsWith('.restoring'))).toEqual([])
  })

  it('is kept compressed, a fraction of the database, and nothing uncompressed is left beside it', async () => {
    const manifest = await makeBackup(place)
    const folder = path.join(place.backupsDir, manifest.id)
    expect(manifest.database).toMatchObject({ file: 'storefront.db.gz', compression: 'gzip' })
    expect(fs.readdirSync(folder).sort()).toEqual(['manifest.json', 'payload-secret', 'storefront.db.gz'])
    const kept = fs.statSync(path.join(folder, manifest.database.file)).size
    expect(kept).toBe(manifest.database.bytes)
    // 2,000 orders of repeated text: the copy keeps well under a tenth of the database's pages.
    expect(kept).toBeLessThan(manifest.database.uncompressed!.bytes / 10)
    expect(rowsInBackup(manifest)).toBe(2000)
  })

  it('made before backups were compressed (a plain database copy) is still checked and restored', async () => {
    // A backup as the previous format wrote it: the database as is, its manifest without compression.
    const made = await makeBackup(place, new Date('2026-11-20T08:00:00Z'))
    const folder = path.join(place.backupsDir, made.id)
    fs.writeFileSync(path.join(folder, 'storefront.db'), gunzipSync(fs.readFileSync(path.join(folder, made.database.file))))
    fs.rmSync(path.join(folder, made.database.file))
    const { compression: _compression, uncompressed, ...database } = made.database
    const old: Manifest = { ...made, database: { ...database, file: 'storefront.db', bytes: uncompressed!.bytes, sha256: uncompressed!.sha256 } }
    fs.writeFileSync(path.join(folder, MANIFEST), JSON.stringify(old, null, 2))

    const live = openLive()
    live.prepare('INSERT INTO orders (reference) VALUES (?)').run('SM-after-the-backup')
    live.close()
    await expect(checkBackup(place.backupsDir, made.id)).resolves.toMatchObject({ id: made.id })
    await restoreBackup(place, made.id)
    expect(rowsIn(place.databaseFile)).toBe(2000)
  })

  it('that does not exist is named, with the ones that do', async () => {
    const backup = await makeBackup(place, new Date('2026-11-20T08:00:00Z'))
    await expect(restoreBackup(place, 'yesterday')).rejects.toThrow(`No backup "yesterday"`)
    await expect(restoreBackup(place, 'yesterday')).rejects.toThrow(`The backups here: ${backup.id}.`)
  })

  it('left unfinished (no manifest) is neither listed nor restored', async () => {
    fs.mkdirSync(path.join(place.backupsDir, '2026-11-20T08-00-00-000Z'), { recursive: true })
    expect(listBackups(place.backupsDir)).toEqual([])
    await expect(restoreBackup(place, '2026-11-20T08-00-00-000Z')).rejects.toThrow('holds no manifest.json')
  })
})

describe('retention', () => {
  const every6Hours = (days: number, end = Date.parse('2026-11-26T12:00:00Z')) =>
    Array.from({ length: days * 4 }, (_, n) => {
      const takenAt = new Date(end - n * 6 * 60 * 60 * 1000).toISOString()
      return { id: takenAt, takenAt }
    })

  it('keeps the 8 newest, the newest of each of the last 7 days and of each of the last 4 weeks', () => {
    const backups = every6Hours(40)
    const kept = [...backupsToKeep(backups)].sort().reverse()
    // The 8 newest (two days' worth); then each Detroit day's last (00:00 UTC is 19:00 the day
    // before there) for 7 days; then each week's last (weeks start on Monday) for 4 weeks.
    expect(kept).toEqual([
      '2026-11-26T12:00:00.000Z', '2026-11-26T06:00:00.000Z', '2026-11-26T00:00:00.000Z', '2026-11-25T18:00:00.000Z',
      '2026-11-25T12:00:00.000Z', '2026-11-25T06:00:00.000Z', '2026-11-25T00:00:00.000Z', '2026-11-24T18:00:00.000Z',
      '2026-11-24T00:00:00.000Z', '2026-11-23T00:00:00.000Z', '2026-11-22T00:00:00.000Z', '2026-11-21T00:00:00.000Z',
      '2026-11-16T00:00:00.000Z', '2026-11-09T00:00:00.000Z',
    ])
  })

  it('makes the daily backup at 03:00 on the seller’s clock, also on the days summer time starts and ends', () => {
    const due = (last: string, now: string) => backupDue(new Date(last), new Date(now))
    // Mar 8, 2026: 03:00 EDT is 07:00 UTC (an hour after 02:00 EST would have been).
    expect(due('2026-03-08T05:30:00Z', '2026-03-08T06:59:00Z')).toBe(false)
    expect(due('2026-03-08T05:30:00Z', '2026-03-08T07:00:00Z')).toBe(true)
    // Nov 1, 2026: 03:00 EST is 08:00 UTC (the clock went back at 02:00 EDT).
    expect(due('2026-11-01T05:30:00Z', '2026-11-01T07:59:00Z')).toBe(false)
    expect(due('2026-11-01T05:30:00Z', '2026-11-01T08:00:00Z')).toBe(true)
    expect(due('2026-11-01T08:00:00Z', '2026-11-01T13:59:00Z')).toBe(false)
  })

  // Twelve backups: 6–16 s here, past a minute on a loaded machine (the limit guards against a hang).
  it('deletes exactly the backups it does not keep, and the photos only they needed', async () => {
    const times = every6Hours(12).map((backup) => new Date(backup.takenAt)).reverse()
    for (const [n, takenAt] of times.entries()) {
      if (n === 0) fs.writeFileSync(path.join(place.mediaDir, 'gone.jpg'), 'a photo deleted later')
      if (n === 1) fs.rmSync(path.join(place.mediaDir, 'gone.jpg'))
      await makeBackup(place, takenAt, { latest: 8, daily: 7, weekly: 0 })
    }
    const left = listBackups(place.backupsDir).map((backup) => backup.takenAt)
    expect(left.sort()).toEqual([...backupsToKeep(every6Hours(12), { latest: 8, daily: 7, weekly: 0 })].sort())
    expect(fs.readdirSync(place.backupsDir).filter((name) => name !== 'media')).toHaveLength(left.length)
    // The deleted photo no kept backup names goes once it is a day old (a backup still running
    // could name it until then).
    const photos = fs.readdirSync(path.join(place.backupsDir, 'media'))
    expect(photos).toHaveLength(1)
    // A day counted from the photo's copy (its file's time, as the pruning reads it), not from now:
    // the twelve backups above take seconds, a minute on a busy machine.
    const copiedAt = fs.statSync(path.join(place.backupsDir, 'media', photos[0])).mtimeMs
    expect(pruneBackups(place.backupsDir, { latest: 8, daily: 7, weekly: 0 }, new Date(copiedAt + UNNAMED_PHOTO_GRACE_MS - 60_000))).toEqual([])
    expect(fs.readdirSync(path.join(place.backupsDir, 'media'))).toHaveLength(1)
    expect(pruneBackups(place.backupsDir, { latest: 8, daily: 7, weekly: 0 }, new Date(copiedAt + UNNAMED_PHOTO_GRACE_MS + 60_000))).toEqual([])
    expect(fs.readdirSync(path.join(place.backupsDir, 'media'))).toEqual([])
  }, 180_000)

  it('leaves the photos of a backup still running (npm run backup beside the scheduled one), so that it is whole when it finishes', async () => {
    fs.writeFileSync(path.join(place.mediaDir, 'new.jpg'), 'a photo added this morning')
    // Another process's backup, about to write its manifest: its photos are in the store already.
    const running = await makeBackup(place, new Date('2026-11-26T08:00:00Z'))
    const manifest = fs.readFileSync(path.join(place.backupsDir, running.id, 'manifest.json'))
    fs.rmSync(path.join(place.backupsDir, running.id, 'manifest.json'))
    // Meanwhile the photo is deleted, and this process's backup finishes and prunes.
    fs.rmSync(path.join(place.mediaDir, 'new.jpg'))
    await makeBackup(place, new Date('2026-11-26T08:01:00Z'), { latest: 1, daily: 0, weekly: 0 })
    fs.writeFileSync(path.join(place.backupsDir, running.id, 'manifest.json'), manifest)
    await expect(checkBackup(place.backupsDir, running.id)).resolves.toMatchObject({ id: running.id, media: [{ name: 'new.jpg' }] })
  })
})

describe('when a backup is due', () => {
  it('with none yet, at once', () => expect(backupDue(null, new Date('2026-11-26T12:00:00Z'))).toBe(true))

  it('six hours after the last one', () => {
    const last = new Date('2026-11-26T09:00:00Z') // 04:00 in Detroit
    expect(backupDue(last, new Date('2026-11-26T14:59:00Z'))).toBe(false)
    expect(backupDue(last, new Date('2026-11-26T15:00:00Z'))).toBe(true)
  })

  it('at 03:00 in Detroit, whatever the six hours say, in winter and in summer', () => {
    // Winter: 03:00 EST is 08:00 UTC.
    expect(backupDue(new Date('2026-11-26T05:00:00Z'), new Date('2026-11-26T07:59:00Z'))).toBe(false)
    expect(backupDue(new Date('2026-11-26T05:00:00Z'), new Date('2026-11-26T08:00:00Z'))).toBe(true)
    // Summer: 03:00 EDT is 07:00 UTC.
    expect(backupDue(new Date('2026-07-01T04:00:00Z'), new Date('2026-07-01T06:59:00Z'))).toBe(false)
    expect(backupDue(new Date('2026-07-01T04:00:00Z'), new Date('2026-07-01T07:00:00Z'))).toBe(true)
  })
})
