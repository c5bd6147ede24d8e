const HOUR_MS = 60 * 60 * 1000

/**
 * Connects Payload when the server starts, so migrations, the first admin and the seed run before
 * the first visitor arrives rather than during their request. Then starts the server's own
 * background work: the e-mail outbox's worker, so e-mails left waiting by a restart or a
 * mail-server outage go out without anyone visiting, and the hourly removal of old submission keys.
 * Skipped while `next build` runs.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const [{ getPayloadClient }, { startOutboxWorker }, { pruneSubmissions }] = await Promise.all([
    import('./platform/db/payloadClient'),
    import('./platform/email/outbox'),
    import('./platform/db/submissions'),
  ])
  const payload = await getPayloadClient()
  startOutboxWorker(payload)
  setInterval(() => pruneSubmissions(payload).catch((error) => payload.logger.error({ err: error, msg: '[submissions] pruning failed' })), HOUR_MS).unref()
}
