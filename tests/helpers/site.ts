import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './smtp'

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..')
const ARTIFACTS = path.join(PROJECT_ROOT, 'tests/.artifacts')
const READY_TIMEOUT_MS = 120_000
/** Next's command, as `npm start` runs it. */
export const NEXT = path.join(PROJECT_ROOT, 'node_modules/.bin/next')

export type Site = {
  /** `http://127.0.0.1:<port>`, also the site's `SITE_URL` unless `env` sets another. */
  baseURL: string
  /** The server's output, kept under tests/.artifacts after the site stops. */
  logPath: string
  /** The site's folder and working directory (`<dir>/app` for the standalone server): its database, media, `data/` (outbox, secret). */
  dir: string
  /** `DATABASE_URI` of this site: pass it in `env` to start another server on the same data. */
  databaseUri: string
  /** Ends the server (SIGTERM, then SIGKILL after 10 s) with every process it started, and deletes `dir` unless the test gave it. */
  stop: () => Promise<void>
  /** SIGKILLs the server and its children at once, as a crash would; `dir` stays for a restart. */
  kill9: () => Promise<void>
}

/**
 * Starts the existing production build (`next start`, as `npm start` does; build it first with `npm run build`) on a
 * free port, with a fresh SQLite database and media folder in a temp folder, and resolves once `/`
 * answers. `env` is merged over those defaults (SITE_URL, DATABASE_URI, MEDIA_DIR, PAYLOAD_SECRET…);
 * a variable set to undefined is removed.
 *
 * The server runs with the temp folder as its working directory, so whatever the app keeps under
 * `data/` (outbox e-mails without SMTP, saved exports) stays out of the project.
 *
 * `standalone`: the server the Docker image runs instead (`standaloneServer`).
 */
export async function startSite({ env = {}, dir: givenDir, standalone = false }: { env?: Record<string, string | undefined>; dir?: string; standalone?: boolean } = {}): Promise<Site> {
  if (!fs.existsSync(path.join(PROJECT_ROOT, '.next/BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first.')
  }
  // A folder the test gives may be shared by several servers (one checkout, two databases).
  const dir = givenDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-site-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const databaseUri = env.DATABASE_URI ?? `file:${path.join(dir, 'site.db')}`
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  const logPath = path.join(ARTIFACTS, `site-${port}.log`)
  const log = fs.openSync(logPath, 'w')

  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    SITE_URL: baseURL,
    MEDIA_DIR: path.join(dir, 'media'),
    PAYLOAD_SECRET: 'site-helper-secret',
    NEXT_TELEMETRY_DISABLED: '1',
    ...env,
    DATABASE_URI: databaseUri,
  }
  // `env: { NAME: undefined }` removes a variable the test process has.
  for (const [name, value] of Object.entries(serverEnv)) if (value === undefined) delete serverEnv[name]

  const { args, cwd } = standalone ? standaloneServer(dir) : { args: [NEXT, 'start', PROJECT_ROOT, '-p', String(port), '-H', '127.0.0.1'], cwd: dir }
  // server.js listens on HOSTNAME, as the Dockerfile sets it; `next start` on its -H.
  if (standalone) serverEnv.HOSTNAME = '127.0.0.1'
  // Its own process group (detached), so stop() and kill9() reach every process it starts.
  const server = spawn(process.execPath, args, {
    cwd,
    detached: true,
    stdio: ['ignore', log, log],
    env: serverEnv,
  })
  fs.closeSync(log)
  const group = server.pid!
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  // A test runner that dies mid-test must not leave a server behind.
  const killOnExit = () => signalGroup(group, 'SIGKILL')
  process.once('exit', killOnExit)

  const ended = async (signal: NodeJS.Signals) => {
    signalGroup(group, signal)
    const deadline = Date.now() + 10_000
    while (groupAlive(group)) {
      if (Date.now() > deadline) signalGroup(group, 'SIGKILL')
      await sleep(100)
    }
    await exited
    process.removeListener('exit', killOnExit)
  }
  const site: Site = {
    baseURL,
    logPath,
    dir,
    databaseUri,
    stop: async () => {
      await ended('SIGTERM')
      if (!givenDir) fs.rmSync(dir, { recursive: true, force: true })
    },
    kill9: () => ended('SIGKILL'),
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await site.stop()
      throw new Error(`the server exited early; see ${logPath}`)
    }
    try {
      if ((await fetch(`${baseURL}/`)).ok) return site
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await site.stop()
      throw new Error(`the site did not answer within ${READY_TIMEOUT_MS / 1000} s; see ${logPath}`)
    }
    await sleep(500)
  }
}

/**
 * The Docker image's server: Next's standalone output (`.next/standalone`, built with
 * `NEXT_OUTPUT=standalone` as the Dockerfile and `npm run test:e2e` build), with `.next/static` and
 * `public/` beside it, copied to `<dir>/app` as the Dockerfile copies them, and started by the
 * Dockerfile's own CMD there. Out of the checkout, no `node_modules` above can stand in for a
 * package Next did not trace; `<dir>/app` is the working directory, as `/app` is in the image.
 */
function standaloneServer(dir: string): { args: string[]; cwd: string } {
  const output = path.join(PROJECT_ROOT, '.next/standalone')
  if (!fs.existsSync(path.join(output, 'server.js'))) {
    throw new Error('No standalone output: build with `NEXT_OUTPUT=standalone npm run build` (npm run test:e2e does).')
  }
  const app = path.join(dir, 'app')
  // Its links to packages (.next/node_modules) stay relative, as Docker's COPY keeps them: cpSync
  // would otherwise point them back into the checkout, whose node_modules would then stand in.
  fs.cpSync(output, app, { recursive: true, verbatimSymlinks: true })
  fs.cpSync(path.join(PROJECT_ROOT, '.next/static'), path.join(app, '.next/static'), { recursive: true })
  fs.cpSync(path.join(PROJECT_ROOT, 'public'), path.join(app, 'public'), { recursive: true })
  const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8'))
  if (!cmd) throw new Error('The Dockerfile has no CMD in its JSON form.')
  const [program, ...args] = JSON.parse(cmd[1]) as string[]
  if (program !== 'node') throw new Error(`The Dockerfile's CMD runs ${program}, not node.`)
  return { args, cwd: app }
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal)
  } catch {
    // already gone
  }
}

/** Signal 0 tests whether any process of the group is left. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
