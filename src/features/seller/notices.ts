import * as z from 'zod/mini'

import { PAYMENT_METHODS } from '@/features/ordering/options'
import { isDayKey, shortDayLabel } from '@/shared/time'

import { PAID_ON_REFUSALS, type PaidOnRefusal, SELLER_ACTIONS, type SellerAction } from './rules'

const methodLabel = (method: string | undefined) => PAYMENT_METHODS.find((option) => option.value === method)?.label

/** What the seller reads on the daily screen after a tap, and when a post is refused. */
export const sellerNotices = {
  done: (action: SellerAction, reference: string, method?: string, paidOn?: string) => {
    switch (action) {
      case 'confirm':
        return `${reference} confirmed.`
      case 'ready':
        return `${reference} is ready.`
      case 'complete':
        return `${reference} completed.`
      case 'cancel':
        return `${reference} cancelled.`
      case 'handedOver':
        return `${reference} handed over.`
      case 'collected':
        return `${reference} collected.`
      case 'notHome':
        return `${reference}: not home, noted. Its jars stay on the run.`
      case 'paid': {
        const how = [methodLabel(method), paidOn && shortDayLabel(paidOn)].filter(Boolean).join(', ')
        return `${reference} marked paid${how ? ` (${how})` : ''}.`
      }
    }
  },
  /** Add order saved one: it waits in New like an order from the site. */
  added: (reference: string) => `${reference} added.`,
  /** The order had moved on before this tap (a double tap, another phone, the admin): nothing was applied twice. */
  unchanged: (reference: string) => `${reference} had already changed: nothing was done twice.`,
  /** A recall holds the order: its jars are not handed over. */
  held: (reference: string) => `${reference} is HELD by a recall: not handed over. Release it on the order in the admin, with a note, first.`,
  /** Mark paid with a day it cannot have been paid on: nothing was changed. */
  notPaid: (reference: string, why: PaidOnRefusal) =>
    why === 'future'
      ? `${reference} was not marked paid: the day paid can’t be after today.`
      : `${reference} was not marked paid: the day paid can’t be before the day it was ordered.`,
  badPaidOn: 'The day paid could not be read. Pick it again.',
  /** Mark paid for an amount the order no longer owes (the customer changed it after the page was loaded): nothing was changed. */
  owesChanged: (reference: string) => `${reference} was not marked paid: what it owes changed after this page was loaded. Check the amount now shown and tap again.`,
  /** A delivery day's button posted while Delivery day is off (a page from before it was turned off). */
  deliveryDayOff: 'Handovers are recorded only while Delivery day is on (Admin → Shop → Pickup & delivery). Nothing was changed.',
  notFound: 'That order no longer exists.',
  otherSite: 'Changes are only saved from this site’s own pages. Open the daily screen again and retry.',
  notAnAdmin: 'Only the seller’s admins can use the daily screen.',
  badForm: 'The form could not be read. Reload the page and try again.',
  tooLarge: 'That form is far larger than an order: nothing was saved. Reload the page and try again.',
  notSaved: 'The change could not be saved. Try again in a moment.',
  reasonMissing: 'Write why the order is cancelled: the reason is kept in its notes.',
  /** An Add order post refused before anything was read into an order. */
  refusedTitle: 'The order was not added',
} as const

const reference = z.string().check(z.regex(/^[A-Za-z0-9-]{1,24}$/))

/**
 * The notice a page shows after a post (the query `orderRoute.ts#backTo` sends the seller back
 * with), from fixed wording: of what came in the address, only an order reference is shown.
 */
export function noticeFrom(query: Record<string, string | string[] | undefined>): string | null {
  const one = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined)
  const done = z.enum(SELLER_ACTIONS).safeParse(one('done'))
  const order = reference.safeParse(one('order'))
  if (done.success && order.success) {
    const paidOn = one('paidOn')
    return sellerNotices.done(done.data, order.data, one('method'), isDayKey(paidOn) ? paidOn : undefined)
  }
  const notPaid = reference.safeParse(one('notPaid'))
  const why = z.enum(PAID_ON_REFUSALS).safeParse(one('why'))
  if (notPaid.success && why.success) return sellerNotices.notPaid(notPaid.data, why.data)
  const owesChanged = reference.safeParse(one('owesChanged'))
  if (owesChanged.success) return sellerNotices.owesChanged(owesChanged.data)
  const added = reference.safeParse(one('added'))
  if (added.success) return sellerNotices.added(added.data)
  const held = reference.safeParse(one('held'))
  if (held.success) return sellerNotices.held(held.data)
  const unchanged = reference.safeParse(one('unchanged'))
  return unchanged.success ? sellerNotices.unchanged(unchanged.data) : null
}
