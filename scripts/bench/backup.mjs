// The backup of a shop's database while customers order (issue 34's benchmark row): `npm run backup`
// beside the running server, as a seller or cron runs it, while orders are posted as the page's
// script posts them and the seller loads a page of the admin again and again; the same with no
// backup running comes first, for the orders' p99 and the page's median to compare (issue 50).
// The backup at 50,000 orders takes about twice as long as the orders: both are measured within it.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

import { placeOrders } from './orders.mjs'
import { median, watchMemory } from './server.mjs'

/** Posts while the backup runs: enough to cover it at 50,000 orders on this machine. */
const ORDERS = 150
const CLIENTS = 4

/** `npm run backup` against the site's database and photos; resolves with its time and peak memory. */
function backupNow(site, env) {
  const started = performance.now()
  const child = spawn('npm', ['run', 'backup'], {
    env: { ...process.env, ...env, NODE_ENV: 'production', DATABASE_URI: `file:${site.databaseFile}`, MEDIA_DIR: path.join(path.dirname(site.databaseFile), 'media') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const memory = watchMemory(child.pid, { everyMs: 100 })
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      const peakMb = memory.stop()
      if (code !== 0) reject(new Error(`npm run backup exited ${code}: ${output.slice(-1000)}`))
      else resolve({ ms: Math.round(performance.now() - started), peakMb, databaseMb: newestBackupMb(site), said: output.trim().split('\n').at(-1) })
    }),
  )
}

/** The database file of the newest backup beside the site's database, as kept (compressed), from its manifest. */
function newestBackupMb(site) {
  const folder = path.join(path.dirname(site.databaseFile), 'backups')
  const manifests = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(folder, entry.name, 'manifest.json')))
    .map((entry) => JSON.parse(fs.readFileSync(path.join(folder, entry.name, 'manifest.json'), 'utf8')))
    .sort((a, b) => b.takenAt.localeCompare(a.takenAt))
  return manifests[0].database.bytes / 1024 / 1024
}

/** `loadPage` again and again until `work` is done (the orders of a phase): the page's median time meanwhile. */
async function pagesWhile(work, loadPage) {
  let done = false
  const finished = work.finally(() => (done = true))
  const times = []
  while (!done) times.push((await loadPage()).ms)
  await finished
  return { loads: times.length, median: median(times) }
}

/**
 * Orders' p99 and a page's median without and with a backup running, the backup's time, memory and
 * compressed size, and the server's peak meanwhile. `loadPage`: one of the seller's pages, timed.
 */
export async function backupWhileOrdering(site, env, loadPage) {
  const aloneOrders = placeOrders(site.url, { orders: ORDERS, clients: CLIENTS, javascript: true, firstCustomer: 700_000 })
  const pagesAlone = await pagesWhile(aloneOrders, loadPage)
  const alone = await aloneOrders
  const server = watchMemory(site.pid, { everyMs: 100 })
  const backup = backupNow(site, env)
  // The page is timed while the orders go on, in both phases: the same load beside it, the backup
  // the only difference (the backup outlasts the orders).
  const duringOrders = placeOrders(site.url, { orders: ORDERS, clients: CLIENTS, javascript: true, firstCustomer: 800_000 })
  const pagesDuring = await pagesWhile(duringOrders, loadPage)
  const during = await duringOrders
  const made = await backup
  return { backup: made, serverPeakMb: server.stop(), alone, during, pagesAlone, pagesDuring }
}
