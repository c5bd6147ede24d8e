import { dollars } from '@/features/ordering/wording'

import { HELD_MARK } from '@/features/admin/prepSheet'

import type { OrderCard as Card } from '../dailyScreen'
import { SELLER_PATHS } from '../paths'
import { CANCEL_REASON_MAX, canCancel, nextStep, STATUS_STEPS } from '../rules'
import { ContactLinks } from './ContactLinks'
import { MarkPaidForm } from './MarkPaidForm'

/** The page a button sends the seller back to, posted with it. */
function Back({ path }: { path: string }) {
  return <input type="hidden" name="back" value={path} />
}

/**
 * One order on the daily screen: who, what, how much, one-tap call, text and map, and its buttons.
 * Each button is a plain form posting to the order's route, so it works before (or without) any
 * script; `back` is the page to return to.
 */
export function OrderCard({ order, back }: { order: Card; back: string }) {
  // A held order is not moved on towards handing over: released first, in the admin, with a note.
  const step = order.held ? null : nextStep(order.state)
  const action = SELLER_PATHS.order(order.id)
  return (
    <article className={order.held ? 'order order--held' : 'order'} aria-labelledby={`order-${order.id}`} data-reference={order.reference}>
      <header className="order__head">
        <h3 id={`order-${order.id}`}>
          {order.fullName} <span className="order__ref">{order.reference}</span>
        </h3>
        <span className={`badge badge--${order.state}`}>{order.status}</span>
      </header>
      {order.held && (
        <p className="order__held" data-testid="order-held">
          <strong>{HELD_MARK}</strong>: do not hand over. Release it on the order in the admin, with a note.
        </p>
      )}
      <p className="order__time">{order.time ?? 'Time arranged by text'}</p>
      {order.refill && <p className="order__received">From a refill plan</p>}
      {order.received && <p className="order__received">Received {order.received}</p>}
      <p className="order__jars">{order.jars}</p>
      <p className="order__money">
        <strong>{dollars(order.total)}</strong>{' '}
        <span className={order.paid ? 'paid' : 'unpaid'}>{order.paid ? 'Paid' : 'Not paid'}</span>
      </p>
      {order.delivery && <p className="order__address">{order.address}</p>}
      {order.notes && <p className="order__notes">{order.notes}</p>}
      <ContactLinks name={order.fullName} phone={order.phone} mapHref={order.delivery ? order.mapHref : null} />
      <div className="order__actions">
        {step && (
          <form method="post" action={action}>
            <Back path={back} />
            <button className="button button--primary" name="action" value={step}>
              {STATUS_STEPS[step].button}
            </button>
          </form>
        )}
        {!order.paid && order.state !== 'cancelled' && <MarkPaidForm orderId={order.id} reference={order.reference} back={back} />}
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
