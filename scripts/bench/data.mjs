// Databases full of years of made-up business, for the benchmarks that need one (npm run bench:data,
// the backup of a large database): filled once by scripts/bench/fillDatabase.ts and kept under
// .bench/data/ (gitignored), reused while the seed, the migrations, the seed content and the
// generator are unchanged and the data is less than a week old (its dates end when it was made).
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { serverNode } from './server.mjs'

export const DEFAULT_SEED = 42
/** The admin account every filled database has; the benchmarks sign in with it. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' }
/** The same secret as startSite's servers: the sessions and signed links of one are good on the other. */
const PAYLOAD_SECRET = 'bench-payload-secret'
const CACHE_DIR = path.resolve('.bench/data')
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** What a filled database depends on: when any of it changes, the cached one is filled again. */
const INPUTS = ['src/migrations', 'src/seed', 'scripts/bench/dataset.ts', 'scripts/bench/fillDatabase.ts']

function fingerprint() {
  const hash = crypto.createHash('sha256')
  const add = (entry) => {
    if (fs.statSync(entry).isDirectory()) for (const name of fs.readdirSync(entry).sort()) add(path.join(entry, name))
    else hash.update(entry).update(fs.readFileSync(entry))
  }
  for (const input of INPUTS) add(input)
  return hash.digest('hex').slice(0, 16)
}

function runFill(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-8000)))
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-8000)))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`filling the database failed (exit code ${code}):\n${output}`))))
  })
}

/**
 * A database with `orders` orders over the three years up to when it was filled (and the customers,
 * subscribers, reviews and e-mails that go with them, scripts/bench/dataset.ts), reproducible from
 * `seed`. Answers `{ databaseFile, mediaDir, end, filledNow }`; start a server on a copy of it
 * (`startSite({ copyOf })`): the cached files stay as they were filled.
 */
export async function fillDatabase(orders, { seed = DEFAULT_SEED, log = console.log } = {}) {
  const folder = path.join(CACHE_DIR, `${orders}-${seed}`)
  const files = { databaseFile: path.join(folder, 'site.db'), mediaDir: path.join(folder, 'media') }
  const made = fingerprint()
  const metaFile = path.join(folder, 'fill.json')
  if (fs.existsSync(metaFile)) {
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'))
    if (meta.fingerprint === made && Date.now() - new Date(meta.end).getTime() < MAX_AGE_MS) return { ...files, end: meta.end, filledNow: false }
  }

  // Filled beside the cache and moved in whole: a fill cut short never looks like a cached database.
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  const scratch = fs.mkdtempSync(path.join(CACHE_DIR, `.filling-${orders}-${seed}-`))
  try {
    const end = new Date()
    end.setUTCSeconds(0, 0)
    log(`Filling a database with ${orders} orders (seed ${seed}) …`)
    const output = await runFill(serverNode(), ['--conditions=react-server', 'node_modules/payload/bin.js', 'run', 'scripts/bench/fillDatabase.ts', String(orders), String(seed), end.toISOString()], {
      NODE_ENV: 'development',
      DATABASE_URI: `file:${path.join(scratch, 'site.db')}`,
      MEDIA_DIR: path.join(scratch, 'media'),
      PAYLOAD_SECRET,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    })
    log(`  ${output.match(/Filled with .*/)?.[0] ?? 'filled'}`)
    for (const leftover of ['site.db-wal', 'site.db-shm']) fs.rmSync(path.join(scratch, leftover), { force: true })
    fs.writeFileSync(path.join(scratch, 'fill.json'), JSON.stringify({ orders, seed, end: end.toISOString(), fingerprint: made }, null, 2))
    fs.rmSync(folder, { recursive: true, force: true })
    fs.renameSync(scratch, folder)
    return { ...files, end: end.toISOString(), filledNow: true }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
}
