import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { PageHero } from '@/components/PageHero'
import { getSiteSettings } from '@/platform/cache/cachedReads'
import { orderConfirmation } from '@/features/ordering/confirmation'
import { OrderConfirmationDetails } from '@/features/ordering/components/OrderConfirmation'
import { PAYMENT_METHODS } from '@/features/ordering/options'
import { labelOf } from '@/features/ordering/orderDetails'
import { findOrderByStatusToken, statusWording } from '@/features/ordering/orderStatus'
import { getPayloadClient } from '@/platform/db/payloadClient'
import { businessDate } from '@/shared/time'

type Props = { params: Promise<{ token: string }> }

/** One customer's order, read for each request: never cached, never indexed. */
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Your order',
  robots: { index: false, follow: false },
  // The token is the key to this page: it must not travel to other sites in a Referer.
  referrer: 'no-referrer',
}

export default async function OrderStatusPage({ params }: Props) {
  const { token } = await params
  const [order, settings] = await Promise.all([findOrderByStatusToken(await getPayloadClient(), token), getSiteSettings()])
  if (!order) notFound()

  const confirmation = orderConfirmation(order, settings.paymentMethods ?? [])
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

          <p className="text-center text-plum-900/80">
            Questions? Text or call <a href={`tel:${settings.phone}`} className="font-semibold underline">{settings.phone}</a> and mention {confirmation.reference}.
          </p>
        </div>
      </section>
    </>
  )
}
