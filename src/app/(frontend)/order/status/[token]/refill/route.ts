import type { NextRequest } from 'next/server'

import { refillNotices } from '@/features/ordering/notices'
import { startRefillPlanFromOrderPage } from '@/features/ordering/refillSignUp'
import { refillPlanPath } from '@/features/ordering/refillTerms'
import { getPayloadClient } from '@/platform/db/payloadClient'

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
  if (!result.message) return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const why = Object.entries(refillNotices).find(([, message]) => message === result.message)?.[0] ?? 'interval'
  return seeOther(`/order/status/${token}?${new URLSearchParams({ refill: why })}#refill-plan`)
}

/** Opened as a link: the order page, where the button is. */
export async function GET(_request: NextRequest, { params }: Context) {
  const { token } = await params
  return seeOther(`/order/status/${token}#refill-plan`)
}

/** A relative address: Next builds `request.url` from the server's own host name, not the visitor's. */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } })
