// Next's page cache (`cacheHandler` in next.config.mjs), storing each cached page's security headers
// with it. Plain JavaScript: Next loads this file in Node at start-up, without compiling it.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler'
import createLruHandler, { createConfiguredCache } from '@fortedigital/nextjs-cache-handler/local-lru'

import { onRedisBack, sharedRedis } from '../redis/sharedRedis.mjs'
import { EXPIRE_OUTSIDE_A_REQUEST, FORGET_RESIZED_IMAGES } from './pageCacheKeys.mjs'
import { contentSecurityPolicy, inlineScriptHashes, strictTransportSecurity } from './securityHeaders.mjs'

/**
 * Where pages and cached reads live (@fortedigital/nextjs-cache-handler, which implements Next's
 * `cacheHandler` interface):
 * - one instance (no REDIS_URL): in this process's memory, least recently used dropped first. A
 *   restart (or a restored database) never serves pages rendered from another database's content.
 * - several instances (REDIS_URL): in Redis, shared by every instance, so a seller's edit expires a
 *   tag once, for all of them. Keys carry the build's id, so a new release never serves pages whose
 *   scripts are gone. `next build` keeps to memory (a build needs no Redis).
 */
CacheHandler.onCreation(async ({ buildId }) => {
  const redis = process.env.NEXT_PHASE === 'phase-production-build' ? null : await sharedRedis()
  if (!redis) return { handlers: [createLruHandler({ maxItemsNumber: 1_000, maxItemSizeBytes: PAGE_CACHE_BYTES })] }
  const { default: createRedisHandler } = await import('@fortedigital/nextjs-cache-handler/redis-strings')
  const keyPrefix = `seamoss:pages:${buildId ?? 'unknown'}:`
  // Expiries sent while Redis was away never reached it: what it holds may be outdated.
  void onRedisBack(() => forgetCachedPages(redis, keyPrefix))
  // Redis away: a read fails at once and the page is rendered (a cache miss); never a wait.
  return { handlers: [createRedisHandler({ client: redis, keyPrefix, timeoutMs: 1_000 })] }
})

/** The in-memory cache's bound, counted as the entries' JSON (a page and its React payload: ~100-300 kB). */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024

async function forgetCachedPages(redis, keyPrefix) {
  for await (const keys of redis.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 500 })) if (keys.length) await redis.unlink(keys)
}

/**
 * A strict Content-Security-Policy for pages served from the cache, without a nonce (which would
 * make every page render per request) and without any work per request.
 *
 * A cached page's inline scripts (React's bootstrap and `self.__next_f.push(…)` with the page's
 * data) change with every render, so no fixed policy can name them. But every render passes through
 * here on its way into the cache, as its full HTML, together with the headers Next sends with it
 * from then on, on a miss and on every hit. So the policy is computed once per render, from that
 * HTML, and travels with it: the hashes always match the bytes served. Pages rendered per request
 * never reach the cache; src/proxy.ts gives those a nonce instead.
 */
export default class PageCache extends CacheHandler {
  constructor(context) {
    super(context)
    // Every handler Next creates shares the one store (the library keeps it in static state).
    // Published under process-wide keys (pageCacheKeys.mjs) for the app's code: the server's bundle
    // holds its own copy of this module, whose store is not the one Next uses. Work on a timer (the
    // batch clock) expires tags here, as Next's `revalidateTag` would, which runs only in a request.
    globalThis[EXPIRE_OUTSIDE_A_REQUEST] = (tags) => this.revalidateTag(tags)
    globalThis[FORGET_RESIZED_IMAGES] = forgetResizedImages
  }

  async get(key, ctx) {
    if (ctx?.kind === 'IMAGE') return resizedImage(key)
    const entry = await super.get(key, ctx)
    if (entry?.value) addSecurityHeaders(entry.value)
    return entry
  }

  async set(key, data, ctx) {
    if (ctx?.kind === 'IMAGE') return keepImage(key, data, ctx)
    if (data) addSecurityHeaders(data)
    return super.set(key, data, ctx)
  }
}

/**
 * next/image's resized photos (`images.customCacheHandler`): kept here, per instance also with
 * Redis (a resize depends only on the file, never expired by an edit), least recently used dropped
 * first beyond IMAGE_CACHE_BYTES. Each expires after `images.minimumCacheTTL`, as Next's own image
 * cache would (Next reads the entry's `cacheControl`).
 */
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024
const images = createConfiguredCache((entry) => entry.value.buffer.length, { maxItemsNumber: 1_000, maxItemSizeBytes: IMAGE_CACHE_BYTES })

function keepImage(key, value, ctx) {
  if (!value?.buffer) images.delete(key)
  else images.set(key, { value, lastModified: Date.now(), cacheControl: ctx.cacheControl })
}

/**
 * A resized copy is served without asking Payload who may see the photo, and Next keeps serving one
 * whose photo it can no longer fetch (it retains the last copy when a refresh fails). So when a
 * review photo stops being public (its review hidden, or the image deleted) every copy is
 * forgotten (the keys do not say which photo they are of): here at once, and on the other
 * instances (REDIS_URL) by the time in Redis, which their reads compare each copy with. A photo
 * hidden is rare; the public photos are resized again on their next view.
 */
const IMAGES_FORGOTTEN_AT = 'seamoss:images:forgottenAt'

async function forgetResizedImages() {
  images.clear()
  const redis = await sharedRedis()
  if (redis?.isReady) await redis.set(IMAGES_FORGOTTEN_AT, String(Date.now())).catch(() => undefined)
}

async function resizedImage(key) {
  const entry = images.get(key)
  if (!entry) return null
  const redis = await sharedRedis()
  const forgottenAt = redis?.isReady ? Number(await redis.get(IMAGES_FORGOTTEN_AT).catch(() => 0)) : 0
  if (entry.lastModified > forgottenAt) return entry
  images.delete(key)
  return null
}

/**
 * The policy depends on the HTML only, so it is computed once and kept with the entry; HSTS depends
 * on this server's SITE_URL, so it is set on reading.
 */
function addSecurityHeaders(value) {
  if (value.kind !== 'APP_PAGE' || typeof value.html !== 'string') return
  const headers = (value.headers ??= {})
  headers['content-security-policy'] ??= contentSecurityPolicy({ scriptHashes: inlineScriptHashes(value.html) })
  const hsts = strictTransportSecurity()
  if (hsts) headers['strict-transport-security'] = hsts
  else delete headers['strict-transport-security']
}
