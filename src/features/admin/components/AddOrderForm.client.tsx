'use client'

import { useState } from 'react'

import type { AddOrderFormProps } from '@/features/admin/manualOrder'
import { ChoiceFieldset, CustomerFields } from '@/features/admin/components/AddOrderFields'
import { ADD_ORDER_MESSAGE_ID, type AddOrderAction, useAddOrderAction } from '@/features/admin/components/useAddOrderAction.client'
import { PRICE_LIST_FIELD } from '@/features/ordering/orderFormState'
import { priceOrder, type DeliveryMethod, type PackageQuantity } from '@/features/ordering/pricing'
import { deliveryChoices, FlavorSelect, packageChoices, WindowSelect } from '@/features/ordering/components/SharedFields'
import { flavorField } from '@/features/ordering/formFields'
import { dollars, jarsText } from '@/features/ordering/wording'
import { SubmissionKeyField } from '@/shared/forms/SubmissionKeyField'

/**
 * The Add order form: the order form's fields for the seller, with how the order came in. Nothing
 * here sets a price: the total shown is a preview of the site's own pricing, which the server
 * applies again when the order is saved. After a save the action sends the browser on (the new order's
 * page in the admin). The daily screen has a form of its own that needs no script
 * (features/seller/components/AddOrderScreen.client.tsx).
 */
export function AddOrderForm({ action, flavors, sources, prices, priceList, windows: initialWindows, windowMethods }: AddOrderFormProps & { action: AddOrderAction }) {
  const { state, formAction, pending, onSubmit, message, invalid } = useAddOrderAction(action)
  const [quantity, setQuantity] = useState<PackageQuantity>(1)
  const [method, setMethod] = useState<DeliveryMethod | ''>('')
  const [windowKey, setWindowKey] = useState('')
  const [windows, setWindows] = useState(initialWindows)
  const [seenState, setSeenState] = useState(state)

  if (state !== seenState) {
    // React's "state from a changed value" pattern: the windows open now, when the chosen one was not.
    setSeenState(state)
    if (state.windows) {
      setWindows(state.windows)
      if (!state.windows.some((choice) => choice.key === windowKey)) setWindowKey('')
    }
  }

  const needsWindow = method !== '' && windowMethods.includes(method)
  const offered = windows.filter((choice) => choice.method === method)
  const preview = priceOrder({ quantity, deliveryMethod: method, discountApplied: false }, prices)

  return (
    <form className="add-order__form" action={formAction} onSubmit={onSubmit} noValidate>
      <SubmissionKeyField />
      <input type="hidden" name={PRICE_LIST_FIELD} value={priceList} />

      {state.status === 'error' && state.message && (
        <div className="add-order__message" id={ADD_ORDER_MESSAGE_ID} role="alert" tabIndex={-1} ref={message}>
          <strong>{state.message.title}</strong> {state.message.description}
        </div>
      )}

      <ChoiceFieldset legend="Came in by" name="source" choices={sources} />

      <ChoiceFieldset legend="Jars" name="quantity" choices={packageChoices(prices)} value={quantity} onChange={setQuantity}>
        <div className="add-order__grid">
          {Array.from({ length: quantity }, (_, index) => {
            const name = flavorField(index + 1)
            return (
              <div key={name} className="add-order__field">
                <label htmlFor={`add-order-${name}`}>Jar {index + 1} flavor</label>
                <FlavorSelect id={`add-order-${name}`} name={name} offered={flavors} defaultValue="" {...invalid(name)} />
              </div>
            )
          })}
        </div>
      </ChoiceFieldset>

      <ChoiceFieldset legend="Pickup or delivery" name="deliveryMethod" choices={deliveryChoices} value={method} onChange={setMethod}>
        {needsWindow && (
          <div className="add-order__field">
            <label htmlFor="add-order-window">{method === 'pickup' ? 'Pickup time' : 'Delivery time'}</label>
            <WindowSelect id="add-order-window" name="window" offered={offered} value={windowKey} onChange={(event) => setWindowKey(event.target.value)} {...invalid('window')} />
          </div>
        )}
        {method !== '' && !needsWindow && <p className="add-order__hint">No {method} times are set up: arrange the time with the customer.</p>}
      </ChoiceFieldset>

      <CustomerFields invalid={invalid} />

      <div className="add-order__total" aria-live="polite">
        <span>
          Total: <strong data-testid="add-order-total">{dollars(preview.totalPrice)}</strong>
        </span>
        <span className="add-order__hint">
          {jarsText(quantity)} {dollars(preview.originalPrice)}
          {method === 'delivery' ? ` + delivery ${dollars(preview.deliveryFee)}` : ''}; a discount code is taken off when you save. Prices are the site&apos;s own.
        </span>
      </div>

      <button type="submit" className="admin-button add-order__submit" disabled={pending}>
        {pending ? 'Saving…' : 'Add order'}
      </button>
    </form>
  )
}
