import type { UIFieldServerProps } from 'payload'

import { CITIES, DELIVERY_METHODS } from '@/features/ordering/options'
import { jarsText } from '@/features/ordering/wording'
import { CONSENT_GIVEN, jarFlavors, labelOf, orderedFlavors, packingList, placedAt, priceRows } from '@/features/ordering/orderDetails'
import type { Order } from '@/payload-types'

import { ContactActions } from '@/features/contact/admin/ContactActions'

import { statusPath } from '@/features/ordering/confirmation'

import { MarkPaid } from './MarkPaid'

const mapHref = (order: Order) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${order.address}, ${labelOf(CITIES, order.city)}, MI ${order.zip}`)}`

/**
 * The top of an order's page: what a seller needs to call the customer, pack the jars and deliver,
 * readable on a phone. The editable fields follow below it.
 */
export function OrderOverview({ data }: UIFieldServerProps) {
  const order = data as Order | undefined
  if (!order?.fullName) return null
  const delivery = order.deliveryMethod === 'delivery'
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
          <p className="order-overview__hint">Computed by the site when the order was placed; it cannot be changed.</p>
          <MarkPaid />
        </div>
      </div>
    </section>
  )
}
