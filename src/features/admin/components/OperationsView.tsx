import type { AdminViewServerProps } from 'payload'

import { OPERATIONS_VIEW } from '@/features/admin/adminViews'
import { savedExportFiles } from '@/features/admin/exportJobs'
import { listEmailDays } from '@/platform/email/retentionRules'
import { formatBytes } from '@/platform/health/diskRules'
import { operationsReport, type OperationsReport } from '@/platform/health/operations'
import { counted } from '@/shared/counted'
import { businessDateTime } from '@/shared/time'

import { AdminView, type AdminSession } from './AdminView'
import './OperationsView.scss'

const SETTINGS_URL = '/admin/globals/operations'
const EMAILS_URL = '/admin/collections/email-outbox'
const EXPORTS_URL = '/admin/collections/exports'

/**
 * Admin → Operations: what keeps the server healthy for years — the e-mail log's texts removed
 * after the seller's retention, the database's, the backups' and the saved exports' size, the
 * disk's free space and the warning before it fills. Read only; the settings are under Admin → Operations settings.
 */
export function OperationsView(props: AdminViewServerProps) {
  return (
    <AdminView {...props} url={OPERATIONS_VIEW.url} steps={[{ label: 'Operations' }]} className="operations">
      {(session) => <Operations session={session} />}
    </AdminView>
  )
}

type SavedExports = Awaited<ReturnType<typeof savedExportFiles>>

async function Operations({ session: { payload } }: { session: AdminSession }) {
  const [report, exports] = await Promise.all([operationsReport(payload), savedExportFiles()])
  return (
    <>
      <h1 className="admin-view__title">Operations</h1>
      <p className="admin-view__intro">
        How the shop’s server keeps room for years of orders. Change the numbers under <a href={SETTINGS_URL}>Operations settings</a>.
      </p>
      <DiskWarning disk={report.disk} />
      <div className="operations__cards">
        <EmailCard email={report.email} />
        <StorageCard report={report} exports={exports} />
      </div>
    </>
  )
}

function DiskWarning({ disk }: { disk: OperationsReport['disk'] }) {
  if ('unreadable' in disk)
    return (
      <p role="alert" className="operations__warning" data-testid="disk-warning">
        The data folder {disk.unreadable} cannot be read.
      </p>
    )
  if (disk.ok) return null
  return (
    <p role="alert" className="operations__warning" data-testid="disk-warning">
      <strong>The disk is almost full:</strong> {formatBytes(disk.freeBytes)} free ({disk.freePercent}%), under the {disk.minFreePercent}% you set. Free some space or grow the
      disk before the shop stops taking orders.
    </p>
  )
}

function EmailCard({ email }: { email: OperationsReport['email'] }) {
  const round = email.lastRound
  return (
    <section className="operations__card" aria-labelledby="operations-email">
      <h2 id="operations-email">E-mails sent</h2>
      <dl>
        <dt>Text kept for</dt>
        <dd data-testid="retention-days">{counted(email.retentionDays, 'day')} after sending</dd>
        <dt>A new batch’s e-mails to the list</dt>
        <dd data-testid="list-email-days">removed after {counted(listEmailDays(email.retentionDays), 'day')}</dd>
        <dt>Last clean-up</dt>
        <dd data-testid="last-pruning">
          {round ? (
            <>
              {businessDateTime(round.at)}:{' '}
              {round.emptied > 0 || round.listRemoved
                ? [
                    ...(round.listRemoved && round.listSentBefore ? [`removed ${counted(round.listRemoved, 'e-mail')} to the list sent before ${businessDateTime(round.listSentBefore)}`] : []),
                    ...(round.emptied > 0 ? [`removed the text of ${counted(round.emptied, 'e-mail')} sent before ${businessDateTime(round.sentBefore)}`] : []),
                  ].join(' and ')
                : `nothing to remove (no sent e-mail before ${businessDateTime(round.sentBefore)} still had its text)`}
              {round.bytesReturned ? `, ${formatBytes(round.bytesReturned)} given back to the disk` : ''}.
            </>
          ) : (
            'Not run yet: it runs within an hour of the server starting, then every hour.'
          )}
        </dd>
        <dt>Sent, with their text</dt>
        <dd>{counted(email.withText, 'e-mail')}</dd>
        <dt>Sent, text removed</dt>
        <dd>{counted(email.textRemoved, 'e-mail')} (who, subject, when and what about are kept)</dd>
        <dt>Waiting or could not be sent</dt>
        <dd>{counted(email.waitingOrFailed, 'e-mail')}, kept whole</dd>
      </dl>
      <p className="operations__note">
        <a href={EMAILS_URL}>See every e-mail</a>. An order’s page still lists every e-mail about it.
      </p>
    </section>
  )
}

function StorageCard({ report: { database, backups, disk }, exports }: { report: OperationsReport; exports: SavedExports }) {
  return (
    <section className="operations__card" aria-labelledby="operations-storage">
      <h2 id="operations-storage">Storage</h2>
      <dl>
        <dt>Database</dt>
        <dd data-testid="database-size">
          {database
            ? `${formatBytes(database.fileBytes)}${database.reusableBytes > 0 ? `, of which ${formatBytes(database.reusableBytes)} free for new records` : ''}`
            : 'MongoDB: its size is on the database server.'}
        </dd>
        {database && !database.givesSpaceBack && (
          <dd className="operations__note">Space freed inside the database is reused for new records; it goes back to the disk once the file is compacted (see OPERATIONS.md).</dd>
        )}
        <dt>Backups</dt>
        <dd data-testid="backups-size">
          {backups
            ? `${counted(backups.count, 'backup')}, ${formatBytes(backups.totalBytes)} in all${backups.newestAt ? `; newest ${businessDateTime(backups.newestAt)}` : ''}`
            : 'Made by the database server (MongoDB).'}
        </dd>
        <dt>Saved exports</dt>
        <dd data-testid="exports-size">
          {exports.count > 0 ? (
            <>
              {counted(exports.count, 'file')}, {formatBytes(exports.totalBytes)} in all. <a href={EXPORTS_URL}>Delete those already downloaded</a>.
            </>
          ) : (
            'None kept.'
          )}
        </dd>
        <dt>Disk</dt>
        <dd data-testid="disk-free">
          {'unreadable' in disk
            ? 'Cannot be read.'
            : `${formatBytes(disk.freeBytes)} free of ${formatBytes(disk.totalBytes)} (${disk.freePercent}%); warns under ${disk.minFreePercent}%`}
        </dd>
      </dl>
    </section>
  )
}
