import { priceOrder, type DeliveryMethod, type PackageQuantity, type PriceList } from '@/features/ordering/pricing'
import { dollars, jarsText, wordList } from '@/features/ordering/wording'


/** The live price summary, computed with the same rules the server stores the order with. */
export function OrderSummary({
  quantity,
  deliveryMethod,
  appliedCode,
  prices,
  paymentMethods,
}: {
  quantity: PackageQuantity
  /** The seller's prices this page was rendered with (or the new ones the server answered). */
  prices: PriceList
  deliveryMethod: DeliveryMethod | ''
  appliedCode: string | null
  /** The names of the payment methods, from Site settings, as the seller wrote them. */
  paymentMethods: readonly string[]
}) {
  const price = priceOrder({ quantity, deliveryMethod, discountApplied: Boolean(appliedCode) }, prices)
  const row = 'flex justify-between gap-4 py-2'
  return (
    <section aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading" className="text-2xl font-semibold">
        Order summary
      </h2>
      <dl className="mt-3 divide-y divide-plum-100" data-testid="order-summary">
        <div className={row}>
          <dt>
            Package ({jarsText(quantity)})
          </dt>
          <dd>{dollars(price.originalPrice)}</dd>
        </div>
        {price.savings > 0 && (
          <div className={`${row} text-sea-700`}>
            <dt>Savings</dt>
            <dd>
              {dollars(price.savings)} off <s className="text-plum-900/70">{dollars(price.listPrice)}</s>
            </dd>
          </div>
        )}
        <div className={row}>
          <dt>Delivery</dt>
          <dd>{deliveryMethod === '' ? 'Choose pickup or delivery' : deliveryMethod === 'pickup' ? 'Pickup, free' : price.deliveryFee === 0 ? 'Free' : dollars(price.deliveryFee)}</dd>
        </div>
        {price.discountAmount > 0 && (
          <div className={`${row} text-sea-700`}>
            <dt>Discount ({appliedCode})</dt>
            <dd>-{dollars(price.discountAmount)}</dd>
          </div>
        )}
        <div className={`${row} text-lg font-semibold`}>
          <dt>Total</dt>
          <dd aria-live="polite" data-testid="order-total">
            {dollars(price.totalPrice)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-plum-900/70" data-testid="payment-methods">
        {paymentMethods.length ? `Pay when we confirm: ${wordList(paymentMethods, 'or')}.` : 'Pay when we confirm.'}
      </p>
    </section>
  )
}
