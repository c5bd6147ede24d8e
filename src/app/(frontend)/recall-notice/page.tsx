import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { PageHero } from '@/components/PageHero'
import { RECALL_NOTICE_PATH } from '@/features/messages/signedLinks'
import { recallNoticeOf } from '@/features/recalls/recallRecords'
import { getPayloadClient } from '@/payloadClient'
import { businessDateTime } from '@/shared/time'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Recall notice', robots: { index: false, follow: false }, referrer: 'no-referrer' }

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/**
 * Where a recall e-mail's "I have read this notice" link leads: a button that records it (a link
 * alone must not: mail scanners open links), then the thanks. A link that is not one of ours is
 * a 404; no customer's name is shown, as anyone may hold a forwarded e-mail.
 */
export default async function RecallNoticePage({ searchParams }: Props) {
  const key = one((await searchParams).notice)
  const notice = await recallNoticeOf(await getPayloadClient(), key)
  if (!notice) notFound()
  const body = notice.confirmedAt ? (
    <p className="text-lg" data-testid="recall-confirmed">
      Thank you: we have noted that you read the recall notice ({businessDateTime(notice.confirmedAt)}). Please do not eat the recalled jars. If you have any question, reply to the
      e-mail or call us.
    </p>
  ) : (
    <form method="post" action={`${RECALL_NOTICE_PATH}/confirm?${new URLSearchParams({ notice: key })}`} className="space-y-4">
      <p className="text-lg">Please tell us you have read the recall notice we e-mailed you. It helps us make sure every customer knows not to eat the recalled jars.</p>
      <button type="submit" className="btn-primary">
        I have read this notice
      </button>
    </form>
  )
  return (
    <>
      <PageHero title="Recall notice" />
      <section className="section pt-4">
        <div className="container-page">
          <div className="card mx-auto max-w-xl">{body}</div>
        </div>
      </section>
    </>
  )
}
