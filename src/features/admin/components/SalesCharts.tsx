import type { Payload } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { FLAVOR_MIX_DAYS, SALES_WEEKS, salesFigures, salesFilters, weekLabel } from '@/features/admin/sales'
import { dollars, jarsText } from '@/features/ordering/wording'
import { counted } from '@/shared/counted'

import { BarChart } from './BarChart'
import './SalesCharts.scss'

const share = (part: number, whole: number) => `${whole > 0 ? Math.round((part / whole) * 100) : 0}%`

/**
 * The dashboard's sales: orders and revenue per business week (Monday to Sunday in Detroit) for the
 * last 12 weeks, and the flavors of the last 30 days' jars. Cancelled orders are left out. Each
 * chart has its figures as a table for screen readers, and a link to the orders behind it.
 */
export async function SalesCharts({ payload, now = new Date() }: { payload: Payload; now?: Date }) {
  const [sales, filters] = [await salesFigures(payload, now), salesFilters(now)]
  const thisWeek = sales.weeks[sales.weeks.length - 1]
  const total = sales.weeks.reduce((sum, week) => ({ orders: sum.orders + week.orders, revenue: sum.revenue + week.revenue }), { orders: 0, revenue: 0 })
  const jars = sales.flavorMix.reduce((sum, flavor) => sum + flavor.jars, 0)
  const weekName = (weekStart: string) => (weekStart === thisWeek.weekStart ? `${weekLabel(weekStart)} (this week)` : weekLabel(weekStart))

  return (
    <section className="sales-charts" aria-labelledby="sales-charts-heading">
      <h2 id="sales-charts-heading">Sales</h2>
      <div className="sales-charts__grid">
        <figure className="sales-charts__chart" data-testid="weekly-sales">
          <figcaption className="sales-charts__caption">
            <strong>Orders and revenue per week</strong>
            <span>
              Last {SALES_WEEKS} weeks, Monday to Sunday: {dollars(total.revenue)} from {counted(total.orders, 'order')}
            </span>
          </figcaption>
          <BarChart
            id="weekly-sales"
            title={`Revenue per week, last ${SALES_WEEKS} weeks`}
            description={`This week so far (from ${weekLabel(thisWeek.weekStart)}): ${dollars(thisWeek.revenue)} from ${counted(thisWeek.orders, 'order')}. All ${SALES_WEEKS} weeks: ${dollars(total.revenue)} from ${counted(total.orders, 'order')}.`}
            labelWidth={16}
            bars={sales.weeks.map((week) => ({
              label: weekLabel(week.weekStart),
              value: week.revenue,
              valueText: week.orders === 0 ? dollars(0) : `${dollars(week.revenue)} · ${counted(week.orders, 'order')}`,
              current: week === thisWeek,
            }))}
          />
          <table className="sales-charts__sr-only">
            <caption>Orders and revenue per week</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Orders</th>
                <th scope="col">Jars</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {sales.weeks.map((week) => (
                <tr key={week.weekStart}>
                  <th scope="row">{weekName(week.weekStart)}</th>
                  <td>{week.orders}</td>
                  <td>{week.jars}</td>
                  <td>{dollars(week.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <a className="sales-charts__link" href={adminListUrl('orders', filters.weeks)}>
            Orders of these {SALES_WEEKS} weeks
          </a>
        </figure>

        <figure className="sales-charts__chart" data-testid="flavor-mix">
          <figcaption className="sales-charts__caption">
            <strong>Flavor mix</strong>
            <span>
              Last {FLAVOR_MIX_DAYS} days: {jarsText(jars)}
            </span>
          </figcaption>
          {sales.flavorMix.length === 0 ? (
            <p className="sales-charts__empty">No orders in the last {FLAVOR_MIX_DAYS} days.</p>
          ) : (
            <>
              <BarChart
                id="flavor-mix"
                title={`Jars per flavor, last ${FLAVOR_MIX_DAYS} days`}
                description={sales.flavorMix.map((flavor) => `${flavor.flavor}: ${jarsText(flavor.jars)} (${share(flavor.jars, jars)})`).join(', ')}
                labelWidth={30}
                bars={sales.flavorMix.map((flavor) => ({ label: flavor.flavor, value: flavor.jars, valueText: `${jarsText(flavor.jars)} · ${share(flavor.jars, jars)}` }))}
              />
              <table className="sales-charts__sr-only">
                <caption>Jars per flavor, last {FLAVOR_MIX_DAYS} days</caption>
                <thead>
                  <tr>
                    <th scope="col">Flavor</th>
                    <th scope="col">Jars</th>
                    <th scope="col">Share</th>
                  </tr>
                </thead>
                <tbody>
                  {sales.flavorMix.map((flavor, index) => (
                    <tr key={index}>
                      <th scope="row">{flavor.flavor}</th>
                      <td>{flavor.jars}</td>
                      <td>{share(flavor.jars, jars)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <a className="sales-charts__link" href={adminListUrl('orders', filters.flavorMix)}>
            Orders of the last {FLAVOR_MIX_DAYS} days
          </a>
        </figure>
      </div>
    </section>
  )
}
