import type { NextRequest } from 'next/server'

import { unsubscribe } from '@/features/messages/unsubscribe'
import { getPayloadClient } from '@/payloadClient'

export const dynamic = 'force-dynamic'

/**
 * The unsubscribe link's action: the button on /unsubscribe, and the mail app's one-click POST
 * (RFC 8058, List-Unsubscribe-Post) to the link itself, which src/proxy.ts hands over to here. The
 * link's signature is the proof: a one-click POST unsubscribes without a page and answers 200, or
 * 400 for a bad or altered link, which changes nothing. The button's answer is the page again.
 */
export async function POST(request: NextRequest) {
  const query = request.nextUrl.searchParams
  const email = query.get('email')
  const key = query.get('key')
  const done = await unsubscribe(await getPayloadClient(), email, key)
  if (await isOneClick(request)) {
    return new Response(done ? 'Unsubscribed.' : 'This unsubscribe link is not valid.', { status: done ? 200 : 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  return seeOther(`/unsubscribe?${new URLSearchParams(done ? { email: email!, key: key!, done: '1' } : { invalid: '1' })}`)
}

/** A GET (a link opened by a mail scanner) changes nothing: it shows the page with its button. */
export function GET(request: NextRequest) {
  return seeOther(`/unsubscribe${request.nextUrl.search}`)
}

/**
 * A relative address: the browser resolves it against the address it asked for. Next builds
 * `request.url` from the host name the server was started with, not the one the visitor used.
 */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } })

/** The body a mail app posts for RFC 8058's one-click unsubscribe (form-encoded or multipart). */
async function isOneClick(request: NextRequest): Promise<boolean> {
  try {
    return (await request.formData()).get('List-Unsubscribe') === 'One-Click'
  } catch {
    return false
  }
}
