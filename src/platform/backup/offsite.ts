import 'server-only'

import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

import type { S3Client } from '@aws-sdk/client-s3'

import { readEnvironment } from '@/platform/config/environment.mjs'
import { runtimePath } from '@/platform/config/runtime'

import { BackupError, type Manifest, MANIFEST, MEDIA_STORE, SECRET_COPY } from './backups'
import { backupsToKeep, type Retention, RETENTION, UNNAMED_PHOTO_GRACE_MS } from './retention'

/**
 * A copy of every backup in S3-compatible storage (AWS S3, Cloudflare R2, Backblaze B2, MinIO),
 * laid out as on disk: `<prefix><id>/storefront.db.gz`, `<prefix><id>/manifest.json` (written last),
 * `<prefix>media/<sha256>`, each photo once. A server whose disk is gone is restored from it.
 */

export type OffsiteStore = { client: S3Client; bucket: string; prefix: string; describe: string }

/** Beside a backup's folder once its copy is complete: the health check looks for it. */
export const OFFSITE_MARK = 'offsite.json'

/** Whether backups are copied to a bucket (without loading the AWS SDK). */
export const offsiteConfigured = () => Boolean(readEnvironment().BACKUP_S3_BUCKET ?? readEnvironment().S3_BUCKET)

/** Whether this backup's copy in the bucket was completed. */
export const copiedOffsite = (backupsDir: string, id: string) => fs.existsSync(runtimePath(backupsDir, id, OFFSITE_MARK))

/** BACKUP_S3_*, or the photos' S3_* bucket under backups/; null when neither is set. */
export async function offsiteStore(): Promise<OffsiteStore | null> {
  const env = readEnvironment()
  const own = Boolean(env.BACKUP_S3_BUCKET)
  const bucket = env.BACKUP_S3_BUCKET ?? env.S3_BUCKET
  if (!bucket) return null
  const endpoint = own ? env.BACKUP_S3_ENDPOINT : env.S3_ENDPOINT
  const accessKeyId = own ? env.BACKUP_S3_ACCESS_KEY_ID : env.S3_ACCESS_KEY_ID
  const secretAccessKey = own ? env.BACKUP_S3_SECRET_ACCESS_KEY : env.S3_SECRET_ACCESS_KEY
  // Loaded only when used: the AWS SDK holds about 12 MB of the server's memory.
  const { S3Client } = await import('@aws-sdk/client-s3')
  const client = new S3Client({
    region: (own ? env.BACKUP_S3_REGION : undefined) ?? env.S3_REGION,
    endpoint,
    forcePathStyle: Boolean(endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Checksums only where S3 requires them: the SDK's default sends uploads as aws-chunked with a
    // checksum trailer, which several S3-compatible stores keep as part of the file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const prefix = env.BACKUP_S3_PREFIX ?? 'backups/'
  return { client, bucket, prefix, describe: `s3://${bucket}/${prefix}` }
}

/** The store's answer for a key it does not hold (any other failure is not an answer about the key). */
const notFound = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

const exists = async (store: OffsiteStore, key: string) => {
  const { HeadObjectCommand } = await import('@aws-sdk/client-s3')
  try {
    await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key }))
    return true
  } catch (error) {
    if (notFound(error)) return false
    throw error
  }
}

async function upload(store: OffsiteStore, key: string, file: string): Promise<void> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3')
  await store.client.send(new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: fs.createReadStream(file), ContentLength: fs.statSync(file).size }))
}

/** Copies one finished backup: its photos the bucket lacks, its database and secret, its manifest last. */
export async function copyOffsite(store: OffsiteStore, backupsDir: string, manifest: Manifest): Promise<void> {
  const folder = runtimePath(backupsDir, manifest.id)
  for (const entry of manifest.media) {
    const key = `${store.prefix}${MEDIA_STORE}/${entry.sha256}`
    if (!(await exists(store, key))) await upload(store, key, runtimePath(backupsDir, MEDIA_STORE, entry.sha256))
  }
  await upload(store, `${store.prefix}${manifest.id}/${manifest.database.file}`, runtimePath(folder, manifest.database.file))
  if (manifest.secret) await upload(store, `${store.prefix}${manifest.id}/${SECRET_COPY}`, runtimePath(folder, SECRET_COPY))
  await upload(store, `${store.prefix}${manifest.id}/${MANIFEST}`, runtimePath(folder, MANIFEST))
  fs.writeFileSync(runtimePath(folder, OFFSITE_MARK), JSON.stringify({ at: new Date().toISOString(), to: store.describe }))
}

async function readText(store: OffsiteStore, key: string): Promise<string> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3')
  const { Body } = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }))
  if (!Body) throw new BackupError(`${store.describe}: ${key} is empty.`)
  return Body.transformToString()
}

