import type { AdminViewServerProps, Payload } from 'payload'
import type { ReactNode } from 'react'

import { PAYMENT_METHODS } from '@/features/ordering/options'
import { FORMAT_LABELS, GENERIC_ROLES, guessColumn, STATEMENT_MAX_BYTES, statementNotices, type GenericColumns } from '@/features/payments/statements/formats'
import { dollars } from '@/features/ordering/wording'
import { findStatementReview, type OrderBrief, type ReviewList, type ReviewRow, type ReviewSection } from '@/features/payments/statements/service'
import type { User } from '@/payload-types'
import { businessDate, businessDateTime } from '@/shared/time'

import { orderAdminUrl, STATEMENT_POSTS, STATEMENTS_VIEW } from '../adminViews'
import { pageFields, pagesAsked, readAnswer, reviewedText, statementsUrl, withPage, type ReviewPages, type StatementAnswer } from '../statementAnswers'
import { AdminView, type AdminSession } from './AdminView'
import './StatementView.scss'

type Search = AdminViewServerProps['searchParams']
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * Admin → Payments received: the seller uploads a payment app's statement (Venmo, Cash App, PayPal,
 * or another app's CSV with its columns chosen), then reviews how its payments matched the orders
 * and confirms them, which marks those orders paid. Plain forms posting to the view's endpoints
 * (statementPosts.ts), answered by a redirect back here saying what happened: it works without
 * JavaScript. A payment's name and note are the payer's own text, shown as text.
 */
export function StatementView(props: AdminViewServerProps) {
  const pages = pagesAsked((name) => one(props.searchParams?.[name]))
  return (
    <AdminView {...props} url={statementsUrl(pages)} steps={[{ label: 'Payments received' }]} className="statements">
      {(session) => <Statements session={session} searchParams={props.searchParams} pages={pages} />}
    </AdminView>
  )
}

const SECTIONS = [
  { key: 'matched', title: 'Matched', empty: 'No payment waits with its order found.' },
  { key: 'differs', title: 'Amount differs', empty: 'No payment for more or less than its order.' },
  { key: 'ambiguous', title: 'Ambiguous: choose the order', empty: 'No payment that could be several orders’.' },
  { key: 'unmatched', title: 'Unmatched', empty: 'No payment without an order.' },
] as const satisfies readonly { key: ReviewSection; title: string; empty: string }[]

async function Statements({ session: { req, payload }, searchParams, pages }: { session: AdminSession; searchParams: Search; pages: ReviewPages }) {
  // AdminView renders this for a signed-in admin only.
  const user = req.user as User
  const answer = readAnswer(searchParams, req.headers.get('cookie'))
  const review = await readReview(payload, user, pages)
  const waiting = SECTIONS.reduce((sum, { key }) => sum + review[key].total, 0)
  return (
    <>
      <h1 className="admin-view__title">Payments received</h1>
      <p className="admin-view__intro">
        Upload the statement your payment app exports (CSV). Each payment in it is matched to an order by the reference in its note and the amount, or by the customer’s name and
        the amount. Nothing is marked paid until you confirm it here. The file itself is not kept: only the payments (date, amount, name, note).
      </p>
      {answer && <Answer payload={payload} answer={answer} />}
      {answer?.kind === 'columns' ? <ColumnsForm headers={answer.headers} method={answer.method} /> : <UploadForm />}
      {waiting === 0 ? (
        <p className="statements__none" data-testid="statement-nothing">
          No payment waits for review.
        </p>
      ) : (
        <>
          {SECTIONS.map((section) => (
            <Section
              key={section.key}
              id={section.key}
              title={section.title}
              list={review[section.key]}
              pages={pages}
              empty={section.empty}
              action={
                section.key === 'matched' && review.matched.total > 0 ? (
                  <ConfirmAll total={review.matched.total} pages={pages} />
                ) : section.key === 'unmatched' && review.unmatched.rows.length > 1 ? (
                  <LeaveShown rows={review.unmatched.rows} pages={pages} />
                ) : null
              }
            >
              {review[section.key].rows.map((row) => (
                <Row key={String(row.id)} row={row} section={section.key} pages={pages} />
              ))}
            </Section>
          ))}
        </>
      )}
    </>
  )
}

/**
 * The review on the pages asked for; a section asked past its last page (its last payments were
 * just confirmed or left) is shown on its last page instead of empty.
 */
async function readReview(payload: Payload, user: User, pages: ReviewPages) {
  const review = await findStatementReview(payload, user, pages)
  const past = SECTIONS.filter(({ key }) => review[key].rows.length === 0 && review[key].total > 0)
  if (past.length === 0) return review
  return findStatementReview(payload, user, Object.assign({ ...pages }, ...past.map(({ key }) => ({ [key]: review[key].totalPages }))))
}

