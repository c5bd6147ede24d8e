import 'server-only'

import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { logFailureThrough } from '@/platform/db/logFailure'

/**
 * The app's Payload: the one module below the routes that imports the config. The features' entry
 * points (pages, actions, routes, the server's start) get the client here, and the globals' cached
 * reads (`cachedGlobals.ts`) build on it; the platform never imports the config, it is handed the
 * client (`handlePublicForm`), so the layers' arrows all run down (docs/ARCHITECTURE.md, "Which
 * folder may import which").
 */

/** The one Payload instance of this server process (Payload caches it). */
export const getPayloadClient = (): Promise<Payload> => getPayload({ config })

/** Logs a failure that a visitor was answered for, through Payload's logger (platform/db/logFailure.ts). */
export const logFailure = (msg: string, err: unknown): Promise<void> => logFailureThrough(getPayloadClient, msg, err)
