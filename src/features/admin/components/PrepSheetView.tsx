import type { AdminViewServerProps } from 'payload'

import { orderAdminUrl, PREP_SHEET_VIEW, prepSheetUrl } from '@/features/admin/adminViews'
import { defaultPrepDay, findPrepSheet, HELD_MARK, type PrepStop } from '@/features/admin/prepSheet'
import { telHref } from '@/features/contact/contactLinks'
import { windowRules } from '@/features/ordering/shop'
import { dollars, jarsText } from '@/features/ordering/wording'
import { addDays, isDayKey } from '@/shared/time'

import { AdminView, type AdminSession } from './AdminView'
import { PrintButton } from './PrintButton'
import './PrepSheet.scss'

/**
 * Admin → Prep sheet: for one day, the jars to make per flavor, the pickups, and the deliveries in
 * time order with their address, map link and what to collect; printable on paper (the admin's
 * menu, header and buttons are left off) and as a CSV.
 */
export function PrepSheetView(props: AdminViewServerProps) {
  return (
    <AdminView {...props} url={PREP_SHEET_VIEW.url} steps={[{ label: 'Prep sheet' }]} className="prep-sheet">
      {(session) => <PrepSheet session={session} searchParams={props.searchParams} />}
    </AdminView>
  )
}

async function PrepSheet({ session: { req, payload }, searchParams }: { session: AdminSession; searchParams: AdminViewServerProps['searchParams'] }) {
  const day = isDayKey(searchParams?.day) ? searchParams.day : await defaultPrepDay(payload, new Date(), req)
  const [sheet, rules] = await Promise.all([findPrepSheet(payload, day), windowRules(payload, req)])
  const noWindows = rules.windows.length === 0

  return (
    <>
      <h1 className="prep-sheet__title">
        Prep sheet <span className="prep-sheet__day">{sheet.dayLabel}</span>
      </h1>

      <div className="prep-sheet__tools">
        <form className="prep-sheet__pick" method="get" action={PREP_SHEET_VIEW.url}>
          <label htmlFor="prep-day">Day</label>
          <input id="prep-day" className="admin-input" type="date" name="day" defaultValue={day} required />
          <button type="submit" className="admin-button">
            Show
          </button>
        </form>
        <nav className="prep-sheet__links" aria-label="Other days and formats">
          <a href={prepSheetUrl(addDays(day, -1))}>← Day before</a>
          <a href={prepSheetUrl(addDays(day, 1))}>Day after →</a>
          <a href={prepSheetUrl(day, PREP_SHEET_VIEW.csvUrl)} download>
            Download CSV
          </a>
          <PrintButton />
        </nav>
      </div>

      <p className="prep-sheet__note">
        {noWindows
          ? 'No pickup or delivery times are set up, so this sheet lists every confirmed or ready order, whatever the day.'
          : 'Orders booked for this day (cancelled ones left out), and confirmed or ready orders whose time is arranged by text.'}
      </p>

      <section className="prep-sheet__section" aria-labelledby="prep-make">
        <h2 id="prep-make">To make: {jarsText(sheet.jars)}</h2>
        {sheet.make.length === 0 ? (
          <p>Nothing to make.</p>
        ) : (
          <table className="admin-table prep-sheet__table prep-sheet__make" data-testid="prep-make">
            <thead>
              <tr>
                <th scope="col">Flavor</th>
                <th scope="col">Jars</th>
              </tr>
            </thead>
            <tbody>
              {sheet.make.map(({ flavor, jars }) => (
                <tr key={flavor}>
                  <th scope="row">{flavor}</th>
                  <td>{jars}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="prep-sheet__section" aria-labelledby="prep-pickups">
        <h2 id="prep-pickups">Pickups ({sheet.pickups.length})</h2>
        {sheet.pickups.length === 0 ? <p>No pickups.</p> : <StopTable stops={sheet.pickups} delivery={false} />}
      </section>

      <section className="prep-sheet__section" aria-labelledby="prep-deliveries">
        <h2 id="prep-deliveries">Deliveries ({sheet.deliveries.length}), in time order</h2>
        {sheet.deliveries.length === 0 ? <p>No deliveries.</p> : <StopTable stops={sheet.deliveries} delivery />}
      </section>

      <p className="prep-sheet__collect">
        To collect in all: <strong>{dollars(sheet.toCollect)}</strong>
      </p>
    </>
  )
}

function StopTable({ stops, delivery }: { stops: PrepStop[]; delivery: boolean }) {
  return (
    <table className="admin-table admin-table--cards prep-sheet__table prep-sheet__stops" data-testid={delivery ? 'prep-deliveries' : 'prep-pickups'}>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Customer</th>
          {delivery && <th scope="col">Address</th>}
          <th scope="col">Jars</th>
          {delivery && <th scope="col">Notes</th>}
          <th scope="col">Collect</th>
        </tr>
      </thead>
      <tbody>
        {stops.map((stop) => (
          <tr key={stop.id} data-testid="prep-stop" className={stop.held ? 'prep-sheet__held' : undefined}>
            <td data-label="Time" data-wide>{stop.time ?? 'Arrange by text'}</td>
            <th scope="row" data-label="Customer">
              {stop.held && (
                <strong className="prep-sheet__held-mark" data-testid="prep-held">
                  {HELD_MARK}: do not hand over
                </strong>
              )}
              <a href={orderAdminUrl(stop.id)}>{stop.fullName}</a>
              <span className="prep-sheet__sub">
                {stop.reference} · <a href={telHref(stop.phone)}>{stop.phone}</a>
                {stop.status !== 'Confirmed' && stop.status !== 'Ready' ? ` · ${stop.status}` : ''}
                {stop.refill && ' · Refill plan'}
              </span>
            </th>
            {delivery && (
              <td data-label="Address" data-wide>
                {stop.address}
                <a className="prep-sheet__map" href={stop.mapHref} target="_blank" rel="noreferrer">
                  Map
                </a>
              </td>
            )}
            <td data-label="Jars">
              {stop.jars}
              {stop.batch && <span className="prep-sheet__batch"> · {stop.batch}</span>}
            </td>
            {delivery && <td data-label="Notes" data-wide>{stop.notes || '—'}</td>}
            <td data-label="Collect">{stop.held ? 'Held' : stop.toCollect > 0 ? dollars(stop.toCollect) : 'Paid'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
