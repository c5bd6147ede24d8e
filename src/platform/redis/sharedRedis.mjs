// The process's one connection to Redis, shared by the page cache (loaded by Next on its own, in
// plain JavaScript), the form limits and the job lock. Only with REDIS_URL: without it the site is
// one instance, keeps all of this in memory, and never loads the Redis client.

import { readEnvironment } from '../config/environment.mjs'

const REGISTRY = Symbol.for('seamoss.redis')

/**
 * The client, connecting in the background; null without REDIS_URL. Redis is never waited for:
 * while it is away every command fails at once (no offline queue), each user falls back to what
 * one instance can do alone, and the client reconnects by itself. The outage and the return are
 * logged once each; `onRedisBack` listeners run on the return.
 */
export async function sharedRedis() {
  const url = readEnvironment().REDIS_URL
  if (!url) return null
  const registry = /** @type {Record<symbol, ReturnType<typeof connect>>} */ (globalThis)
  registry[REGISTRY] ??= connect(url)
  return (await registry[REGISTRY]).client
}

/** Runs `listener` each time Redis answers again after an outage (not on the first connection). */
export async function onRedisBack(listener) {
  if (!(await sharedRedis())) return
  ;(await globalThis[REGISTRY]).backListeners.push(listener)
}

async function connect(url) {
  const { createClient } = await import('redis')
  const client = createClient({
    url,
    // A command while disconnected fails at once rather than waiting in a queue: a page or a form
    // must not wait for Redis to come back.
    disableOfflineQueue: true,
    pingInterval: 5_000,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(200 * (retries + 1), 2_000) },
  })
  const state = { client, backListeners: [], connectedOnce: false, away: false }
  client.on('error', (error) => {
    if (state.away) return
    state.away = true
    console.warn(`[redis] unavailable (${error?.message ?? error}): pages are rendered without the shared cache and form limits count on this instance alone until it returns`)
  })
  client.on('ready', () => {
    const returned = state.connectedOnce && state.away
    state.connectedOnce = true
    state.away = false
    if (!returned) return
    console.info('[redis] available again')
    for (const listener of state.backListeners) Promise.resolve().then(listener).catch((error) => console.warn('[redis] after its return:', error))
  })
  // The first connection may fail (Redis not up yet): the client keeps trying on its own.
  client.connect().catch(() => {})
  return state
}

/** Whether Redis answers right now. */
export async function redisReady() {
  return Boolean((await sharedRedis())?.isReady)
}
