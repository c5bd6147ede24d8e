// Next's page cache (`cacheHandler` in next.config.mjs), storing each cached page's security headers
// with it. Plain JavaScript: Next loads this file in Node at start-up, without compiling it.
import fileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js'

import { onRedisBack, sharedRedis } from '../redis/sharedRedis.mjs'
import { noteCachedPageRead, rememberPageCacheHandler } from './cachedPages.mjs'
import { contentSecurityPolicy, inlineScriptHashes, strictTransportSecurity } from './securityHeaders.mjs'

/** Next's own handler (in memory here, `isrFlushToDisk: false`): one instance alone. */
const FileSystemCache = fileSystemCacheModule.default ?? fileSystemCacheModule

/**
 * With REDIS_URL, pages and cached reads live in Redis, shared by every instance: a seller's edit
 * expires a tag once, for all of them (@fortedigital/nextjs-cache-handler, Redis strings). Keys
 * carry the build's id, so a new release never serves pages whose scripts are gone. `next build`
 * keeps Next's own cache (a build needs no Redis).
 */
async function sharedPageCache(redis) {
  const [{ CacheHandler }, { default: createRedisHandler }] = await Promise.all([
    import('@fortedigital/nextjs-cache-handler'),
    import('@fortedigital/nextjs-cache-handler/redis-strings'),
  ])
  CacheHandler.onCreation(({ buildId }) => {
    const keyPrefix = `seamoss:pages:${buildId ?? 'unknown'}:`
    sharedKeys = { redis, keyPrefix }
    // Expiries sent while Redis was away never reached it: what it holds may be outdated.
    void onRedisBack(() => forgetCachedPages(redis, keyPrefix))
    // Redis away: a read fails at once and the page is rendered (Next's cache miss); never a wait.
    return { handlers: [createRedisHandler({ client: redis, keyPrefix, sharedTagsKey: SHARED_TAGS_KEY, timeoutMs: REDIS_TIMEOUT_MS })] }
  })
  return CacheHandler
}

const REDIS_TIMEOUT_MS = 1_000
/** The redis-strings handler's lists beside the entries: each entry's tags, and when a path was expired. */
const SHARED_TAGS_KEY = '__sharedTags__'
const REVALIDATED_TAGS_KEY = '__revalidated_tags__' // the handler's own name, not an option
/** Where the shared cache lives, once the handler is made. */
let sharedKeys = null

/**
 * Whether Redis still holds the entry `lastModified` names, unexpired: what the handler's own read
 * checks (the entry is there, listed with its tags, none of its tags expired since), without
 * fetching the page. The handler stores an entry as the JSON of `{ lastModified, lifespan, tags,
 * value }`, so its first bytes name its version. Read any other way (another handler version),
 * the answer is no: the door then lets Next read the entry as before.
 */
async function sharedEntryIsCurrent(key, lastModified, tags) {
  if (!sharedKeys?.redis.isReady) return false
  const { keyPrefix } = sharedKeys
  const redis = sharedKeys.redis.withAbortSignal(AbortSignal.timeout(REDIS_TIMEOUT_MS))
  // Sent together: one round trip.
  const [head, listed, expired] = await Promise.all([
    redis.getRange(keyPrefix + key, 0, 40),
    redis.hExists(keyPrefix + SHARED_TAGS_KEY, key),
    tags.length > 0 ? redis.hmGet(keyPrefix + REVALIDATED_TAGS_KEY, tags) : [],
  ])
  if (/^\{"lastModified":(\d+)[,}]/.exec(head)?.[1] !== String(lastModified)) return false
  return Boolean(listed) && expired.every((time) => !time || Number(time) <= lastModified)
}

async function forgetCachedPages(redis, keyPrefix) {
  for await (const keys of redis.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 500 })) if (keys.length) await redis.unlink(keys)
}

const redis = process.env.NEXT_PHASE === 'phase-production-build' ? null : await sharedRedis()
const BaseCache = redis ? await sharedPageCache(redis) : FileSystemCache

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
 *
 * The same holds for the shared cache in Redis, which this class wraps the same way.
 *
 * Pages Next has sent from here are then sent again by the production server itself, through this
 * class, without Next's router (cachedPages.mjs).
 */
export default class PageCache extends BaseCache {
  constructor(...args) {
    super(...args)
    rememberPageCacheHandler(this)
  }

  /** With Redis, how the door asks whether an entry is still current (see above); in memory it reads the entry. */
  sharedEntryIsCurrent = redis ? sharedEntryIsCurrent : undefined

  async get(...args) {
    if (args[1]?.kind === 'IMAGE') return readImage(args[0])
    const entry = await super.get(...args)
    if (entry?.value) {
      addSecurityHeaders(entry.value)
      keepHtmlAsBytes(entry.value)
      noteCachedPageRead(args[0], entry)
    }
    return entry
  }

  async set(key, data, ctx) {
    if (ctx?.kind === 'IMAGE') return keepImage(key, data, ctx)
    if (data) addSecurityHeaders(data)
    return super.set(key, data, ctx)
  }
}

/**
 * next/image's resized photos (`images.customCacheHandler`). Next's in-memory store refuses image
 * entries, so they are kept here, least recently used dropped first beyond IMAGE_CACHE_BYTES. Kept
 * per instance with Redis too: a resize depends only on the file, never expired by an edit.
 * Each expires after `images.minimumCacheTTL`, as Next's own image cache would.
 */
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024
const images = new Map()
let imageBytes = 0

function readImage(key) {
  const entry = images.get(key)
  if (!entry) return null
  images.delete(key)
  images.set(key, entry)
  return entry
}

function keepImage(key, value, ctx) {
  const previous = images.get(key)
  if (previous) {
    images.delete(key)
    imageBytes -= previous.value.buffer.length
  }
  if (!value?.buffer) return
  images.set(key, { value, lastModified: Date.now(), cacheControl: ctx.cacheControl })
  imageBytes += value.buffer.length
  for (const [oldest, entry] of images) {
    if (imageBytes <= IMAGE_CACHE_BYTES) break
    images.delete(oldest)
    imageBytes -= entry.value.buffer.length
  }
}

/**
 * A cached page's HTML kept as bytes rather than text, converted once per entry (the in-memory store
 * keeps the object it hands out). Served as text, every request hashes the whole page for an ETag
 * and encodes it to UTF-8 again: measured on this machine, that is a third of what a page from the
 * cache costs (`npm run bench`). Served as bytes, Next streams them as they are, without an ETag.
 */
function keepHtmlAsBytes(value) {
  if (value.kind === 'APP_PAGE' && typeof value.html === 'string') value.html = Buffer.from(value.html)
}

/**
 * The policy depends on the HTML only, so it is computed once and kept with the entry (also in a
 * page prerendered by `next build`); HSTS depends on this server's SITE_URL, so it is set on reading.
 */
function addSecurityHeaders(value) {
  if (value.kind !== 'APP_PAGE' || typeof value.html !== 'string') return
  const headers = (value.headers ??= {})
  headers['content-security-policy'] ??= contentSecurityPolicy({ scriptHashes: inlineScriptHashes(value.html) })
  const hsts = strictTransportSecurity()
  if (hsts) headers['strict-transport-security'] = hsts
  else delete headers['strict-transport-security']
}
