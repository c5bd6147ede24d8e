import { mailtoHref, smsHref, telHref } from '@/features/contact/contactLinks'
import { dollars } from '@/features/ordering/wording'
import { counted } from '@/shared/counted'
import { businessDate } from '@/shared/time'

import { customersPath, SELLER_PATHS } from '../paths'
import type { CustomersScreen as Found } from '../dailyScreen'

/**
 * The customer search on the phone: the admin's Customers (`findCustomers`: every order grouped by
 * e-mail or phone in the database) as cards with one-tap contact, and their orders in the admin
 * (`ordersHref`, the admin's own filter, `dailyScreen.ts#findCustomersScreen`).
 */
export function CustomersScreen({ list, search }: { list: Found; search: string }) {
  return (
    <>
      <h1>Customers</h1>
      <form method="get" action={SELLER_PATHS.customers} className="search" role="search">
        <label htmlFor="customer-search" className="visually-hidden">
          Name, e-mail or phone
        </label>
        <input id="customer-search" type="search" name="q" defaultValue={search} placeholder="Name, e-mail or phone" autoComplete="off" />
        <button className="button button--primary">Search</button>
      </form>
      <p className="day__summary">{search ? `${counted(list.found, 'customer')} found` : counted(list.found, 'customer')}</p>
      {list.customers.map((customer) => (
        <article key={customer.key} className="order" aria-label={customer.name} data-testid="customer">
          <header className="order__head">
            <h2>{customer.name}</h2>
            {customer.subscribed && <span className="badge">On the list</span>}
          </header>
          <p>
            {counted(customer.orders, 'order')} · <strong>{dollars(customer.totalSpent)}</strong> · last {businessDate(customer.lastOrderAt)}
          </p>
          {customer.email && <p className="order__received">{customer.email}</p>}
          <nav className="order__contact" aria-label={`Contact ${customer.name}`}>
            {customer.phone && <a href={telHref(customer.phone)}>Call</a>}
            {customer.phone && <a href={smsHref(customer.phone)}>Text</a>}
            {customer.email && <a href={mailtoHref(customer.email)}>E-mail</a>}
          </nav>
          <p>
            <a href={customer.ordersHref}>Their orders in the admin →</a>
          </p>
        </article>
      ))}
      {list.pages > 1 && (
        <nav className="pager" aria-label="Pages">
          {list.page > 1 && <a href={customersPath(search, list.page - 1)}>← Previous</a>}
          <span>
            Page {list.page} of {list.pages}
          </span>
          {list.page < list.pages && <a href={customersPath(search, list.page + 1)}>Next →</a>}
        </nav>
      )}
    </>
  )
}
