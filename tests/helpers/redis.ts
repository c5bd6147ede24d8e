import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'

import { freePort } from './smtp'

export type TestRedis = {
  url: string
  /** Stops the server as an outage would (its data goes with it: nothing is saved). */
  stop: () => Promise<void>
  /** Starts it again on the same port, empty. */
  start: () => Promise<void>
}

/**
 * Debian's `redis-server` on a free port, in memory only (no RDB, no AOF). CI installs the package
 * (`.ci/run`); the suite says so plainly when it is missing.
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort()
  let server: ChildProcess | null = null

  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    const failed = new Promise<never>((_, reject) => server!.once('error', (error) => reject(new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`))))
    await Promise.race([failed, untilListening(port)])
  }
  const stop = async () => {
    const running = server
    server = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }
  await start()
  process.once('exit', () => server?.kill('SIGKILL'))
  return { url: `redis://127.0.0.1:${port}`, stop, start }
}

async function untilListening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
