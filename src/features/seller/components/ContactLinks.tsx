import { mailtoHref, smsHref, telHref } from '@/features/contact/contactLinks'

/** One-tap Call and Text (and E-mail, and the map of a delivery, when there is one) for an order's customer. */
export function ContactLinks({ name, phone, email, mapHref }: { name: string; phone: string; email?: string | null; mapHref?: string | null }) {
  return (
    <nav className="order__contact" aria-label={`Contact ${name}`}>
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
