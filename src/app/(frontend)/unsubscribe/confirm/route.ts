import { unsubscribe } from '@/features/messages/unsubscribe'
import { getPayloadClient } from '@/platform/db/payloadClient'

export const dynamic = 'force-dynamic'

/**
 * The unsubscribe link's action: the mail app's one-click POST (RFC 8058, List-Unsubscribe-Post)
 * and the button on /unsubscribe. A bad or altered link changes nothing and says so.
 */
export async function POST(request: Request) {
  const url = new URL(request.url)
  const email = url.searchParams.get('email')
  const done = await unsubscribe(await getPayloadClient(), email, url.searchParams.get('key'))
  const page = new URL('/unsubscribe', url)
  page.search = new URLSearchParams(done ? { email: email!, done: '1' } : { invalid: '1' }).toString()
  return Response.redirect(page, 303)
}

/** A GET (a link opened by a mail scanner) changes nothing: it shows the page with its button. */
export function GET(request: Request) {
  const url = new URL(request.url)
  return Response.redirect(new URL(`/unsubscribe${url.search}`, url), 303)
}
