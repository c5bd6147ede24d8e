import 'server-only'

import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

/** The one Payload instance of this server process (Payload caches it). */
export const getPayloadClient = (): Promise<Payload> => getPayload({ config })

/**
 * Logs a failure that a visitor was answered for, through Payload's logger like every other
 * server log line. Only when Payload itself cannot start is there no logger to use.
 */
export async function logFailure(msg: string, err: unknown): Promise<void> {
  const payload = await getPayloadClient().catch(() => undefined)
  if (payload) payload.logger.error({ err, msg })
  else console.error(msg, err)
}
