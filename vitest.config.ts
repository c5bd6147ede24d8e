import path from 'node:path'

import { defineConfig } from 'vitest/config'

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
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'int',
          environment: 'node',
          include: ['tests/int/**/*.int.spec.ts'],
          // Two files at a time, one a core: each file starts Payload in a process of its own, on its own
          // database file, media folder and SMTP port (tests/helpers/payload.ts, smtp.ts), so none
          // waits on another's SQLite lock; what they share under data/ (outbox .eml files, saved
          // exports) is written under unique names.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          server: { deps: { inline: [/@payloadcms/, /^payload/] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'resilience',
          environment: 'node',
          include: ['tests/resilience/**/*.resilience.spec.ts'],
          // Each test starts the production build (`next start`, tests/helpers/site.ts) and may wait
          // minutes for a retry; one server at a time on a two-core machine.
          fileParallelism: false,
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
          // Two production servers and a redis-server (tests/helpers/redis.ts) for the whole file.
          fileParallelism: false,
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
          // Debian's nginx with deploy/nginx's rules (tests/helpers/proxy.ts) in front of the production build.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
