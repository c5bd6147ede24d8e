import { RECALL_RECORD_VIEW } from '@/features/admin/adminViews'
import { telHref } from '@/features/contact/contactLinks'
import { RecallRecordFigures } from '@/features/recalls/components/RecallFigures'
import type { RecallRecord } from '@/features/recalls/recallRecords'
import { counted } from '@/shared/counted'
import { businessDateTime } from '@/shared/time'

import { SELLER_PATHS } from '../paths'

/**
 * A recall's record in short, on the phone (`findRecallRecord`, the admin record's own reading,
 * its customers filtered to those to call): for a drill how long finding the list took; for a real
 * recall the e-mails sent, failed and confirmed, and whom to call with one tap. The whole record
 * (each customer, the e-mail as sent, printing) is the admin's.
 */
export function RecallRecordScreen({ record }: { record: RecallRecord }) {
  const { recall, notices, found } = record
  const drill = recall.kind === 'drill'
  return (
    <>
      <h1 data-testid="recall-record-title">
        {drill ? 'Practice recall (drill)' : 'Recall'}: {recall.label}
      </h1>
      <p className="day__summary">
        Started {businessDateTime(recall.createdAt)}. {recall.reason ? `Reason: ${recall.reason}` : ''}
      </p>
      <RecallRecordFigures record={record} className="recall-totals" />
      {drill ? (
        <p data-testid="record-drill-note">A drill: nobody was e-mailed, no order was held and nothing stopped selling.</p>
      ) : (
        <>
          <h2 className="recall-target">To call ({found})</h2>
          {notices.length === 0 && <p className="empty">Nobody: every e-mail went out.</p>}
          {notices.map((notice) => (
            <article key={notice.id} className="order" aria-label={notice.name ?? ''} data-testid="record-call">
              <header className="order__head">
                <h3>{notice.name}</h3>
              </header>
              <p>
                {notice.references} · {notice.email ? 'e-mail failed' : 'no e-mail'}
              </p>
              {notice.handovers.map((line) => (
                <p key={line} className="order__received">
                  {line}
                </p>
              ))}
              {notice.phone && (
                <nav className="order__contact" aria-label={`Call ${notice.name}`}>
                  <a href={telHref(notice.phone)}>Call</a>
                </nav>
              )}
            </article>
          ))}
          {found > notices.length && <p>{counted(found - notices.length, 'more customer')} to call in the full record.</p>}
        </>
      )}
      <p className="recall-links">
        <a href={RECALL_RECORD_VIEW.url(recall.id)}>The full record in the admin</a> · <a href={SELLER_PATHS.recall}>Another recall</a>
      </p>
    </>
  )
}
