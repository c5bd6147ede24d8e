import type { NextRequest } from 'next/server'

import { refillNotices } from '@/features/ordering/notices'
import { isStatusToken } from '@/features/ordering/orderStatus'
import { startRefillPlanFromOrderPage } from '@/features/ordering/refillSignUp'
import { refillPlanPath } from '@/features/ordering/refillTerms'
import { getPayloadClient } from '@/payloadClient'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ token: string }> }

/**
 * The order page's "Make this a refill plan" button: makes the plan and opens its private page,
 * or goes back to the order page saying why not. An unknown order is not found.
 */
export async function POST(request: NextRequest, { params }: Context) {
  const { token } = await params
  const form = await request.formData().catch(() => null)
  const result = await startRefillPlanFromOrderPage(await getPayloadClient(), token, Number(form?.get('everyWeeks')))
  if (result.ok) return seeOther(`${refillPlanPath(result.plan.token)}?done=started`)
  if (!result.message) return notFound()
  const why = Object.entries(refillNotices).find(([, message]) => message === result.message)?.[0] ?? 'interval'
  return seeOther(`/order/status/${token}?${new URLSearchParams({ refill: why })}#refill-plan`)
}

/**
 * Opened as a link: the order page, where the button is. An address that holds no token is not
 * found (its text could hold what no Location header may carry, such as a line break).
 */
export async function GET(_request: NextRequest, { params }: Context) {
  const { token } = await params
  if (!isStatusToken(token)) return notFound()
  return seeOther(`/order/status/${token}#refill-plan`)
}

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** A relative address: Next builds `request.url` from the server's own host name, not the visitor's. */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } })
