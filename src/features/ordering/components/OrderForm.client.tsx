'use client'

import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react'

import { FormMessage } from '@/shared/forms/FormMessage'
import { SubmissionKeyField } from '@/shared/forms/SubmissionKeyField'
import { useSafeAction } from '@/shared/forms/useSafeAction'
import { normalizeDiscountCode } from '@/features/discounts/codeFormat'
import { formValues } from '@/shared/forms/formState'
import { discountNotices } from '@/features/discounts/notices'
import { orderNotices } from '@/features/ordering/notices'
import { type Message } from '@/shared/notices'
import type { FlavorOption, JarsLeft } from '@/features/ordering/catalog'
import { discountAmount } from '@/features/discounts/rules'
import { packagePrice, priceListKey, type DeliveryMethod, type PackageQuantity, type PriceList } from '@/features/ordering/pricing'
import type { WindowChoice } from '@/features/ordering/windows'
import { clearSavedDiscount, readSavedDiscount, useSavedDiscount } from '@/features/discounts/savedDiscount'
import { ORDER_FORM_FIELDS } from '@/features/ordering/formFields'
import { Honeypot } from '@/shared/forms/Honeypot'

import { checkDiscount, placeOrder } from '@/features/ordering/actions'
import { DiscountField } from './DiscountField'
import { CustomerFields, DeliveryOptions, FIELD_ERROR_ID, FieldErrorContext, FlavorFields, type InvalidProps } from './OrderFields'
import { draftFromState, draftFromValues, emptyDraft, flavorsFromQuery, initialOrderState, PRICE_LIST_FIELD, type OrderDraft, type OrderFormState } from '@/features/ordering/orderFormState'
import { OrderConfirmationDetails } from './OrderConfirmation'
import { OrderSummary } from './OrderSummary'
import { RefillPlanChoice, WindowOptions } from './WindowOptions'
import { PackageOptions, type PackageOption } from './PackageOptions'

const RESULT_ID = 'order-result'
/** What a post without JavaScript scrolls to: the confirmation after an order, else the form's message. */
const ANSWER_ID = 'order-answer'
/** The fields next to the form's message (and the code's own notice): they get no note of their own. */
const BESIDE_THE_MESSAGE = new Set(['consent', 'discountCode'])
const CONSENT_LABEL = 'I agree to be contacted via SMS/email about my order.'

const subscribeToNothing = () => () => {}
/** False while rendering on the server and hydrating, true once JavaScript runs the form. */
const useScripted = () => useSyncExternalStore(subscribeToNothing, () => true, () => false)

type Notice = { ok: boolean; message: Message }

/**
 * The form's own check (the server's rules, with zod): fetched when the visitor starts filling the
 * form, not with the page, which most visitors only read. Unreachable (offline), the post goes
 * unchecked and the server answers with the same messages.
 */
const loadOrderCheck = () => import('@/features/ordering/schema').then((schema) => schema.parseOrderForm)

/** A post that never got an answer (network down, server error): the spec's failure message; the form keeps its input. */
const failedOrder = (formData: FormData): OrderFormState => ({
  status: 'error',
  message: orderNotices.failed,
  values: formValues(formData, ORDER_FORM_FIELDS),
})

/**
 * The order form. It posts to a server action, so it works without JavaScript; with JavaScript it
 * checks the fields first, keeps a live summary, checks discount codes in place and applies a
 * saved one. The choices that drive the price live in `draft`; the other fields are plain inputs.
 * The seller's flavors, prices and this batch's jars come from the page; the prices shown are
 * posted back, so an order is never stored at prices the visitor did not see.
 */
