// The backup of a shop's database while customers order (issue 34's benchmark row): `npm run backup`
// beside the running server, as a seller or cron runs it, while orders are posted as the page's
// script posts them; the same orders with no backup running come first, for their p99 to compare.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

import { placeOrders } from './orders.mjs'
import { watchMemory } from './server.mjs'

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
      else resolve({ ms: Math.round(performance.now() - started), peakMb, said: output.trim().split('\n').at(-1) })
    }),
  )
}

/** Orders' p99 without and with a backup running, the backup's time and memory, and the server's peak meanwhile. */
export async function backupWhileOrdering(site, env) {
  const alone = await placeOrders(site.url, { orders: ORDERS, clients: CLIENTS, javascript: true, firstCustomer: 700_000 })
  const server = watchMemory(site.pid, { everyMs: 100 })
  const backup = backupNow(site, env)
  const during = await placeOrders(site.url, { orders: ORDERS, clients: CLIENTS, javascript: true, firstCustomer: 800_000 })
  const made = await backup
  return { backup: made, serverPeakMb: server.stop(), alone, during }
}
