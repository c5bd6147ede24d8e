import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'

import { orderAdminUrl, RECALL_VIEW } from '@/features/admin/adminViews'
import { type recallChoices, recallHandoverLines, type RecallPage, type RecallRow } from '@/features/recalls/recallList'
import { BatchOptions, LotOptions } from '@/features/recalls/components/RecallChoiceOptions'
import { RecallTotalsList } from '@/features/recalls/components/RecallFigures'
import { recallEmailPreview } from '@/features/recalls/recallRecords'
import { RECALL_REASON_MAX } from '@/features/recalls/recordRules'
import { RECALL_ROWS_PER_PAGE, RECALL_SCOPES, recallQuery, type RecallRequest, type RecallScope } from '@/features/recalls/rules'
import { counted } from '@/shared/counted'
import { businessDateTime } from '@/shared/time'

import { SELLER_PATHS } from '../paths'
import { ContactLinks } from './ContactLinks'

type Choices = Awaited<ReturnType<typeof recallChoices>>

const phonePath = (scope: RecallScope, extra: Parameters<typeof recallQuery>[1] = {}) => `${SELLER_PATHS.recall}?${recallQuery(scope, extra)}`

/**
 * The recall on the phone: the admin's Recall screen (`features/recalls`: the same request, list,
 * totals and buttons' service) as one column of cards. A GET form, so it works without JavaScript
 * and its address can be passed on; the same recall in the full admin and as a CSV one tap away.
 */
export function RecallScreen({
  request,
  choices,
  found,
  refused,
  telling,
  preview,
}: {
  request: RecallRequest
  choices: Choices
  found: RecallPage | { problem: string } | undefined
  refused: string | undefined
  telling: boolean
  preview: { subject: string; text: string } | null
}) {
  const { asked } = request
  const problems = found && 'problem' in found ? [found.problem] : request.problems
  const recall = found && !('problem' in found) ? found : null
  return (
    <>
      <h1>Recall</h1>
      <form method="get" action={SELLER_PATHS.recall} className="recall-form">
        <fieldset>
          <legend>Recall</legend>
          {RECALL_SCOPES.map((scope) => (
            <label key={scope.value} className="recall-form__scope">
              <input type="radio" name="scope" value={scope.value} defaultChecked={(asked.scope || 'batch') === scope.value} /> {scope.label}
            </label>
          ))}
        </fieldset>
        <label htmlFor="recall-batch">Batch</label>
        <select id="recall-batch" name="batch" defaultValue={asked.batch}>
          <BatchOptions batches={choices.batches} />
        </select>
        <label htmlFor="recall-flavor">Flavor</label>
        <select id="recall-flavor" name="flavor" defaultValue={asked.flavor}>
          <option value="">Choose…</option>
          {choices.flavors.map((flavor) => (
            <option key={flavor.id} value={flavor.value}>
              {flavor.name}
            </option>
          ))}
        </select>
        <div className="recall-form__days">
          <label htmlFor="recall-from">Made from</label>
          <label htmlFor="recall-to">to</label>
          <input type="date" id="recall-from" name="from" defaultValue={asked.from} />
          <input type="date" id="recall-to" name="to" defaultValue={asked.to} />
        </div>
        <label htmlFor="recall-lot">Supplier lot</label>
        <select id="recall-lot" name="lot" defaultValue={asked.lot}>
          <LotOptions lots={choices.lots} none="No lots yet: add them in the full admin" />
        </select>
        <button className="button button--primary">Show the orders</button>
      </form>

      {[...problems, ...(refused ? [refused] : [])].map((problem) => (
        <p key={problem} className="recall-problem" role="alert" data-testid="recall-problem">
          {problem}
        </p>
      ))}

      {recall && request.scope && <RecallCards recall={recall} request={request} scope={request.scope} telling={telling} preview={preview} />}
    </>
  )
}

