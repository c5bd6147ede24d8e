import { randomUUID } from 'node:crypto'

import type { Payload, RequiredDataFromCollectionSlug } from 'payload'

import type { FlavorOption } from '@/features/ordering/catalog'
import { LAUNCH_FLAVORS } from '@/features/ordering/options'
import type { WindowChoice } from '@/features/ordering/windows'

/** A complete order form as the browser posts it: every value a string, the checkbox "on". */
export const validOrderForm: Record<string, string> = {
  quantity: '3',
  flavor1: 'mixed-berry',
  flavor2: 'peach-ginger',
  flavor3: 'pineapple-mango',
  deliveryMethod: 'delivery',
  fullName: '  Dana Tester ',
  email: 'Dana@Example.com',
  phone: '(313) 555-0100',
  instagram: '',
  address: '1 Main St',
  city: 'detroit',
  zip: '48201',
  notes: '',
  consent: 'on',
  discountCode: '',
}

/** The same form as FormData, with extra fields a tampering client might add. */
export function orderFormData(values: Record<string, string>): FormData {
  const formData = new FormData()
  for (const [name, value] of Object.entries(values)) formData.append(name, value)
  return formData
}

/** The flavors on offer in a fresh install (the seed): the order form's and the schema's choices. */
export const launchFlavors: FlavorOption[] = LAUNCH_FLAVORS.map((flavor) => ({ value: flavor.value, name: flavor.label, available: true }))

/** A Saturday pickup time with a capacity of 5, `placesLeft` of them still free. */
export const pickupWindow = (placesLeft: number): WindowChoice => ({
  key: '2026-12-05_w1',
  method: 'pickup',
  startsAt: '2026-12-05T15:00:00.000Z',
  endsAt: '2026-12-05T19:00:00.000Z',
  place: 'Eastern Market',
  label: 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market',
  capacity: 5,
  placesLeft,
})

type OrderData = RequiredDataFromCollectionSlug<'orders'>

/**
 * An order as the admin or the API stores it (`payload.create`): a one-jar Detroit pickup of Mixed
 * Berry with consent, new, priced at `totalPrice` ($20 unless given), with `fields` over it. The int
 * tests of the admin's figures (customers, dashboard, sales) build their histories from it.
 */
export function storedOrder(fields: Partial<OrderData> & Pick<OrderData, 'fullName' | 'phone'>): OrderData {
  const totalPrice = fields.totalPrice ?? 20
  return {
    address: '1 Main St',
    city: 'detroit' as const,
    zip: '48201',
    deliveryMethod: 'pickup' as const,
    quantity: 1,
    flavors: 'mixed-berry',
    originalPrice: totalPrice,
    deliveryFee: 0,
    discountAmount: 0,
    consent: true,
    status: 'new',
    ...fields,
    totalPrice,
  }
}

/** An active plan every 2 weeks as the refill service stores it (`startRefillPlan`), from a stored order of `fullName` and `phone`. */
export async function storeRefillPlan(payload: Payload, fullName: string, phone: string) {
  const order = await payload.create({ collection: 'orders', data: storedOrder({ fullName, phone, email: 'plan@example.com' }) })
  const { email, quantity, flavors, deliveryMethod, city, address, zip } = order
  return payload.create({
    collection: 'refill-plans',
    data: { status: 'active', everyWeeks: 2, nextDay: '2026-12-19', fullName, email: email!, phone, quantity, flavors, deliveryMethod, city, address, zip, windowRule: 'w1', token: randomUUID(), sourceOrder: order.id },
  })
}
