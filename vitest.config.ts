import path from 'node:path'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The same aliases as tsconfig.json.
  resolve: {
    alias: {
      '@payload-config': path.resolve(import.meta.dirname, 'payload.config.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
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
          // Each file starts Payload on its own fresh database; one at a time keeps SQLite and the CPU calm.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          server: { deps: { inline: [/@payloadcms/, /^payload/] } },
        },
      },
    ],
  },
})
