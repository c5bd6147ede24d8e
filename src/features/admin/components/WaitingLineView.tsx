import type { AdminViewServerProps, Payload } from 'payload'

import { jarsText } from '@/features/ordering/wording'
import { holdEndText, wantedFlavorText } from '@/features/ordering/waitingLine/rules'
import { mailtoHref, telHref } from '@/features/contact/contactLinks'
import type { WaitingLine as Place } from '@/payload-types'
import { counted } from '@/shared/counted'
import { businessDateTime } from '@/shared/time'

import { BATCH_RULES_URL, orderAdminUrl } from '../adminViews'
import { ANY_FLAVOR, findWaitingLine, type LineSummary, type WaitingLinePage } from '../waitingLine'
import { removePlace } from '../waitingLineActions'
import { waitingLineUrl, type WaitingLineQuery } from '../waitingLineRules'
import { AdminView, type AdminSession } from './AdminView'
import './WaitingLine.scss'

type Search = AdminViewServerProps['searchParams']
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/**
 * Admin → Waiting line: whether the line is on and how long it holds jars, each flavor's line with
 * the jars held for it (counted by the database), and one line's places in the order they were
 * taken, with Remove behind a confirmation step; the places that ended, last first, on their own
 * list. Links and plain forms, so it works without JavaScript.
 */
export function WaitingLineView(props: AdminViewServerProps) {
  const query = readQuery(props.searchParams)
  return (
    <AdminView {...props} url={waitingLineUrl({ line: query.line, shown: query.shown, page: query.page })} steps={[{ label: 'Waiting line' }]} className="waiting-line">
      {(session) => <WaitingLine session={session} query={query} />}
    </AdminView>
  )
}

const readQuery = (search: Search): WaitingLineQuery => ({
  line: one(search?.line),
  shown: one(search?.shown),
  page: one(search?.page),
  remove: one(search?.remove),
  place: one(search?.place),
  done: one(search?.done) === 'removed' ? 'removed' : one(search?.done) === 'not-removed' ? 'not-removed' : undefined,
})

async function WaitingLine({ session: { payload }, query }: { session: AdminSession; query: WaitingLineQuery }) {
  const found = await findWaitingLine(payload, { line: query.line, shown: query.shown, page: String(query.page ?? '') })
  const here = { line: found.line.key, shown: found.shown, page: found.page }
  const confirming = query.remove ? found.places.find((place) => String(place.id) === query.remove && isActive(place)) : undefined
  return (
    <>
      <h1 className="admin-view__title">Waiting line</h1>
      <LineSettingsNote found={found} />
      {query.done && query.place && <DoneNote payload={payload} placeId={query.place} removed={query.done === 'removed'} />}
      <LinesTable found={found} />
      <section className="waiting-line__list" aria-labelledby="waiting-line-list">
        <h2 id="waiting-line-list">{found.line.name}</h2>
        <nav className="waiting-line__tabs" aria-label="Which places">
          <ListTab href={waitingLineUrl({ line: found.line.key })} current={found.shown === 'active'}>
            In line ({found.line.waiting + found.line.offered})
          </ListTab>
          <ListTab href={waitingLineUrl({ line: found.line.key, shown: 'ended' })} current={found.shown === 'ended'}>
            Recently ended
          </ListTab>
        </nav>
        {confirming && <ConfirmRemove place={confirming} line={found.line} back={here} />}
        {found.places.length === 0 ? (
          <p className="waiting-line__empty">{found.shown === 'active' ? 'Nobody is in this line.' : 'No place in this line has ended yet.'}</p>
        ) : (
          <PlacesTable found={found} back={here} />
        )}
        <Pages found={found} />
      </section>
    </>
  )
}

const isActive = (place: Pick<Place, 'status'>) => place.status === 'waiting' || place.status === 'offered'

function LineSettingsNote({ found: { settings, lines } }: { found: WaitingLinePage }) {
  const inLine = lines.reduce((sum, line) => sum + line.waiting + line.offered, 0)
  return (
    <p className="admin-view__intro" data-testid="waiting-line-settings">
      {settings.enabled ? (
        <>
          <strong>The waiting line is on.</strong> Jars that come free are offered to the places below in the order they were taken, and held for each for{' '}
          {counted(settings.holdHours, 'hour')}; a place is kept {counted(settings.placeDays, 'day')}.{' '}
        </>
      ) : (
        <>
          <strong>The waiting line is off:</strong> nobody can join, and freed jars go straight back on sale{inLine > 0 ? `; ${counted(inLine, 'place is', 'places are')} still in line` : ''}.{' '}
        </>
      )}
      <a href={BATCH_RULES_URL}>{settings.enabled ? 'Change or turn it off' : 'Turn it on or change it'} under Shop → Batch rules</a>.
    </p>
  )
}

