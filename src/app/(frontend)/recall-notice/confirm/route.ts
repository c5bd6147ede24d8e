import type { NextRequest } from 'next/server'

import { RECALL_NOTICE_PATH } from '@/features/messages/signedLinks'
import { confirmRecallNotice } from '@/features/recalls/recallRecords'
import { getPayloadClient } from '@/payloadClient'

export const dynamic = 'force-dynamic'

/**
 * The recall notice page's button: records that the customer read it (once; pressed again it
 * keeps the first time) and shows the page's thanks. A link whose signature does not hold changes
 * nothing and answers 400. The link's signature is the proof, as for the unsubscribe link.
 */
export async function POST(request: NextRequest) {
  const key = request.nextUrl.searchParams.get('notice')
  const confirmed = await confirmRecallNotice(await getPayloadClient(), key)
  if (confirmed.status === 'invalid') return new Response('This link is not one of ours: use the link in the e-mail as it is.', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  // Relative: the browser resolves it against the address it asked for (Next's request.url names the server's own host).
  return new Response(null, { status: 303, headers: { Location: `${RECALL_NOTICE_PATH}?${new URLSearchParams({ notice: key! })}` } })
}

/** A GET (a link opened by a mail scanner) records nothing: the page with its button. */
export function GET(request: NextRequest) {
  return new Response(null, { status: 303, headers: { Location: `${RECALL_NOTICE_PATH}${request.nextUrl.search}` } })
}
