import type { ReactNode } from 'react'

import { dollars } from '@/features/ordering/wording'

import { SELLER_PATHS } from '../paths'

type Page = 'today' | 'run' | 'new' | 'owed' | 'customers' | 'recall'

/**
 * The daily screen's top bar (Today, Run where the page knows Delivery day is on, New with its
 * count, Owed with the money owed where the page read it, Customers, Recall, the full admin) and
 * the notice of the last tap.
 */
export function SellerFrame({ current, newOrders, owed, run, notice, children }: { current?: Page; newOrders: number; owed?: number; run?: boolean; notice: string | null; children: ReactNode }) {
  const here = (page: Page) => (page === current ? ({ 'aria-current': 'page' } as const) : {})
  return (
    <>
      <header className="topbar">
        <nav aria-label="Daily screen">
          <a href={SELLER_PATHS.today} {...here('today')}>
            Today
          </a>
          {run && (
            <a href={SELLER_PATHS.run} {...here('run')}>
              Run
            </a>
          )}
          <a href={SELLER_PATHS.newOrders} {...here('new')}>
            New{newOrders > 0 && <span className="count"> {newOrders}</span>}
          </a>
          <a href={SELLER_PATHS.owed} {...here('owed')}>
            Owed{owed !== undefined && owed > 0 && <span className="count"> {dollars(owed)}</span>}
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
