import { ADD_ORDER_VIEW } from '@/features/admin/adminViews'

import type { NewOrdersPage } from '../dailyScreen'
import { newOrdersPath } from '../paths'
import { OrderCard } from './OrderCard'

/** Orders waiting to be confirmed, newest first, with Confirm and Cancel, a page at a time. */
export function NewOrdersScreen({ list }: { list: NewOrdersPage }) {
  const back = newOrdersPath(list.page)
  return (
    <>
      <h1>New orders</h1>
      <p className="waiting">
        {/* The admin's own form (the order service's rules for an order taken by hand). */}
        <a href={ADD_ORDER_VIEW.url}>+ Add an order taken by text or in person</a>
      </p>
      {list.orders.length === 0 ? (
        <p className="empty">No order waits to be confirmed.</p>
      ) : (
        list.orders.map((order) => <OrderCard key={order.id} order={order} back={back} />)
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
