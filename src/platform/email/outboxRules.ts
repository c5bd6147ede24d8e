/**
 * The outbox's timing rules, pure so they are tested on their own (`platform/email/outbox.ts` does the work).
 */

export const OUTBOX_STATUSES = [
  { label: 'Waiting', value: 'pending' },
  { label: 'Sending', value: 'sending' },
  { label: 'Sent', value: 'sent' },
  { label: 'Gave up', value: 'failed' },
  // Never sent, on purpose: the seller switched the message off, there is no address, or the
  // address unsubscribed. Kept so the order shows why.
  { label: 'Not sent', value: 'skipped' },
] as const

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]['value']

const SECOND = 1000
const MINUTE = 60 * SECOND

/**
 * The first retry comes soon (a mail server restarting), then the pauses double up to the cap.
 * EMAIL_FIRST_RETRY_SECONDS sets another first pause (tests play an outage in seconds with 1).
 */
export const FIRST_RETRY_MS = 10 * SECOND
export const MAX_RETRY_PAUSE_MS = 5 * MINUTE
/** After this long the message is marked failed and logged as an error for the seller to see. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * MINUTE

/**
 * How long the mail server may take to connect, and then to greet; a connection silent for 1.5
 * times this is given up. SMTP_TIMEOUT_SECONDS sets another (tests play a dead process in seconds).
 */
export const SMTP_TIMEOUT_MS = 10 * SECOND

/** The SMTP transport's timeouts (`transport.ts`) for one such setting. */
export function smtpTimeouts(smtpTimeoutMs = SMTP_TIMEOUT_MS) {
  return { connectionTimeout: smtpTimeoutMs, greetingTimeout: smtpTimeoutMs, socketTimeout: 1.5 * smtpTimeoutMs }
}

/**
 * A message claimed longer ago than this was being sent by a process that died (or hung): it is
 * sent again. Six times the SMTP timeout (a minute by default): longer than the transport's
 * connection, greeting and socket timeouts together.
 */
export function staleClaimMs(smtpTimeoutMs = SMTP_TIMEOUT_MS): number {
  return 6 * smtpTimeoutMs
}

/**
 * How often the running server looks for due messages besides the nudge after each commit: twice
 * per first pause (every 5 s by default), so no retry is late by more than half its shortest pause.
 */
export function pollIntervalMs(firstRetryMs = FIRST_RETRY_MS): number {
  return firstRetryMs / 2
}

/** The pause before attempt `attempts + 1`, after `attempts` failed ones (at least one). */
export function retryPauseMs(attempts: number, firstRetryMs = FIRST_RETRY_MS): number {
  return Math.min(MAX_RETRY_PAUSE_MS, firstRetryMs * 2 ** Math.max(0, attempts - 1))
}
