import { execFile, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { backupsToKeep, RETENTION } from '@/platform/backup/retention'

import { freePort } from '../helpers/smtp'

/**
 * The MongoDB backups of docker-compose.yml (deploy/mongo-backup): the script run as its service
 * runs it, with Debian's rclone against an S3 server started here (s3rver). No MongoDB server can
 * run here, so `mongodump` and `mongorestore` are stand-ins on the PATH that write and read an
 * archive file and record how they were called.
 */

const root = path.resolve(import.meta.dirname, '../..')
const script = path.join(root, 'deploy/mongo-backup/mongo-backup.sh')
const MONGODB_URI = 'mongodb://mongo:27017/?replicaSet=rs0'
const ARCHIVE = 'the shop at one moment\n'

let s3: { close: () => Promise<void> }
let client: S3Client
let endpoint: string
let work: string

/** The compose file's default: the photos' bucket (MinIO's), which also takes the dumps. */
const bucketEnvironment = () => ({ S3_BUCKET: 'shop-media', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' })
/** A bucket of the backups' own (elsewhere, in production), named in .env. */
const ownBucket = () => ({ ...bucketEnvironment(), BACKUP_S3_BUCKET: 'shop-backups', BACKUP_S3_ENDPOINT: endpoint, BACKUP_S3_ACCESS_KEY_ID: 'S3RVER', BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER', BACKUP_S3_PREFIX: 'shop/' })

/**
 * Runs the script with the stand-ins first on the PATH; `failDump` makes mongodump fail half-way.
 * Not spawnSync: the S3 server answers from this process's event loop.
 */
function run(args: string[], env: Record<string, string> = bucketEnvironment(), { failDump = false } = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  // This machine's own certificate bundle for AWS clients, which rclone refuses with a plain-http endpoint.
  const { AWS_CA_BUNDLE: _machineCertificates, ...machine } = process.env
  const environment = { ...machine, PATH: `${path.join(work, 'bin')}:${process.env.PATH}`, TMPDIR: path.join(work, 'tmp'), MONGODB_URI, FAIL_DUMP: failDump ? '1' : '', ...env }
  return new Promise((resolve) => {
    execFile('bash', [script, ...args], { encoding: 'utf8', env: environment }, (error, stdout, stderr) => {
      resolve({ status: typeof error?.code === 'number' ? error.code : error ? -1 : 0, stdout, stderr })
    })
  })
}

const calls = () => (fs.existsSync(path.join(work, 'calls')) ? fs.readFileSync(path.join(work, 'calls'), 'utf8').trim().split('\n') : [])

async function keys(bucket: string) {
  const { Contents } = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
  return (Contents ?? []).map((object) => object.Key!).sort()
}

const put = (bucket: string, key: string, body = 'an older dump') => client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }))

/** A dump's name for a moment: its UTC time, as the script names it. */
const dumpName = (at: Date) => `${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.archive.gz`

beforeAll(async () => {
  execFileSync('rclone', ['version'])
  const port = await freePort()
  endpoint = `http://127.0.0.1:${port}`
  const buckets = ['shop-media', 'shop-backups'].map((name) => ({ name, configs: [] }))
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-')), configureBuckets: buckets })
  await server.run()
  s3 = server
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
})

afterAll(async () => {
  client?.destroy()
  await s3?.close()
})

beforeEach(async () => {
  for (const bucket of ['shop-media', 'shop-backups']) {
    const present = await keys(bucket)
    if (present.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: present.map((Key) => ({ Key })) } }))
  }
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-backup-'))
  fs.mkdirSync(path.join(work, 'bin'))
  fs.mkdirSync(path.join(work, 'tmp'))
  const standIn = (tool: string, body: string) => {
    const file = path.join(work, 'bin', tool)
    fs.writeFileSync(file, `#!/usr/bin/env bash\necho "${tool} $*" >> ${path.join(work, 'calls')}\nfor argument in "$@"; do case $argument in --archive=*) archive=\${argument#--archive=} ;; esac; done\n${body}\n`)
    fs.chmodSync(file, 0o755)
  }
  standIn('mongodump', `printf '${ARCHIVE.replace('\n', '\\n')}' > "$archive"\nif [[ -n $FAIL_DUMP ]]; then echo 'connection lost' >&2; exit 1; fi`)
  standIn('mongorestore', `cp "$archive" ${path.join(work, 'restored')}`)
})

