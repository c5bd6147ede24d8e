/**
 * The seller's daily screen for the phone (`app/(seller)/seller`): its addresses, for its own links,
 * the admin's link to it and the sign-in page's way back.
 */
export const SELLER_PATHS = {
  today: '/seller',
  newOrders: '/seller/new',
  customers: '/seller/customers',
  /** The orders that owe money, oldest handover first, with Mark paid and its day. */
  owed: '/seller/owed',
  /** Add order (`app/(seller)/seller/add`): the admin's fields and service, on the phone. */
  addOrder: '/seller/add',
  /** Where an order's buttons post (`app/(seller)/seller/orders/[id]/route.ts`). */
  order: (id: number | string) => `/seller/orders/${encodeURIComponent(String(id))}`,
  /** The recall on the phone (`app/(seller)/seller/recall`): the admin's Recall screen's form, list and buttons. */
  recall: '/seller/recall',
  /** Where the recall's drill and real-recall buttons post. */
  recallRun: '/seller/recall/run',
  /** A delivery run on the phone (`app/(seller)/seller/run`, Delivery day): its stops in driving order, Leaving, the handovers. */
  run: '/seller/run',
  /** A recall's record in short: who was told, who to call. */
  recallRecord: (id: number | string) => `/seller/recall/${encodeURIComponent(String(id))}`,
} as const

/** `?page=2`…: a page number, or the first page for anything else. */
export const pageNumberFrom = (value: unknown) => (typeof value === 'string' && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1)

/** `?q=…`: the customer search, as long as a search may be. */
export const searchFrom = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '')

/** A page of the New list: `/seller/new` is the first. */
export const newOrdersPath = (page: number) => (page <= 1 ? SELLER_PATHS.newOrders : `${SELLER_PATHS.newOrders}?page=${page}`)

/** A page of the Owed list: `/seller/owed` is the first. */
export const owedPath = (page: number) => (page <= 1 ? SELLER_PATHS.owed : `${SELLER_PATHS.owed}?page=${page}`)

/** The New list after an order was added by hand: it says which one (`notices.ts#noticeFrom`). */
export const orderAddedPath = (reference: string | null | undefined) => (reference ? `${SELLER_PATHS.newOrders}?added=${encodeURIComponent(reference)}` : SELLER_PATHS.newOrders)

/** A page of the customer search, keeping the search. */
export function customersPath(search: string, page = 1): string {
  const query = new URLSearchParams({ ...(search ? { q: search } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString()
  return query ? `${SELLER_PATHS.customers}?${query}` : SELLER_PATHS.customers
}

/** Payload's sign-in page, which brings the seller back to `back` (a path of this site only: Payload checks it). */
export const signInPath = (back: string) => `/admin/login?redirect=${encodeURIComponent(back)}`

/**
 * A run's key: its day and delivery time as orders name it (`windowKey`, '2026-12-05_<time id>'),
 * or '2026-12-05_text' for that day's deliveries with no booked time.
 */
export const RUN_KEY = /^\d{4}-\d{2}-\d{2}_[A-Za-z0-9]{1,40}$/

/** One run on the phone; without a key, the page picks the day's first. */
export const runPath = (runKey?: string) => (runKey ? `${SELLER_PATHS.run}?run=${encodeURIComponent(runKey)}` : SELLER_PATHS.run)

/**
 * The pages a posted form may send the seller back to: the daily screen's own, so a forged `back`
 * field cannot turn the answer into a redirect elsewhere.
 */
export const RETURN_PATH = /^\/seller(?:\/(?:new|owed)(?:\?page=[1-9][0-9]{0,5})?|\/run(?:\?run=\d{4}-\d{2}-\d{2}_[A-Za-z0-9]{1,40})?)?$/
