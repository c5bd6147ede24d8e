import 'server-only'

import type { Endpoint, PayloadRequest } from 'payload'

import { RECALL_CSV_PATH } from '@/features/admin/adminViews'
import { csvText } from '@/features/admin/csv'
import { businessDateTime } from '@/shared/time'

import { findRecallTarget, recallRows, type RecallRow } from './recallList'
import { readRecallRequest } from './rules'

/** When a row's jars were handed over, or the time booked (and when nobody was home), as the CSV writes it. */
export function handedOverText({ handedOver, notHomeAt }: Pick<RecallRow, 'handedOver' | 'notHomeAt'>): string {
  if (handedOver.kind === 'handed') return businessDateTime(handedOver.at)
  const notHome = notHomeAt ? `not home ${businessDateTime(notHomeAt)}; ` : ''
  if (handedOver.kind === 'booked') return `Not yet: ${notHome}booked ${handedOver.label || businessDateTime(handedOver.at)}`
  return `Not yet: ${notHome}time arranged by text`
}

/** Every row of a recall as one CSV table, in the screen's sort. */
export function recallCsv(rows: readonly RecallRow[]): string {
  const header = ['Order', 'Name', 'E-mail', 'Phone', 'Pickup or delivery', 'Address or pickup place', 'Jars recalled', 'Jars in all', 'Flavors', 'Batch', 'Status', 'Left the fridge', 'Handed over', 'Came in by']
  return csvText(
    header,
    rows.map((row) => [
      row.reference,
      row.name,
      row.email ?? '',
      row.phone,
      row.method,
      row.place,
      row.recalledJars,
      row.allJars,
      row.jars,
      row.batch,
      row.status,
      row.leftFridgeAt ? businessDateTime(row.leftFridgeAt) : '',
      handedOverText(row),
      row.source,
    ]),
  )
}

const textAnswer = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } })

/**
 * The CSV download, an endpoint of the orders collection (`GET /api/orders/recall.csv?scope=batch&batch=3`,
 * the screen's own query string): Payload signs the request in (its session cookie or
 * `Authorization: JWT …`); 401 without an admin session, 403 for an account of another collection,
 * 400 with the screen's words for a recall that cannot be read or found. Every row, not a page.
 */
export const recallCsvEndpoint: Endpoint = {
  path: RECALL_CSV_PATH,
  method: 'get',
  handler: (req) => recallDownload(req),
}

export async function recallDownload(req: PayloadRequest): Promise<Response> {
  const { user, payload } = req
  if (user?.collection !== 'users') return user ? textAnswer(403, 'Only the seller’s admins may download a recall list.') : textAnswer(401, 'Log in to the admin first.')
  const request = readRecallRequest(req.searchParams)
  if (!request.scope) return textAnswer(400, request.problems.join(' ') || 'Choose what to recall first.')
  const found = await findRecallTarget(payload, request.scope, req)
  if ('problem' in found) return textAnswer(400, found.problem)
  const rows = await recallRows(payload, found.target, request.sort)
  const name = found.target.label.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'recall'
  return new Response(recallCsv(rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="recall-${name.slice(0, 80)}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
