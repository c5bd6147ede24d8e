import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { PageHero } from '@/components/PageHero'
import { getSiteSettings } from '@/cachedGlobals'
import { changeOrder } from '@/features/ordering/changes/actions'
import { ChangeOrder } from '@/features/ordering/changes/components/ChangeOrder.client'
import { changesOffered } from '@/features/ordering/changes/components/changeFormState'
import { settlementText } from '@/features/ordering/changes/notices'
import { orderChangeChoices } from '@/features/ordering/changes/service'
import { orderConfirmation } from '@/features/ordering/confirmation'
import { OrderConfirmationDetails } from '@/features/ordering/components/OrderConfirmation'
import { PAYMENT_METHODS } from '@/features/ordering/options'
import { labelOf } from '@/features/ordering/orderDetails'
import { refillNotices } from '@/features/ordering/notices'
import { findOrderByStatusToken, statusWording } from '@/features/ordering/orderStatus'
import { offersRefillPlan, planOfOrder } from '@/features/ordering/refillSignUp'
import { planSummary, REFILL_INTERVALS_WEEKS } from '@/features/ordering/refillTerms'
import type { Message } from '@/shared/notices'
import { getPayloadClient } from '@/payloadClient'
import { businessDate, businessDateTime } from '@/shared/time'

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

/** One customer's order, read for each request: never cached, never indexed. */
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Your order',
  robots: { index: false, follow: false },
  // The token is the key to this page: it must not travel to other sites in a Referer. same-origin,
  // not no-referrer: the change forms' posts carry their Origin, which Next checks (no-referrer sends "null").
  referrer: 'same-origin',
}

export default async function OrderStatusPage({ params, searchParams }: Props) {
  const [{ token }, query] = await Promise.all([params, searchParams])
  const payload = await getPayloadClient()
  const [order, settings] = await Promise.all([findOrderByStatusToken(payload, token), getSiteSettings()])
  if (!order) notFound()

  const [plan, choices] = await Promise.all([planOfOrder(payload, order), orderChangeChoices(payload, order)])
  const confirmation = orderConfirmation(order, settings.paymentMethods ?? [], plan ? planSummary(plan) : undefined)
  // Why the plan was not made: a key of the notices only (nothing typed in the link is shown).
  const refusedKey = typeof query.refill === 'string' && Object.hasOwn(refillNotices, query.refill) ? (query.refill as keyof typeof refillNotices) : null
  const refused: Message | null = refusedKey ? refillNotices[refusedKey] : null
  const status = statusWording(order)
  const paid = order.paymentStatus === 'paid'
  const cancelled = order.status === 'cancelled'
  return (
    <>
      <PageHero title={`Order ${confirmation.reference}`} description={`Placed ${businessDate(order.createdAt)}`} />
      <section className="section pt-4">
        <div className="container-page mx-auto max-w-3xl space-y-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="card" data-testid="order-status">
              <p className="text-sm font-semibold uppercase tracking-wide text-plum-900/70">Status</p>
              <p className="mt-1 text-2xl font-semibold">{status.title}</p>
              <p className="mt-1 text-plum-900/80">{status.description}</p>
            </div>
            <div className={`card ${paid ? 'border-sea-500' : ''}`} data-testid="payment-status">
              <p className="text-sm font-semibold uppercase tracking-wide text-plum-900/70">Payment</p>
              <p className="mt-1 text-2xl font-semibold">{paid ? 'Paid' : cancelled ? 'Nothing to pay' : 'Not paid yet'}</p>
              <p className="mt-1 text-plum-900/80">
                {paid
                  ? `Thank you! Paid${order.paymentMethod ? ` with ${labelOf(PAYMENT_METHODS, order.paymentMethod)}` : ''}${order.paidAt ? ` on ${businessDate(order.paidAt)}` : ''}.`
                  : cancelled
                    ? 'This order was cancelled.'
                    : 'See how to pay below. It can take us a little while to mark a payment.'}
              </p>
              {/* Left to settle after the customer changed the order once paid (the seller empties it when settled). */}
              {!!order.refundDue && <p className="mt-1 font-semibold" data-testid="payment-refund-due">{settlementText({ kind: 'refund', amount: order.refundDue }, confirmation.reference)}</p>}
              {!!order.extraDue && <p className="mt-1 font-semibold" data-testid="payment-extra-due">{settlementText({ kind: 'extra', amount: order.extraDue }, confirmation.reference)}</p>}
            </div>
          </div>

          <div className="card space-y-4">
            <h2 className="text-2xl font-semibold">Your order</h2>
            <OrderConfirmationDetails confirmation={paid || cancelled ? { ...confirmation, payments: [] } : confirmation} standing={{ status: order.status, paid }} showStatusLink={false} />
            {order.windowStartsAt && !cancelled && (
              <p>
                <a href={`/order/status/${token}/calendar.ics`} className="btn-secondary" data-testid="calendar-link" download={`${confirmation.reference}.ics`}>
                  Add to my calendar
                </a>
              </p>
            )}
          </div>

          {changesOffered(choices) && (
            <ChangeOrder
              action={changeOrder.bind(null, token)}
              choices={choices}
              page={`/order/status/${token}`}
              until={choices.open && choices.until ? businessDateTime(choices.until) : null}
              address={{ address: order.address, city: order.city, zip: order.zip }}
              reference={confirmation.reference}
            />
          )}

          {!plan && offersRefillPlan(order) && (
            <form id="refill-plan" method="post" action={`/order/status/${token}/refill`} className="card space-y-4" data-testid="refill-offer">
              <h2 className="text-2xl font-semibold">Make this a refill plan</h2>
              <p className="text-plum-900/80">
                The same jars at the same weekly time until you stop it. We e-mail you a few days before each refill; you pay each one as you paid this order, and can skip one, change flavors, pause or stop from your plan&apos;s private page.
              </p>
              {refused && (
                <p className="rounded-2xl border border-plum-200 px-4 py-3" role="alert" data-testid="refill-refused">
                  <strong>{refused.title}:</strong> {refused.description}
                </p>
              )}
              <div>
                <label htmlFor="refill-every" className="field-label">
                  How often
                </label>
                <select id="refill-every" name="everyWeeks" defaultValue="2" className="field-input">
                  {REFILL_INTERVALS_WEEKS.map((weeks) => (
                    <option key={weeks} value={weeks}>{`Every ${weeks} weeks`}</option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-primary">
                Make it a refill plan
              </button>
            </form>
          )}

          <p className="text-center text-plum-900/80">
            Questions? Text or call <a href={`tel:${settings.phone}`} className="font-semibold underline">{settings.phone}</a> and mention {confirmation.reference}.
          </p>
        </div>
      </section>
    </>
  )
}
