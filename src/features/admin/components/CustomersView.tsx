import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter, SetStepNav } from '@payloadcms/ui'
import { redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { CUSTOMERS_VIEW } from '@/features/admin/adminViews'
import { customerOrdersWhere, findCustomers } from '@/features/admin/customers'
import { mailtoHref, telHref } from '@/features/contact/contactLinks'
import { dollars } from '@/features/ordering/wording'
import { businessDate } from '@/shared/time'

import './CustomersView.scss'

const customersText = (count: number) => `${count} ${count === 1 ? 'customer' : 'customers'}`

/**
 * Admin → Customers: everyone who ordered, one row per person (orders joined by e-mail or phone,
 * see `groupCustomers`), newest order first, with a search over names, e-mails and phones. A
 * custom view is outside Payload's admin access check, so it checks the session itself: a visitor
 * is sent to the login page before anything is read.
 */
export async function CustomersView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req } = initPageResult
  if (!req.user) redirect(`/admin/login?redirect=${encodeURIComponent(CUSTOMERS_VIEW.url)}`)
  const search = typeof searchParams?.q === 'string' ? searchParams.q.slice(0, 200) : ''
  const customers = await findCustomers(req, search)

  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={initPageResult.locale}
      params={params}
      payload={req.payload}
      permissions={initPageResult.permissions}
      req={req}
      searchParams={searchParams}
      user={req.user}
      visibleEntities={initPageResult.visibleEntities}
    >
      <SetStepNav nav={[{ label: 'Customers' }]} />
      <Gutter className="customers">
        <h1 className="customers__title">Customers</h1>
        <p className="customers__intro">
          Everyone who ordered, newest order first. Orders with the same e-mail or the same phone are one customer; cancelled orders count in neither orders nor spent. Tap a name
          for that customer&apos;s orders.
        </p>
        <form className="customers__search" method="get" action={CUSTOMERS_VIEW.url} role="search">
          <label htmlFor="customers-search">Name, e-mail or phone</label>
          <div className="customers__search-row">
            <input id="customers-search" type="search" name="q" defaultValue={search} autoComplete="off" />
            <button type="submit">Search</button>
            {search && <a href={CUSTOMERS_VIEW.url}>Show all</a>}
          </div>
        </form>
        <p className="customers__count" role="status">
          {search ? `${customersText(customers.length)} found for “${search}”` : customersText(customers.length)}
        </p>
        {customers.length > 0 && (
          <table className="customers__table">
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
                  <td data-label="E-mail">
                    <a href={mailtoHref(customer.email)}>{customer.email}</a>
                  </td>
                  <td data-label="Phone">
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
      </Gutter>
    </DefaultTemplate>
  )
}
