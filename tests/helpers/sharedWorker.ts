import { vi } from 'vitest'

/**
 * Runs before each file of the `int` project, whose files share a worker process one after the
 * other (`isolate: false` in vitest.config.ts) so that Payload and the other packages load once a
 * worker rather than once a file. What a file could leave to the next is put back here:
 * - the project's own modules (src, tests) are evaluated afresh, so each file reads the config
 *   from its own environment and starts with empty caches and rate limits; the packages, loaded by
 *   Node outside vitest's module graph, stay;
 * - the environment is the worker's as it started, before any file's `startPayload` set its own;
 * - getPayload's instance of the previous file, destroyed by its cleanup, is forgotten: Payload
 *   caches it for the process (on `globalThis._payload`, a map by key) and would hand it to the
 *   next file's `getPayload` and `payloadClient` instead of starting one on the file's database.
 */
vi.resetModules()

const state = globalThis as { seamossWorkerEnv?: NodeJS.ProcessEnv; _payload?: Map<string, unknown> }
state.seamossWorkerEnv ??= { ...process.env }
for (const key of Object.keys(process.env)) if (!(key in state.seamossWorkerEnv)) delete process.env[key]
Object.assign(process.env, state.seamossWorkerEnv)
state._payload?.clear()
