'use client'

import { useFormFields } from '@payloadcms/ui'

import { fillTemplate, type MessageKind, type Placeholder, unknownPlaceholders } from '@/features/messages/templates'
import './TemplatePreview.scss'

/** Made-up values, so the seller sees the message as a customer would read it. */
const SAMPLE: Record<Placeholder, string> = {
  name: 'Dana Tester',
  business: 'Purple Sea Moss Co.',
  product: 'Purple Seamoss Gel',
  method: 'pickup',
  reference: 'SM-1042',
  total: '$50',
  jars: '3 jars',
  window: 'Sat, Dec 5 · 10:00 AM–2:00 PM',
  place: 'Eastern Market',
  payment: '- Venmo: @your-venmo (https://venmo.com/your-venmo?txn=pay&amount=50&note=SM-1042)\n- Cash: at pickup',
  phone: '(313) 555-0100',
  statusLink: 'https://example.com/order/status/…',
  reviewLink: 'https://example.com/reviews?name=Dana+Tester&order=…',
  orderAgainLink: 'https://example.com/order?again=…',
  code: 'SEAMOSS-7Q2K',
  recalled: 'batch B-1205',
  references: 'SM-1042',
  reason: 'Our sea moss supplier recalled the lot this batch was made from.',
  contact: 'text or call (313) 555-0100, or e-mail hello@example.com',
}

/** Below each template: the subject and message filled with sample values, updated as the seller types. */
export function TemplatePreview({ kind }: { kind: MessageKind }) {
  const subject = useFormFields(([fields]) => fields[`${kind}.subject`]?.value as string | undefined) ?? ''
  const body = useFormFields(([fields]) => fields[`${kind}.body`]?.value as string | undefined) ?? ''
  const enabled = useFormFields(([fields]) => fields[`${kind}.enabled`]?.value as boolean | undefined) ?? true
  const unknown = unknownPlaceholders(`${subject} ${body}`)
  return (
    <section className="template-preview" aria-label="Preview" data-testid={`preview-${kind}`}>
      <h4 className="template-preview__title">Preview{enabled ? '' : ' (switched off: not sent)'}</h4>
      {unknown.length > 0 && (
        <p className="template-preview__warning" role="alert">
          {`Not a placeholder: ${unknown.map((key) => `{${key}}`).join(', ')}. Customers will see nothing there; check the spelling against the list above.`}
        </p>
      )}
      <p className="template-preview__subject">
        <strong>Subject:</strong> {fillTemplate(subject, SAMPLE)}
      </p>
      <pre className="template-preview__body">{fillTemplate(body, SAMPLE)}</pre>
      <p className="template-preview__note">The order details and links are added below the message; the refill and welcome e-mails end with an unsubscribe link; a recall notice ends with its “I have read this notice” link.</p>
    </section>
  )
}
