// Answers Next sent once and the door (server.mjs) sends again: their headers, and their bytes in
// each encoding, compressed once (cachedPages.mjs for pages, staticAssets.mjs for build files).
// Plain JavaScript: the production server loads it in Node without a compiler.
import { promisify } from 'node:util'
import zlib from 'node:zlib'

/** Headers that belong to one response, not to what it carries: written afresh for each. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive'])

/**
 * The headers of Next's answer worth sending again. `compressed`: the door will send it in several
 * encodings, so caches must keep them apart (Next's compression varies such answers likewise).
 */
export function keptHeaders(response, { compressed }) {
  const headers = {}
  for (const [name, value] of Object.entries(response.getHeaders())) if (!PER_RESPONSE.has(name)) headers[name] = value
  if (compressed && !/accept-encoding/i.test(String(headers.vary ?? ''))) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
  return headers
}

/** Sends a kept answer in the best encoding the client takes among those made (`gzip`, `br`). */
export function sendKept(request, response, headers, { identity, gzip, br }) {
  const accepted = request.headers['accept-encoding'] ?? ''
  const [encoding, body] = br && /\bbr\b/.test(accepted) ? ['br', br] : gzip && /\bgzip\b/.test(accepted) ? ['gzip', gzip] : [null, identity]
  response.writeHead(200, { ...headers, 'content-length': body.length, ...(encoding ? { 'content-encoding': encoding } : {}) })
  response.end(request.method === 'HEAD' ? undefined : body)
}

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/**
 * Brotli's best, with a window no larger than the input: at quality 11 each compression holds tens
 * of MB while it runs, and a page's first visit asks for a dozen files at once.
 */
const brotliParams = (length) => ({
  [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
  [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1)))),
})

/** One compression after another, so that the memory of one is all they take. */
let compressing = Promise.resolve()
function inTurn(work) {
  const done = compressing.then(work)
  compressing = done.catch(() => {})
  return done
}

/** Brotli at quality 11, made off the main thread, after those already asked for. */
export const brotliInTurn = (bytes) => inTurn(() => brotli(bytes, { params: brotliParams(bytes.length) }))

/** Gzip at level 9, likewise. */
export const gzipInTurn = (bytes) => inTurn(() => gzip(bytes, { level: 9 }))
