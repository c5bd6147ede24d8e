import 'server-only'

import type { Payload } from 'payload'

import { adminSession } from './adminSession'
import type { Order } from '@/payload-types'
import { formText, formValues, submittedForm } from '@/shared/forms/formState'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'
import type { Message } from '@/shared/notices'
import { submissionKeyOf } from '@/platform/db/submissions'

import { ORDER_SOURCES, type OrderSource } from '@/features/ordering/options'
import { ORDER_FORM_FIELDS } from '@/features/ordering/formFields'
import { submitOrder, type OrderClock } from '@/features/ordering/service'
import { methodsWithWindows, type WindowChoice } from '@/features/ordering/windows'
import { priceListKey, type DeliveryMethod, type PriceList } from '@/features/ordering/pricing'
import { currentPrices, findFlavors, settingsFromDatabase, windowsOpenNow } from '@/features/ordering/shop'
import type { FlavorOption } from '@/features/ordering/catalog'
import { orderNotices } from '@/features/ordering/notices'

/**
 * An order the seller enters by hand in the admin (Orders → Add order), taken by text, call, a
 * social message or in person. It goes through the order service like an order from the form, so
 * the same prices, discount codes, jars of this batch and window places apply; a price or total in
 * the post is never read. The differences (`submitOrder`'s `byHand`): how it came in is stored as
 * its `source`, the customer's e-mail is optional (without one only the seller's e-mail goes out),
 * and there is no consent checkbox for the customer to tick: the seller ticks "agreed to be
 * contacted" when the customer said so, and otherwise the order records no consent.
 */

/** How an order entered by hand came in: every source but the order form and a refill plan (the server's own). */
export type HandEnteredSource = Exclude<OrderSource, 'online' | 'refill-plan'>
export const HAND_ENTERED_SOURCES = ORDER_SOURCES.filter((source): source is Extract<(typeof ORDER_SOURCES)[number], { value: HandEnteredSource }> => source.value !== 'online' && source.value !== 'refill-plan')

/** The fields of the Add order form: the order form's, and how the order came in. */
export const MANUAL_ORDER_FIELDS = [...ORDER_FORM_FIELDS, 'source'] as const

/** What the seller reads when an order entered by hand is refused; the order rules' own messages otherwise. */
export const manualOrderNotices = {
  sourceRequired: { title: 'How did it come in?', description: 'Choose text or call, social message or in person.' },
  signedOut: { title: 'Signed out', description: 'Your admin session has ended. Log in again, then add the order.' },
} as const satisfies Record<string, Message>

/** What the Add order form shows after a post that stored nothing. */
export type ManualOrderState = {
  status: 'idle' | 'error'
  message?: Message
  field?: string
  values?: Record<string, string>
  /** The windows open now, when the chosen one was not. */
  windows?: WindowChoice[]
}

export type ManualOrderResult = { status: 'refused' } | { status: 'success'; order: Order } | (ManualOrderState & { status: 'error' })

const isHandEnteredSource = (value: string): value is HandEnteredSource => HAND_ENTERED_SOURCES.some((source) => source.value === value)

/**
 * Checks the admin session from the request's headers (a server action is outside Payload's
 * access checks), then places the order. Anyone else is refused before anything is read or stored.
 */
export async function enterOrderByHand(payload: Payload, headers: Headers, formData: FormData, clock: OrderClock = {}): Promise<ManualOrderResult> {
  const session = await adminSession(payload, headers)
  if (session.status !== 'admin') return { status: 'refused' }

  const values = formValues(formData, MANUAL_ORDER_FIELDS)
  if (!isHandEnteredSource(values.source)) return { status: 'error', message: manualOrderNotices.sourceRequired, field: 'source', values }
  // A double click or a resent post stores one order: the form's key, or else this admin and the values.
  const key = submissionKeyOf('order', formText(formData, SUBMISSION_KEY_FIELD), { client: `admin:${session.user.id}`, values })
  const result = await submitOrder(payload, values, key, { ...clock, byHand: values.source })
  if (result.status === 'success') return { status: 'success', order: result.order }
  return { status: 'error', message: result.message, field: result.field, values, windows: result.windows }
}

/** What the Add order form offers (`components/AddOrderForm.client.tsx`). */
export type AddOrderFormProps = {
  flavors: FlavorOption[]
  sources: { value: string; label: string }[]
  prices: PriceList
  /** The prices shown here (`priceListKey`): a change before saving is noticed, as on the order page. */
  priceList: string
  windows: WindowChoice[]
  windowMethods: DeliveryMethod[]
}

/** What the Add order form offers now (flavors, prices, open times), for the admin's view and the daily screen's page alike. */
export async function addOrderFormProps(payload: Payload): Promise<AddOrderFormProps> {
  const [flavors, prices, windows] = await Promise.all([findFlavors(payload), currentPrices(settingsFromDatabase(payload)), windowsOpenNow(payload)])
  return {
    flavors: flavors.map(({ value, name, available }) => ({ value, name, available })),
    sources: HAND_ENTERED_SOURCES.map(({ value, label }) => ({ value, label })),
    prices,
    priceList: priceListKey(prices),
    windows: windows.open,
    windowMethods: methodsWithWindows(windows.rules),
  }
}

/**
 * An Add order form's post, for the admin's server action and the daily screen's endpoint
 * (features/seller/actions.ts): the order placed, or what the form shows again with
 * everything typed. A failure is logged, never thrown.
 */
export async function addOrderFromForm(payload: Payload, posted: FormData, requestHeaders: Headers): Promise<{ order: Order } | { state: ManualOrderState }> {
  const formData = submittedForm(posted)
  try {
    const result = await enterOrderByHand(payload, requestHeaders, formData)
    // Nothing was read or stored; what was typed is handed back so it is not lost.
    if (result.status === 'refused') return { state: { status: 'error', message: manualOrderNotices.signedOut, values: formValues(formData, MANUAL_ORDER_FIELDS) } }
    if (result.status === 'error') return { state: result }
    return { order: result.order }
  } catch (error) {
    payload.logger.error({ err: error, msg: '[order] adding an order by hand failed' })
    return { state: { status: 'error', message: orderNotices.failed } }
  }
}
