import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startRedis, type TestRedis } from '../helpers/redis'
import { startSite, type Site } from '../helpers/site'

/**
 * The admin's sign-in lockout (features/admin/auth/signInLockout.ts) with two instances of the production
 * server on one database and one Redis, as behind the load balancer: misses made on either count
 * towards one lockout, so spreading guesses over the instances buys no extra tries.
 */

const ADMIN = { email: 'lockout-admin@example.com', password: 'lockout-admin-password' }

let redis: TestRedis
let siteA: Site
let siteB: Site

beforeAll(async () => {
  redis = await startRedis()
  const env = { REDIS_URL: redis.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }
  siteA = await startSite({ env })
  siteB = await startSite({ env: { ...env, DATABASE_URI: siteA.databaseUri, MEDIA_DIR: path.join(siteA.dir, 'media') } })
})

afterAll(async () => {
  await siteB?.stop()
  await siteA?.stop()
  await redis?.stop()
})

async function signIn(site: Site, password: string, address: string) {
  const answer = await fetch(`${site.baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email: ADMIN.email, password }),
  })
  return { status: answer.status, body: (await answer.json()) as { message?: string }, retryAfter: answer.headers.get('Retry-After') }
}

describe('the sign-in lockout behind the load balancer', () => {
  it('counts the misses made on both instances together: the sixth try is refused on either, with the wait', async () => {
    const attacker = '203.0.113.45'
    // Five wrong passwords, spread over the two instances as a balancer would spread them.
    for (const site of [siteA, siteB, siteA, siteB, siteA]) expect((await signIn(site, 'not-the-password', attacker)).status).toBe(401)

    for (const site of [siteB, siteA]) {
      const refused = await signIn(site, ADMIN.password, attacker)
      expect(refused).toMatchObject({ status: 429, retryAfter: '60', body: { message: 'Too many attempts: try again in a minute, or reset your password' } })
    }
    // The owner, from their own address, still signs in on both.
    for (const site of [siteA, siteB]) expect((await signIn(site, ADMIN.password, '198.51.100.20')).status).toBe(200)
  })
})
