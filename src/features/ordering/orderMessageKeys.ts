import { MESSAGE_KINDS, MESSAGE_LABELS, type MessageKind } from '@/features/messages/templates'

/**
 * The outbox key that makes each kind of e-mail go once per order (`order:42:confirmed`), and the
 * kind's name read back from it for the order's list of e-mails in the admin. An e-mail that goes
 * once per occasion rather than once per order names it: the day-before reminder goes once per
 * booked day (`order:42:reminder:2026-12-06`), so an order moved to another day is reminded again.
 */
export const orderMessageKey = (orderId: number, kind: MessageKind, occasion?: string) => `order:${orderId}:${kind}${occasion ? `:${occasion}` : ''}`

/** What every e-mail about an order is filed under in the outbox (`about`): the order's page lists them by it. */
export const orderEmailsAbout = (orderId: number | string) => `order:${orderId}`

/** Whether an outbox key is that of the order's e-mail of this kind, for any occasion. */
export function isOrderMessageKey(dedupeKey: string | null | undefined, orderId: number, kind: MessageKind): boolean {
  const key = orderMessageKey(orderId, kind)
  return dedupeKey === key || Boolean(dedupeKey?.startsWith(`${key}:`))
}

/** 'Payment reminder' for `order:42:paymentReminder`; null for an e-mail of no template kind (the seller's own). */
export function orderMessageKindLabel(orderId: number, dedupeKey: string | null | undefined): string | null {
  const kind = MESSAGE_KINDS.find((candidate) => isOrderMessageKey(dedupeKey, orderId, candidate))
  return kind ? MESSAGE_LABELS[kind].label : null
}