/** The fields naming the recall, posted with its buttons, and a one-time key: a double tap finds the recall the first made. */
function ScopeFields({ scope, kind }: { scope: RecallScope; kind: 'drill' | 'real' }) {
  return (
    <>
      {[...new URLSearchParams(recallQuery(scope)).entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="requestKey" value={randomUUID()} />
    </>
  )
}

function RecallCards({
  recall,
  request,
  scope,
  telling,
  preview,
}: {
  recall: RecallPage
  request: RecallRequest
  scope: RecallScope
  telling: boolean
  preview: { subject: string; text: string } | null
}) {
  const { target, totals, rows, page, pages } = recall
  const adminQuery = recallQuery(scope, { sort: request.sort })
  return (
    <section aria-labelledby="recall-target">
      <h2 id="recall-target" className="recall-target">
        {target.label}
      </h2>
      {target.batches.length > 1 && <p className="day__summary">Batches: {target.batches.map((batch) => batch.code).join(', ')}</p>}
      <RecallTotalsList target={target} totals={totals} className="recall-totals" />

      {totals.orders > 0 && telling && preview ? (
        <section className="order recall-tell" aria-labelledby="recall-tell" data-testid="recall-tell">
          <h3 id="recall-tell">
            E-mail {counted(totals.customers, 'customer')} about {target.label}?
          </h3>
          <p>The open orders with these jars are HELD and these jars stop selling at once. Those without an e-mail are listed to call.</p>
          <p>
            <strong>Subject:</strong> {preview.subject}
          </p>
          <pre className="recall-letter">{preview.text}</pre>
          <form method="post" action={SELLER_PATHS.recallRun}>
            <ScopeFields scope={scope} kind="real" />
            <label htmlFor="recall-reason">Why are these jars recalled? (customers read it)</label>
            <textarea id="recall-reason" name="reason" required maxLength={RECALL_REASON_MAX} rows={3} />
            <div className="order__actions">
              <button className="button button--danger">Send the recall e-mail to {counted(totals.customers, 'customer')}</button>
            </div>
            <p>
              <a href={phonePath(scope)}>Cancel</a>
            </p>
          </form>
        </section>
      ) : (
        totals.orders > 0 && (
          <div className="order__actions recall-actions" data-testid="recall-actions">
            <form method="post" action={SELLER_PATHS.recallRun}>
              <ScopeFields scope={scope} kind="drill" />
              <button className="button">Practice recall (drill)</button>
            </form>
            <a className="button button--danger" href={`${phonePath(scope)}&step=tell`}>
              {totals.customers === 1 ? 'Recall and e-mail this customer' : `Recall and e-mail these ${totals.customers} customers`}
            </a>
          </div>
        )
      )}

      <p className="recall-links">
        <a href={`${RECALL_VIEW.url}?${adminQuery}`}>In the full admin</a> · <a href={`${RECALL_VIEW.csvUrl}?${adminQuery}`}>CSV</a>
        {totals.orders > RECALL_ROWS_PER_PAGE && ` · orders ${(page - 1) * RECALL_ROWS_PER_PAGE + 1}–${(page - 1) * RECALL_ROWS_PER_PAGE + rows.length} of ${totals.orders}`}
      </p>

      {rows.length === 0 && <p className="empty">No order took these jars.</p>}
      {rows.map((row) => (
        <RecallCard key={row.id} row={row} />
      ))}

      {pages > 1 && (
        <nav className="pager" aria-label="Pages">
          {page > 1 ? <a href={phonePath(scope, { sort: request.sort, page: page - 1 })}>← Previous</a> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <a href={phonePath(scope, { sort: request.sort, page: page + 1 })}>Next →</a> : <span />}
        </nav>
      )}
    </section>
  )
}

function RecallCard({ row }: { row: RecallRow }) {
  const { handedOver } = row
  return (
    <article className="order" aria-label={row.name} data-testid="recall-row">
      <header className="order__head">
        <h3>{row.name}</h3>
        {/* The phone has no order page of its own: the order opens in the full admin. */}
        <a className="order__ref" href={orderAdminUrl(row.id)}>
          {row.reference || 'Order'}
        </a>
      </header>
      <p>
        <strong>{row.recalledJars === row.allJars ? counted(row.allJars, 'jar') : `${row.recalledJars} of ${row.allJars} jars`}</strong> · {row.jars}
      </p>
      <p className="order__address">
        {row.method}: {row.place}
      </p>
      <p>
        {row.status} ·{' '}
        {handedOver.kind === 'handed'
          ? `handed over ${businessDateTime(handedOver.at)}`
          : handedOver.kind === 'booked'
            ? `not yet: booked ${handedOver.label || businessDateTime(handedOver.at)}`
            : 'not yet: time by text'}
      </p>
      {recallHandoverLines(row).map((line) => (
        <p key={line} className="order__received">
          {line}
        </p>
      ))}
      <ContactLinks name={row.name} reference={row.reference || 'Order'} phone={row.phone} email={row.email} />
    </article>
  )
}

/** The e-mail the confirmation step shows, as the admin's shows it. */
export const previewOf = (payload: Payload, recall: RecallPage) => recallEmailPreview(payload, recall.target, '[the reason you type below]')
