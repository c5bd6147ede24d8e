import type { Payload } from 'payload'

import { adminListUrl, REFILL_ORDERS, refillPlanQuickFilters } from '@/features/admin/adminFilters'
import { refillsDuePerWeek } from '@/features/admin/refillsDue'
import { findFlavors } from '@/features/ordering/shop'
import { refillDayText } from '@/features/ordering/refillTerms'
import { flavorName } from '@/features/refills/rules'
import { counted } from '@/shared/counted'
import { addDays } from '@/shared/time'

import { QuickFilterBar, type SearchParams } from './QuickFilters'

import './AdminKit.scss'
import './RefillPlansSummary.scss'

/**
 * Above the refill plans: what they bring in each of the next four weeks, per flavor (the batch
 * screen's "What to make next" counts the same), the refill orders, and the filters.
 */
export async function RefillPlansSummary({ payload, searchParams }: { payload: Payload; searchParams?: SearchParams }) {
  const [weeks, flavors] = await Promise.all([refillsDuePerWeek(payload), findFlavors(payload)])
  return (
    <>
      <section className="refills-due" data-testid="refills-due">
        <div className="refills-due__head">
          <h3 className="refills-due__title">Refills due</h3>
          <a href={adminListUrl('orders', REFILL_ORDERS)} className="refills-due__link">
            Refill orders
          </a>
        </div>
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col">Refills</th>
              <th scope="col">Jars</th>
              <th scope="col">Per flavor</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={week.from}>
                <th scope="row">
                  {index === 0 ? 'This week' : 'From'} {refillDayText(week.from)} – {refillDayText(addDays(week.until, -1))}
                </th>
                <td data-label="Refills">{week.refills}</td>
                <td data-label="Jars">{week.jars}</td>
                <td data-label="Per flavor" data-wide>
                  {week.jars === 0
                    ? '–'
                    : [...week.perFlavor]
                        .sort(([, a], [, b]) => b - a)
                        .map(([key, jars]) => `${flavorName(key, flavors)} ${jars}`)
                        .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="refills-due__hint">
          From the active plans: each refill’s order is made a few days before its day (Shop → Pickup &amp; delivery), or at once from a batch announced to open later. {counted(weeks[0].refills, 'refill')} this week.
        </p>
      </section>
      <QuickFilterBar collection="refill-plans" filters={refillPlanQuickFilters()} searchParams={searchParams} />
    </>
  )
}
