import fs from 'node:fs'
import path from 'node:path'

import { defineConfig } from 'vitest/config'

/** The integration files that replace a module with `vi.mock` (see the `int-mocks` project). */
const mockingFiles = fs.globSync('tests/int/**/*.int.spec.ts', { cwd: import.meta.dirname }).filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8')))

/** What both integration projects share. */
const integration = {
  environment: 'node' as const,
  // One migrated, seeded database, copied by each file (tests/helpers/templateDatabase.ts).
  globalSetup: ['tests/helpers/templateDatabase.ts'],
  // Two files at a time, one a core: each file starts Payload on its own database file, media
  // folder and SMTP port (tests/helpers/payload.ts, smtp.ts), so none waits on another's SQLite
  // lock; what they share under data/ (outbox .eml files, saved exports) is written under unique names.
  maxWorkers: 2,
  testTimeout: 60_000,
  hookTimeout: 120_000,
}

export default defineConfig({
  // The same aliases as tsconfig.json.
  resolve: {
    alias: {
      '@payload-config': path.resolve(import.meta.dirname, 'payload.config.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
      // Tests run server code outside Next: the marker that keeps a module out of the browser is a no-op here.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // A guard against a hang, not a speed check: the files that start processes (the backup
          // command, the S3 and MongoDB stand-ins) take 0.3–1.5 s a test, and went past vitest's
          // 5 s default on a loaded machine.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...integration,
          name: 'int',
          include: ['tests/int/**/*.int.spec.ts'],
          exclude: mockingFiles,
          // A worker runs its files one after the other in one process: Payload and the other
          // packages, loaded by Node (not inlined, so vi.resetModules leaves them), are imported once
          // a worker instead of once a file (about 4 s each). tests/helpers/sharedWorker.ts gives each
          // file the project's modules afresh, the worker's environment and no previous Payload.
          isolate: false,
          setupFiles: ['tests/helpers/sharedWorker.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...integration,
          name: 'int-mocks',
          // A file that replaces a module (vi.mock) runs in a process of its own: vitest keeps a
          // mock for the rest of the process, where the next file would get it.
          include: mockingFiles,
          // Inlined, as before: for a process a file, cheaper than Node's loading (docs/PERFORMANCE.md).
          server: { deps: { inline: [/@payloadcms/, /^payload/] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'resilience',
          environment: 'node',
          include: ['tests/resilience/**/*.resilience.spec.ts'],
          // Each test starts the production build (`next start`, tests/helpers/site.ts) on a free port,
          // its database and mail server its own, and mostly waits (a retry, a restart): two files at a
          // time, run with the scale and proxy suites in one pool (`npm run test:servers`).
          maxWorkers: 2,
          testTimeout: 300_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'scale',
          environment: 'node',
          include: ['tests/scale/**/*.scale.spec.ts'],
          // Two production servers and a redis-server (tests/helpers/redis.ts) for the whole file, on
          // free ports: beside another suite's file as the resilience suite says.
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'proxy',
          environment: 'node',
          include: ['tests/proxy/**/*.proxy.spec.ts'],
          // Debian's nginx with deploy/nginx's rules (tests/helpers/proxy.ts) in front of the production
          // build, on free ports; the same pool as the resilience suite says.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
