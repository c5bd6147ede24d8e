import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import Database from 'libsql'
import S3rver from 's3rver'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { listBackups, makeBackup, restoreBackup, type BackupPlace } from '@/platform/backup/backups'
import { copyOffsite, fetchOffsite, listOffsite, offsiteStore, pruneOffsite, type OffsiteStore } from '@/platform/backup/offsite'
import { UNNAMED_PHOTO_GRACE_MS } from '@/platform/backup/retention'

import { freePort } from '../helpers/smtp'

/** Backups copied to an S3-compatible server (s3rver, started here) and brought back from it. */

let s3: { close: () => Promise<void> }
let store: OffsiteStore
let root: string
let place: BackupPlace & { mediaDir: string }

const rowsIn = (file: string) => {
  const database = new Database(file, { readonly: true })
  try {
    return (database.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n
  } finally {
    database.close()
  }
}

const keysInBucket = async () => {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3')
  const { Contents } = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket }))
  return (Contents ?? []).map((object) => object.Key!).sort()
}

beforeAll(async () => {
  const port = await freePort()
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-')), configureBuckets: [{ name: 'shop-backups', configs: [] }] })
  await server.run()
  s3 = server
  Object.assign(process.env, {
    BACKUP_S3_BUCKET: 'shop-backups',
    BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    BACKUP_S3_REGION: 'us-east-1',
    BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
    BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
  })
  store = (await offsiteStore())!
})

afterAll(async () => {
  for (const name of ['BACKUP_S3_BUCKET', 'BACKUP_S3_ENDPOINT', 'BACKUP_S3_REGION', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY']) delete process.env[name]
  await s3?.close()
})

beforeEach(async () => {
  const { DeleteObjectsCommand } = await import('@aws-sdk/client-s3')
  const keys = await keysInBucket()
  if (keys.length) await store.client.send(new DeleteObjectsCommand({ Bucket: store.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }))
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'offsite-'))
  place = { databaseFile: path.join(root, 'data', 'storefront.db'), mediaDir: path.join(root, 'media'), secretFile: path.join(root, 'data', '.payload-secret'), backupsDir: path.join(root, 'data', 'backups') }
  fs.mkdirSync(path.dirname(place.databaseFile), { recursive: true })
  fs.mkdirSync(place.mediaDir)
  fs.writeFileSync(place.secretFile!, 'the-generated-secret')
  const database = new Database(place.databaseFile)
  database.exec("PRAGMA journal_mode = WAL; CREATE TABLE orders (id INTEGER PRIMARY KEY, reference TEXT); INSERT INTO orders (reference) VALUES ('SM-1001'), ('SM-1002');")
  database.close()
})

