import 'server-only'

import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Worker } from 'node:worker_threads'
import { createGunzip, createGzip } from 'node:zlib'

import { runtimePath } from '@/platform/config/runtime'

import { backupsToKeep, type Retention, RETENTION, UNNAMED_PHOTO_GRACE_MS } from './retention'
import { BackupError } from './sqliteFiles.mjs'

export { BackupError }

/**
 * Backups of the embedded SQLite database and the photos beside it, in `data/backups/`:
 *
 *   data/backups/2026-11-26T08-00-00-000Z/storefront.db.gz  a consistent copy (VACUUM INTO), gzipped
 *   data/backups/2026-11-26T08-00-00-000Z/manifest.json     what it holds, checked after writing
 *   data/backups/media/<sha256>                             each photo once, shared by every backup
 *
 * The copy is compressed as a stream with Node's own zlib (gzip, on libuv's threads, not the
 * server's): a shop's database is mostly text and shrinks several times, which is what lets years
 * of backups fit on a small disk. Backups made before (an uncompressed `storefront.db`, a manifest
 * without `compression`) are listed, checked and restored as they are.
 *
 * A photo file never changes once uploaded, so each backup copies only the photos it has not seen
 * (found by name, size and modification time in the previous manifest) and names them by content.
 * A backup directory without its manifest was never finished, and is neither listed nor restored.
 */

export const MANIFEST = 'manifest.json'
const DATABASE_COPY = 'storefront.db'
const COMPRESSED_COPY = `${DATABASE_COPY}.gz`
export const SECRET_COPY = 'payload-secret'
export const MEDIA_STORE = 'media'
const FORMAT = 1

export type MediaEntry = { name: string; bytes: number; modifiedMs: number; sha256: string }

export type Manifest = {
  format: number
  id: string
  takenAt: string
  /**
   * The database copy: `bytes` and `sha256` are of the file as kept (`file`); a compressed one says
   * how (`compression`) and what it holds once decompressed (`uncompressed`).
   */
  database: {
    file: string
    bytes: number
    sha256: string
    integrity: 'ok'
    rows: Record<string, number>
    compression?: 'gzip'
    uncompressed?: { bytes: number; sha256: string }
  }
  media: MediaEntry[]
  /** Whether the generated secret is kept beside the database. */
  secret: boolean
  tookMs: number
}

export type BackupPlace = {
  /** The live database file. */
  databaseFile: string
  /** The live photo folder (MEDIA_DIR); null when photos live in S3, which keeps them itself. */
  mediaDir: string | null
  /** The generated PAYLOAD_SECRET's file, kept with each backup; null when the secret is set in the environment. */
  secretFile?: string | null
  /** Where backups are kept (data/backups). */
  backupsDir: string
}

const sha256OfFile = async (file: string) => {
  const hash = createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk)
  return hash.digest('hex')
}

/** A pass-through stream that counts and hashes what flows through it. */
function measuring() {
  const hash = createHash('sha256')
  let bytes = 0
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      bytes += chunk.length
      done(null, chunk)
    },
  })
  return { stream, measured: () => ({ bytes, sha256: hash.digest('hex') }) }
}

/** Writes `source` gzipped to `target`: what went in and what was written, each counted and hashed. */
async function compressFile(source: string, target: string) {
  const input = measuring()
  const output = measuring()
  await pipeline(fs.createReadStream(source), input.stream, createGzip(), output.stream, fs.createWriteStream(target))
  return { uncompressed: input.measured(), stored: output.measured() }
}

/** What the kept database copy holds once decompressed (when it is compressed), counted and hashed, written to `target` if given. */
async function readKeptDatabase(folder: string, database: Manifest['database'], target?: string): Promise<{ bytes: number; sha256: string }> {
  const content = measuring()
  const stored = fs.createReadStream(runtimePath(folder, database.file))
  const sink = target ? fs.createWriteStream(target) : new Writable({ write: (_chunk, _encoding, done) => done() })
  if (database.compression === 'gzip') await pipeline(stored, createGunzip(), content.stream, sink)
  else await pipeline(stored, content.stream, sink)
  return content.measured()
}

