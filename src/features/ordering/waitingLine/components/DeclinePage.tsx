import 'server-only'

import { PageHero } from '@/components/PageHero'
import { getFlavors } from '@/features/ordering/cachedReads'
import { WAITING_LINE_PATHS } from '@/features/messages/signedLinks'
import { getPayloadClient } from '@/payloadClient'
import type { Message } from '@/shared/notices'

import { DECLINE_ROUTE, passedFrom } from '../declineRoute'
import { heldJarsOf, placeOfLink } from '../line'
import { lineNotices, placeState } from '../rules'

/**
 * `/waiting-line?place=<key>`, an offer e-mail's "No thanks" link: what is held and until when,
 * and a button that passes the jars on (a post: mail scanners open links, and a view changes
 * nothing); after it, where the jars went. Once the place is ordered, passed on or has left the
 * line, or its hold's time is over, why there is nothing to pass on.
 */
export async function DeclinePage({ query, now = new Date() }: { query: URLSearchParams; now?: Date }) {
  const payload = await getPayloadClient()
  const key = query.get('place') ?? ''
  const place = await placeOfLink(payload, key)
  const held = place ? heldJarsOf(place) : []
  const passed = place?.status === 'passed' ? passedFrom(query) : null

  let body
  if (passed) {
    body = <Notice message={lineNotices.declined(passed.heldCount, passed.wentTo)} testId="decline-done" />
  } else if (place && !placeState(place) && place.holdUntil && new Date(place.holdUntil) > now && held.length > 0) {
    const flavors = await getFlavors()
    const names = [...new Set(held.filter(Boolean))].map((value) => flavors.find((flavor) => flavor.value === value)?.name ?? value)
    const holding = lineNotices.heldForYou(held.length, names, place.holdUntil)
    body = (
      <form method="post" action={`${DECLINE_ROUTE}?${new URLSearchParams({ place: key })}`} className="space-y-4" data-testid="decline-form">
        <p className="text-lg font-semibold">{holding.title}</p>
        <p className="text-lg">{holding.description}</p>
        <p className="text-lg">{lineNotices.declineHow}</p>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary">
            Pass them on
          </button>
          <a href={`${WAITING_LINE_PATHS.claim}?${new URLSearchParams({ place: key })}`} className="font-semibold text-plum-700 underline">
            Order them instead
          </a>
        </div>
      </form>
    )
  } else {
    const why: Message = placeState(place) ?? lineNotices.holdRanOut(place?.holdUntil ?? now.toISOString())
    body = <Notice message={why} testId="decline-refused" />
  }

  return (
    <>
      <PageHero title="No Thanks" />
      <section className="section pt-4">
        <div className="container-page">
          <div className="card mx-auto max-w-xl">{body}</div>
        </div>
      </section>
    </>
  )
}

function Notice({ message, testId }: { message: Message; testId: string }) {
  return (
    <div className="space-y-4" data-testid={testId}>
      <h2 className="text-2xl font-semibold">{message.title}</h2>
      <p className="text-lg">{message.description}</p>
      <a href="/order" className="btn-primary inline-block">
        Go to the order page
      </a>
    </div>
  )
}
