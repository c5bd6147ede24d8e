const HOUR_MS = 60 * 60 * 1000
/** How often the reminders due (day-before, refill) are looked for. */
const SCHEDULED_MESSAGES_MS = 10 * 60 * 1000

/**
 * Connects Payload when the server starts, so migrations, the first admin and the seed run before
 * the first visitor arrives rather than during their request. Then starts the server's own
 * background work: the e-mail outbox's worker, so e-mails left waiting by a restart or a
 * mail-server outage go out without anyone visiting, the customers' reminders every ten minutes
 * (each goes once: `features/messages/orderMessages.ts`), and the hourly removal of old submission keys.
 * Skipped while `next build` runs.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const [{ getPayloadClient }, { startOutboxWorker }, { pruneSubmissions }, { queueScheduledMessages }] = await Promise.all([
    import('./platform/db/payloadClient'),
    import('./platform/email/outbox'),
    import('./platform/db/submissions'),
    import('./features/messages/orderMessages'),
  ])
  const payload = await getPayloadClient()
  startOutboxWorker(payload)
  const sendReminders = () => queueScheduledMessages(payload).catch((error) => payload.logger.error({ err: error, msg: '[messages] looking for reminders failed' }))
  void sendReminders()
  setInterval(sendReminders, SCHEDULED_MESSAGES_MS).unref()
  setInterval(() => pruneSubmissions(payload).catch((error) => payload.logger.error({ err: error, msg: '[submissions] pruning failed' })), HOUR_MS).unref()
}
