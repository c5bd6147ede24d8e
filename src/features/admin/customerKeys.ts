import { phoneForLinks } from '@/features/contact/contactLinks'

/**
 * What makes two orders one customer's: the same e-mail in any case, or the same phone in any
 * format. Stored on each order (`customerEmail`, `customerPhone`, set by a hook on every write) so
 * the database can group the orders by them.
 */

/** An e-mail address as the e-mail list stores it (lower-cased), so case never splits a customer. */
export const emailKey = (email: string) => email.trim().toLowerCase()

/** A phone number as one string of digits, '+1' for US numbers: "(313) 555-0100" and "313.555.0100" are one phone. */
export const phoneKey = (phone: string) => {
  const digits = phoneForLinks(phone)
  // Too short to be anyone's number: it would join strangers.
  return digits.replace(/\D/g, '').length >= 7 ? digits : ''
}

/** The keys as stored on an order: null where there is nothing to join on. */
export function customerKeys(order: { email?: string | null; phone?: string | null }): { customerEmail: string | null; customerPhone: string | null } {
  return { customerEmail: emailKey(order.email ?? '') || null, customerPhone: phoneKey(order.phone ?? '') || null }
}

/**
 * The keys a stored customer is found by, one per way its orders join: `email:<key>`, `phone:<key>`,
 * and for an order with neither (it joins nobody) `order:<id>`.
 */
export function matchKeys(order: { id: number | string; customerEmail?: string | null; customerPhone?: string | null }): string[] {
  const keys = [order.customerEmail && `email:${order.customerEmail}`, order.customerPhone && `phone:${order.customerPhone}`].filter((key): key is string => Boolean(key))
  return keys.length ? keys : [`order:${order.id}`]
}

/** Match keys back into the e-mail keys, phone keys and keyless order ids they name. */
export function splitMatchKeys(keys: Iterable<string>): { emails: string[]; phones: string[]; orderIds: string[] } {
  const split = { emails: [] as string[], phones: [] as string[], orderIds: [] as string[] }
  for (const key of keys) {
    const at = key.indexOf(':')
    const [kind, value] = [key.slice(0, at), key.slice(at + 1)]
    if (kind === 'email') split.emails.push(value)
    else if (kind === 'phone') split.phones.push(value)
    else if (kind === 'order') split.orderIds.push(value)
  }
  return split
}
