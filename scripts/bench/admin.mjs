// The seller at work in the admin, for the benchmarks: signed in as a browser is (the session cookie,
// a same-origin navigation), each screen timed from the request to the last byte of its page.
import { finished } from 'node:stream/promises'
import { performance } from 'node:perf_hooks'

import { parse } from 'csv-parse'

/** fetch, its failure naming the request (undici says only "fetch failed"). */
async function request(url, init) {
  try {
    return await fetch(url, init)
  } catch (error) {
    throw new Error(`${init?.method ?? 'GET'} ${new URL(url).pathname}: ${error.message}`, { cause: error.cause ?? error })
  }
}

/** Signs in through the REST API, as the admin's login form does; answers the session. */
export async function signIn(url, { email, password }) {
  const answer = await request(`${url}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify({ email, password }) })
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
  const answer = await request(url + pathname, { headers: session?.page ?? { Accept: 'text/html' }, redirect: 'manual' })
  const body = await answer.text()
  const ms = performance.now() - started
  if (answer.status !== 200) throw new Error(`GET ${pathname}: ${answer.status}${answer.headers.get('location') ? ` → ${answer.headers.get('location')}` : ''}`)
  return { ms, bytes: Buffer.byteLength(body), body }
}

/** The seller's REST API: a JSON answer, or an error naming the call. */
export async function adminApi(session, method, pathname, body) {
  const answer = await request(session.url + pathname, { method, headers: session.api, body: body === undefined ? undefined : JSON.stringify(body) })
  if (!answer.ok) throw new Error(`${method} ${pathname}: ${answer.status} ${(await answer.text()).slice(0, 300)}`)
  return answer.json()
}

/** The longest the bench waits for an export's file before it calls the export failed. */
const EXPORT_WAIT_MS = 120_000
const EXPORT_POLL_MS = 200

/**
 * "Export all orders" as the seller does it in the orders list: Export → CSV, no filter, Save; then
 * the saved export's file, downloaded. `startedMs`: until the request that saves the export
 * answers (the seller can go on); `readyMs`: until the whole file is downloaded. While exports are
 * made inside that request (`disableJobsQueue`), the answer comes with the file already attached
 * and the two differ by the download; once they are made in the background, the saved export gets
 * its file later and this waits for it, asking every 200 ms as a seller's open page would. The
 * export is deleted afterwards: its file is kept under data/exports.
 */
export async function exportAllOrders(session) {
  const started = performance.now()
  const { doc: saved } = await adminApi(session, 'POST', '/api/exports', { collectionSlug: 'orders', format: 'csv', name: 'all-orders' })
  const startedMs = performance.now() - started
  let downloaded
  try {
    let doc = saved
    while (!doc.filename) {
      if (performance.now() - started > EXPORT_WAIT_MS) throw new Error(`the export of all orders had no file after ${EXPORT_WAIT_MS / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS))
      doc = await adminApi(session, 'GET', `/api/exports/${saved.id}?depth=0`)
    }
    const answer = await request(new URL(doc.url, session.url).href, { headers: session.api })
    const file = await answer.text()
    if (!answer.ok) throw new Error(`the export's file: ${answer.status} ${file.slice(0, 300)}`)
    downloaded = { file, readyMs: performance.now() - started }
  } finally {
    // After a failure, the failure is what to tell, not a clean-up that failed with it.
    await adminApi(session, 'DELETE', `/api/exports/${saved.id}`).catch((error) => {
      if (downloaded) throw error
    })
  }
  return { startedMs, readyMs: downloaded.readyMs, bytes: Buffer.byteLength(downloaded.file), rows: await csvRecords(downloaded.file) }
}

/**
 * The records of a CSV, parsed a slice at a time with the event loop running in between: 50,000
 * rows parsed in one go hold it for seconds, and the next request then goes out on a kept-alive
 * connection the server closed meanwhile (Node's 5 s keep-alive timeout): "other side closed".
 */
async function csvRecords(text) {
  const parser = parse({ bom: true, columns: true })
  let records = 0
  parser.on('readable', () => {
    while (parser.read() !== null) records++
  })
  for (let start = 0; start < text.length; start += 64 * 1024) {
    parser.write(text.slice(start, start + 64 * 1024))
    await new Promise((resolve) => setImmediate(resolve))
  }
  parser.end()
  await finished(parser)
  return records
}
