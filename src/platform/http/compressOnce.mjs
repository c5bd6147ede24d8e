// Compression made once per kept file or page, in the background (staticAssets.mjs, cachedPages.mjs).
// Plain JavaScript: the production server loads it in Node without a compiler.
import { promisify } from 'node:util'
import zlib from 'node:zlib'

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
