'use server'

import { headers } from 'next/headers'

import { getPayloadClient } from '@/payloadClient'

import { findOrderChanges, type ChangeRows } from './orderChangeHistory'

/**
 * "More" under an order's changes (`OrderChanges.tsx`): the next page. A server action, outside
 * Payload's access checks, so it reads as the session the request carries (Payload's cookie, under
 * its CSRF list) and the collection's rule decides: anyone but an admin is refused by it.
 */
export async function moreOrderChanges(orderId: number, page: number): Promise<ChangeRows> {
  if (!Number.isSafeInteger(orderId) || !Number.isSafeInteger(page) || page < 2) return { rows: [], nextPage: null }
  const payload = await getPayloadClient()
  const { user } = await payload.auth({ headers: await headers() })
  return findOrderChanges(payload, orderId, page, { user })
}
