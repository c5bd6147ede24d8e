import 'server-only'

import type { Payload, PayloadRequest, TypedUser } from 'payload'

import { BUSINESS_TIME_ZONE } from '@/shared/time'

import { dollars } from '../wording'

/** Changes shown at a time on the order's page; "More" reads the next ones. */
export const CHANGES_PER_PAGE = 10

/** One change as the order's admin page lists it. */
export type ChangeRow = { id: number | string; text: string }
export type ChangeRows = { rows: ChangeRow[]; nextPage: number | null }

const WHO: Record<string, string> = { customer: 'Customer', seller: 'Seller' }

// "Sat, Nov 28, 3:04 PM", the seller's clock.
const whenFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE })

/** "Sat, Nov 28, 3:04 PM · Customer · Time: A → B; Total $50 → $55"; a seller's edit names the account ("Seller (ana@example.com)"). */
export function changeRowText(change: { createdAt: string; by: string; byName?: string | null; lines?: string | null; totalBefore?: number | null; totalAfter?: number | null }): string {
  const lines = (change.lines ?? '').split('\n').map((line) => line.trim()).filter(Boolean)
  const total = change.totalBefore != null && change.totalAfter != null ? [`Total ${dollars(change.totalBefore)} → ${dollars(change.totalAfter)}`] : []
  const who = WHO[change.by] ?? change.by
  return [whenFormat.format(new Date(change.createdAt)), change.byName ? `${who} (${change.byName})` : who, [...lines, ...total].join('; ')].join(' · ')
}

/**
 * A page of an order's changes, newest first, read as the one asking may read them (the
 * collection's own rule: admins only): `req` inside the admin's views, `user` from a server
 * action's session.
 */
export async function findOrderChanges(payload: Payload, orderId: number, page: number, reader: { req: PayloadRequest } | { user: TypedUser | null }): Promise<ChangeRows> {
  const { docs, hasNextPage } = await payload.find({
    collection: 'order-changes',
    where: { order: { equals: orderId } },
    sort: '-createdAt',
    limit: CHANGES_PER_PAGE,
    page,
    depth: 0,
    overrideAccess: false,
    ...reader,
  })
  return { rows: docs.map((change) => ({ id: change.id, text: changeRowText(change) })), nextPage: hasNextPage ? page + 1 : null }
}