describe('the MongoDB backup service (deploy/mongo-backup)', () => {
  it('dumps the whole replica set at one moment and uploads it under its UTC time, to the photos’ bucket under backups/mongodb/', async () => {
    const before = new Date()
    const { status, stderr } = await run(['now'])
    expect(status, stderr).toBe(0)
    expect(calls()).toEqual([expect.stringMatching(new RegExp(`^mongodump --uri=${MONGODB_URI.replace('?', '\\?')} --oplog --archive=\\S+ --gzip$`))])
    const [key, ...others] = await keys('shop-media')
    expect(others).toEqual([])
    const name = key.slice('backups/mongodb/'.length)
    expect(key).toBe(`backups/mongodb/${name}`)
    expect(name >= dumpName(new Date(before.getTime() - 1000)) && name <= dumpName(new Date())).toBe(true)
    const { Body } = await client.send(new GetObjectCommand({ Bucket: 'shop-media', Key: key }))
    expect(await Body!.transformToString()).toBe(ARCHIVE)
    // Nothing left behind but the mark the service's healthcheck reads.
    expect(fs.readdirSync(path.join(work, 'tmp'))).toEqual(['last-good-backup'])
  })

  it('as the service, backs up at once when it starts, clearing a dump a stop cut short', async () => {
    fs.writeFileSync(path.join(work, 'tmp', 'dump.cutShort'), 'half a dump')
    const { AWS_CA_BUNDLE: _machineCertificates, ...machine } = process.env
    const service = spawn('bash', [script, 'schedule'], { env: { ...machine, PATH: `${path.join(work, 'bin')}:${process.env.PATH}`, TMPDIR: path.join(work, 'tmp'), MONGODB_URI, ...bucketEnvironment() }, stdio: 'ignore', detached: true })
    try {
      // Done: the mark of a good backup, and no dump left behind, neither this one nor the one cut short.
      await expect.poll(() => fs.readdirSync(path.join(work, 'tmp')), { timeout: 20_000, interval: 200 }).toEqual(['last-good-backup'])
      expect(await keys('shop-media')).toEqual([expect.stringMatching(/^backups\/mongodb\/.+\.archive\.gz$/)])
    } finally {
      // The script and the sleep it waits in.
      process.kill(-service.pid!, 'SIGTERM')
    }
  }, 30_000)

  it('goes to the bucket BACKUP_S3_* names, with its own key and prefix, and copies the photos there', async () => {
    await put('shop-media', 'review-1.jpg', 'a photo')
    await put('shop-media', 'review-1-400x300.webp', 'its smaller size')
    // A dump from before the backups had a bucket of their own: not a photo.
    await put('shop-media', 'shop/mongodb/2026-11-01T00-00-00Z.archive.gz')
    const { status, stderr } = await run(['now'], ownBucket())
    expect(status, stderr).toBe(0)
    const copied = await keys('shop-backups')
    expect(copied).toEqual([expect.stringMatching(/^shop\/mongodb\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.archive\.gz$/), 'shop/mongodb/photos/review-1-400x300.webp', 'shop/mongodb/photos/review-1.jpg'])
    expect(await keys('shop-media')).toEqual(['review-1-400x300.webp', 'review-1.jpg', 'shop/mongodb/2026-11-01T00-00-00Z.archive.gz'])
  })

  it('uploads nothing, and says so, when mongodump fails; the backups already there stay', async () => {
    await put('shop-media', 'backups/mongodb/2026-11-01T00-00-00Z.archive.gz')
    const { status, stderr } = await run(['now'], bucketEnvironment(), { failDump: true })
    expect(status).toBe(1)
    expect(stderr).toContain('[mongo-backup] mongodump failed: nothing uploaded')
    expect(await keys('shop-media')).toEqual(['backups/mongodb/2026-11-01T00-00-00Z.archive.gz'])
    expect(fs.readdirSync(path.join(work, 'tmp'))).toEqual([])
  })

  it('keeps in the bucket what the SQLite backups keep, and deletes nothing else there', async () => {
    // One dump every six hours for five weeks before this one.
    const now = Date.now()
    const older = Array.from({ length: 140 }, (_, index) => dumpName(new Date(now - (index + 1) * 6 * 60 * 60 * 1000)))
    for (const name of older) await put('shop-media', `backups/mongodb/${name}`)
    const foreign = ['backups/2026-11-01T00-00-00-000Z/manifest.json', 'backups/mongodb/notes.txt', 'photo.jpg']
    for (const key of foreign) await put('shop-media', key, 'not a dump')

    const { status, stderr } = await run(['now'])
    expect(status, stderr).toBe(0)
    const dumps = (await keys('shop-media')).filter((key) => key.startsWith('backups/mongodb/') && key.endsWith('.archive.gz')).map((key) => key.slice('backups/mongodb/'.length))
    const all = [...older, dumps.find((name) => !older.includes(name))!].map((name) => ({ id: name, takenAt: name.slice(0, 19).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3') + 'Z' }))
    const kept = backupsToKeep(all, RETENTION, 'UTC')
    expect(dumps.sort()).toEqual([...kept].sort())
    expect(kept.size).toBeGreaterThan(RETENTION.latest)
    expect(kept.size).toBeLessThan(RETENTION.latest + RETENTION.daily + RETENTION.weekly)
    for (const key of foreign) expect(await keys('shop-media')).toContain(key)
  }, 60_000)

  it('lists the dumps newest first, and restores the one named with mongorestore over the database', async () => {
    await put('shop-media', 'backups/mongodb/2026-11-20T00-00-00Z.archive.gz', 'the older one')
    await put('shop-media', 'backups/mongodb/2026-11-25T06-00-00Z.archive.gz', 'the one to restore')
    const listed = await run(['list'])
    expect(listed.stdout.trim().split('\n')).toEqual(['2026-11-25T06-00-00Z.archive.gz', '2026-11-20T00-00-00Z.archive.gz'])

    const restored = await run(['restore', '2026-11-25T06-00-00Z.archive.gz'])
    expect(restored.status, restored.stderr).toBe(0)
    expect(calls()).toEqual([expect.stringMatching(new RegExp(`^mongorestore --uri=${MONGODB_URI.replace('?', '\\?')} --archive=\\S+ --gzip --drop --oplogReplay$`))])
    expect(fs.readFileSync(path.join(work, 'restored'), 'utf8')).toBe('the one to restore')
    expect(fs.readdirSync(path.join(work, 'tmp'))).toEqual([])
  })

  it('on a new machine, brings the photos back into the empty photos’ bucket with the database', async () => {
    await put('shop-backups', 'shop/mongodb/2026-11-25T06-00-00Z.archive.gz', 'the one to restore')
    await put('shop-backups', 'shop/mongodb/photos/review-1.jpg', 'a photo')
    const restored = await run(['restore', '2026-11-25T06-00-00Z.archive.gz'], ownBucket())
    expect(restored.status, restored.stderr).toBe(0)
    expect(fs.readFileSync(path.join(work, 'restored'), 'utf8')).toBe('the one to restore')
    expect(await keys('shop-media')).toEqual(['review-1.jpg'])
    const { Body } = await client.send(new GetObjectCommand({ Bucket: 'shop-media', Key: 'review-1.jpg' }))
    expect(await Body!.transformToString()).toBe('a photo')
  })

  it('restores nothing for a dump that is not in the bucket, naming the ones that are', async () => {
    await put('shop-media', 'backups/mongodb/2026-11-25T06-00-00Z.archive.gz')
    const missing = await run(['restore', '2026-11-24T06-00-00Z.archive.gz'])
    expect(missing.status).toBe(1)
    expect(missing.stderr).toContain('Could not fetch 2026-11-24T06-00-00Z.archive.gz from media:shop-media/backups/mongodb (rclone says why, above; list names the dumps there).')
    const unnamed = await run(['restore'])
    expect(unnamed.status).toBe(2)
    expect(unnamed.stdout.trim()).toBe('2026-11-25T06-00-00Z.archive.gz')
    expect(calls()).toEqual([])
  })
})