/** Each line with its places and the jars held for it, and the jars held in all. */
function LinesTable({ found }: { found: WaitingLinePage }) {
  return (
    <section className="waiting-line__lines" aria-labelledby="waiting-line-lines">
      <h2 id="waiting-line-lines" className="waiting-line__held" data-testid="waiting-line-held">
        Jars held now: {found.heldJars}
      </h2>
      <table className="admin-table waiting-line__summary" data-testid="waiting-line-lines">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Waiting</th>
            <th scope="col">Holding jars</th>
            <th scope="col">Jars held</th>
          </tr>
        </thead>
        <tbody>
          {found.lines.map((line) => (
            <tr key={line.key} data-testid="waiting-line-line" aria-current={line.key === found.line.key ? 'true' : undefined}>
              <th scope="row">{line.key === found.line.key ? line.name : <a href={waitingLineUrl({ line: line.key })}>{line.name}</a>}</th>
              <td>{line.waiting}</td>
              <td>{line.offered}</td>
              <td>{line.heldJars}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function ListTab({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  return current ? (
    <span className="waiting-line__tab waiting-line__tab--current" aria-current="page">
      {children}
    </span>
  ) : (
    <a className="waiting-line__tab" href={href}>
      {children}
    </a>
  )
}

function PlacesTable({ found, back }: { found: WaitingLinePage; back: WaitingLineQuery }) {
  const active = found.shown === 'active'
  return (
    <table className="admin-table admin-table--cards waiting-line__table" data-testid="waiting-line-places">
      <thead>
        <tr>
          <th scope="col">{active ? 'Place' : 'E-mail'}</th>
          {active && <th scope="col">E-mail</th>}
          <th scope="col">Phone</th>
          <th scope="col">Jars wanted</th>
          <th scope="col">Joined</th>
          {!active && <th scope="col">Ended</th>}
          <th scope="col">Status</th>
          {active && (
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {found.places.map((place, index) => (
          <tr key={place.id} data-testid="waiting-line-place">
            {active ? (
              <>
                <th scope="row" data-label="Place">
                  {found.firstPosition + index}
                </th>
                <td data-label="E-mail" data-wide>
                  <a href={mailtoHref(place.email)}>{place.email}</a>
                </td>
              </>
            ) : (
              <th scope="row" data-label="E-mail">
                <a href={mailtoHref(place.email)}>{place.email}</a>
              </th>
            )}
            <td data-label="Phone">{place.phone ? <a href={telHref(place.phone)}>{place.phone}</a> : '—'}</td>
            <td data-label="Jars wanted">{place.jarsWanted}</td>
            <td data-label="Joined">{businessDateTime(place.createdAt)}</td>
            {!active && <td data-label="Ended">{place.endedAt ? businessDateTime(place.endedAt) : '—'}</td>}
            <td data-label="Status" data-wide>
              <PlaceStatus place={place} />
            </td>
            {active && (
              <td data-label="" data-wide>
                <a className="waiting-line__remove" href={waitingLineUrl({ ...back, remove: String(place.id) })}>
                  Remove…
                </a>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A place's status in words: what it holds and until when, or which order claimed it. */
function PlaceStatus({ place }: { place: Place }) {
  switch (place.status) {
    case 'waiting':
      return <>Waiting</>
    case 'offered':
      return (
        <>
          <strong>Offered:</strong> holding {jarsText(place.heldCount ?? 0)}
          {place.holdUntil ? ` until ${holdEndText(place.holdUntil)}` : ''}
        </>
      )
    case 'claimed': {
      const order = typeof place.order === 'object' && place.order ? place.order.id : place.order
      return order ? (
        <>
          Claimed → <a href={orderAdminUrl(order)}>the order</a>
        </>
      ) : (
        <>Claimed</>
      )
    }
    case 'passed':
      return <>Passed on (declined, or the hold ran out)</>
    case 'expired':
      return <>Expired (kept the days set)</>
    case 'removed':
      return <>Removed by the shop</>
    case 'unsubscribed':
      return <>Unsubscribed</>
  }
}

function ConfirmRemove({ place, line, back }: { place: Place; line: LineSummary; back: WaitingLineQuery }) {
  const held = place.status === 'offered' ? (place.heldCount ?? 0) : 0
  return (
    <form action={removePlace} className="waiting-line__confirm" data-testid="waiting-line-confirm">
      <p>
        <strong>
          Remove {place.email} from the line for {wantedFlavorText(line.key === ANY_FLAVOR ? null : line.name)}?
        </strong>{' '}
        {held > 0 ? `The ${jarsText(held)} held for them ${held === 1 ? 'goes' : 'go'} to the next in line, or back on sale. ` : ''}They are not e-mailed, and can join again while it is sold out.
      </p>
      <input type="hidden" name="place" value={String(place.id)} />
      <input type="hidden" name="line" value={back.line ?? ''} />
      <input type="hidden" name="page" value={String(back.page ?? '')} />
      <div className="waiting-line__confirm-buttons">
        <button type="submit" className="admin-button">
          Remove from line
        </button>
        <a href={waitingLineUrl(back)}>Keep</a>
      </div>
    </form>
  )
}

/**
 * What Remove did, worded from the place as stored now: an address that claims more than the
 * place's state (typed by hand, or an old link) shows nothing.
 */
async function DoneNote({ payload, placeId, removed }: { payload: Payload; placeId: string; removed: boolean }) {
  const place = await payload.findByID({ collection: 'waiting-line', id: placeId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!place || isActive(place) || (removed && place.status !== 'removed')) return null
  const who = `${place.email} (${wantedFlavorText(place.flavorName)})`
  return (
    <p className={`waiting-line__done${removed ? '' : ' waiting-line__done--refused'}`} role="status" data-testid="waiting-line-done">
      {removed
        ? `Removed ${who} from the line. Any jars held for them went to the next in line or back on sale.`
        : `${who} was no longer in line (it was claimed, passed on or had ended): nothing changed.`}
    </p>
  )
}

function Pages({ found }: { found: WaitingLinePage }) {
  if (found.pages <= 1) return null
  const href = (page: number) => waitingLineUrl({ line: found.line.key, shown: found.shown, page })
  return (
    <nav className="waiting-line__pages" aria-label="Pages">
      {found.page > 1 ? (
        <a href={href(found.page - 1)} rel="prev">
          ← Earlier
        </a>
      ) : (
        <span />
      )}
      <span aria-current="page">
        Page {found.page} of {found.pages} · {found.total} places
      </span>
      {found.page < found.pages ? (
        <a href={href(found.page + 1)} rel="next">
          Later →
        </a>
      ) : (
        <span />
      )}
    </nav>
  )
}
