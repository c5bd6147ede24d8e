import { PAYMENT_METHODS } from '@/features/ordering/options'
import { dollars } from '@/features/ordering/wording'
import { counted } from '@/shared/counted'

import type { OwedCard, OwedPage } from '../owed'
import { owedPath } from '../paths'
import { ContactLinks } from './ContactLinks'
import { MarkPaidForm } from './MarkPaidForm'

const methodLabel = (card: OwedCard) => PAYMENT_METHODS.find((option) => option.value === card.method)?.label

/** One order owing: who, how much, since when, one-tap contact, and Mark paid with its method and day. */
function Owing({ order, back, today }: { order: OwedCard; back: string; today: string }) {
  return (
    <article className="order" aria-labelledby={`owed-${order.id}`} data-reference={order.reference}>
      <header className="order__head">
        <h2 id={`owed-${order.id}`}>
          {order.fullName} <span className="order__ref">{order.reference}</span>
        </h2>
        <span className={`badge badge--${order.state}`}>{order.status}</span>
      </header>
      {order.paidBut === null ? (
        <p className="order__money">
          <strong>{dollars(order.owes)}</strong> <span className="unpaid">Owed</span>
          {/* Only a method someone recorded on the order: the order form never asks the customer for one. */}
          {order.method && <span className="order__method"> · paying by {methodLabel(order)}</span>}
        </p>
      ) : (
        <p className="order__money">
          <strong>{dollars(order.owes)}</strong> <span className="unpaid">Still to pay</span>
          <span className="order__method"> · changed to {dollars(order.paidBut)} after paying the rest</span>
        </p>
      )}
      <p className="order__since" data-testid="owed-for">
        {order.owedFor}
      </p>
      {order.time && <p className="order__time">{order.time}</p>}
      <ContactLinks name={order.fullName} reference={order.reference} phone={order.phone} email={order.email} />
      <div className="order__actions">
        <MarkPaidForm orderId={order.id} reference={order.reference} back={back} owed={order.owes} method={order.method} paidOn={{ today, placedOn: order.placedOn }} />
      </div>
    </article>
  )
}

/** The orders that owe money, oldest handover first, a page at a time, under the total owed. */
export function OwedScreen({ list }: { list: OwedPage }) {
  const back = owedPath(list.page)
  const { orders, total } = list.owed
  return (
    <>
      <h1>{orders === 0 ? 'Owed' : `${counted(orders, 'order')} ${orders === 1 ? 'owes' : 'owe'} ${dollars(total)}`}</h1>
      {orders === 0 ? (
        <p className="empty">Nobody owes you anything.</p>
      ) : list.orders.length === 0 ? (
        <p className="empty">
          No order on this page. <a href={owedPath(1)}>Back to the first page</a>
        </p>
      ) : (
        list.orders.map((order) => <Owing key={order.id} order={order} back={back} today={list.today} />)
      )}
      {list.totalPages > 1 && (
        <nav className="pager" aria-label="Pages">
          {list.page > 1 && <a href={owedPath(list.page - 1)}>← Earlier</a>}
          <span>
            Page {list.page} of {list.totalPages}
          </span>
          {list.page < list.totalPages && <a href={owedPath(list.page + 1)}>Later →</a>}
        </nav>
      )}
    </>
  )
}
