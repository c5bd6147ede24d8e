import 'server-only'

import path from 'node:path'

/** The project's writable runtime folder (database, generated secret, dev outbox). */
export const DATA_DIR = path.resolve(process.cwd(), 'data')

/** True while `next build` prerenders: nothing may touch the runtime database or `data/` then. */
export const isBuildPhase = (): boolean => process.env.NEXT_PHASE === 'phase-production-build'
