import type { NewOrdersPage } from '../dailyScreen'
import { newOrdersPath, SELLER_PATHS } from '../paths'
import { OrderCard } from './OrderCard'

/** Orders waiting to be confirmed, newest first, with Confirm and Cancel, a page at a time. */
export function NewOrdersScreen({ list }: { list: NewOrdersPage }) {
  const back = newOrdersPath(list.page)
  return (
    <>
      <h1>New orders</h1>
      <p className="waiting">
        <a href={SELLER_PATHS.addOrder}>+ Add an order taken by text or in person</a>
      </p>
      {list.orders.length === 0 ? (
        <p className="empty">No order waits to be confirmed.</p>
      ) : (
        list.orders.map((order) => <OrderCard key={order.id} order={order} back={back} headingLevel={2} />)
      )}
      {list.totalPages > 1 && (
        <nav className="pager" aria-label="Pages">
          {list.page > 1 && <a href={newOrdersPath(list.page - 1)}>← Newer</a>}
          <span>
            Page {list.page} of {list.totalPages}
          </span>
          {list.page < list.totalPages && <a href={newOrdersPath(list.page + 1)}>Older →</a>}
        </nav>
      )}
    </>
  )
}
