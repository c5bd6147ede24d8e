import { randomUUID } from 'node:crypto'

import type { AdminViewServerProps, Payload } from 'payload'

import { orderAdminUrl, RECALL_RECORD_VIEW, RECALL_VIEW } from '@/features/admin/adminViews'
import { AdminView, type AdminSession } from '@/features/admin/components/AdminView'
import { mailtoHref, telHref } from '@/features/contact/contactLinks'
import { counted } from '@/shared/counted'
import { businessDateTime } from '@/shared/time'

import { runRecall } from '../recallActions'
import { findRecall, recallChoices, recallHandoverLines, type RecallPage, type RecallRow } from '../recallList'
import { earlierRecalls, recallEmailPreview, refusalOf } from '../recallRecords'
import { RECALL_REASON_MAX } from '../recordRules'
import { readRecallRequest, RECALL_ROWS_PER_PAGE, RECALL_SCOPES, RECALL_SORTS, recallQuery, type RecallRequest, type RecallScope, type RecallSortColumn } from '../rules'
import { BatchOptions, LotOptions } from './RecallChoiceOptions'
import { RecallTotalsList } from './RecallFigures'
import './RecallView.scss'

/**
 * Admin → Recall: from a batch, one flavor of a batch, the batches made between two days or a
 * supplier's lot, every order that took those jars, with whom to call or e-mail and where the jars
 * went; the totals, and the same list as a CSV. A GET form, so a recall's address can be passed
 * on, bookmarked, and it works without JavaScript.
 */
export function RecallView(props: AdminViewServerProps) {
  // A recall's address is passed on: signing in leads back to the same recall.
  const { scope, sort, page } = readRecallRequest(props.searchParams)
  const url = scope ? `${RECALL_VIEW.url}?${recallQuery(scope, { sort, page })}` : RECALL_VIEW.url
  return (
    <AdminView {...props} url={url} steps={[{ label: 'Recall' }]} className="recall">
      {(session) => <Recall session={session} searchParams={props.searchParams} />}
    </AdminView>
  )
}

