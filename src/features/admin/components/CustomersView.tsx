import type { AdminViewServerProps } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { CUSTOMERS_VIEW } from '@/features/admin/adminViews'
import { CUSTOMERS_PER_PAGE, customerOrdersWhere, findCustomers } from '@/features/admin/customers'
import { mailtoHref, telHref } from '@/features/contact/contactLinks'
import { dollars } from '@/features/ordering/wording'
import { counted } from '@/shared/counted'
import { businessDate } from '@/shared/time'

import { AdminView, type AdminSession } from './AdminView'
import './CustomersView.scss'


/** A page of the view, keeping the search: plain links, so paging works without JavaScript. */
const pageUrl = (search: string, page: number) => {
  const query = new URLSearchParams({ ...(search ? { q: search } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString()
  return query ? `${CUSTOMERS_VIEW.url}?${query}` : CUSTOMERS_VIEW.url
}

function Pages({ search, page, pages }: { search: string; page: number; pages: number }) {
  if (pages <= 1) return null
  return (
    <nav className="customers__pages" aria-label="Customer pages">
      {page > 1 ? (
        <a href={pageUrl(search, page - 1)} rel="prev">
          ← Previous
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={pageUrl(search, page + 1)} rel="next">
          Next →
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  )
}

/**
 * Admin → Customers: everyone who ordered, one row per person (orders joined by e-mail or phone,
 * see `customersFromContacts`), newest order first, 50 a page, with a search over names, e-mails
 * and phones.
 */
export function CustomersView(props: AdminViewServerProps) {
  return (
    <AdminView {...props} url={CUSTOMERS_VIEW.url} steps={[{ label: 'Customers' }]} className="customers">
      {(session) => <Customers session={session} searchParams={props.searchParams} />}
    </AdminView>
  )
}

async function Customers({ session: { req }, searchParams }: { session: AdminSession; searchParams: AdminViewServerProps['searchParams'] }) {
  const search = typeof searchParams?.q === 'string' ? searchParams.q.slice(0, 200) : ''
  const requestedPage = typeof searchParams?.page === 'string' ? Number.parseInt(searchParams.page, 10) : 1
  const { customers, found, page, pages } = await findCustomers(req, { search, page: requestedPage })

  return (
    <>
      <h1 className="admin-view__title">Customers</h1>
      <p className="admin-view__intro">
        Everyone who ordered, newest order first. Orders with the same e-mail or the same phone are one customer; cancelled orders count in neither orders nor spent. Tap a name
        for that customer&apos;s orders.
      </p>
      <form className="customers__search" method="get" action={CUSTOMERS_VIEW.url} role="search">
        <label htmlFor="customers-search">Name, e-mail or phone</label>
        <div className="customers__search-row">
          <input id="customers-search" className="admin-input" type="search" name="q" defaultValue={search} autoComplete="off" />
          <button type="submit" className="admin-button">
              Search
            </button>
          {search && <a href={CUSTOMERS_VIEW.url}>Show all</a>}
        </div>
      </form>
      <p className="customers__count" role="status">
        {search ? `${counted(found, 'customer')} found for “${search}”` : counted(found, 'customer')}
        {pages > 1 && `, ${(page - 1) * CUSTOMERS_PER_PAGE + 1}–${(page - 1) * CUSTOMERS_PER_PAGE + customers.length} shown`}
      </p>
      {customers.length > 0 && (
        <table className="admin-table admin-table--cards customers__table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Phone</th>
              <th scope="col">Orders</th>
              <th scope="col">Spent</th>
              <th scope="col">First order</th>
              <th scope="col">Last order</th>
              <th scope="col">Subscribed</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => (
              <tr key={customer.key} data-testid="customer">
                <th scope="row" data-label="Name">
                  <a href={adminListUrl('orders', customerOrdersWhere(customer))}>{customer.name}</a>
                </th>
                <td data-label="E-mail" data-wide>
                  <a href={mailtoHref(customer.email)}>{customer.email}</a>
                </td>
                <td data-label="Phone" data-wide>
                  <a href={telHref(customer.phone)}>{customer.phone}</a>
                </td>
                <td data-label="Orders">
                  {customer.orders}
                  {customer.cancelled > 0 && <span className="customers__note"> (+{customer.cancelled} cancelled)</span>}
                </td>
                <td data-label="Spent">{dollars(customer.totalSpent)}</td>
                <td data-label="First order">{businessDate(customer.firstOrderAt)}</td>
                <td data-label="Last order">{businessDate(customer.lastOrderAt)}</td>
                <td data-label="Subscribed">{customer.subscribed ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pages search={search} page={page} pages={pages} />
    </>
  )
}
