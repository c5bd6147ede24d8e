// The build's scripts and styles (/_next/static/…) answered at the door (server.mjs), compressed once
// each. Plain JavaScript: the production server loads it in Node without a compiler.
import fs from 'node:fs/promises'
import path from 'node:path'

import { brotliInTurn, gzipInTurn, keptHeaders, sendKept } from './keptResponses.mjs'

/**
 * Why: Next sends these files from disk and compresses them again for every request. The largest
 * script a page loads (230 kB, 72 kB gzipped) then costs about 4 ms of the server's one thread:
 * about 240 a second, a p99 over 300 ms at 50 connections, where a static server sends thousands.
 * A first visit loads a dozen of them, so a few dozen new visitors at once (a shared post) would
 * queue behind the compressor, and so would every order posted meanwhile.
 *
 * Their names change with their content (`Cache-Control: immutable`), so once Next has sent one,
 * its headers are kept and its bytes read once, with gzip (level 9) and brotli (quality 11) made
 * once in the background, one file at a time, smaller than what Next makes per request; the next
 * requests get them from memory. Partial and conditional requests, and anything not yet kept, go to Next.
 */

const PREFIX = '/_next/static/'
/** What the build names its files: path segments without dot segments or anything to decode. */
const ASSET_PATH = /^\/_next\/static\/(?:[\w~-][\w.~-]*\/)*[\w~-][\w.~-]*$/
/** Scripts, styles, source text: worth compressing (fonts and images already are). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/
/** All encodings of all kept files; the site's pages load about 0.6 MB, the admin about 3 MB. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024

/** A file being read and compressed, or one left to Next (the memory for kept files is full). */
const LOADING = Symbol('loading')
const LEFT_TO_NEXT = Symbol('left to Next')
/** address → { headers, identity, gzip?, br? }, LOADING or LEFT_TO_NEXT */
const assets = new Map()
let keptBytes = 0
let folder = null

/** Where the build's `static` folder is (`.next/static` of the app's folder). */
export function serveStaticAssetsFrom(staticFolder) {
  folder = path.resolve(staticFolder)
}

/** Answers a kept file's GET or HEAD. True when it answered, false when Next is to. */
export function serveStaticAsset(request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const asset = assets.get(request.url)
  if (!asset || typeof asset === 'symbol') return false
  if (request.headers.range || request.headers['if-none-match'] || request.headers['if-modified-since']) return false
  sendKept(request, response, asset.headers, asset)
  return true
}

/** Lets Next answer; once it has sent a build file whole, keeps the file for the next requests. */
export function noteStaticAsset(request, response) {
  if (!folder || request.method !== 'GET' || assets.has(request.url) || !ASSET_PATH.test(request.url)) return
  response.once('finish', () => {
    if (response.statusCode !== 200 || response.hasHeader('set-cookie') || assets.has(request.url)) return
    assets.set(request.url, LOADING)
    keep(request.url, response).catch((error) => {
      assets.delete(request.url)
      console.warn(`[static] ${request.url} is left to Next: ${error?.message ?? error}`)
    })
  })
}

async function keep(url, response) {
  const compressed = COMPRESSIBLE.test(String(response.getHeader('content-type') ?? ''))
  const headers = keptHeaders(response, { compressed })
  const file = path.join(folder, url.slice(PREFIX.length))
  if (!file.startsWith(folder + path.sep)) throw new Error('outside the build folder')
  const identity = await fs.readFile(file)
  // Compressed, a script is a third of its size or less; brotli's a bit smaller than gzip's.
  if (keptBytes + 2 * identity.length > MAX_KEPT_BYTES) {
    assets.set(url, LEFT_TO_NEXT)
    return
  }
  const asset = { headers, identity }
  if (compressed) [asset.gzip, asset.br] = await Promise.all([gzipInTurn(identity), brotliInTurn(identity)])
  keptBytes += identity.length + (asset.gzip?.length ?? 0) + (asset.br?.length ?? 0)
  assets.set(url, asset)
}
