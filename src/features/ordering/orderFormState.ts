import type { FormState } from '@/shared/forms/formState'
import type { Message } from '@/shared/notices'
import type { FlavorOption } from './catalog'
import type { OrderConfirmation } from './confirmation'
import type { WindowChoice } from './windows'
import { isPackageQuantity, type DeliveryMethod, type PackageQuantity, type PriceList } from './pricing'
import { flavorField, MAX_JARS } from '@/features/ordering/formFields'

/** What the order action answers; rendered by the page with or without JavaScript. */
export type OrderFormState = FormState & {
  /** The field the message is about, marked invalid. */
  field?: string
  /** The answer to a discount check made without JavaScript (the Apply button posts the form). */
  discountNotice?: { ok: boolean; message: Message }
  /** The code the page shows as applied after a post; for display only, the order re-checks it. */
  appliedDiscountCode?: string
  /** The order used a discount code: the browser forgets its saved one. */
  discountUsed?: boolean
  /** What the customer keeps of the stored order: reference, window, total, how to pay. */
  confirmation?: OrderConfirmation
  /** The current prices, when the page showed older ones: the summary shows these from now on. */
  prices?: PriceList
  /** The windows open now, when the chosen one was taken or closed: the form offers these next. */
  windows?: WindowChoice[]
}

export const initialOrderState: OrderFormState = { status: 'idle' }

/** The Apply button's value when it posts the form (no JavaScript). */
export const APPLY_DISCOUNT_INTENT = 'apply-discount'
/** A hidden field echoing the applied code, so a page rendered after a post still shows it. */
export const APPLIED_CODE_FIELD = 'appliedDiscountCode'
/** A hidden field naming the prices the page showed (`priceListKey`), checked when the order is stored. */
export const PRICE_LIST_FIELD = 'priceList'

/** The choices that drive the live summary; the other fields stay plain form inputs. */
export type OrderDraft = {
  quantity: PackageQuantity
  flavors: string[]
  deliveryMethod: DeliveryMethod | ''
  /** The chosen window's key; '' for none. */
  window: string
  discountCode: string
  appliedCode: string | null
}

export function emptyDraft(quantity: PackageQuantity = 1): OrderDraft {
  return { quantity, flavors: Array.from({ length: MAX_JARS }, () => ''), deliveryMethod: '', window: '', discountCode: '', appliedCode: null }
}

/** `/order?flavor=mixed-berry` (a jar label's QR code): the flavor chosen for the first jar. */
export const LINKED_FLAVOR_PARAM = 'flavor'

/**
 * `?flavor1=mixed-berry&…` (a refill reminder's link) or `?flavor=mixed-berry` (a jar label's, for
 * the first jar): each jar's flavor, when it is still on offer.
 */
export function flavorsFromQuery(search: string, flavors: readonly FlavorOption[]): string[] {
  const query = new URLSearchParams(search)
  const available = new Set(flavors.filter((flavor) => flavor.available).map((flavor) => flavor.value))
  return Array.from({ length: MAX_JARS }, (_, index) => {
    const key = query.get(flavorField(index + 1)) ?? (index === 0 ? query.get(LINKED_FLAVOR_PARAM) : null)
    return key && available.has(key) ? key : ''
  })
}

/** The draft a page starts with: the visitor's input after a post, otherwise the chosen package. */
export function draftFromState(state: OrderFormState, defaultQuantity: PackageQuantity): OrderDraft {
  if (state.status === 'success') return emptyDraft(1)
  if (!state.values) return emptyDraft(defaultQuantity)
  return draftFromValues(state.values, defaultQuantity, state.appliedDiscountCode || null)
}

/** The choices held by the form's fields (a post's values, or what the page's inputs show). */
export function draftFromValues(values: Record<string, string>, defaultQuantity: PackageQuantity, appliedCode: string | null = null): OrderDraft {
  const quantity = Number(values.quantity)
  const method = values.deliveryMethod
  return {
    quantity: isPackageQuantity(quantity) ? quantity : defaultQuantity,
    flavors: Array.from({ length: MAX_JARS }, (_, index) => values[flavorField(index + 1)] ?? ''),
    deliveryMethod: method === 'pickup' || method === 'delivery' ? method : '',
    window: values.window ?? '',
    discountCode: values.discountCode ?? '',
    appliedCode,
  }
}