/** The finished backups in the bucket (those with a manifest), newest first. */
export async function listOffsite(store: OffsiteStore): Promise<Manifest[]> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3')
  const ids: string[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: store.prefix, Delimiter: '/', ContinuationToken }))
    for (const { Prefix } of page.CommonPrefixes ?? []) {
      const id = Prefix?.slice(store.prefix.length, -1)
      if (id && id !== MEDIA_STORE) ids.push(id)
    }
    ContinuationToken = page.NextContinuationToken
  } while (ContinuationToken)
  const manifests: Manifest[] = []
  for (const id of ids) {
    let text: string
    try {
      text = await readText(store, `${store.prefix}${id}/${MANIFEST}`)
    } catch (error) {
      // No manifest: a copy that never finished. Any other failure stops the listing: a backup
      // left out of it would lose its photos to the pruning.
      if (notFound(error)) continue
      throw error
    }
    try {
      manifests.push(JSON.parse(text) as Manifest)
    } catch {
      // Not a manifest of ours.
    }
  }
  return manifests.sort((a, b) => b.takenAt.localeCompare(a.takenAt))
}

async function deleteKeys(store: OffsiteStore, keys: string[]): Promise<void> {
  const { DeleteObjectsCommand } = await import('@aws-sdk/client-s3')
  for (let start = 0; start < keys.length; start += 1000) {
    const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }))
    await store.client.send(new DeleteObjectsCommand({ Bucket: store.bucket, Delete: { Objects } }))
  }
}

async function keysUnder(store: OffsiteStore, prefix: string): Promise<string[]> {
  return (await objectsUnder(store, prefix)).map((object) => object.key)
}

async function objectsUnder(store: OffsiteStore, prefix: string): Promise<{ key: string; lastModified: Date | undefined }[]> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3')
  const objects: { key: string; lastModified: Date | undefined }[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: prefix, ContinuationToken }))
    for (const { Key, LastModified } of page.Contents ?? []) if (Key) objects.push({ key: Key, lastModified: LastModified })
    ContinuationToken = page.NextContinuationToken
  } while (ContinuationToken)
  return objects
}

/**
 * The same retention as on disk: the backups it does not keep go, and the photos only they needed
 * once they are older than UNNAMED_PHOTO_GRACE_MS (a backup being copied may need them).
 */
export async function pruneOffsite(store: OffsiteStore, retention: Retention = RETENTION, now: Date = new Date()): Promise<string[]> {
  const backups = await listOffsite(store)
  const keep = backupsToKeep(backups, retention)
  const dropped = backups.filter((backup) => !keep.has(backup.id))
  for (const backup of dropped) await deleteKeys(store, await keysUnder(store, `${store.prefix}${backup.id}/`))
  const needed = new Set(backups.filter((backup) => keep.has(backup.id)).flatMap((backup) => backup.media.map((entry) => `${store.prefix}${MEDIA_STORE}/${entry.sha256}`)))
  const oldEnough = (lastModified: Date | undefined) => lastModified !== undefined && now.getTime() - lastModified.getTime() >= UNNAMED_PHOTO_GRACE_MS
  const unnamed = (await objectsUnder(store, `${store.prefix}${MEDIA_STORE}/`)).filter((object) => !needed.has(object.key) && oldEnough(object.lastModified))
  await deleteKeys(store, unnamed.map((object) => object.key))
  return dropped.map((backup) => backup.id)
}

async function download(store: OffsiteStore, key: string, file: string): Promise<void> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3')
  const { Body } = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }))
  if (!Body) throw new BackupError(`${store.describe}: ${key} is empty.`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  await pipeline(Body as NodeJS.ReadableStream, fs.createWriteStream(`${file}.tmp`))
  fs.renameSync(`${file}.tmp`, file)
}

/**
 * Brings a backup from the bucket into `backupsDir` (the photos it lacks, then the database, the
 * secret and the manifest last), where restore checks and restores it as any other.
 */
export async function fetchOffsite(store: OffsiteStore, backupsDir: string, id: string): Promise<void> {
  let manifest: Manifest
  try {
    manifest = JSON.parse(await readText(store, `${store.prefix}${id}/${MANIFEST}`)) as Manifest
  } catch {
    const available = (await listOffsite(store)).map((backup) => backup.id)
    throw new BackupError(`No backup "${id}" in ${store.describe}. The backups there: ${available.join(', ') || 'none'}.`)
  }
  for (const entry of manifest.media) {
    const file = runtimePath(backupsDir, MEDIA_STORE, entry.sha256)
    if (!fs.existsSync(file)) await download(store, `${store.prefix}${MEDIA_STORE}/${entry.sha256}`, file)
  }
  const folder = runtimePath(backupsDir, id)
  await download(store, `${store.prefix}${id}/${manifest.database.file}`, runtimePath(folder, manifest.database.file))
  if (manifest.secret) await download(store, `${store.prefix}${id}/${SECRET_COPY}`, runtimePath(folder, SECRET_COPY))
  await download(store, `${store.prefix}${id}/${MANIFEST}`, runtimePath(folder, MANIFEST))
}
