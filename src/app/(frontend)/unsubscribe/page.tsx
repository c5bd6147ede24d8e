import type { Metadata } from 'next'

import { PageHero } from '@/components/PageHero'
import { isUnsubscribeKey } from '@/features/messages/signedLinks'
import { isUnsubscribed } from '@/features/messages/unsubscribe'
import { getPayloadClient } from '@/payloadClient'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false, follow: false }, referrer: 'no-referrer' }

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/**
 * Where the unsubscribe link of a refill reminder or welcome e-mail leads: a button that confirms
 * (a link alone must not unsubscribe: mail scanners open links), then the answer. The page names an
 * address only when the link's signature vouches for it, and says "Done" only once it is stored:
 * anyone can type an address bar.
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const query = await searchParams
  const email = one(query.email)
  const key = one(query.key)
  const payload = await getPayloadClient()
  let body
  if (!isUnsubscribeKey(payload, email, key)) {
    body = <p className="text-lg">This unsubscribe link is not complete. Please use the link in the e-mail as it is, or reply to the e-mail and we will take you off the list.</p>
  } else if (one(query.done) && (await isUnsubscribed(payload, email))) {
    body = (
      <p className="text-lg" data-testid="unsubscribe-done">
        Done: <strong>{email}</strong> gets no more refill reminders or list e-mails from us. E-mails about an order you place still come.
      </p>
    )
  } else {
    body = (
      <form method="post" action={`/unsubscribe/confirm?${new URLSearchParams({ email, key })}`} className="space-y-4">
        <p className="text-lg">
          Stop refill reminders and list e-mails to <strong>{email}</strong>? E-mails about an order you place still come.
        </p>
        <button type="submit" className="btn-primary">
          Unsubscribe
        </button>
      </form>
    )
  }
  return (
    <>
      <PageHero title="Unsubscribe" />
      <section className="section pt-4">
        <div className="container-page">
          <div className="card mx-auto max-w-xl">{body}</div>
        </div>
      </section>
    </>
  )
}
