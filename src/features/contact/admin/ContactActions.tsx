import type { UIFieldServerProps } from 'payload'

import { mailtoHref, smsHref, telHref } from '@/features/contact/contactLinks'
import type { ContactMessage } from '@/payload-types'
import './ContactActions.scss'

type Props = { phone?: string | null; email?: string | null; subject?: string }

/** One tap to call, text or e-mail a customer from the admin, on the phone the seller carries. */
export function ContactActions({ phone, email, subject }: Props) {
  return (
    <div className="contact-actions">
      {phone && (
        <>
          <a className="contact-actions__link" href={telHref(phone)}>
            Call {phone}
          </a>
          <a className="contact-actions__link" href={smsHref(phone)}>
            Text
          </a>
        </>
      )}
      {email && (
        <a className="contact-actions__link" href={mailtoHref(email, subject)}>
          E-mail {email}
        </a>
      )}
    </div>
  )
}

/** The top of a contact message: reply by e-mail (with the subject), call or text. */
export function ContactMessageActions({ data }: UIFieldServerProps) {
  const message = data as ContactMessage | undefined
  if (!message?.email) return null
  return (
    <section className="contact-actions__reply" aria-label="Reply">
      <ContactActions phone={message.phone} email={message.email} subject={`Re: ${message.subject || 'your message'}`} />
    </section>
  )
}
