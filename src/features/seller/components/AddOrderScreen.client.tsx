'use client'

import type { AddOrderFormProps } from '@/features/admin/manualOrder'
import { ChoiceFieldset, CustomerFields } from '@/features/admin/components/AddOrderFields'
import { ADD_ORDER_MESSAGE_ID, type AddOrderAction, useAddOrderAction } from '@/features/admin/components/useAddOrderAction.client'
import { deliveryChoices, FlavorSelect, packageChoices, WindowSelect } from '@/features/ordering/components/SharedFields'
import { flavorField, MAX_JARS } from '@/features/ordering/formFields'
import { PRICE_LIST_FIELD } from '@/features/ordering/orderFormState'
import { PACKAGE_QUANTITIES } from '@/features/ordering/pricing'
import { dollars } from '@/features/ordering/wording'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'

import { SELLER_PATHS } from '../paths'
import { ADD_ORDER_TIME_FIELDS } from '../rules'

/** The smallest package a jar's flavor belongs to: seller.css shows the field once that package or a larger one is chosen. */
const packageOfJar = (jar: number) => PACKAGE_QUANTITIES.find((quantity) => quantity >= jar)

/**
 * Add order on the phone, a server action's form (`actions.ts#addOrderOnPhone`) that works the
 * same without a script: the admin's fields and rules (`SharedFields`, `AddOrderFields`, the order
 * service), every jar's flavor and both methods' times in the markup, the package and method chosen
 * showing theirs through CSS `:has` (seller.css); the server reads as many flavors as jars and the
 * chosen method's time. The total is not previewed: the prices are the packages' and the delivery
 * fee, and the saved order carries its total. After a refusal, everything typed is back (without a
 * script, from the action's answer; with one, the form is never reset).
 */
export function AddOrderScreen({ action, form, submissionKey }: { action: AddOrderAction; form: AddOrderFormProps; submissionKey: string }) {
  const { state, formAction, onSubmit, message, invalid } = useAddOrderAction(action, SELLER_PATHS.addOrder)
  const refused = state.status === 'error'
  const typed = refused ? state.values : undefined
  const windows = state.windows ?? form.windows
  const quantity = PACKAGE_QUANTITIES.find((offered) => String(offered) === typed?.quantity) ?? PACKAGE_QUANTITIES[0]
  const method = typed?.deliveryMethod
  const { deliveryFee, freeDeliveryFrom } = form.prices

  return (
    <>
      <h1>Add order</h1>
      <p className="lead">For an order taken by text, call, social message or in person. The customer gets the confirmation e-mail only when you enter their e-mail.</p>
      <form className="add-order__form" action={formAction} onSubmit={onSubmit} noValidate>
        <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} readOnly />
        <input type="hidden" name={PRICE_LIST_FIELD} value={form.priceList} readOnly />

        {refused && state.message && (
          <div className="add-order__message" id={ADD_ORDER_MESSAGE_ID} role="alert" tabIndex={-1} ref={message}>
            <strong>{state.message.title}</strong> {state.message.description}
          </div>
        )}

        <ChoiceFieldset legend="Came in by" name="source" choices={form.sources} attributes={(source) => ({ defaultChecked: typed?.source === source, ...invalid('source') })} />

        <ChoiceFieldset legend="Jars" name="quantity" choices={packageChoices(form.prices)} attributes={(offered) => ({ defaultChecked: offered === quantity })}>
          <div className="add-order__grid">
            {Array.from({ length: MAX_JARS }, (_, index) => {
              const name = flavorField(index + 1)
              return (
                <div key={name} className="add-order__field" data-package={packageOfJar(index + 1)}>
                  <label htmlFor={`add-order-${name}`}>Jar {index + 1} flavor</label>
                  <FlavorSelect id={`add-order-${name}`} name={name} offered={form.flavors} defaultValue={typed?.[name] ?? ''} {...invalid(name)} />
                </div>
              )
            })}
          </div>
        </ChoiceFieldset>

        <ChoiceFieldset legend="Pickup or delivery" name="deliveryMethod" choices={deliveryChoices} attributes={(option) => ({ defaultChecked: method === option, ...invalid('deliveryMethod') })}>
          {deliveryChoices.map(({ value }) =>
            form.windowMethods.includes(value) ? (
              <div key={value} className="add-order__field" data-method={value}>
                <label htmlFor={`add-order-${ADD_ORDER_TIME_FIELDS[value]}`}>{value === 'pickup' ? 'Pickup time' : 'Delivery time'}</label>
                <WindowSelect
                  id={`add-order-${ADD_ORDER_TIME_FIELDS[value]}`}
                  name={ADD_ORDER_TIME_FIELDS[value]}
                  offered={windows.filter((choice) => choice.method === value)}
                  defaultValue={method === value ? (typed?.window ?? '') : ''}
                  {...(method === value ? invalid('window') : {})}
                />
              </div>
            ) : (
              <p key={value} className="add-order__hint" data-method={value}>
                No {value} times are set up: arrange the time with the customer.
              </p>
            ),
          )}
        </ChoiceFieldset>

        <CustomerFields invalid={invalid} typed={typed} />

        <p className="add-order__hint">
          Delivery adds {dollars(deliveryFee)}
          {freeDeliveryFrom !== null ? ` (free for packages of ${dollars(freeDeliveryFrom)} or more)` : ''}; a discount code is taken off when you save. Prices are the site&apos;s own.
        </p>

        <button type="submit" className="admin-button add-order__submit">
          Add order
        </button>
      </form>
    </>
  )
}
