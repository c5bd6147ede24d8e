import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Payload, SanitizedConfig } from 'payload'
import { inject } from 'vitest'

export type TestPayload = { payload: Payload; config: SanitizedConfig; databaseUri: string; cleanup: () => Promise<void> }

/**
 * A database of its own for one test file: a temporary SQLite file, or, when DATABASE_URI points
 * at MongoDB, a fresh database on that server.
 */
export function freshDatabaseUri(): string {
  const base = process.env.DATABASE_URI
  if (base?.startsWith('mongodb')) {
    const url = new URL(base)
    url.pathname = `/seamoss-test-${crypto.randomBytes(4).toString('hex')}`
    return url.toString()
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-int-'))
  return `file:${path.join(dir, 'test.db')}`
}

/**
 * Starts Payload on a fresh database. Environment must be set before the config is imported, so
 * the import happens here; `env` adds SMTP settings and the like.
 */
let started = false

export async function startPayload(env: Record<string, string | undefined> = {}): Promise<TestPayload> {
  // The config reads the environment once per test file, when it is first imported.
  if (started) throw new Error('startPayload() runs once per test file; put another environment in another file')
  started = true
  const databaseUri = env.DATABASE_URI ?? freshDatabaseUri()
  // The seed draws the shop's pictures into the media folder: each file gets its own, not ./media.
  const mediaDir = env.MEDIA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-int-media-'))
  // Unless the test names its database, a copy of the suite's migrated and seeded one (and its pictures).
  const template = env.DATABASE_URI || env.MEDIA_DIR ? undefined : inject('templateDatabase')
  if (template && databaseUri.startsWith('file:')) {
    const file = databaseUri.slice('file:'.length)
    fs.copyFileSync(path.join(template, 'site.db'), file)
    if (fs.existsSync(path.join(template, 'site.db-wal'))) fs.copyFileSync(path.join(template, 'site.db-wal'), `${file}-wal`)
    fs.cpSync(path.join(template, 'media'), mediaDir, { recursive: true })
  }
  Object.assign(process.env, { PAYLOAD_SECRET: 'integration-test-secret', ...env, DATABASE_URI: databaseUri, MEDIA_DIR: mediaDir })
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key]
  const { getPayload } = await import('payload')
  const config = await (await import('@payload-config')).default
  const payload = await getPayload({ config })
  return {
    payload,
    config,
    databaseUri,
    async cleanup() {
      if (databaseUri.startsWith('mongodb')) await payload.db.dropDatabase?.({ adapter: payload.db as never }).catch(() => undefined)
      await payload.destroy()
      if (!env.MEDIA_DIR) fs.rmSync(mediaDir, { recursive: true, force: true })
    },
  }
}

/** Payload's answer to a request to `/api<pathname>`, as the `/api/*` route gives it: anonymous unless headers say otherwise. */
export async function restResponse(config: SanitizedConfig, method: string, pathname: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const { handleEndpoints } = await import('payload')
  const request = new Request(`http://localhost:3000/api${pathname}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return handleEndpoints({ config, request })
}

/** Calls Payload's REST API the way `/api/*` does: its status and its body (JSON, or the text). */
export async function rest(config: SanitizedConfig, method: string, pathname: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await restResponse(config, method, pathname, init)
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: response.status, json: json as Record<string, unknown> }
}

/** Stops a Payload instance and starts a new one on the same database, as a server restart does. */
export async function restartPayload(previous: Payload, config: SanitizedConfig): Promise<Payload> {
  await previous.destroy()
  const { BasePayload } = await import('payload')
  return new BasePayload().init({ config })
}

/** Logs an admin in through the REST API and returns the Authorization header for later calls. */
export async function adminAuthHeader(config: SanitizedConfig, email: string, password: string): Promise<Record<string, string>> {
  const { status, json } = await rest(config, 'POST', '/users/login', { body: { email, password } })
  if (status !== 200) throw new Error(`admin login failed: ${status} ${JSON.stringify(json)}`)
  return { Authorization: `JWT ${String(json.token)}` }
}
