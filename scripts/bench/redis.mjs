// A throwaway redis-server for the benchmark (Debian's package), in memory only; null when the
// machine has none, so the rest of the bench still runs.
import { spawn } from 'node:child_process'

import { freePort } from './server.mjs'

export async function startRedisServer() {
  const port = await freePort()
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  const started = await new Promise((resolve) => {
    server.once('error', () => resolve(false))
    setTimeout(() => resolve(server.exitCode === null), 500)
  })
  if (!started) return null
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (server.exitCode !== null ? resolve() : (server.once('exit', resolve), server.kill('SIGTERM')))),
  }
}
