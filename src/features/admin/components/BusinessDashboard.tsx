import type { Payload } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { WAITING_LINE_VIEW } from '@/features/admin/adminViews'
import { dashboardFigures, dashboardFilters } from '@/features/admin/dashboard'
import { dollars } from '@/features/ordering/wording'

import { HealthBanner } from './HealthBanner'
import { SalesCharts } from './SalesCharts'
import './BusinessDashboard.scss'

/**
 * The admin's first screen: orders waiting, money owed, this week's orders, total and jars, new
 * subscribers, reviews to approve, messages to handle, the jars left in this batch; then the sales charts.
 */
export async function BusinessDashboard({ payload }: { payload: Payload }) {
  const figures = await dashboardFigures(payload)
  const filters = dashboardFilters(figures.weekStart)
  const cards = [
    { label: 'Orders waiting', value: figures.ordersWaiting, hint: 'new, not yet confirmed', href: adminListUrl('orders', filters.ordersWaiting) },
    {
      label: 'Completed, not paid',
      value: figures.completedUnpaid.orders,
      hint: `${dollars(figures.completedUnpaid.total)} to collect first`,
      href: adminListUrl('orders', filters.completedUnpaid),
    },
    { label: 'Unpaid orders', value: figures.unpaid.orders, hint: `${dollars(figures.unpaid.total)} owed in all`, href: adminListUrl('orders', filters.unpaid) },
    {
      label: 'Orders this week',
      value: figures.ordersThisWeek,
      hint: `${dollars(figures.revenueThisWeek)} in total`,
      href: adminListUrl('orders', filters.ordersThisWeek),
    },
    { label: 'Jars sold this week', value: figures.jarsThisWeek, hint: "in this week's orders", href: adminListUrl('orders', filters.ordersThisWeek) },
    { label: 'New subscribers this week', value: figures.subscribersThisWeek, hint: 'joined the e-mail list', href: adminListUrl('email-captures', filters.subscribersThisWeek) },
    { label: 'Reviews waiting', value: figures.reviewsWaiting, hint: 'for your approval', href: adminListUrl('reviews', filters.reviewsWaiting) },
    { label: 'Messages waiting', value: figures.messagesWaiting, hint: 'not yet handled', href: adminListUrl('contact-messages', filters.messagesWaiting) },
    {
      label: figures.batch ? `Jars left in batch ${figures.batch.code}` : 'Jars left in this batch',
      value: figures.jarsLeft ?? 'No limit',
      hint: figures.jarsLeft === 0 ? 'sold out or closed: the order page takes no orders' : 'set in Shop → Batches',
      href: figures.batch ? `/admin/collections/batches/${figures.batch.id}` : '/admin/collections/batches',
    },
    // Only while the waiting line holds jars: a fresh site's dashboard does not change.
    ...(figures.heldForLine > 0
      ? [{ label: 'Held for the waiting line', value: figures.heldForLine, hint: 'jars not for sale until claimed or passed on', href: WAITING_LINE_VIEW.url }]
      : []),
  ]
  return (
    <>
      <HealthBanner payload={payload} />
      <section aria-label="Business at a glance" className="at-a-glance">
        <h2 className="at-a-glance__title">At a glance</h2>
        <div className="at-a-glance__cards">
          {cards.map((card) => (
            <a key={card.label} href={card.href} className="at-a-glance__card" data-testid="dashboard-card">
              <span className="at-a-glance__label">{card.label}</span>
              <strong className="at-a-glance__value">{card.value}</strong>
              <span className="at-a-glance__hint">{card.hint}</span>
            </a>
          ))}
        </div>
      </section>
      <SalesCharts payload={payload} />
    </>
  )
}
