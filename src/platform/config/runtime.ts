import 'server-only'

import path from 'node:path'

/**
 * The project's writable runtime folder (database, generated secret, dev outbox). The comment keeps
 * Next's file tracing from taking in the whole folder the server runs from as the server's files.
 */
export const DATA_DIR = path.resolve(/* turbopackIgnore: true */ process.cwd(), 'data')

/**
 * `path.join` for a path to the server's own files (database, secret, backups, e-mails, exports,
 * photos). Next's file tracer reads each `path.join` and `fs` read it can partly work out as files the
 * server needs, and copies every file of the checkout that could match (`<folder>/storefront.db`: the
 * developer's database; `<folder>/<id>-<n>.<ext>`: nearly the whole checkout) into the standalone
 * output the Docker image ships. Paths joined here are left out of the trace.
 */
export const runtimePath = (...parts: string[]): string => path.join(/* turbopackIgnore: true */ ...parts)

/** True while `next build` prerenders: nothing may touch the runtime database or `data/` then. */
export const isBuildPhase = (): boolean => process.env.NEXT_PHASE === 'phase-production-build'

/**
 * True inside a Next.js server (and its build), where Next's cache exists; false in tests, scripts
 * and Payload's CLI, which read the database directly and have no cache to expire. Next sets
 * `NEXT_RUNTIME` for the code it runs (its documented runtime switch, as in `instrumentation.ts`).
 */
export const insideNextServer = (): boolean => process.env.NEXT_RUNTIME === 'nodejs'
