import type { Payload, PayloadRequest, UIFieldServerProps } from 'payload'

import { CITIES, DELIVERY_METHODS } from '@/features/ordering/options'
import { jarsText } from '@/features/ordering/wording'
import { CONSENT_GIVEN, jarFlavors, labelOf, orderedFlavors, packingList, placedAt, priceRows } from '@/features/ordering/orderDetails'
import type { Order } from '@/payload-types'

import { ContactActions } from '@/features/contact/admin/ContactActions'

import { statusPath } from '@/features/ordering/confirmation'
import { handoverSteps } from '@/features/ordering/handoverRecord'
import { mapHref } from '@/features/ordering/mapLink'
import { orderEmailsAbout, orderMessageKindLabel } from '@/features/ordering/orderMessageKeys'

import { MarkPaid } from './MarkPaid'
import { OrderChanges } from './OrderChanges'
import './OrderOverview.scss'

/**
 * The top of an order's page: what a seller needs to call the customer, pack the jars and deliver,
 * readable on a phone. The editable fields follow below it.
 */
export function OrderOverview({ data, payload, req }: UIFieldServerProps) {
  const order = data as Order | undefined
  if (!order?.fullName) return null
  const delivery = order.deliveryMethod === 'delivery'
  const handover = handoverSteps(order)
  return (
    <section className="order-overview" aria-label="Order overview" data-testid="order-overview">
      <p className="order-overview__placed">
        {order.reference && <strong className="order-overview__reference">{order.reference}</strong>}
        {order.createdAt && ` Placed ${placedAt(order.createdAt)} (Detroit time)`}
        {order.statusToken && (
          <>
            {' · '}
            <a href={statusPath(order.statusToken)} target="_blank" rel="noreferrer">
              The customer&apos;s order page
            </a>
          </>
        )}
      </p>

      <div className="order-overview__grid">
        <div className="order-overview__card">
          <h3>Contact</h3>
          <ContactActions phone={order.phone} email={order.email} />
          {order.instagram && <p>Instagram: {order.instagram}</p>}
          <p>
            {CONSENT_GIVEN}: {order.consent ? 'Yes' : 'No'}
          </p>
        </div>

        <div className="order-overview__card">
          <h3>{jarsText(order.quantity)}</h3>
          <ol className="order-overview__jars">
            {jarFlavors(orderedFlavors(order)).map((flavor, index) => (
              <li key={index}>{flavor}</li>
            ))}
          </ol>
          <p>To pack: {packingList(orderedFlavors(order))}</p>
        </div>

        <div className="order-overview__card">
          <h3>{labelOf(DELIVERY_METHODS, order.deliveryMethod)}</h3>
          <p data-testid="order-overview-window">
            <strong>{order.windowLabel ?? 'Time: arrange by text'}</strong>
          </p>
          {handover.length > 0 && (
            // The delivery day's record (Leaving, Handed over, Not home, Collected on the phone; the missed-pickup e-mail).
            <p className="order-overview__handover" data-testid="order-overview-handover">
              {handover.join(' · ')}
            </p>
          )}
          <p>
            {order.address}
            <br />
            {labelOf(CITIES, order.city)} {order.zip}
          </p>
          {delivery && (
            <a href={mapHref(order)} target="_blank" rel="noreferrer">
              Open in maps
            </a>
          )}
          <h4>Notes</h4>
          <p className="order-overview__notes">{order.notes || 'None'}</p>
        </div>

        <div className="order-overview__card">
          <h3>Price</h3>
          <table className="order-overview__prices">
            <tbody>
              {priceRows(order, false).map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="order-overview__hint">Computed by the site when the order was placed, and again at each change the customer makes on its page; it cannot be edited here.</p>
          <MarkPaid />
        </div>
      </div>
      <OrderChanges orderId={order.id} payload={payload} req={req} />
      <OrderEmails orderId={order.id} payload={payload} req={req} />
    </section>
  )
}

const EMAIL_STATUS: Record<string, string> = { pending: 'Waiting to be sent', sending: 'Sending', sent: 'Sent', failed: 'Could not be sent', skipped: 'Not sent' }

/** Every e-mail about this order: what was sent and when, what waits (and why), what was not sent and why. */
async function OrderEmails({ orderId, payload, req }: { orderId: number; payload: Payload; req: PayloadRequest }) {
  const { docs } = await payload.find({
    collection: 'email-outbox',
    where: { about: { equals: orderEmailsAbout(orderId) } },
    sort: 'createdAt',
    select: { to: true, subject: true, status: true, sentAt: true, lastError: true, createdAt: true, dedupeKey: true },
    pagination: false,
    depth: 0,
    overrideAccess: false,
    req,
  })
  return (
    <div className="order-overview__card order-overview__emails" data-testid="order-emails">
      <h3>E-mails</h3>
      {docs.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul>
          {docs.map((email) => (
            <li key={email.id}>
              <OrderEmailKind orderId={orderId} dedupeKey={email.dedupeKey} />
              <strong>{email.subject}</strong> to {email.to}
              <br />
              {EMAIL_STATUS[email.status] ?? email.status}
              {email.status === 'sent' && email.sentAt ? ` ${placedAt(email.sentAt)}` : ''}
              {email.lastError ? ` — ${email.lastError}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The template's name before the subject: the seller reads which e-mail it was, whatever its subject says. */
function OrderEmailKind({ orderId, dedupeKey }: { orderId: number; dedupeKey?: string | null }) {
  const kind = orderMessageKindLabel(orderId, dedupeKey)
  return kind ? <>{kind}: </> : null
}
