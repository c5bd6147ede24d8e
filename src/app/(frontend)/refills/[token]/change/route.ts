import type { NextRequest } from 'next/server'

import { changeRefillFlavors, changeRefillPlan, isPlanChange, isPlanToken } from '@/features/refills/planChanges'
import { getPayloadClient } from '@/payloadClient'
import { allowAttempt } from '@/platform/http/rateLimit'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ token: string }> }

/**
 * The confirm button of the plan's page: applies the change and answers with the page again,
 * saying what was done or why nothing was. An unknown token changes nothing and is not found.
 */
export async function POST(request: NextRequest, { params }: Context) {
  const { token } = await params
  if (!isPlanToken(token)) return notFound()
  const query = request.nextUrl.searchParams
  const what = query.get('what')
  if (what !== 'flavors' && !isPlanChange(what)) return seeOther(`/refills/${token}`)
  if (!(await allowAttempt('refillPlanChange', token))) return seeOther(`/refills/${token}?refused=too-many`)
  if (what === 'flavors') return changeFlavors(request, token)
  const result = await changeRefillPlan(await getPayloadClient(), token, what, query.get('day'))
  if (!result.ok && result.reason === 'not-found') return notFound()
  return seeOther(`/refills/${token}?${new URLSearchParams(result.ok ? { done: what } : { refused: result.reason })}`)
}

/** The flavors form: one `flavor` per jar, in the jars' order. */
async function changeFlavors(request: NextRequest, token: string) {
  const form = await request.formData().catch(() => null)
  const chosen = (form?.getAll('flavor') ?? []).map(String)
  const result = await changeRefillFlavors(await getPayloadClient(), token, chosen)
  if (result.ok) return seeOther(`/refills/${token}?done=flavors`)
  if (result.reason === 'not-found') return notFound()
  if (result.reason === 'too-few') return seeOther(`/refills/${token}?${new URLSearchParams({ change: 'flavors', refused: 'too-few', flavor: result.flavor, left: String(result.left) })}`)
  return seeOther(`/refills/${token}?${new URLSearchParams(result.reason === 'stopped' ? { refused: 'stopped' } : { change: 'flavors', refused: result.reason })}`)
}

/** A GET (a link opened by a mail scanner) changes nothing: it shows the page asking to confirm. */
export async function GET(request: NextRequest, { params }: Context) {
  const { token } = await params
  if (!isPlanToken(token)) return notFound()
  const what = request.nextUrl.searchParams.get('what')
  return seeOther(`/refills/${token}${isPlanChange(what) || what === 'flavors' ? `?change=${what}` : ''}`)
}

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** A relative address: Next builds `request.url` from the server's own host name, not the visitor's. */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } })
