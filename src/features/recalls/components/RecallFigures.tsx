import type { RecallTarget, RecallTotals } from '../recallList'
import type { RecallRecord } from '../recallRecords'

/**
 * A recall's totals as the admin's screen and the phone's show them (each with its own class for
 * its own layout): one wording in one place.
 */
export function RecallTotalsList({ target, totals, className }: { target: RecallTarget; totals: RecallTotals; className: string }) {
  return (
    <dl className={className} data-testid="recall-totals">
      <div>
        <dt>Customers</dt>
        <dd data-testid="recall-customers">{totals.customers}</dd>
      </div>
      <div>
        <dt>Orders</dt>
        <dd data-testid="recall-orders">{totals.orders}</dd>
      </div>
      <div>
        <dt>{target.flavor ? `Jars of ${target.flavor.name}` : 'Jars'}</dt>
        <dd data-testid="recall-jars">{totals.jars}</dd>
      </div>
      <div>
        <dt>Still in the fridge</dt>
        <dd data-testid="recall-in-fridge">{totals.inFridge}</dd>
      </div>
    </dl>
  )
}

/** A recorded recall's figures (the admin's record and the phone's): for a drill how long finding the list took, for a real recall the e-mails and holds. */
export function RecallRecordFigures({ record, className }: { record: RecallRecord; className: string }) {
  const { recall, counts } = record
  return (
    <dl className={className} data-testid="recall-record-totals">
      <div>
        <dt>Customers</dt>
        <dd data-testid="record-customers">{recall.customers}</dd>
      </div>
      <div>
        <dt>Orders</dt>
        <dd>{recall.orders}</dd>
      </div>
      <div>
        <dt>Jars</dt>
        <dd>{recall.jars}</dd>
      </div>
      <div>
        <dt>No e-mail: call</dt>
        <dd data-testid="record-no-email">{recall.noEmail}</dd>
      </div>
      {recall.kind === 'drill' ? (
        <div>
          <dt>Finding the list took</dt>
          <dd data-testid="record-find-time">{((recall.findMs ?? 0) / 1000).toFixed(2)} s</dd>
        </div>
      ) : (
        <>
          <div>
            <dt>E-mailed</dt>
            <dd data-testid="record-sent">
              {counts.sent} sent{counts.waiting ? `, ${counts.waiting} waiting` : ''}
            </dd>
          </div>
          <div>
            <dt>E-mail failed: call</dt>
            <dd data-testid="record-failed">{counts.failed}</dd>
          </div>
          <div>
            <dt>Confirmed reading it</dt>
            <dd data-testid="record-confirmed">{counts.confirmed}</dd>
          </div>
          <div>
            <dt>Orders held</dt>
            <dd data-testid="record-held">{recall.heldOrders}</dd>
          </div>
        </>
      )}
    </dl>
  )
}
