import { PAYMENT_METHODS, type PaymentMethod } from '@/features/ordering/options'

import { SELLER_PATHS } from '../paths'

/** The day field of Mark paid: today by default, no later, and no earlier than the day the order was placed (the server checks both again). */
export type PaidOnField = { today: string; placedOn: string }

/**
 * Mark paid: the method (and, where `paidOn` is given, the day the money came in), a plain form
 * posting to the order's route so it works without a script; `back` is the page to return to.
 * `owed` is the amount the page shows as owed: the server marks paid only while the order owes that.
 */
export function MarkPaidForm({ orderId, reference, back, owed, method, paidOn }: { orderId: number | string; reference: string; back: string; owed: number; method?: PaymentMethod | null; paidOn?: PaidOnField }) {
  // With a day beside it, both fields say what they are: a bare date reads as any date.
  const caption = paidOn ? 'order__pay-caption' : 'visually-hidden'
  return (
    <form method="post" action={SELLER_PATHS.order(orderId)} className="order__pay">
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="owed" value={owed} />
      <label>
        <span className={caption}>Paid with</span>
        <select name="method" defaultValue={method ?? 'cash'} aria-label={`${reference} paid with`}>
          {PAYMENT_METHODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {paidOn && (
        <label>
          <span className={caption}>Paid on</span>
          <input type="date" name="paidOn" required defaultValue={paidOn.today} max={paidOn.today} min={paidOn.placedOn} aria-label={`${reference} paid on`} />
        </label>
      )}
      <button className="button" name="action" value="paid">
        Mark paid
      </button>
    </form>
  )
}
