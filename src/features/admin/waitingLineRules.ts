import { WAITING_LINE_VIEW } from './adminViews'

/** What the Waiting line view's address may say: which line, in line or ended, the page, a place to confirm or one just acted on. */
export type WaitingLineQuery = { line?: string; shown?: string; page?: string | number; remove?: string; place?: string; done?: 'removed' | 'not-removed' }

/** The Waiting line view's address for a line, a list and a page (defaults left out). */
export function waitingLineUrl(query: WaitingLineQuery): string {
  const params = new URLSearchParams()
  if (query.line) params.set('line', query.line)
  if (query.shown === 'ended') params.set('shown', 'ended')
  if (query.page && String(query.page) !== '1') params.set('page', String(query.page))
  if (query.remove) params.set('remove', query.remove)
  if (query.place) params.set('place', query.place)
  if (query.done) params.set('done', query.done)
  const search = params.toString()
  return search ? `${WAITING_LINE_VIEW.url}?${search}` : WAITING_LINE_VIEW.url
}