async function Recall({ session: { req, payload }, searchParams }: { session: AdminSession; searchParams: AdminViewServerProps['searchParams'] }) {
  const request = readRecallRequest(searchParams)
  const [options, found] = await Promise.all([recallChoices(payload, req), findRecall(payload, request, req)])
  const problems = found && 'problem' in found ? [found.problem] : request.problems
  const refused = refusalOf(one(searchParams?.refused))
  const telling = one(searchParams?.step) === 'tell'
  const { asked } = request

  return (
    <>
      <h1 className="admin-view__title">Recall</h1>
      <p className="admin-view__intro">
        Every order that took jars from a batch, one flavor of a batch, the batches made between two days, or the batches that used a supplier’s lot
        (choose a batch’s lots on the batch, under Ingredients’ sources). Cancelled orders are left out; completed, refill and hand-entered orders are in.
      </p>

      <form className="recall__form" method="get" action={RECALL_VIEW.url}>
        <fieldset className="admin-fieldset recall__scopes">
          <legend>Recall</legend>
          {RECALL_SCOPES.map((scope) => (
            <label key={scope.value} className="recall__scope">
              <input type="radio" name="scope" value={scope.value} defaultChecked={(asked.scope || 'batch') === scope.value} />
              <span>{scope.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="recall__fields">
          <div className="recall__field recall__field--batch">
            <label htmlFor="recall-batch">Batch</label>
            <select className="admin-input" id="recall-batch" name="batch" defaultValue={asked.batch}>
              <BatchOptions batches={options.batches} />
            </select>
          </div>
          <div className="recall__field recall__field--flavor">
            <label htmlFor="recall-flavor">Flavor</label>
            <select className="admin-input" id="recall-flavor" name="flavor" defaultValue={asked.flavor}>
              <option value="">Choose…</option>
              {options.flavors.map((flavor) => (
                <option key={flavor.id} value={flavor.value}>
                  {flavor.name}
                </option>
              ))}
            </select>
          </div>
          <div className="recall__field recall__field--made">
            <label htmlFor="recall-from">Made from</label>
            <input className="admin-input" type="date" id="recall-from" name="from" defaultValue={asked.from} />
          </div>
          <div className="recall__field recall__field--made">
            <label htmlFor="recall-to">to</label>
            <input className="admin-input" type="date" id="recall-to" name="to" defaultValue={asked.to} />
          </div>
          <div className="recall__field recall__field--lot">
            <label htmlFor="recall-lot">Supplier lot</label>
            <select className="admin-input" id="recall-lot" name="lot" defaultValue={asked.lot}>
              <LotOptions lots={options.lots} none="No lots yet: add them under Shop → Supplier lots" />
            </select>
          </div>
        </div>
        <button type="submit" className="admin-button">
          Show the orders
        </button>
      </form>

      {problems.length > 0 && (
        <div className="recall__problems" role="alert" data-testid="recall-problem">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}

      {refused && (
        <div className="recall__problems" role="alert" data-testid="recall-refused">
          <p>{refused}</p>
        </div>
      )}

      {found && !('problem' in found) && request.scope && telling && found.totals.orders > 0 && <TellStep payload={payload} recall={found} scope={request.scope} />}
      {found && !('problem' in found) && request.scope && <RecallResult recall={found} request={request} scope={request.scope} actions={!telling} />}
    </>
  )
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** The fields that name the recall, posted with its buttons (the action reads them as the screen reads its address). */
function ScopeFields({ scope }: { scope: RecallScope }) {
  return (
    <>
      {[...new URLSearchParams(recallQuery(scope)).entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* One recall per press: a double click or a resent post finds the one the first made. */}
      <input type="hidden" name="requestKey" value={randomUUID()} />
    </>
  )
}

/** Under the totals: tell the customers (after a confirmation step), or practise. */
function RecallActions({ recall: { totals }, scope }: { recall: RecallPage; scope: RecallScope }) {
  if (totals.orders === 0) return null
  return (
    <div className="recall__actions" data-testid="recall-actions">
      <a className="admin-button recall__tell" href={`${RECALL_VIEW.url}?${recallQuery(scope)}&step=tell`}>
        {totals.customers === 1 ? 'E-mail this customer' : `E-mail these ${totals.customers} customers`}
      </a>
      <form action={runRecall} className="recall__drill">
        <ScopeFields scope={scope} />
        <input type="hidden" name="kind" value="drill" />
        <button type="submit" className="admin-button recall__secondary">
          Practice recall (drill)
        </button>
      </form>
      <p className="recall__actions-note">
        The e-mail holds the open orders and stops these jars selling at once; it asks you to confirm first. A drill finds the same list and times it, e-mails nobody and changes
        nothing: its report is kept under Orders → Recalls.
      </p>
    </div>
  )
}

/** The confirmation step: the e-mail as customers will read it, what else happens, the reason, and the button. */
async function TellStep({ payload, recall: { target, totals }, scope }: { payload: Payload; recall: RecallPage; scope: RecallScope }) {
  const [preview, earlier] = await Promise.all([recallEmailPreview(payload, target, '[the reason you type below]'), earlierRecalls(payload, scope)])
  return (
    <section className="recall__tell-step" aria-labelledby="recall-tell" data-testid="recall-tell">
      <h2 id="recall-tell">E-mail {counted(totals.customers, 'customer')} about {target.label}?</h2>
      {earlier.length > 0 && (
        <p className="recall__warning" role="alert" data-testid="recall-earlier">
          A real recall of the same jars was already made on {businessDateTime(earlier[0].createdAt)} (
          <a href={RECALL_RECORD_VIEW.url(earlier[0].id)}>its record</a>). Sending again e-mails every customer again; you may.
        </p>
      )}
      <ul className="recall__consequences">
        <li>Each customer gets one e-mail, also those who unsubscribed from your list: it is the food-safety notice. Those without an e-mail are listed for you to call.</li>
        <li>Open orders with these jars ({counted(totals.inFridge, 'jar')} still with you) are marked HELD: not handed over until you release them.</li>
        <li>These jars stop selling at once: their “left to sell” goes to 0.</li>
      </ul>
      <div className="recall__letter" data-testid="recall-letter">
        <p>
          <strong>Subject:</strong> {preview.subject}
        </p>
        <pre>{preview.text}</pre>
        <p className="recall__sub">
          {'{name}'} and {'{references}'} are each customer’s own. Change the words under Content → E-mail templates → Recall notice.
        </p>
      </div>
      <form action={runRecall} className="recall__confirm">
        <ScopeFields scope={scope} />
        <input type="hidden" name="kind" value="real" />
        <label htmlFor="recall-reason">Why are these jars recalled? (customers read it)</label>
        <textarea className="admin-input recall__reason" id="recall-reason" name="reason" required maxLength={RECALL_REASON_MAX} rows={3} />
        <div className="recall__confirm-buttons">
          <button type="submit" className="admin-button">
            Send the recall e-mail to {counted(totals.customers, 'customer')}
          </button>
          <a href={`${RECALL_VIEW.url}?${recallQuery(scope)}`}>Cancel</a>
        </div>
      </form>
    </section>
  )
}

function RecallResult({ recall, request, scope, actions }: { recall: RecallPage; request: RecallRequest; scope: RecallScope; actions: boolean }) {
  const { target, totals, rows, page, pages } = recall
  const csvHref = `${RECALL_VIEW.csvUrl}?${recallQuery(scope, { sort: request.sort })}`
  const batchNote =
    scope.kind === 'made' || scope.kind === 'lot'
      ? target.batches.length
        ? `${scope.kind === 'lot' ? 'Used by' : 'Made'}: ${counted(target.batches.length, 'batch', 'batches')} (${target.batches.map((batch) => batch.code).join(', ')}).`
        : scope.kind === 'lot'
          ? 'No batch used this lot: choose it on a batch, under Ingredients’ sources.'
          : 'No batch was made on those days.'
      : null
  return (
    <section className="recall__result" aria-labelledby="recall-target">
      <h2 id="recall-target" className="recall__target">
        {target.label}
      </h2>
      {batchNote && <p className="recall__batches">{batchNote}</p>}
      <RecallTotalsList target={target} totals={totals} className="recall__totals" />
      {actions && <RecallActions recall={recall} scope={scope} />}
      <p className="recall__tools">
        <a className="recall__csv" href={csvHref} download>
          Download CSV
        </a>
        <span>
          {totals.orders > RECALL_ROWS_PER_PAGE
            ? `Orders ${(page - 1) * RECALL_ROWS_PER_PAGE + 1}–${(page - 1) * RECALL_ROWS_PER_PAGE + rows.length} of ${totals.orders}; the CSV has them all.`
            : 'The CSV has the same rows.'}
        </span>
      </p>
      {rows.length > 1 && <SortLinks request={request} scope={scope} />}
      {rows.length === 0 ? (
        <p>No order took these jars.</p>
      ) : (
        <table className="admin-table admin-table--cards recall__table" data-testid="recall-list">
          <thead>
            <tr>
              <SortHeader column="name" request={request} scope={scope} />
              <SortHeader column="order" request={request} scope={scope} />
              <th scope="col">Address or pickup place</th>
              <SortHeader column="jars" request={request} scope={scope} />
              <SortHeader column="status" request={request} scope={scope} />
              <SortHeader column="handedOver" request={request} scope={scope} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <RecallTableRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      )}
      <Pages scope={scope} request={request} page={page} pages={pages} />
    </section>
  )
}

function RecallTableRow({ row }: { row: RecallRow }) {
  return (
    <tr data-testid="recall-row">
      <th scope="row" data-label="Customer">
        {row.name}
        <span className="recall__sub">
          {row.email && (
            <>
              <a href={mailtoHref(row.email)}>{row.email}</a> ·{' '}
            </>
          )}
          <a href={telHref(row.phone)}>{row.phone}</a>
        </span>
      </th>
      <td data-label="Order">
        <a href={orderAdminUrl(row.id)}>{row.reference || 'Order'}</a>
        <span className="recall__sub">
          {row.source}
          {row.batch && ` · ${row.batch}`}
        </span>
      </td>
      <td data-label={row.method} data-wide>
        {row.place}
      </td>
      <td data-label="Jars">
        {row.recalledJars === row.allJars ? row.allJars : `${row.recalledJars} of ${row.allJars}`}
        <span className="recall__sub">{row.jars}</span>
      </td>
      <td data-label="Status">{row.status}</td>
      <td data-label="Handed over">
        <HandedOver handedOver={row.handedOver} />
        <HandoverRecord row={row} />
      </td>
    </tr>
  )
}

function HandedOver({ handedOver }: { handedOver: RecallRow['handedOver'] }) {
  if (handedOver.kind === 'handed') return <>{businessDateTime(handedOver.at)}</>
  return <span className="recall__pending">{handedOver.kind === 'booked' ? `Not yet · booked ${handedOver.label || businessDateTime(handedOver.at)}` : 'Not yet · time by text'}</span>
}

/** The delivery day's record under the handover: when the jars left the fridge, when nobody was home. */
function HandoverRecord({ row }: { row: RecallRow }) {
  const lines = recallHandoverLines(row)
  return lines.length > 0 ? <span className="recall__sub">{lines.join(' · ')}</span> : null
}

/** A link sorting the list by `column`: the other way round when it already is; the most jars first. */
function SortLink({ column, request, scope }: { column: RecallSortColumn; request: RecallRequest; scope: RecallScope }) {
  const current = request.sort.column === column
  const descending = current ? !request.sort.descending : column === 'jars'
  return (
    <a href={`${RECALL_VIEW.url}?${recallQuery(scope, { sort: { column, descending } })}`}>
      {RECALL_SORTS[column]}
      {current && (request.sort.descending ? ' ↓' : ' ↑')}
    </a>
  )
}

/** A column's heading, sorting by it. */
function SortHeader({ column, request, scope }: { column: RecallSortColumn; request: RecallRequest; scope: RecallScope }) {
  const current = request.sort.column === column
  return (
    <th scope="col" aria-sort={current ? (request.sort.descending ? 'descending' : 'ascending') : undefined}>
      <SortLink column={column} request={request} scope={scope} />
    </th>
  )
}

/** On a phone the table's headings are hidden (each row is a card): the same sorting as links above it. */
function SortLinks({ request, scope }: { request: RecallRequest; scope: RecallScope }) {
  return (
    <nav className="recall__sorts" aria-label="Sort the list">
      <span>Sort by</span>
      {(Object.keys(RECALL_SORTS) as RecallSortColumn[]).map((column) => (
        <SortLink key={column} column={column} request={request} scope={scope} />
      ))}
    </nav>
  )
}

function Pages({ scope, request, page, pages }: { scope: RecallScope; request: RecallRequest; page: number; pages: number }) {
  if (pages <= 1) return null
  const href = (to: number) => `${RECALL_VIEW.url}?${recallQuery(scope, { sort: request.sort, page: to })}`
  return (
    <nav className="recall__pages" aria-label="Recall pages">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          ← Previous
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={href(page + 1)} rel="next">
          Next →
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  )
}
