/**
 * A recall's record: its kinds, the states of a customer's notice, and what its e-mail is about in
 * the outbox. Pure, so the collection, the service and the pages share it.
 */

export const RECALL_KINDS = [
  { label: 'Real recall', value: 'real' },
  { label: 'Practice (drill)', value: 'drill' },
] as const
export type RecallKind = (typeof RECALL_KINDS)[number]['value']

/** Customers per page of a recall's record. */
export const NOTICES_PER_PAGE = 50

/** The reason the seller types: kept short enough to read on the record. */
export const RECALL_REASON_MAX = 1000

/**
 * What a recall's e-mail is about in the outbox. Not a list e-mail (`retentionRules.ts#listEmailAbout`,
 * "batch:"): the retention keeps its envelope (to, subject, when) for as long as the outbox keeps
 * order e-mails, and removes only its text after the seller's days; the recall keeps the text as sent.
 */
export const recallEmailAbout = (recallId: number | string) => `recall:${recallId}`

/** One e-mail per recall and customer (the customer named by their first order's id), also after a double click or a restart. */
export const recallEmailKey = (recallId: number | string, customer: string) => `recall:${recallId}:${customer}`

export type NoticeState = 'waiting' | 'sent' | 'failed' | 'no-email'

/**
 * A customer's notice as the outbox has it: sent; failed when the mail server refused it (it is
 * still retried, but the seller calls them now); else waiting.
 */
export function noticeState(outbox: { status?: string | null; attempts?: number | null } | null | undefined): NoticeState {
  if (!outbox) return 'no-email'
  if (outbox.status === 'sent') return 'sent'
  if (outbox.status === 'failed' || outbox.status === 'skipped' || (outbox.attempts ?? 0) > 0) return 'failed'
  return 'waiting'
}

export const NOTICE_STATE_LABELS: Record<NoticeState, string> = {
  waiting: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'E-mail failed: call them',
  'no-email': 'No e-mail: call them',
}

/** The statuses an order a recall holds cannot move to (towards handing it over) until it is released. */
export const NOT_WHILE_HELD: readonly string[] = ['ready', 'completed']
