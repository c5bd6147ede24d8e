// Cached pages answered at the door (server.mjs), before Next's router. Plain JavaScript: the
// production server and the page cache handler (pageCache.mjs) load it in Node without a compiler.
import { AsyncLocalStorage } from 'node:async_hooks'
import { gzipSync } from 'node:zlib'

import tagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js'

import { brotliInTurn, keptHeaders, sendKept } from './keptResponses.mjs'

/**
 * Why: a page served from Next's page cache still passes through Next's router (rewrites, header
 * rules, route matching), a fresh incremental cache, web streams and tracing for every request.
 * On this 2-core machine that held a cached page to about a quarter of what a static file server
 * sends, with a p99 over 100 ms at 50 connections (`npm run bench`).
 *
 * So once Next has answered an address from its cache, that answer's headers and bytes are kept
 * here with the cache entry they came from. The next plain request for the address asks the page
 * cache whether it still holds that entry (which applies every expiry: a seller's edit, an order
 * holding a time, a page's lifetime, another instance's edit through Redis) and, while it is the
 * very entry Next sent, sends its bytes with those headers. Anything else goes to Next as before: another entry, an
 * expired or stale one, a query string, the client router's own requests, a form post, a 404.
 */

const { areTagsStale } = tagsManifestModule

/** One state per process, whichever loader (Next's or the server's) loaded this file first. */
const STATE = Symbol.for('seamoss.cachedPages')
const state = (globalThis[STATE] ??= {
  /** The request being answered by Next, to learn which cache entry it read. */
  visits: new AsyncLocalStorage(),
  /** A page cache handler to read entries through (Next makes one per request; any will do). */
  handler: null,
  /** address → { key, lastModified, revalidate, tags, headers, html, gzip?, brotli?, br? } */
  pages: new Map(),
})

/** The site has a few dozen cacheable addresses; more would be a client making them up. */
const MAX_PAGES = 200

/** How Next asks for a page's entry (App Router, no partial prerendering). */
const PAGE_READ = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false }

/**
 * Request headers that make Next answer something other than the page's document: the client
 * router's payload and prefetches, a server action, a form post (and src/proxy.ts checks requests
 * with a body), an on-demand revalidation.
 */
const NOT_A_PAGE_VIEW = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-url', 'next-action', 'content-type', 'x-prerender-revalidate']

/** A plain view of a page: a GET (or HEAD) without a query, from a browser or a bot. */
function isPlainPageView(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (request.url.includes('?')) return false
  for (const name of NOT_A_PAGE_VIEW) if (request.headers[name] !== undefined) return false
  // Draft mode renders per request.
  return !request.headers.cookie?.includes('__prerender_bypass')
}

/** Called by the page cache handler when Next makes it: the door reads entries through it too. */
export function rememberPageCacheHandler(handler) {
  state.handler ??= handler
}

/** Called by the page cache handler on every read: which entry the request Next answers came from. */
export function noteCachedPageRead(key, entry) {
  const visit = state.visits.getStore()
  if (visit && entry?.value?.kind === 'APP_PAGE') visit.reads.push({ key, entry })
}

/**
 * Answers the request from the page cache when Next has already answered its address with the
 * entry the cache holds now. Resolves true when it answered, false when Next is to.
 */
export async function serveCachedPage(request, response) {
  const page = state.pages.get(request.url)
  if (!page || !state.handler || !isPlainPageView(request)) return false
  const html = await currentHtml(page)
  if (!html) {
    state.pages.delete(request.url)
    return false
  }
  // Compressed once per entry, where Next's compression would gzip the page for every request:
  // gzip at once, brotli (a sixth smaller) in the background, for the requests after it is made.
  page.gzip ??= gzipSync(html)
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) page.brotli ??= brotliInTurn(html).then((br) => (page.br = br), () => {})
  sendKept(request, response, page.headers, { identity: html, gzip: page.gzip, br: page.br })
  return true
}

/**
 * The page's HTML while the cache still holds the entry remembered, else null. In memory the entry
 * is at hand and read. Shared in Redis, reading it would fetch and parse the whole page (75 kB of
 * JSON) three round trips away on every request, a tenth of what the door serves from memory
 * (`npm run bench`): there the cache handler only confirms that the entry remembered is still the
 * one it holds, and the bytes are the ones kept here when Next sent them.
 */
async function currentHtml(page) {
  if (state.handler.sharedEntryIsCurrent) {
    if (!isFresh(page.lastModified, page.revalidate, page.tags)) return null
    try {
      return (await state.handler.sharedEntryIsCurrent(page.key, page.lastModified, page.tags)) ? page.html : null
    } catch {
      return null // Redis away: Next renders the page
    }
  }
  let entry
  try {
    entry = await state.handler.get(page.key, PAGE_READ)
  } catch {
    return null
  }
  if (!entry || entry.lastModified !== page.lastModified || entry.value?.kind !== 'APP_PAGE' || !Buffer.isBuffer(entry.value.html)) return null
  return isFresh(entry.lastModified, entry.cacheControl?.revalidate ?? page.revalidate, tagsOf(entry)) ? entry.value.html : null
}

/** Not past the page's lifetime, nor expired by a tag this instance knows of. */
function isFresh(lastModified, revalidate, tags) {
  if (typeof revalidate === 'number' && Date.now() >= lastModified + revalidate * 1000) return false
  return !areTagsStale(tags, lastModified)
}

const tagsOf = (entry) => {
  const tags = entry.value.headers?.['x-next-cache-tags']
  return typeof tags === 'string' ? tags.split(',') : []
}

/**
 * Lets Next answer the request, and keeps the answer's headers when it was a page sent from the
 * cache (Next's `x-nextjs-cache: HIT`), read from exactly one entry.
 */
export function handleNoting(request, response, handle) {
  if (request.method !== 'GET' || !isPlainPageView(request)) return handle(request, response)
  const visit = { reads: [] }
  response.once('finish', () => remember(request.url, response, visit.reads))
  return state.visits.run(visit, () => handle(request, response))
}

function remember(url, response, reads) {
  if (response.statusCode !== 200 || response.getHeader('x-nextjs-cache') !== 'HIT' || reads.length !== 1) return
  if (response.hasHeader('set-cookie')) return
  if (!state.pages.has(url) && state.pages.size >= MAX_PAGES) return
  const [{ key, entry }] = reads
  if (!Buffer.isBuffer(entry.value.html)) return
  const headers = keptHeaders(response, { compressed: true })
  const maxAge = /s-maxage=(\d+)/.exec(String(headers['cache-control'] ?? ''))
  const revalidate = entry.cacheControl?.revalidate ?? (maxAge ? Number(maxAge[1]) : undefined)
  state.pages.set(url, { key, lastModified: entry.lastModified, revalidate, tags: tagsOf(entry), headers, html: entry.value.html })
}
