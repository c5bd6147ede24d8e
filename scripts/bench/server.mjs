// Starting the production build for a benchmark: `npm start`'s server on a free port with a fresh SQLite
// database of its own, and the memory it uses while it runs.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

export function requireBuild() {
  if (!fs.existsSync('.next/BUILD_ID')) {
    console.error('No production build (.next/BUILD_ID is missing): run `npm run build` first.')
    process.exit(1)
  }
}

/**
 * What package.json's `start` script runs: its variables (`MALLOC_ARENA_MAX=2`), its Node.js flags
 * (`--heap-growing-percent=25`) and Next's command (`node_modules/.bin/next start`), so the
 * benchmark runs the server as production does.
 */
function startScript() {
  const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  const parts = /^((?:\w+=\S*\s+)*)node((?:\s+--\S+)*)\s+(\S+)\s+start$/.exec(scripts.start.trim())
  if (!parts) throw new Error(`package.json's start script is not "[VAR=value …] node [--flag …] <next> start": ${scripts.start}`)
  const words = (text = '') => text.trim().split(/\s+/).filter(Boolean)
  return { env: Object.fromEntries(words(parts[1]).map((pair) => pair.split(/=(.*)/s).slice(0, 2))), nodeFlags: words(parts[2]), next: parts[3] }
}

/**
 * The Node.js `npm start` runs: the project's own (the `node` package, node_modules/.bin/node, which
 * npm puts first on the scripts' PATH), or BENCH_SERVER_NODE when set (another version beside it).
 */
export const serverNode = () => process.env.BENCH_SERVER_NODE || (fs.existsSync('node_modules/.bin/node') ? path.resolve('node_modules/.bin/node') : process.execPath)

/**
 * The production server with a fresh database, as `npm start` runs it; resolves once the home page answers. `env` is added to the
 * server's environment (an SMTP server, a Redis URL); `nodeOptions` go to its Node.js (`--cpu-prof`), `serverNode()`.
 * `copyOf`: a filled database to start on instead (`{ databaseFile, mediaDir }`, see data.mjs), copied so it stays as it was.
 * `stop()` ends it and removes its files; `stderr()` answers the last of what it wrote there.
 */
export async function startSite({ env = {}, name = 'bench', nodeOptions = [], copyOf } = {}) {
  requireBuild()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `seamoss-${name}-`))
  const databaseFile = path.join(dir, 'site.db')
  if (copyOf) {
    fs.copyFileSync(copyOf.databaseFile, databaseFile)
    fs.cpSync(copyOf.mediaDir, path.join(dir, 'media'), { recursive: true })
  }
  const port = await freePort()
  const start = startScript()
  const server = spawn(serverNode(), [...start.nodeFlags, ...nodeOptions, start.next, 'start', '-p', String(port)], {
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: 'production',
      DATABASE_URI: `file:${databaseFile}`,
      PAYLOAD_SECRET: 'bench-payload-secret',
      MEDIA_DIR: path.join(dir, 'media'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  server.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)))
  const exited = new Promise((resolve) => server.once('exit', resolve))
  const url = `http://localhost:${port}`
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM')
      const timer = setTimeout(() => server.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  for (let tries = 0; tries < 240; tries++) {
    if (server.exitCode !== null) break
    try {
      if ((await fetch(url)).ok) return { url, pid: server.pid, databaseFile, stop, stderr: () => stderr }
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await stop()
  throw new Error(`the server did not start\n${stderr}`)
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeMemory(rootPid) {
  const children = new Map()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // gone meanwhile
    }
  }
  let bytes = 0
  const pending = [rootPid]
  while (pending.length) {
    const pid = pending.pop()
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
      if (rss) bytes += Number(rss[1]) * 1024
    } catch {
      // gone meanwhile
    }
    pending.push(...(children.get(pid) ?? []))
  }
  return bytes
}

/**
 * The CPU time the server's main thread has run so far, in ms (Linux: its schedstat; NaN elsewhere).
 * Next answers every request on that one thread, so its time per order is what bounds orders per
 * second; unlike a rate, it barely moves with whatever else this shared machine is running.
 */
export function mainThreadCpuMs(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
  } catch {
    return NaN
  }
}

/** The server's resident memory now, all its processes, in MB. */
export const memoryMb = (pid) => Math.round(treeMemory(pid) / 1024 / 1024)

/** Samples the server's memory every `everyMs` until `stop()`, which answers the peak in MB. */
export function watchMemory(pid, { everyMs = 250 } = {}) {
  let peak = treeMemory(pid)
  const timer = setInterval(() => (peak = Math.max(peak, treeMemory(pid))), everyMs)
  return {
    peakMb: () => Math.round(peak / 1024 / 1024),
    stop: () => {
      clearInterval(timer)
      return Math.round(peak / 1024 / 1024)
    },
  }
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN)
