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
