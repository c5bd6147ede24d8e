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
        <ul className="refills-due__weeks">
          {weeks.map((week, index) => (
            <li key={week.from} className="refills-due__week">
              <strong>
                {index === 0 ? 'This week, ' : ''}
                {refillDayText(week.from)} – {refillDayText(addDays(week.until, -1))}:
              </strong>{' '}
              {week.refills === 0
                ? 'none due'
                : `${counted(week.refills, 'refill')}, ${counted(week.jars, 'jar')} — ${[...week.perFlavor]
                    .sort(([, a], [, b]) => b - a)
                    .map(([key, jars]) => `${flavorName(key, flavors)} ${jars}`)
                    .join(', ')}`}
            </li>
          ))}
        </ul>
        <p className="refills-due__hint">
          From the active plans. Each refill’s order is made a few days before its day (Shop → Pickup &amp; delivery), or at once from a batch announced to open later.
        </p>
      </section>
      <QuickFilterBar collection="refill-plans" filters={refillPlanQuickFilters()} searchParams={searchParams} />
    </>
  )
}
