/** Digits of a phone number with a leading +1 for US numbers, for `sms:` and `tel:` links. */
export function phoneForLinks(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10) return `+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`
  return digits
}

/**
 * A text to the number, with `body` written in when given: `?&body=` is read by both iOS (which
 * wants `&body=`) and Android (`?body=`).
 */
export const smsHref = (phone: string, body?: string) => `sms:${phoneForLinks(phone)}${body ? `?&body=${encodeURIComponent(body)}` : ''}`
export const telHref = (phone: string) => `tel:${phoneForLinks(phone)}`
export const mailtoHref = (email: string, subject?: string) =>
  `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`
