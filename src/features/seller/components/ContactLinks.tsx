import { mailtoHref, smsHref, telHref } from '@/features/contact/contactLinks'

/**
 * One-tap Call and Text (and E-mail, and the map of a delivery, when there is one) for an order's
 * customer. The order's reference is in the name: a customer with two orders on one screen gets two
 * navigations a screen reader can tell apart.
 */
export function ContactLinks({ name, reference, phone, email, mapHref }: { name: string; reference: string; phone: string; email?: string | null; mapHref?: string | null }) {
  return (
    <nav className="order__contact" aria-label={`Contact ${name} about ${reference}`}>
      <a href={telHref(phone)}>Call</a>
      <a href={smsHref(phone)}>Text</a>
      {email && <a href={mailtoHref(email)}>E-mail</a>}
      {mapHref && (
        <a href={mapHref} target="_blank" rel="noopener noreferrer">
          Map
        </a>
      )}
    </nav>
  )
}