describe('backups in S3-compatible storage', () => {
  it('are copied with each photo once, and a lost machine is restored from the bucket alone', async () => {
    fs.writeFileSync(path.join(place.mediaDir, 'jar.jpg'), 'a photo')
    const first = await makeBackup(place, new Date('2026-11-20T08:00:00Z'))
    await copyOffsite(store, place.backupsDir, first)
    fs.writeFileSync(path.join(place.mediaDir, 'review.webp'), 'another photo')
    const second = await makeBackup(place, new Date('2026-11-20T14:00:00Z'))
    await copyOffsite(store, place.backupsDir, second)

    const keys = await keysInBucket()
    expect(keys.filter((key) => key.startsWith('backups/media/'))).toHaveLength(2)
    expect(keys).toEqual(expect.arrayContaining([`backups/${second.id}/manifest.json`, `backups/${second.id}/storefront.db.gz`, `backups/${second.id}/payload-secret`]))
    expect((await listOffsite(store)).map((backup) => backup.id)).toEqual([second.id, first.id])

    // The machine is gone: no database, no photos, no local backups, no secret.
    fs.rmSync(path.join(root, 'data'), { recursive: true })
    fs.rmSync(place.mediaDir, { recursive: true })
    fs.mkdirSync(path.dirname(place.databaseFile), { recursive: true })

    await fetchOffsite(store, place.backupsDir, second.id)
    expect(listBackups(place.backupsDir).map((backup) => backup.id)).toEqual([second.id])
    await restoreBackup(place, second.id)
    expect(rowsIn(place.databaseFile)).toBe(2)
    expect(fs.readFileSync(path.join(place.mediaDir, 'jar.jpg'), 'utf8')).toBe('a photo')
    expect(fs.readFileSync(path.join(place.mediaDir, 'review.webp'), 'utf8')).toBe('another photo')
    expect(fs.readFileSync(place.secretFile!, 'utf8')).toBe('the-generated-secret')
  })

  it('name what the bucket holds when asked for a backup it does not', async () => {
    const backup = await makeBackup(place, new Date('2026-11-20T08:00:00Z'))
    await copyOffsite(store, place.backupsDir, backup)
    await expect(fetchOffsite(store, place.backupsDir, 'last-week')).rejects.toThrow(`No backup "last-week" in s3://shop-backups/backups/. The backups there: ${backup.id}.`)
  })

  it('keep what retention keeps, and the photos only the dropped ones needed go', async () => {
    fs.writeFileSync(path.join(place.mediaDir, 'old.jpg'), 'a photo deleted later')
    const old = await makeBackup(place, new Date('2026-11-20T08:00:00Z'))
    await copyOffsite(store, place.backupsDir, old)
    fs.rmSync(path.join(place.mediaDir, 'old.jpg'))
    const recent = await makeBackup(place, new Date('2026-11-20T14:00:00Z'))
    await copyOffsite(store, place.backupsDir, recent)

    expect(await pruneOffsite(store, { latest: 1, daily: 0, weekly: 0 })).toEqual([old.id])
    // The photo only the dropped backup named goes once it is a day old (a backup being copied
    // meanwhile could name it until then).
    const recentKeys = [`backups/${recent.id}/manifest.json`, `backups/${recent.id}/payload-secret`, `backups/${recent.id}/storefront.db.gz`]
    expect(await keysInBucket()).toEqual([...recentKeys, ...old.media.map((entry) => `backups/media/${entry.sha256}`)])
    expect(await pruneOffsite(store, { latest: 1, daily: 0, weekly: 0 }, new Date(Date.now() + UNNAMED_PHOTO_GRACE_MS + 60_000))).toEqual([])
    expect(await keysInBucket()).toEqual(recentKeys)
  })

  it('delete nothing while a manifest cannot be read (the store failing, not the manifest missing)', async () => {
    fs.writeFileSync(path.join(place.mediaDir, 'old.jpg'), 'a photo deleted later')
    const old = await makeBackup(place, new Date('2026-11-20T08:00:00Z'))
    await copyOffsite(store, place.backupsDir, old)
    fs.rmSync(path.join(place.mediaDir, 'old.jpg'))
    const recent = await makeBackup(place, new Date('2026-11-20T14:00:00Z'))
    await copyOffsite(store, place.backupsDir, recent)
    const before = await keysInBucket()

    // The store answers 503 for the old backup's manifest, once, as S3 does when it slows a client down.
    const { GetObjectCommand, S3ServiceException } = await import('@aws-sdk/client-s3')
    const failing = `backups/${old.id}/manifest.json`
    let failed = false
    const slowingDown: OffsiteStore = {
      ...store,
      client: new Proxy(store.client, {
        get: (client, property) =>
          property !== 'send'
            ? Reflect.get(client, property)
            : (command: unknown) => {
                if (!failed && command instanceof GetObjectCommand && command.input.Key === failing) {
                  failed = true
                  return Promise.reject(new S3ServiceException({ name: 'SlowDown', $fault: 'server', $metadata: { httpStatusCode: 503 }, message: 'Please reduce your request rate.' }))
                }
                return client.send(command as never)
              },
      }),
    }
    await expect(pruneOffsite(slowingDown, { latest: 8, daily: 0, weekly: 0 })).rejects.toThrow('Please reduce your request rate.')
    expect(await keysInBucket()).toEqual(before)
    // Once it answers again, both backups are listed and kept.
    expect(await pruneOffsite(slowingDown, { latest: 8, daily: 0, weekly: 0 })).toEqual([])
    expect(await keysInBucket()).toEqual(before)
  })
})
