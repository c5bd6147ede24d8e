import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder holding a migrated and seeded SQLite database (`site.db`) and its media (`media/`). */
    templateDatabase?: string
  }
}

/**
 * The integration suite's global setup: one SQLite database migrated and seeded once, which each
 * test file starts from a copy of (`startPayload`) instead of migrating and seeding its own (about
 * 2 s a file). A test of the seed itself asks for an empty database (`DATABASE_URI`). On MongoDB,
 * each file starts on an empty database as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URI?.startsWith('mongodb')) return
  // Both integration projects (vitest.config.ts) start from the one template: their setups run in
  // one process, where the config module and Payload's instance, once imported, would be the first's.
  const shared = globalThis as { seamossTemplate?: { dir: Promise<string>; users: number } }
  shared.seamossTemplate ??= { dir: migratedAndSeeded(), users: 0 }
  const template = shared.seamossTemplate
  template.users++
  project.provide('templateDatabase', await template.dir)
  return async () => {
    if (--template.users === 0) fs.rmSync(await template.dir, { recursive: true, force: true })
  }
}

async function migratedAndSeeded(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-int-template-'))
  const before = { ...process.env }
  Object.assign(process.env, { PAYLOAD_SECRET: 'integration-test-secret', DATABASE_URI: `file:${path.join(dir, 'site.db')}`, MEDIA_DIR: path.join(dir, 'media') })
  delete process.env.ADMIN_EMAIL
  delete process.env.ADMIN_PASSWORD
  try {
    const { getPayload } = await import('payload')
    const payload = await getPayload({ config: await (await import('@payload-config')).default })
    await payload.destroy()
  } finally {
    process.env = before
  }
  return dir
}
