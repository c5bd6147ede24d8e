// The seller at work in the admin, for the benchmarks: signed in as a browser is (the session cookie,
// a same-origin navigation), each screen timed from the request to the last byte of its page.
import { performance } from 'node:perf_hooks'

import { parse } from 'csv-parse/sync'

/** Signs in through the REST API, as the admin's login form does; answers the session. */
export async function signIn(url, { email, password }) {
  const answer = await fetch(`${url}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify({ email, password }) })
  const { token } = await answer.json()
  if (!answer.ok || !token) throw new Error(`admin sign-in failed: ${answer.status}`)
  return {
    url,
    // Payload counts the cookie only on a request from its own origin: a browser says so with Sec-Fetch-Site.
    page: { Cookie: `payload-token=${token}`, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' },
    api: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
  }
}

/** GET `pathname` as the signed-in seller (or anonymously without a session): time to the last byte, size, the text. */
export async function timedGet(url, pathname, session) {
  const started = performance.now()
  const answer = await fetch(url + pathname, { headers: session?.page ?? { Accept: 'text/html' }, redirect: 'manual' })
  const body = await answer.text()
  const ms = performance.now() - started
  if (answer.status !== 200) throw new Error(`GET ${pathname}: ${answer.status}${answer.headers.get('location') ? ` → ${answer.headers.get('location')}` : ''}`)
  return { ms, bytes: Buffer.byteLength(body), body }
}

/** The seller's REST API: a JSON answer, or an error naming the call. */
export async function adminApi(session, method, pathname, body) {
  const answer = await fetch(session.url + pathname, { method, headers: session.api, body: body === undefined ? undefined : JSON.stringify(body) })
  if (!answer.ok) throw new Error(`${method} ${pathname}: ${answer.status} ${(await answer.text()).slice(0, 300)}`)
  return answer.json()
}

/**
 * "Export all orders" as the seller does it in the orders list: Export → CSV → Download. Today the
 * admin's button posts the export's settings and waits for the whole file in the answer
 * (`response.blob()` in the plugin's ExportSaveButton) before the browser saves it: the request that
 * starts the export answers with the file, so `startedMs` and `readyMs` are the same moment (the
 * first byte's time is kept apart as `firstByteMs`). When the export becomes background work, only
 * this function changes: `startedMs` when the start request answers, then wait until the export is
 * ready and download it for `readyMs`.
 */
export async function exportAllOrders(session) {
  const started = performance.now()
  const answer = await fetch(`${session.url}/api/exports/download`, {
    method: 'POST',
    headers: { ...session.api, Origin: session.url },
    body: JSON.stringify({ data: { collectionSlug: 'orders', format: 'csv', name: 'all-orders' } }),
  })
  const firstByteMs = performance.now() - started
  const file = await answer.text()
  const readyMs = performance.now() - started
  if (!answer.ok) throw new Error(`export of all orders: ${answer.status} ${file.slice(0, 300)}`)
  return { startedMs: readyMs, readyMs, firstByteMs, bytes: Buffer.byteLength(file), rows: parse(file, { bom: true, columns: true }).length }
}