/** Runs one of sqliteFiles.mjs's tasks on a worker thread, so the server's thread goes on serving. */
function runInWorker<T>(sqliteTask: 'copyDatabase' | 'checkDatabase', ...args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    // The URL form is the one bundlers follow: Next's build makes the worker file its own entry.
    const worker = new Worker(new URL('./sqliteFiles.mjs', import.meta.url), { workerData: { sqliteTask, args } })
    let answered = false
    worker.once('message', (answer: { ok: true; value: T } | { ok: false; message: string; backupError: boolean }) => {
      answered = true
      if (answer.ok) resolve(answer.value)
      else reject(answer.backupError ? new BackupError(answer.message) : new Error(answer.message))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The backup worker stopped (exit code ${code}) before answering.`))
    })
  })
}

/** SQLite's integrity check and the rows of each table, of the database in `file`. */
export const checkDatabase = (file: string) => runInWorker<{ integrity: 'ok'; rows: Record<string, number> }>('checkDatabase', file)

/** The finished backups, newest first. */
export function listBackups(backupsDir: string): Manifest[] {
  if (!fs.existsSync(backupsDir)) return []
  const manifests: Manifest[] = []
  for (const entry of fs.readdirSync(backupsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === MEDIA_STORE) continue
    try {
      manifests.push(JSON.parse(fs.readFileSync(runtimePath(backupsDir, entry.name, MANIFEST), 'utf8')) as Manifest)
    } catch {
      // Unfinished (no manifest yet) or not ours: not a backup.
    }
  }
  return manifests.sort((a, b) => b.takenAt.localeCompare(a.takenAt))
}

/**
 * What the backups take of the disk, from their manifests (nothing else is read, so the public
 * health check can say it at every call): each kept database copy, and each photo of the shared
 * store once (their manifests and the secret's copies are a few kilobytes besides).
 */
export function backupsTotalBytes(backups: readonly Manifest[]): number {
  const photos = new Map(backups.flatMap((backup) => backup.media.map((entry) => [entry.sha256, entry.bytes] as const)))
  return backups.reduce((total, backup) => total + backup.database.bytes, 0) + [...photos.values()].reduce((total, bytes) => total + bytes, 0)
}

/** A backup's id is its time, usable as a folder name on every system. */
const backupId = (takenAt: Date) => takenAt.toISOString().replaceAll(':', '-').replace('.', '-')

/**
 * Makes a backup now: copies the database while the site keeps taking orders (VACUUM INTO reads one
 * consistent snapshot; writers go on meanwhile), copies the photos not yet kept, checks the copy,
 * then writes the manifest last, so that a backup with a manifest is a good one. Then drops the
 * backups retention no longer keeps.
 */
export async function makeBackup(place: BackupPlace, now: Date = new Date(), retention: Retention = RETENTION): Promise<Manifest> {
  const started = Date.now()
  const id = backupId(now)
  const folder = runtimePath(place.backupsDir, id)
  fs.mkdirSync(folder, { recursive: true })
  const copy = runtimePath(folder, DATABASE_COPY)
  try {
    fs.rmSync(copy, { force: true })
    await runInWorker('copyDatabase', place.databaseFile, copy)
    const checked = await checkDatabase(copy)
    const compressed = await compressFile(copy, runtimePath(folder, COMPRESSED_COPY))
    const database: Manifest['database'] = { file: COMPRESSED_COPY, ...compressed.stored, ...checked, compression: 'gzip', uncompressed: compressed.uncompressed }
    // Read back before the checked copy goes: the kept file must give exactly what was checked.
    const readBack = await readKeptDatabase(folder, database)
    if (readBack.sha256 !== compressed.uncompressed.sha256) throw new BackupError(`Backup ${id}: the compressed copy does not read back as the database it was made from.`)
    fs.rmSync(copy)
    const media = place.mediaDir ? await keepMedia(place.mediaDir, place.backupsDir) : []
    const secret = Boolean(place.secretFile && fs.existsSync(place.secretFile))
    if (secret) fs.copyFileSync(place.secretFile!, runtimePath(folder, SECRET_COPY))
    const manifest: Manifest = { format: FORMAT, id, takenAt: now.toISOString(), database, media, secret, tookMs: Date.now() - started }
    // Written whole, then renamed: a crash leaves no half manifest.
    fs.writeFileSync(runtimePath(folder, `${MANIFEST}.tmp`), JSON.stringify(manifest, null, 2))
    fs.renameSync(runtimePath(folder, `${MANIFEST}.tmp`), runtimePath(folder, MANIFEST))
    pruneBackups(place.backupsDir, retention)
    return manifest
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true })
    throw error
  }
}

/** Copies into the media store each photo it does not hold yet; answers the list of all of them. */
async function keepMedia(mediaDir: string, backupsDir: string): Promise<MediaEntry[]> {
  const store = runtimePath(backupsDir, MEDIA_STORE)
  fs.mkdirSync(store, { recursive: true })
  const known = new Map<string, MediaEntry>()
  for (const entry of listBackups(backupsDir)[0]?.media ?? []) known.set(entry.name, entry)
  const entries: MediaEntry[] = []
  for (const name of fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir) : []) {
    const file = runtimePath(mediaDir, name)
    const stat = fs.statSync(file)
    if (!stat.isFile() || name.startsWith('.')) continue
    const previous = known.get(name)
    const unchanged = previous && previous.bytes === stat.size && previous.modifiedMs === Math.trunc(stat.mtimeMs) && fs.existsSync(runtimePath(store, previous.sha256))
    const sha256 = unchanged ? previous.sha256 : await sha256OfFile(file)
    const kept = runtimePath(store, sha256)
    if (!fs.existsSync(kept)) {
      fs.copyFileSync(file, `${kept}.tmp`)
      fs.renameSync(`${kept}.tmp`, kept)
    } else if (!unchanged) {
      // Kept before but named by no recent manifest: counted as new, so no prune takes it meanwhile.
      const now = new Date()
      fs.utimesSync(kept, now, now)
    }
    entries.push({ name, bytes: stat.size, modifiedMs: Math.trunc(stat.mtimeMs), sha256 })
  }
  return entries
}

/**
 * Deletes the backups retention does not keep, and the photos no kept backup needs once they are
 * older than UNNAMED_PHOTO_GRACE_MS (a backup still running may need them).
 */
export function pruneBackups(backupsDir: string, retention: Retention = RETENTION, now: Date = new Date()): string[] {
  const backups = listBackups(backupsDir)
  const keep = backupsToKeep(backups, retention)
  const dropped = backups.filter((backup) => !keep.has(backup.id))
  for (const backup of dropped) fs.rmSync(runtimePath(backupsDir, backup.id), { recursive: true, force: true })
  const needed = new Set(backups.filter((backup) => keep.has(backup.id)).flatMap((backup) => backup.media.map((entry) => entry.sha256)))
  const store = runtimePath(backupsDir, MEDIA_STORE)
  for (const name of fs.existsSync(store) ? fs.readdirSync(store) : []) {
    const file = runtimePath(store, name)
    if (!needed.has(name) && now.getTime() - fs.statSync(file).mtimeMs >= UNNAMED_PHOTO_GRACE_MS) fs.rmSync(file, { force: true })
  }
  return dropped.map((backup) => backup.id)
}

/** The backup named by `which` (its id, or its folder), checked whole: the database and every photo. */
export async function checkBackup(backupsDir: string, which: string): Promise<Manifest> {
  const folder = fs.existsSync(runtimePath(which, MANIFEST)) ? which : runtimePath(backupsDir, which)
  let manifest: Manifest
  try {
    manifest = JSON.parse(fs.readFileSync(runtimePath(folder, MANIFEST), 'utf8')) as Manifest
  } catch {
    throw new BackupError(`No backup "${which}": ${folder} holds no ${MANIFEST}. The backups here: ${listBackups(backupsDir).map((backup) => backup.id).join(', ') || 'none'}.`)
  }
  if (manifest.format !== FORMAT) throw new BackupError(`Backup ${manifest.id} is of another format (${manifest.format}).`)
  const kept = runtimePath(folder, manifest.database.file)
  const damaged = () => new BackupError(`Backup ${manifest.id} is damaged: its database is not the one it was checked as.`)
  if (!fs.existsSync(kept) || (await sha256OfFile(kept)) !== manifest.database.sha256) throw damaged()
  if (manifest.database.compression) {
    // SQLite checks a plain file: the decompressed copy, beside the backup, for the check only.
    const plain = runtimePath(folder, `.check-${randomUUID()}.db`)
    try {
      const content = await readKeptDatabase(folder, manifest.database, plain).catch(() => undefined)
      if (content?.sha256 !== manifest.database.uncompressed?.sha256) throw damaged()
      await checkDatabase(plain)
    } finally {
      fs.rmSync(plain, { force: true })
    }
  } else {
    await checkDatabase(kept)
  }
  const mediaStore = runtimePath(folder, '..', MEDIA_STORE)
  const missing = manifest.media.filter((entry) => !fs.existsSync(runtimePath(mediaStore, entry.sha256)))
  if (missing.length) throw new BackupError(`Backup ${manifest.id} is missing ${missing.length} photo(s), e.g. ${missing[0].name}.`)
  return manifest
}

/**
 * Puts a backup in place of the live database and photos. The caller makes sure the server is
 * stopped. What was there is kept aside in `data/before-restore-<time>/`, never deleted.
 */
export async function restoreBackup(place: BackupPlace, which: string, now: Date = new Date()): Promise<{ manifest: Manifest; keptAside: string | null }> {
  const manifest = await checkBackup(place.backupsDir, which)
  const folder = fs.existsSync(runtimePath(which, MANIFEST)) ? which : runtimePath(place.backupsDir, which)
  const aside = runtimePath(path.dirname(place.databaseFile), `before-restore-${backupId(now)}`)
  let keptAside: string | null = null
  const moveAside = (file: string, into: string) => {
    if (!fs.existsSync(file)) return
    fs.mkdirSync(into, { recursive: true })
    fs.renameSync(file, runtimePath(into, path.basename(file)))
    keptAside = aside
  }
  // The database is written out whole beside the live one before anything of the live one moves.
  const restoring = `${place.databaseFile}.restoring`
  const content = await readKeptDatabase(folder, manifest.database, restoring)
  if (content.sha256 !== (manifest.database.uncompressed?.sha256 ?? manifest.database.sha256)) {
    fs.rmSync(restoring, { force: true })
    throw new BackupError(`Backup ${manifest.id} changed while it was being restored: nothing was restored.`)
  }
  for (const suffix of ['', '-wal', '-shm']) moveAside(place.databaseFile + suffix, aside)
  if (manifest.secret && place.secretFile) {
    moveAside(place.secretFile, aside)
    fs.copyFileSync(runtimePath(folder, SECRET_COPY), place.secretFile)
  }
  fs.renameSync(restoring, place.databaseFile)
  if (place.mediaDir) {
    fs.mkdirSync(place.mediaDir, { recursive: true })
    // The photos go aside one by one; the folder and its dotfiles (.gitkeep) stay.
    for (const name of fs.readdirSync(place.mediaDir)) if (!name.startsWith('.')) moveAside(runtimePath(place.mediaDir, name), runtimePath(aside, 'media'))
    for (const entry of manifest.media) fs.copyFileSync(runtimePath(folder, '..', MEDIA_STORE, entry.sha256), runtimePath(place.mediaDir, entry.name))
  }
  return { manifest, keptAside }
}
