import { MESSAGE_KINDS, MESSAGE_LABELS, type MessageKind } from '@/features/messages/templates'

/**
 * The outbox key that makes each kind of e-mail go once per order (`order:42:confirmed`), and the
 * kind's name read back from it for the order's list of e-mails in the admin.
 */
export const orderMessageKey = (orderId: number, kind: MessageKind) => `order:${orderId}:${kind}`

/** What every e-mail about an order is filed under in the outbox (`about`): the order's page lists them by it. */
export const orderEmailsAbout = (orderId: number | string) => `order:${orderId}`

/** 'Payment reminder' for `order:42:paymentReminder`; null for an e-mail of no template kind (the seller's own). */
export function orderMessageKindLabel(orderId: number, dedupeKey: string | null | undefined): string | null {
  const kind = MESSAGE_KINDS.find((candidate) => dedupeKey === orderMessageKey(orderId, candidate))
  return kind ? MESSAGE_LABELS[kind].label : null
}
