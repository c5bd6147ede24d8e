import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { FullConfig } from '@playwright/test'

import { NEXT } from '../helpers/site'
import { freePort, startSmtp } from '../helpers/smtp'

export const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' }
const ARTIFACTS = path.resolve('tests/.artifacts')

/** One worker's server: where it answers, where its e-mails land (JSON files), and its log. */
export type E2EServer = { baseURL: string; mailDir: string; serverLog: string }

/**
 * Starts one production server (`next start`, as `npm start` runs it) per Playwright worker, each on
 * a free port with a fresh SQLite database, an empty media folder and an in-process SMTP server
 * whose messages land as JSON files the tests read. A worker's spec files run one after another on
 * its own server (tests/e2e/fixtures.ts picks it), so what a file changes and puts back, the other
 * worker never sees: its limits, settings, batches and order counts are its own.
 */
export default async function globalSetup(config: FullConfig) {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('No production build: run `npm run build` first (npm run test:e2e does).')
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  const started = await Promise.all(Array.from({ length: config.workers }, (_, index) => startServer(index)))
  process.env.E2E_SERVERS = JSON.stringify(started.map(({ server }) => server))
  return async () => {
    for (const { stop } of started) await stop()
  }
}

async function startServer(index: number): Promise<{ server: E2EServer; stop: () => Promise<void> }> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-e2e-'))
  const mailDir = path.join(runDir, 'mail')
  fs.mkdirSync(mailDir)

  const smtp = await startSmtp()
  const writeMail = setInterval(() => {
    smtp.messages.splice(0).forEach((mail, index) => {
      const to = Array.isArray(mail.to) ? mail.to.map((entry) => entry.text).join(', ') : mail.to?.text
      const record = { to, subject: mail.subject, text: mail.text, html: mail.html || '', replyTo: mail.replyTo?.text }
      fs.writeFileSync(path.join(mailDir, `${Date.now()}-${index}.json`), JSON.stringify(record))
    })
  }, 100)

  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const serverLog = path.join(ARTIFACTS, index === 0 ? 'e2e-server.log' : `e2e-server-${index}.log`)
  const log = fs.openSync(serverLog, 'w')
  // Playwright's request client keeps an idle connection with no limit of its own, and sends the next
  // call on it even as the server closes it (Node's 5 s keep-alive, + 1 s): that call fails with
  // ECONNRESET (a jarLabels afterEach, 6.02 s after the test's last call). Kept longer than any test
  // lasts, a connection is closed by the client instead, with the test's request context. (nginx
  // opens one connection to the app per request: the site's visitors never meet this.)
  const keepAlive = ['--keepAliveTimeout', String(15 * 60_000)]
  const server = spawn(process.execPath, [NEXT, 'start', '-p', String(port), '-H', '127.0.0.1', ...keepAlive], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: baseURL,
      DATABASE_URI: `file:${path.join(runDir, 'e2e.db')}`,
      MEDIA_DIR: path.join(runDir, 'media'),
      PAYLOAD_SECRET: 'e2e-payload-secret',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      EMAIL_FROM: 'Seamoss Test <shop@example.com>',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', log, log],
  })
  const stop = async () => {
    clearInterval(writeMail)
    server.kill('SIGTERM')
    await smtp.close()
    fs.rmSync(runDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 120_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited early; see ${serverLog}`)
    try {
      if ((await fetch(`${baseURL}/`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the site did not answer within 120 s; see ${serverLog}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return { server: { baseURL, mailDir, serverLog }, stop }
}