/** What the last post did, as its redirect's address says; orders said to be marked paid are checked against the database first. */
async function Answer({ payload, answer }: { payload: Payload; answer: StatementAnswer }) {
  if (answer.kind === 'columns') return null
  if (answer.kind === 'uploaded') {
    return (
      <p className="statements__answer" role="status" data-testid="statement-answer">
        {answer.text}
      </p>
    )
  }
  // An address naming orders that are not paid says nothing of them.
  const paid = answer.marked.length
    ? (
        await payload.find({
          collection: 'orders',
          where: { and: [{ reference: { in: answer.marked } }, { paymentStatus: { equals: 'paid' } }] },
          limit: answer.marked.length,
          depth: 0,
          select: { reference: true },
          overrideAccess: true, // the view is rendered for a signed-in admin only (AdminView)
        })
      ).docs.map((order) => order.reference)
    : []
  const marked = answer.marked.filter((reference) => paid.includes(reference))
  const lines = reviewedText(marked, answer.left, answer.markedMore)
  if (!lines.length && !answer.refused.length) return null
  return (
    <div className="statements__answer" role="status" data-testid="statement-answer">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {answer.refused.map((reason) => (
        <p key={reason} className="statements__refused" data-testid="statement-refused">
          {reason}
        </p>
      ))}
    </div>
  )
}

function UploadForm() {
  return (
    <form className="statements__upload" method="post" action={STATEMENT_POSTS.upload.url} encType="multipart/form-data" data-testid="statement-upload">
      <div className="statements__field">
        <label htmlFor="statement-file">Statement file (CSV, up to {STATEMENT_MAX_BYTES / 1024 / 1024} MB)</label>
        <input className="statements__file" id="statement-file" type="file" name="file" accept=".csv,text/csv" required />
      </div>
      <div className="statements__field">
        <label htmlFor="statement-method">From</label>
        <select className="admin-input" id="statement-method" name="method" defaultValue="" aria-describedby="statement-method-hint">
          <option value="">Venmo, Cash App or PayPal</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method.value} value={method.value}>
              Another app, paid with {method.label}
            </option>
          ))}
        </select>
        <p className="statements__hint" id="statement-method-hint">
          Which of the three is found from the file.
        </p>
      </div>
      <button type="submit" className="admin-button">
        Upload
      </button>
    </form>
  )
}

const ROLE_LABELS: Record<keyof GenericColumns, string> = { date: 'Date', amount: 'Amount', name: 'Name', note: 'Note' }

