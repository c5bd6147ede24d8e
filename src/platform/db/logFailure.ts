import 'server-only'

import type { Payload } from 'payload'

/**
 * Logs a failure that a visitor was answered for, through Payload's logger like every other
 * server log line. Only when Payload itself cannot start is there no logger to use.
 */
export async function logFailureThrough(client: () => Promise<Payload>, msg: string, err: unknown): Promise<void> {
  const payload = await client().catch(() => undefined)
  if (payload) payload.logger.error({ err, msg })
  else console.error(msg, err)
}
