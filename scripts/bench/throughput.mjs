// Page throughput: autocannon against a page of the site, and against a static server that replays
// the very bytes the site answered for it. The machine is small and shared, so a req/s figure alone
// says little; the ratio between the two, measured one right after the other, is what counts.
import http from 'node:http'

import autocannon from 'autocannon'

import { freePort } from './server.mjs'

export const CONNECTIONS = 50

/** What the site answers for a page, as autocannon will ask for it (no compression). */
export async function recordPage(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
  const body = Buffer.from(await response.arrayBuffer())
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'].includes(name)))
  return { status: response.status, headers, body }
}

/** A plain Node HTTP server answering each recorded path with its recorded status, headers and bytes. */
export async function startReplayServer(recordings) {
  const server = http.createServer((request, response) => {
    const recording = recordings.get(new URL(request.url, 'http://x').pathname)
    if (!recording) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(recording.status, { ...recording.headers, 'content-length': recording.body.length })
    response.end(recording.body)
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) }
}

/** autocannon for `seconds` with CONNECTIONS connections: req/s, p99 ms, errors (incl. non-2xx). */
export async function load(url, { seconds = 8, connections = CONNECTIONS, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers })
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: Math.round(result.latency.p99),
    errors: result.errors + result.timeouts + result.non2xx,
  }
}
