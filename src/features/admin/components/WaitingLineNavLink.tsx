import type { Payload } from 'payload'

import { WAITING_LINE_VIEW } from '../adminViews'
import { waitingLineInUse } from '../waitingLine'
import { AdminNavLink } from './AdminNavLink'

/**
 * Waiting line in the admin's side menu, only while the seller uses it: the line is on, or places
 * are still in it (a fresh site's menu does not change). A server component: Payload hands the
 * menu's components its `payload` (`admin.components.beforeNavLinks`).
 */
export async function WaitingLineNavLink({ payload }: { payload: Payload }) {
  if (!(await waitingLineInUse(payload))) return null
  return <AdminNavLink href={WAITING_LINE_VIEW.url} label="Waiting line" id="nav-waiting-line" />
}
