import type { OrderConfirmation, OrderStanding } from '@/features/ordering/confirmation'
import { handoverTime, nextSteps } from '@/features/ordering/confirmation'
import { planText } from '@/features/ordering/refillTerms'
import { dollars, jarsText } from '@/features/ordering/wording'

/**
 * What the customer keeps of an order: shown under 'Order Submitted!' and on the order status
 * page. No hooks, so it renders on the server (status page) and in the order form alike.
 */
export function OrderConfirmationDetails({ confirmation, standing, showStatusLink = true }: { confirmation: OrderConfirmation; standing?: OrderStanding; showStatusLink?: boolean }) {
  const delivery = confirmation.method === 'delivery'
  const steps = nextSteps(confirmation, standing)
  return (
    // wrap-anywhere: an address typed as one long word wraps instead of widening a phone's page.
    <div className="space-y-5 wrap-anywhere" data-testid="order-confirmation">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Order number</dt>
        <dd data-testid="order-reference">{confirmation.reference}</dd>
        <dt className="font-semibold">Jars</dt>
        <dd>
          {jarsText(confirmation.quantity)}: {confirmation.jars}
          {confirmation.freshness && (
            <span className="block text-plum-900/80" data-testid="order-freshness">
              {confirmation.freshness}
            </span>
          )}
        </dd>
        <dt className="font-semibold">{delivery ? 'Delivery' : 'Pickup'}</dt>
        <dd data-testid="order-window">
          {handoverTime(confirmation, standing)}
          {confirmation.address && <span className="block">{confirmation.address}</span>}
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd data-testid="order-total">{dollars(confirmation.total)}</dd>
        {confirmation.refill && (
          <>
            <dt className="font-semibold">Refill plan</dt>
            <dd data-testid="order-refill-plan">
              {planText(confirmation.refill)}.{' '}
              <a href={confirmation.refill.path} className="font-semibold text-plum-800 underline">
                Your plan&apos;s page
              </a>{' '}
              (private: skip one, pause or stop)
            </dd>
          </>
        )}
      </dl>

      {/* Just placed, with a weekly time and no plan: the order's page can still make it one. */}
      {!standing && !confirmation.refill && confirmation.window && confirmation.statusPath && (
        <p data-testid="refill-offer-link">
          Want these jars every few weeks?{' '}
          <a href={`${confirmation.statusPath}#refill-plan`} className="font-semibold text-plum-800 underline">
            Make this a refill plan
          </a>{' '}
          on your order&apos;s page.
        </p>
      )}

      {confirmation.payments.length > 0 && (
        <div>
          <h3 className="text-lg font-semibold">How to pay</h3>
          <p className="text-plum-900/80">
            Send {dollars(confirmation.total)} with one of these and put <strong>{confirmation.reference}</strong> in the note.
          </p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="payment-options">
            {confirmation.payments.map((payment) => (
              <li key={payment.method} className="rounded-2xl border border-plum-100 px-4 py-3">
                {payment.href ? (
                  <a href={payment.href} className="font-semibold text-plum-800 underline" rel="noopener noreferrer" target="_blank">
                    Pay {dollars(confirmation.total)} with {payment.method}
                  </a>
                ) : (
                  <span className="font-semibold">{payment.method}</span>
                )}
                {payment.handle && <span className="block text-sm text-plum-900/75">{payment.handle}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}

      {steps.length > 0 && (
        <div data-testid="next-steps">
          <h3 className="text-lg font-semibold">What happens next</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
      )}

      {showStatusLink && confirmation.statusPath && (
        <p>
          <a href={confirmation.statusPath} className="font-semibold text-plum-800 underline" data-testid="order-status-link">
            Your order page
          </a>{' '}
          shows its status at any time; we also e-mailed you the link.
        </p>
      )}
    </div>
  )
}
