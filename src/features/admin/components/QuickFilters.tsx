import { parse, stringify } from 'qs-esm'

import {
  adminListUrl,
  contactMessageQuickFilters,
  orderQuickFilters,
  reviewQuickFilters,
  subscriberQuickFilters,
  type QuickFilter,
} from '@/features/admin/adminFilters'
import { ADD_ORDER_VIEW, PREP_SHEET_VIEW } from '@/features/admin/adminViews'

import './AddOrderLinks.scss'
import './QuickFilters.scss'

export type SearchParams = Record<string, string | string[] | undefined>
type Props = { searchParams?: SearchParams }

/** The list's current filter, in the same form `stringify` gives a quick filter's. */
function currentWhere(searchParams: SearchParams = {}): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(searchParams)) {
    for (const item of Array.isArray(value) ? value : [value ?? '']) query.append(key, item)
  }
  const where = parse(query.toString()).where
  return where && typeof where === 'object' && Object.keys(where).length > 0 ? stringify({ where }) : ''
}

export function QuickFilterBar({ collection, filters, searchParams }: { collection: string; filters: QuickFilter[] } & Props) {
  const active = currentWhere(searchParams)
  return (
    <nav className="quick-filters" aria-label="Quick filters">
      {filters.map((filter) => {
        const isActive = (filter.where ? stringify({ where: filter.where }) : '') === active
        return (
          // A full page load, not a client navigation: Payload's filter builder keeps the previous
          // condition's value across a client-side change of filter (a status value in a date
          // picker crashes the list).
          <a key={filter.label} href={adminListUrl(collection, filter.where)} className="quick-filters__link" aria-current={isActive ? 'true' : undefined}>
            {filter.label}
          </a>
        )
      })}
    </nav>
  )
}

/** Above the orders list: adding an order taken by text, call, message or in person, the day's prep sheet, and the filters. */
export function OrderQuickFilters({ searchParams }: Props) {
  return (
    <>
      <div className="order-actions">
        <a href={ADD_ORDER_VIEW.url} className="order-actions__add">
          + Add order
        </a>
        <a href={PREP_SHEET_VIEW.url} className="order-actions__link">
          Prep sheet
        </a>
      </div>
      <QuickFilterBar collection="orders" filters={orderQuickFilters()} searchParams={searchParams} />
    </>
  )
}

export function ReviewQuickFilters({ searchParams }: Props) {
  return <QuickFilterBar collection="reviews" filters={reviewQuickFilters()} searchParams={searchParams} />
}

export function ContactMessageQuickFilters({ searchParams }: Props) {
  return <QuickFilterBar collection="contact-messages" filters={contactMessageQuickFilters()} searchParams={searchParams} />
}

export function SubscriberQuickFilters({ searchParams }: Props) {
  return <QuickFilterBar collection="email-captures" filters={subscriberQuickFilters()} searchParams={searchParams} />
}
