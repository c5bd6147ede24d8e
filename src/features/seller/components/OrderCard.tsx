import { smsHref } from '@/features/contact/contactLinks'
import { missedPickupText } from '@/features/delivery/missedPickupRules'
import { dollars } from '@/features/ordering/wording'

import { HELD_MARK } from '@/features/admin/prepSheet'

import type { OrderCard as Card } from '../dailyScreen'
import { SELLER_PATHS } from '../paths'
import { CANCEL_REASON_MAX, canCancel, HANDOVER_STEPS, nextStep, STATUS_STEPS } from '../rules'
import { ContactLinks } from './ContactLinks'
import { MarkPaidForm } from './MarkPaidForm'

/** The page a button sends the seller back to, posted with it. */
function Back({ path }: { path: string }) {
  return <input type="hidden" name="back" value={path} />
}

/**
 * One order on the daily screen: who, what, how much, one-tap call, text and map, and its buttons.
 * Each button is a plain form posting to the order's route, so it works before (or without) any
 * script; `back` is the page to return to. `handovers` (Delivery day on): a pickup gets Collected,
 * which records the time, instead of the step that completes it; `missed`: a pickup whose time
 * ended, with a text to the customer ready to send.
 */
export function OrderCard({ order, back, handovers = false, missed = false, headingLevel = 3 }: { order: Card; back: string; handovers?: boolean; missed?: boolean; headingLevel?: 2 | 3 }) {
  // Under the page's own heading (New) or under a day's group (Today): no level skipped for a screen reader.
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const collects = handovers && !order.delivery
  // A held order is not moved on towards handing over: released first, in the admin, with a note.
  const next = order.held ? null : nextStep(order.state)
  // Collected replaces the step that completes a pickup; a missed one has only Collected (its time is past: nothing to make ready).
  const step = collects && (next === 'complete' || missed) ? null : next
  const collect = collects && !order.held && !order.collectedAt && (HANDOVER_STEPS.collected.from as readonly string[]).includes(order.state)
  const action = SELLER_PATHS.order(order.id)
  return (
    <article className={order.held ? 'order order--held' : 'order'} aria-labelledby={`order-${order.id}`} data-reference={order.reference}>
      <header className="order__head">
        <Heading id={`order-${order.id}`}>
          {order.fullName} <span className="order__ref">{order.reference}</span>
        </Heading>
        <span className={`badge badge--${order.state}`}>{order.status}</span>
      </header>
      {order.held && (
        <p className="order__held" data-testid="order-held">
          <strong>{HELD_MARK}</strong>: do not hand over. Release it on the order in the admin, with a note.
        </p>
      )}
      <p className="order__time">{order.time ?? 'Time arranged by text'}</p>
      {order.collectedAt && (
        <p className="order__collected" data-testid="order-collected">
          Collected {order.collectedAt}
        </p>
      )}
      {order.refill && <p className="order__received">From a refill plan</p>}
      {order.received && <p className="order__received">Received {order.received}</p>}
      <p className="order__jars">{order.jars}</p>
      <p className="order__money">
        <strong>{dollars(order.total)}</strong>{' '}
        {/* A paid order the customer changed to more still owes the difference (`toCollect`). */}
        {order.paid && order.toCollect > 0 ? (
          <span className="unpaid">Paid but {dollars(order.toCollect)} still to pay</span>
        ) : (
          <span className={order.paid ? 'paid' : 'unpaid'}>{order.paid ? 'Paid' : 'Not paid'}</span>
        )}
      </p>
      {order.delivery && <p className="order__address">{order.address}</p>}
      {order.notes && <p className="order__notes">{order.notes}</p>}
      <ContactLinks name={order.fullName} reference={order.reference} phone={order.phone} mapHref={order.delivery ? order.mapHref : null} />
      {missed && (
        <p className="order__missed">
          <a href={smsHref(order.phone, missedPickupText(order))}>Text “We missed you”</a>
        </p>
      )}
      <div className="order__actions">
        {collect && (
          <form method="post" action={action}>
            <Back path={back} />
            <button className="button button--primary" name="action" value="collected">
              {HANDOVER_STEPS.collected.button}
            </button>
          </form>
        )}
        {step && (
          <form method="post" action={action}>
            <Back path={back} />
            <button className={collect ? 'button' : 'button button--primary'} name="action" value={step}>
              {STATUS_STEPS[step].button}
            </button>
          </form>
        )}
        {(!order.paid || order.toCollect > 0) && order.state !== 'cancelled' && <MarkPaidForm orderId={order.id} reference={order.reference} back={back} owed={order.paid ? order.toCollect : order.total} />}
      </div>
      {canCancel(order.state) && (
        <details className="order__cancel">
          <summary>Cancel…</summary>
          <form method="post" action={action}>
            <Back path={back} />
            <label>
              Reason (kept in the order’s notes)
              <input name="reason" required maxLength={CANCEL_REASON_MAX} autoComplete="off" />
            </label>
            <button className="button button--danger" name="action" value="cancel">
              {STATUS_STEPS.cancel.button}
            </button>
          </form>
        </details>
      )}
    </article>
  )
}