/** The second step for another app's CSV: which column is which, and the same file again (it was not kept). */
function ColumnsForm({ headers, method }: { headers: string[]; method: string }) {
  return (
    <form className="statements__upload statements__columns" method="post" action={STATEMENT_POSTS.upload.url} encType="multipart/form-data" data-testid="statement-columns">
      <p className="statements__step" role="status">
        {statementNotices.chooseColumns}
      </p>
      <div className="statements__column-choices">
        {GENERIC_ROLES.map((role) => (
          <div key={role} className="statements__field">
            <label htmlFor={`statement-column-${role}`}>{ROLE_LABELS[role]}</label>
            <select className="admin-input" id={`statement-column-${role}`} name={`column-${role}`} defaultValue={guessColumn(headers, role) ?? ''} required>
              <option value="">Choose…</option>
              {headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="statements__field">
        <label htmlFor="statement-method">Paid with</label>
        <select className="admin-input" id="statement-method" name="method" defaultValue={PAYMENT_METHODS.some((option) => option.value === method) ? method : 'other'}>
          {PAYMENT_METHODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="statements__field">
        <label htmlFor="statement-file">The same file again</label>
        <input className="statements__file" id="statement-file" type="file" name="file" accept=".csv,text/csv" required />
      </div>
      <div className="statements__buttons">
        <button type="submit" className="admin-button">
          Upload
        </button>
        <a href={STATEMENTS_VIEW.url}>Cancel</a>
      </div>
    </form>
  )
}

function Section({ id, title, list, pages, empty, action, children }: { id: ReviewSection; title: string; list: ReviewList; pages: ReviewPages; empty: string; action: ReactNode; children: ReactNode }) {
  const { total } = list
  return (
    <section className="statements__section" aria-labelledby={`statements-${id}`} data-testid={`statement-${id}`}>
      <div className="statements__section-head">
        <h2 id={`statements-${id}`}>
          {title} <span className="statements__count">({total})</span>
        </h2>
        {action}
      </div>
      {total === 0 ? <p className="statements__empty">{empty}</p> : <ol className="statements__rows">{children}</ol>}
      <Pages section={id} title={title} list={list} pages={pages} />
    </section>
  )
}

/** The fields every review button posts: what it does, and the page to come back to. */
function ReviewFields({ intent, pages, payment, order }: { intent: string; pages: ReviewPages; payment?: ReviewRow['id']; order?: OrderBrief['id'] }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {pageFields(pages).map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
      {payment !== undefined && <input type="hidden" name="payment" value={String(payment)} />}
      {order !== undefined && <input type="hidden" name="order" value={String(order)} />}
    </>
  )
}

function ConfirmAll({ total, pages }: { total: number; pages: ReviewPages }) {
  return (
    <form method="post" action={STATEMENT_POSTS.review.url}>
      <ReviewFields intent="confirm-all" pages={pages} />
      <button type="submit" className="admin-button">
        Confirm all {total}
      </button>
    </form>
  )
}

/** Payments of no order by the dozen (a personal account's lunches and rent): those shown on this page left at once. */
function LeaveShown({ rows, pages }: { rows: ReviewRow[]; pages: ReviewPages }) {
  return (
    <form method="post" action={STATEMENT_POSTS.review.url}>
      <ReviewFields intent="leave" pages={pages} />
      {rows.map((row) => (
        <input key={String(row.id)} type="hidden" name="payment" value={String(row.id)} />
      ))}
      <button type="submit" className="admin-button statements__secondary">
        Leave all {rows.length} shown
      </button>
    </form>
  )
}

function Row({ row, section, pages }: { row: ReviewRow; section: ReviewSection; pages: ReviewPages }) {
  return (
    <li className="statements__row" data-testid="statement-row">
      <div className="statements__payment">
        <span className="statements__amount">{dollars(row.amount)}</span>
        <span className="statements__name">{row.name || 'No name'}</span>
        <time dateTime={row.paidAt} title={businessDateTime(row.paidAt)}>
          {businessDate(row.paidAt)}
        </time>
        <span className="statements__source">{row.source === 'generic' ? 'Another app' : FORMAT_LABELS[row.source]}</span>
        {/* The payer's own words, as text: a note like =HYPERLINK(…) is only ever read. */}
        {row.note && <p className="statements__note">{row.note}</p>}
      </div>
      {/* Why it is in its section: for an amount that differs, "Paid $40 of $55." */}
      {row.why && <p className={section === 'differs' ? 'statements__differs' : 'statements__why'}>{row.why}</p>}
      {row.order && (
        <p className="statements__order">
          For <OrderLine order={row.order} />
        </p>
      )}
      <div className="statements__actions">
        {section === 'differs' && row.order && (
          <form method="post" action={STATEMENT_POSTS.review.url}>
            <ReviewFields intent="anyway" pages={pages} payment={row.id} order={row.order.id} />
            <button type="submit" className="admin-button">
              Mark paid anyway
            </button>
          </form>
        )}
        {section === 'ambiguous' && <ChooseOrder row={row} pages={pages} />}
        {section === 'unmatched' && <LinkOrder row={row} pages={pages} />}
        <form method="post" action={STATEMENT_POSTS.review.url}>
          <ReviewFields intent="leave" pages={pages} payment={row.id} />
          <button type="submit" className="admin-button statements__secondary">
            Leave
          </button>
        </form>
      </div>
    </li>
  )
}

function OrderLine({ order }: { order: OrderBrief }) {
  return (
    <>
      <a href={orderAdminUrl(order.id)}>{order.reference}</a> · {order.fullName} · {dollars(order.totalPrice)}
      {order.stillToPay !== null && ` (paid but for ${dollars(order.stillToPay)} still to pay)`}
      <span className="statements__sub">
        {' '}
        · ordered {businessDate(order.placedAt)}
        {order.windowLabel && ` · ${order.windowLabel}`}
      </span>
    </>
  )
}

function ChooseOrder({ row, pages }: { row: ReviewRow; pages: ReviewPages }) {
  return (
    <form method="post" action={STATEMENT_POSTS.review.url} className="statements__choose">
      <ReviewFields intent="confirm" pages={pages} payment={row.id} />
      <fieldset className="statements__candidates">
        <legend>Which order did {row.name || 'this payment'} pay?</legend>
        {row.candidates.map((candidate, index) => (
          <label key={String(candidate.id)} className="statements__candidate">
            <input type="radio" name="order" value={String(candidate.id)} required defaultChecked={index === 0 && row.candidates.length === 1} />
            <span>
              <OrderLine order={candidate} />
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="admin-button">
        Confirm
      </button>
    </form>
  )
}

function LinkOrder({ row, pages }: { row: ReviewRow; pages: ReviewPages }) {
  const id = `statement-reference-${String(row.id)}`
  return (
    <form method="post" action={STATEMENT_POSTS.review.url} className="statements__link">
      <ReviewFields intent="link" pages={pages} payment={row.id} />
      <label htmlFor={id}>Order reference</label>
      <input className="admin-input" id={id} name="reference" placeholder="SM-1042" required maxLength={20} autoComplete="off" />
      <button type="submit" className="admin-button">
        Mark that order paid
      </button>
    </form>
  )
}

/** A section's pages, each moved on its own (the other sections stay on theirs). */
function Pages({ section, title, list: { page, totalPages }, pages }: { section: ReviewSection; title: string; list: ReviewList; pages: ReviewPages }) {
  if (totalPages <= 1) return null
  return (
    <nav className="statements__pages" aria-label={`${title}: pages`}>
      {page > 1 ? (
        <a href={statementsUrl(withPage(pages, section, page - 1))} rel="prev">
          ← Previous
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <a href={statementsUrl(withPage(pages, section, page + 1))} rel="next">
          Next →
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  )
}
