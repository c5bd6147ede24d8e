#!/usr/bin/env node
// Fails when Payload's generated files are stale: the TypeScript types, the admin import map, or
// the committed SQLite migrations (a collection changed without `npm run migrate:create`).
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const GENERATED = ['src/payload-types.ts', 'src/app/(payload)/admin/importMap.js']
const MIGRATIONS = 'src/migrations'

// The CLI loads the config, which needs a database address; it never opens it for these commands.
const env = { ...process.env, DATABASE_URI: `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-gen-')), 'gen.db')}`, PAYLOAD_SECRET: 'check-generated-secret' }
// `react-server`: the config's modules import 'server-only', which throws under any other condition.
const payload = (args, extraEnv = {}) => promisify(execFile)(process.execPath, ['--conditions=react-server', 'node_modules/payload/bin.js', ...args], { env: { ...env, ...extraEnv } })

const before = new Map(GENERATED.map((file) => [file, fs.readFileSync(file, 'utf8')]))
const migrationsBefore = new Set(fs.readdirSync(MIGRATIONS))
const indexBefore = fs.readFileSync(path.join(MIGRATIONS, 'index.ts'), 'utf8')
// The three commands write different files: run together, each loading the config on a core of its own.
await Promise.all([
  payload(['generate:types']),
  // The import map also holds the S3 upload components, used when a deployment sets S3_BUCKET.
  payload(['generate:importmap'], { S3_BUCKET: 'import-map' }),
  payload(['migrate:create', 'schema_check', '--skip-empty']),
])
const stale = GENERATED.filter((file) => fs.readFileSync(file, 'utf8') !== before.get(file))
const added = fs.readdirSync(MIGRATIONS).filter((file) => !migrationsBefore.has(file))
// Leave the tree as it was: the check reports, the developer creates the real migration.
for (const file of added) fs.rmSync(path.join(MIGRATIONS, file))
fs.writeFileSync(path.join(MIGRATIONS, 'index.ts'), indexBefore)

const problems = [
  ...stale.map((file) => `${file} is stale: run \`npm run generate:types\` / \`npm run generate:importmap\` and commit it.`),
  ...(added.length ? ['The collections and the committed migrations disagree: run `npm run migrate:create -- <name>` and commit the migration.'] : []),
]
if (problems.length) {
  console.error(problems.map((problem) => `✗ ${problem}`).join('\n'))
  process.exit(1)
}
console.log('✓ generated types, import map and migrations are up to date')
