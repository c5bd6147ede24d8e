import type { Instrumentation } from 'next'

const HOUR_MS = 60 * 60 * 1000
/** How often the reminders due (day-before, refill) are looked for. */
const SCHEDULED_MESSAGES_MS = 10 * 60 * 1000

/**
 * Connects Payload when the server starts, so migrations, the first admin and the seed run before
 * the first visitor arrives rather than during their request. Then starts the server's own
 * background work: the e-mail outbox's worker, so e-mails left waiting by a restart or a
 * mail-server outage go out without anyone visiting, the customers' reminders every ten minutes
 * (each goes once: `features/ordering/orderMessages.ts`), the hourly removal of old submission keys
 * and of the health check's keys of stopped servers, the SQLite backups (every six hours and at
 * 03:00, `platform/backup`), and the saved exports' files left waiting by a restart
 * (`features/admin/exportJobs.ts`; a new one starts at once), the new-order notifications left
 * waiting (`features/seller/push/orderPush.ts`), and the batch clock: a batch
 * opening or closing at its time, and the e-mail to the list when one opens (`batchClock.ts`), and
 * the refill plans' orders, made a few days ahead, and at once from a batch announced, so plan
 * holders' jars are reserved before its opening (`features/refills/cycle.ts`), and the hourly
 * removal of sent e-mails' text past the seller's retention (`platform/email/retention.ts`), and
 * the waiting line's round: holds run out passed on, old places ended (`features/ordering/waitingLine/line.ts`),
 * and the missed-pickup round: one "We missed you" e-mail per pickup not collected by the end of its
 * time, while the seller records handovers (`features/delivery/missedPickup.ts`).
 * With several instances on Redis, each periodic round runs on one of them (`runOnOneInstance`);
 * the outbox needs no lock, each message is claimed in the database before it is sent.
 * Skipped while `next build` runs.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  // A wrong setting stops the server here, naming the variable, before anything runs on it.
  const { checkEnvironmentOrExit } = await import('./platform/config/environment.mjs')
  checkEnvironmentOrExit()
  try {
    await startServerWork()
  } catch (error) {
    // Next would log "Failed to prepare server" and keep listening, answering every request with a
    // 500 (or never, for a module missing from the image): a server that cannot open its database
    // stops instead, saying why, so its supervisor (Docker, systemd) starts it again or shows it down.
    console.error('The server could not start and stops:', error)
    process.exit(1)
  }
}

async function startServerWork(): Promise<void> {
  // Again here, so that the build leaves this work and its imports out of the edge runtime's bundle.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const [{ getPayloadClient }, { startOutboxWorker }, { pruneSubmissions }, { queueScheduledMessages }, { runOnOneInstance }, { backUpWhenDue, BACKUP_CHECK_MS }, { markServerRunning }] = await Promise.all([
    import('./payloadClient'),
    import('./platform/email/outbox'),
    import('./platform/db/submissions'),
    import('./features/ordering/orderMessages'),
    import('./platform/redis/oneInstance'),
    import('./platform/backup/scheduledBackups'),
    import('./platform/backup/runningServer'),
  ])
  const { alertSellerWhenUnwell, ATTENTION_CHECK_MS } = await import('./platform/health/attention')
  const { pruneHealthKeys } = await import('./platform/health/health')
  const { startExportsWorker } = await import('./features/admin/exportJobs')
  const { startPushWorker } = await import('./features/seller/push/orderPush')
  const { batchClockRound, BATCH_CLOCK_MS } = await import('./features/ordering/batchClock')
  const { refillRound, REFILL_ROUND_MS, reserveFromAnnouncedBatch } = await import('./features/refills/cycle')
  const { pruneEmailBodies, BODY_RETENTION_ROUND_MS } = await import('./platform/email/retention')
  const { lineRound } = await import('./features/ordering/waitingLine/line')
  const { missedPickupRound, MISSED_PICKUP_ROUND_MS } = await import('./features/delivery/missedPickup')
  markServerRunning()
  const payload = await getPayloadClient()
  startOutboxWorker(payload)
  startExportsWorker(payload)
  startPushWorker(payload)
  const every = (job: string, periodMs: number, work: () => Promise<unknown>) => {
    const round = () => runOnOneInstance(job, periodMs, work).catch((error) => payload.logger.error({ err: error, msg: `[${job}] failed` }))
    void round()
    setInterval(round, periodMs).unref()
  }
  every('reminders', SCHEDULED_MESSAGES_MS, () => queueScheduledMessages(payload))
  every('prune-submissions', HOUR_MS, () => pruneSubmissions(payload))
  every('prune-health-keys', HOUR_MS, () => pruneHealthKeys(payload))
  every('backup', BACKUP_CHECK_MS, () => backUpWhenDue(payload))
  every('health-alert', ATTENTION_CHECK_MS, () => alertSellerWhenUnwell(payload))
  every('batch-clock', BATCH_CLOCK_MS, () => batchClockRound(payload))
  every('refills', REFILL_ROUND_MS, () => refillRound(payload))
  every('refill-reservations', BATCH_CLOCK_MS, () => reserveFromAnnouncedBatch(payload))
  every('email-retention', BODY_RETENTION_ROUND_MS, () => pruneEmailBodies(payload))
  every('waiting-line', BATCH_CLOCK_MS, () => lineRound(payload))
  every('missed-pickups', MISSED_PICKUP_ROUND_MS, () => missedPickupRound(payload))
}

/**
 * One line for each request Next could not serve (Next's documented `onRequestError` hook): its
 * method, address without the query, the kind of route (`action` for a server action, `render`,
 * `route`, `proxy`), the error's name and first line, never its stack, and the digest the client
 * was shown, to find a visitor's report in the log. Garbage posted to a server action (a body
 * that is not React's format, a post from another site) is Next's to refuse, with its own 500;
 * in production Next prints each such error in a few lines with its own frames hidden, and this
 * line says which request it was.
 */
export const onRequestError: Instrumentation.onRequestError = (error, request, context) => {
  const { name, message } = error instanceof Error ? error : { name: typeof error, message: String(error) }
  const digest = typeof error === 'object' && error !== null && 'digest' in error ? ` (digest ${String(error.digest)})` : ''
  const firstLine = message.split('\n', 1)[0].slice(0, 300)
  console.error(`[${context.routeType}] ${request.method} ${request.path.split('?', 1)[0]}: ${name}: ${firstLine}${digest}`)
}