export function OrderForm({
  packages,
  flavors,
  prices: pagePrices,
  jarsLeft,
  initialQuantity,
  deliveryAreas,
  paymentMethods,
  windows: pageWindows,
  windowMethods,
  soldOut,
  page = '/order',
  initialFlavors,
  hiddenFields,
  oneOrder = false,
}: {
  packages: PackageOption[]
  flavors: FlavorOption[]
  prices: PriceList
  jarsLeft: JarsLeft
  initialQuantity: PackageQuantity
  /** Names of the delivery areas and payment methods, from Site settings (none: the hints say less). */
  deliveryAreas: string[]
  paymentMethods: string[]
  /** The pickup and delivery times open now, and the methods the seller offers times for. */
  windows: WindowChoice[]
  windowMethods: DeliveryMethod[]
  /** What the page shows instead of the form once this batch is sold out (nothing while jars are left). */
  soldOut?: ReactNode
  /** The address of the page the form is on, where a post without JavaScript comes back with its answer. */
  page?: `/${string}`
  /** Each jar's flavor the form starts with ('' for none), e.g. the jars a claim link holds. */
  initialFlavors?: readonly string[]
  /** Posted with the order as they are, e.g. a waiting-line claim's key (`CLAIM_FIELD`). */
  hiddenFields?: Partial<Record<(typeof ORDER_FORM_FIELDS)[number], string>>
  /** The page takes one order (a claim link's): after it, the confirmation alone, no fresh form. */
  oneOrder?: boolean
}) {
  const { state, formAction, submit: placeOrderSafely, pending, generation } = useSafeAction(placeOrder, initialOrderState, failedOrder, `${page}#${ANSWER_ID}`)
  const [draft, setDraft] = useState<OrderDraft>(() => {
    const first = draftFromState(state, initialQuantity)
    return initialFlavors && state.status === 'idle' && !state.values ? { ...first, flavors: first.flavors.map((flavor, index) => initialFlavors[index] ?? flavor) } : first
  })
  const [discountNotice, setDiscountNotice] = useState<Notice | null>(state.discountNotice ?? null)
  const [clientError, setClientError] = useState<{ message: Message; field: string } | null>(null)
  const [checking, setChecking] = useState(false)
  const [seenState, setSeenState] = useState(state)
  // The server answers new prices when the seller changed them since the page was loaded; they
  // stay the form's prices from then on, whatever the next answer is.
  const [prices, setPrices] = useState(pagePrices)
  // Likewise the open times, when the chosen one was taken meanwhile.
  const [windows, setWindows] = useState(pageWindows)
  const saved = useSavedDiscount()
  const scripted = useScripted()

  // Each answer of the action adjusts the form once (React's "state from a changed value" pattern).
  if (state !== seenState) {
    setSeenState(state)
    if (state.prices) setPrices(state.prices)
    if (state.windows) {
      setWindows(state.windows)
      setDraft((current) => ({ ...current, window: '' }))
    }
    if (state.status === 'success') {
      setDraft(emptyDraft(1))
      setDiscountNotice(null)
    } else if (state.field === 'discountCode') {
      setDraft((current) => ({ ...current, appliedCode: null }))
    }
  }

  const formRef = useRef<HTMLFormElement>(null)
  const resultRef = useRef<HTMLDivElement>(null)
  const confirmationRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (state.status === 'success') {
      // The used code is gone; and the form was replaced, so focus goes to the result, not the page.
      if (state.discountUsed) clearSavedDiscount()
      ;(confirmationRef.current ?? resultRef.current)?.focus()
    } else if (state.status === 'error' && state.field && formRef.current) {
      focusField(formRef.current, state.field)
    }
  }, [state])

  const update = (change: Partial<OrderDraft>) => setDraft((current) => ({ ...current, ...change }))

  /** Asks the server about a code; whatever the answer, the code field shows the code checked. */
  async function checkCode(code: string, quantity: PackageQuantity) {
    const answer = await checkDiscount(code).catch(() => ({ ok: false as const, message: discountNotices.unexpectedError('the code could not be checked') }))
    setChecking(false)
    // Any failure leaves the discount not applied (amount 0).
    update({ discountCode: code, appliedCode: answer.ok ? answer.code : null })
    setDiscountNotice(answer.ok ? { ok: true, message: discountNotices.applied(discountAmount(packagePrice(quantity, prices)), answer.code) } : { ok: false, message: answer.message })
  }

  function applyDiscount(rawCode: string) {
    // One check at a time; the busy button stays focusable (aria-disabled, as the form's own).
    if (checking) return
    const code = normalizeDiscountCode(rawCode)
    update({ discountCode: code, appliedCode: null })
    setChecking(true)
    void checkCode(code, draft.quantity)
  }

  // What the visitor chose before the script ran stays chosen: React keeps what the inputs show
  // when it hydrates, but its draft is still the server's, and the next render would put that
  // back. A refill reminder's link (`?flavor1=mixed-berry&…`) fills the jars still without a
  // flavor; it is read here, in the browser, so that the page is the same for everyone and cached.
  const adoptEarlyChoices = useEffectEvent(() => {
    const form = formRef.current
    if (state.status !== 'idle' || !form) return
    const shown = draftFromValues(formValues(new FormData(form), ORDER_FORM_FIELDS), draft.quantity)
    const linked = flavorsFromQuery(window.location.search, flavors)
    setDraft({ ...shown, flavors: shown.flavors.map((flavor, index) => flavor || linked[index]) })
  })
  useEffect(() => adoptEarlyChoices(), [])

  // On a return visit the saved code is filled in and checked once, when the page loads.
  const autoChecked = useRef(false)
  const checkSavedCode = useEffectEvent(() => {
    const { code } = readSavedDiscount()
    if (code && !draft.appliedCode) void checkCode(normalizeDiscountCode(code), draft.quantity)
  })
  useEffect(() => {
    if (autoChecked.current) return
    autoChecked.current = true
    checkSavedCode()
  }, [])

  function submit(event: FormEvent<HTMLFormElement>) {
    // Posted by hand so React does not reset the form: on an error everything typed stays.
    event.preventDefault()
    const form = event.currentTarget
    const formData = new FormData(form)
    void checkThenPlace(form, formData)
  }

  async function checkThenPlace(form: HTMLFormElement, formData: FormData) {
    const parseOrderForm = await loadOrderCheck().catch(() => null)
    const checked = parseOrderForm?.(formValues(formData, ORDER_FORM_FIELDS), flavors, windowMethods)
    if (checked && !checked.ok) {
      setClientError({ message: checked.message, field: checked.field })
      focusField(form, checked.field)
      return
    }
    setClientError(null)
    placeOrderSafely(formData)
  }

  const result = clientError ? { status: 'error' as const, message: clientError.message } : pending ? initialOrderState : state
  const invalidField = clientError?.field ?? (state.status === 'error' ? state.field : undefined)
  // A field is described by its own note (FieldError), but for those beside the form's message.
  const fieldError = result.status === 'error' && invalidField ? { field: invalidField, message: result.message } : {}
  const describedBy = (name: string) => (BESIDE_THE_MESSAGE.has(name) ? RESULT_ID : FIELD_ERROR_ID)
  const invalid: InvalidProps = (name) => (name === invalidField ? { 'aria-invalid': true, 'aria-describedby': describedBy(name) } : {})
  const value = (name: string) => (state.status === 'success' ? '' : (state.values?.[name] ?? ''))

  const confirmation = result.status === 'success' && state.confirmation && (
    <section id={ANSWER_ID} ref={confirmationRef} tabIndex={-1} aria-labelledby="order-confirmation-title" className="card mb-10 space-y-4 border-sea-500 outline-none">
      <h2 id="order-confirmation-title" className="text-2xl font-semibold">
        Thank you! Your order number is {state.confirmation.reference}.
      </h2>
      <OrderConfirmationDetails confirmation={state.confirmation} />
    </section>
  )

  // The order that took the last jar sold the batch out: its buyer still reads the answer and the
  // confirmation; the sold-out view is for the next visitor.
  if (soldOut || (oneOrder && confirmation)) {
    if (!confirmation) return soldOut
    return (
      <div>
        {confirmation}
        <div id={RESULT_ID} ref={resultRef} tabIndex={-1} className="mx-auto max-w-xl outline-none">
          <FormMessage state={result} />
        </div>
      </div>
    )
  }

  return (
    <form key={generation} ref={formRef} action={formAction} onSubmit={submit} onFocus={() => void loadOrderCheck().catch(() => null)} noValidate aria-describedby="order-required-note">
      <FieldErrorContext value={fieldError}>
        {/* Without JavaScript, Enter in a field must place the order, not press the first button (Apply). */}
        <SubmissionKeyField />
        <input type="hidden" name={PRICE_LIST_FIELD} value={priceListKey(prices)} />
        {Object.entries(hiddenFields ?? {}).map(([name, fieldValue]) => (
          <input key={name} type="hidden" name={name} value={fieldValue} />
        ))}
        {!scripted && (
          <button type="submit" tabIndex={-1} aria-hidden className="sr-only">
            Place Order
          </button>
        )}
        {confirmation}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-10">
            {saved.email && (
              <p className="rounded-2xl bg-sea-50 px-5 py-4 text-sea-700">
                <span className="block text-lg font-semibold">Welcome back!</span>
                Your first-order discount is saved in this browser.
              </p>
            )}
            <p id="order-required-note" className="text-sm text-plum-900/70">
              Fields marked * are required.
            </p>
            <PackageOptions packages={packages} prices={prices} jarsLeft={jarsLeft} value={draft.quantity} onChange={(quantity) => update({ quantity })} />
            <FlavorFields
              offered={flavors}
              flavors={draft.flavors}
              onChange={(jar, flavor) => setDraft((current) => ({ ...current, flavors: current.flavors.map((chosen, index) => (index === jar - 1 ? flavor : chosen)) }))}
              invalid={invalid}
            />
            <DeliveryOptions
              value={draft.deliveryMethod}
              deliveryAreas={deliveryAreas}
              deliveryFee={prices.deliveryFee}
              freeDeliveryFrom={prices.freeDeliveryFrom}
              windowMethods={windowMethods}
              // A time belongs to one method: switching method drops it.
              onChange={(deliveryMethod) => update({ deliveryMethod, window: '' })}
              invalid={invalid}
            />
            <WindowOptions methods={windowMethods} windows={windows} value={draft.window} onChange={(window) => update({ window })} invalid={invalid} />
            <RefillPlanChoice methods={windowMethods} defaultValue={value('refillEvery')} invalid={invalid} />
            <CustomerFields value={value} invalid={invalid} />
            <Honeypot form="order" />
          </div>

          <div className="card h-fit space-y-6 lg:sticky lg:top-24">
            <DiscountField
              code={draft.discountCode}
              appliedCode={draft.appliedCode}
              savedCode={saved.code}
              notice={discountNotice}
              checking={checking}
              scripted={scripted}
              onCodeChange={(discountCode) => update({ discountCode, appliedCode: null })}
              onApply={applyDiscount}
              invalid={invalid}
            />
            <OrderSummary quantity={draft.quantity} deliveryMethod={draft.deliveryMethod} appliedCode={draft.appliedCode} prices={prices} paymentMethods={paymentMethods} />
            <div className="flex items-start gap-3">
              <input
                id="order-refill"
                name="refillReminder"
                type="checkbox"
                defaultChecked={value('refillReminder') === 'on'}
                className="mt-1 size-5 shrink-0 accent-plum-700"
              />
              <label htmlFor="order-refill">Remind me when it&apos;s time for a fresh jar</label>
            </div>
            <div className="flex items-start gap-3">
              <input
                id="order-consent"
                name="consent"
                type="checkbox"
                required
                defaultChecked={value('consent') === 'on'}
                className="mt-1 size-5 shrink-0 accent-plum-700"
                {...invalid('consent')}
              />
              <label htmlFor="order-consent">{CONSENT_LABEL}</label>
            </div>
            <div id={confirmation ? undefined : ANSWER_ID}>
              <div id={RESULT_ID} ref={resultRef} tabIndex={-1} className="outline-none">
                <FormMessage state={result} />
              </div>
            </div>
            <button type="submit" className="btn-primary w-full" aria-disabled={pending || undefined}>
              {pending ? 'Placing Order...' : 'Place Order'}
            </button>
          </div>
        </div>
      </FieldErrorContext>
    </form>
  )
}

/** Moves focus to the field a message is about (the first radio of a group). */
function focusField(form: HTMLFormElement, name: string) {
  const item = form.elements.namedItem(name)
  const element = item instanceof RadioNodeList ? item[0] : item
  if (element instanceof HTMLElement) element.focus()
}
