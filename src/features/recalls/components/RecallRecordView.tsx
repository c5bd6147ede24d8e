import type { AdminViewServerProps } from 'payload'

import { RECALL_RECORD_VIEW, RECALL_VIEW } from '@/features/admin/adminViews'
import { AdminView } from '@/features/admin/components/AdminView'
import { PrintButton } from '@/features/admin/components/PrintButton'
import { mailtoHref, telHref } from '@/features/contact/contactLinks'
import { counted } from '@/shared/counted'
import { businessDateTime } from '@/shared/time'

import { findRecallRecord, type NoticeFilter, type RecallRecord } from '../recallRecords'
import { NOTICE_STATE_LABELS } from '../recordRules'
import { RecallRecordFigures } from './RecallFigures'
import './RecallView.scss'

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

const FILTERS: Record<NoticeFilter, string> = { all: 'Everyone', call: 'To call (e-mail failed or none)', confirmed: 'Confirmed' }

/** The id in `/admin/recall/<id>`: the last segment of the admin's catch-all route. */
function recallIdOf(params: AdminViewServerProps['params']): string {
  const segments = params?.segments
  const last = Array.isArray(segments) ? segments[segments.length - 1] : segments
  return typeof last === 'string' && /^[\w-]{1,40}$/.test(last) ? last : ''
}

/**
 * A recall's record (Admin → Recall → the recall): what was recalled, by whom, when and why; for a
 * real recall the e-mail as sent, the orders held and each customer told with their e-mail's state
 * (from the outbox) and whether they confirmed; for a drill its short report. Printable.
 */
export function RecallRecordView(props: AdminViewServerProps) {
  const id = recallIdOf(props.params)
  return (
    <AdminView {...props} url={RECALL_RECORD_VIEW.url(id)} steps={[{ label: 'Recall', url: RECALL_VIEW.url }, { label: 'Record' }]} className="recall recall-record">
      {async ({ payload }) => {
        const page = Number(one(props.searchParams?.page)) || 1
        const filterText = one(props.searchParams?.show)
        const filter: NoticeFilter = filterText === 'call' || filterText === 'confirmed' ? filterText : 'all'
        const record = id ? await findRecallRecord(payload, id, Math.min(Math.max(1, page), 100_000), filter) : null
        if (!record) {
          return (
            <>
              <h1 className="admin-view__title">Recall record</h1>
              <p role="alert">No recall has that number. The recalls are listed under Orders → Recalls.</p>
            </>
          )
        }
        return <Record record={record} filter={filter} />
      }}
    </AdminView>
  )
}

function Record({ record, filter }: { record: RecallRecord; filter: NoticeFilter }) {
  const { recall } = record
  const drill = recall.kind === 'drill'
  const url = RECALL_RECORD_VIEW.url(recall.id)
  const startedBy = typeof recall.startedBy === 'object' && recall.startedBy ? recall.startedBy.email : null
  return (
    <>
      <h1 className="admin-view__title" data-testid="recall-record-title">
        {drill ? 'Practice recall (drill)' : 'Recall'}: {recall.label}
      </h1>
      <p className="admin-view__intro">
        Started {businessDateTime(recall.createdAt)}
        {startedBy ? ` by ${startedBy}` : ''}. {recall.reason ? `Reason: ${recall.reason}` : ''}
      </p>
      <p className="recall-record__print">
        <PrintButton />
      </p>
      <RecallRecordFigures record={record} className="recall__totals" />
      {drill ? (
        <p className="recall-record__note" data-testid="record-drill-note">
          A drill: nobody was e-mailed, no order was held and nothing stopped selling. In a real recall {counted(recall.customers ?? 0, 'customer')} would get the e-mail
          {recall.noEmail ? ` and ${counted(recall.noEmail, 'customer')} without an e-mail would need a call (below)` : ''}.
        </p>
      ) : (
        <>
          {recall.stopped && <p>Stopped selling: {recall.stopped}.</p>}
          <details className="recall__letter">
            <summary>The e-mail as sent</summary>
            <p>
              <strong>Subject:</strong> {recall.subject}
            </p>
            <pre>{recall.text}</pre>
          </details>
        </>
      )}

      <nav className="recall__sorts" aria-label="Show">
        <span>Show</span>
        {(Object.keys(FILTERS) as NoticeFilter[]).map((key) =>
          key === filter ? (
            <strong key={key}>{FILTERS[key]}</strong>
          ) : (
            <a key={key} href={key === 'all' ? url : `${url}?show=${key}`}>
              {FILTERS[key]}
            </a>
          ),
        )}
      </nav>
      {record.notices.length === 0 ? (
        <p>Nobody here.</p>
      ) : (
        <table className="admin-table admin-table--cards recall__table" data-testid="recall-record-list">
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Orders</th>
              <th scope="col">{drill ? 'Could be e-mailed' : 'E-mail'}</th>
              {!drill && <th scope="col">Confirmed</th>}
            </tr>
          </thead>
          <tbody>
            {record.notices.map((notice) => (
              <tr key={notice.id} data-testid="record-row" data-state={notice.state}>
                <th scope="row" data-label="Customer">
                  {notice.name}
                  <span className="recall__sub">
                    {notice.email && (
                      <>
                        <a href={mailtoHref(notice.email)}>{notice.email}</a> ·{' '}
                      </>
                    )}
                    {notice.phone && <a href={telHref(notice.phone)}>{notice.phone}</a>}
                  </span>
                </th>
                <td data-label="Orders">
                  {notice.references}
                  {notice.handovers.map((line) => (
                    <span key={line} className="recall__sub">
                      {line}
                    </span>
                  ))}
                </td>
                <td data-label="E-mail" className={notice.state === 'failed' || notice.state === 'no-email' ? 'recall-record__call' : undefined}>
                  {drill ? (notice.email ? 'Yes' : 'No e-mail: call them') : NOTICE_STATE_LABELS[notice.state]}
                  {notice.error && <span className="recall__sub">{notice.error}</span>}
                </td>
                {!drill && <td data-label="Confirmed">{notice.confirmedAt ? businessDateTime(notice.confirmedAt) : 'Not yet'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {record.pages > 1 && (
        <nav className="recall__pages" aria-label="Pages">
          {record.page > 1 ? <a href={`${url}?${new URLSearchParams({ ...(filter === 'all' ? {} : { show: filter }), page: String(record.page - 1) })}`}>← Previous</a> : <span aria-hidden="true" />}
          <span aria-current="page">
            Page {record.page} of {record.pages} ({record.found})
          </span>
          {record.page < record.pages ? <a href={`${url}?${new URLSearchParams({ ...(filter === 'all' ? {} : { show: filter }), page: String(record.page + 1) })}`}>Next →</a> : <span aria-hidden="true" />}
        </nav>
      )}
      {recall.notes && <p>Notes: {recall.notes}</p>}
      <p>
        <a href={`/admin/collections/recalls/${recall.id}`}>Add notes to this record</a>
      </p>
    </>
  )
}
