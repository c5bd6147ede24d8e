import type { ReactNode } from 'react'

import { SELLER_PATHS } from '../paths'

type Page = 'today' | 'new' | 'customers' | 'recall'

/** The daily screen's top bar (Today, New with its count, Customers, Recall, the full admin) and the notice of the last tap. */
export function SellerFrame({ current, newOrders, notice, children }: { current?: Page; newOrders: number; notice: string | null; children: ReactNode }) {
  const here = (page: Page) => (page === current ? ({ 'aria-current': 'page' } as const) : {})
  return (
    <>
      <header className="topbar">
        <nav aria-label="Daily screen">
          <a href={SELLER_PATHS.today} {...here('today')}>
            Today
          </a>
          <a href={SELLER_PATHS.newOrders} {...here('new')}>
            New{newOrders > 0 && <span className="count"> {newOrders}</span>}
          </a>
          <a href={SELLER_PATHS.customers} {...here('customers')}>
            Customers
          </a>
          <a href={SELLER_PATHS.recall} {...here('recall')}>
            Recall
          </a>
          <a href="/admin" className="topbar__admin">
            Full admin
          </a>
        </nav>
      </header>
      <main id="main">
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {children}
      </main>
    </>
  )
}
