import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { createClient as createSqlClient } from '@libsql/client'
import { createClient as createRedisClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { addDays, businessDay } from '@/shared/time'

import { orderFields, postForm } from '../helpers/forms'
import { startRedis, type TestRedis } from '../helpers/redis'
import { startSite, type Site } from '../helpers/site'
import { recipients, startSmtp, type TestSmtp } from '../helpers/smtp'

/**
 * Refill plans on two production servers sharing one database and one Redis, as behind a load
 * balancer. Each server runs a refill round when it starts and every ten minutes after
 * (`instrumentation.ts`); a restart is how these tests run one at a moment they choose. A due plan
 * gets one order and one e-mail per cycle: when both servers start their rounds at once, when a
 * restarted server finds the plan back on a day already made (as a round repeated after a crash
 * would), and with Redis away, when no lock keeps the second server's round from running.
 */

const ADMIN = { email: 'refills-scale-admin@example.com', password: 'refills-scale-password' }
const SELLER_EMAIL = 'refills-scale-seller@example.com'
/** The Redis lock of the refill round (`platform/redis/oneInstance.ts`): held for the round's ten minutes. */
const ROUND_LOCK = 'seamoss:job:refills'
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const today = businessDay(new Date()).key
/** The seller's one weekly pickup time falls two days from today in Detroit: past the 24-hour notice, within the 3 days ahead. */
const dueDay = addDays(today, 2)
const weekdayOf = (dayKey: string) => WEEKDAYS[new Date(`${dayKey}T12:00:00Z`).getUTCDay()]

let redis: TestRedis
let smtp: TestSmtp
/** The servers' shared database and media, outside either server's own folder: each may stop and start again on them. */
let dataDir: string
let env: Record<string, string>
let siteA: Site
let siteB: Site | undefined

beforeAll(async () => {
  redis = await startRedis()
  smtp = await startSmtp()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-refills-'))
  env = {
    DATABASE_URI: `file:${path.join(dataDir, 'site.db')}`,
    MEDIA_DIR: path.join(dataDir, 'media'),
    REDIS_URL: redis.url,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'false',
    EMAIL_FROM: 'Seamoss Test <shop@example.com>',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }
  siteA = await startSite({ env })
  await api(siteA, 'POST', '/api/globals/site-settings', { email: SELLER_EMAIL })
  await api(siteA, 'POST', '/api/globals/fulfilment', { windows: [{ method: 'pickup', weekday: weekdayOf(dueDay), start: '10:00', end: '14:00', place: 'Eastern Market' }] })
})

afterAll(async () => {
  await siteB?.stop()
  await siteA?.stop()
  await smtp?.close()
  await redis?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The admin's session: one sign-in for the file (sign-ins are limited per address), good on either server. */
let adminToken: string | undefined

/** The seller's REST API on `site`, as the admin's browser calls it. */
async function api<T = { docs: never[] }>(site: Site, method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<T> {
  if (!adminToken) {
    const login = await fetch(`${site.baseURL}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })
    adminToken = ((await login.json()) as { token?: string }).token
    if (!login.ok || !adminToken) throw new Error(`admin login failed: ${login.status}`)
  }
  const answer = await fetch(`${site.baseURL}${pathname}`, {
    method,
    headers: { Authorization: `JWT ${adminToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(answer.ok, `${method} ${pathname} → ${answer.status}`).toBe(true)
  return (await answer.json()) as T
}

type Plan = { id: number; createdAt: string; email: string; nextDay: string; token: string }
type RefillOrder = { id: number; source: string; refillCycle: string; windowKey: string }

/** Orders three jars for the weekly pickup time on `site`'s order form, as a refill plan every 2 weeks; the plan it made. */
async function orderWithPlan(site: Site, n: number): Promise<Plan> {
  const visitor = { 'X-Forwarded-For': `192.0.2.${40 + n}` }
  const form = await (await fetch(`${site.baseURL}/order`, { headers: visitor })).text()
  const window = form.match(/name="window" value="([^"]+)"/)?.[1]
  expect(window, 'the order form offers the weekly pickup time').toBeDefined()
  const email = `refill-scale-${n}-${Date.now()}@example.com`
  const placed = await postForm(site.baseURL, '/order', { ...orderFields(`Refill Customer ${n}`, email), window: window!, refillEvery: '2' }, visitor)
  expect(placed.html).toContain('Order Submitted!')
  const { docs } = await api<{ docs: Plan[] }>(site, 'GET', `/api/refill-plans?depth=0&where[email][equals]=${encodeURIComponent(email)}`)
  expect(docs).toHaveLength(1)
  return docs[0]
}

/**
 * Puts the plan on `day` in the database. Neither the seller nor the customer can move a plan's
 * day; this stands for the weeks passing until its refill is due.
 */
async function setNextDay(plan: Plan, day: string): Promise<void> {
  const db = createSqlClient({ url: env.DATABASE_URI })
  try {
    await db.execute('PRAGMA busy_timeout = 10000')
    await db.execute({ sql: 'UPDATE refill_plans SET next_day = ? WHERE id = ?', args: [day, plan.id] })
  } finally {
    db.close()
  }
}

/** Frees the refill round's lock, as the ten minutes passing would: the next server to start runs its round. */
async function freeRoundLock(): Promise<void> {
  const client = createRedisClient({ url: redis.url })
  await client.connect()
  try {
    await client.del(ROUND_LOCK)
  } finally {
    await client.quit()
  }
}

async function restart(site: Site): Promise<Site> {
  await site.stop()
  return startSite({ env })
}

const refillOrders = async (plan: Plan) => (await api<{ docs: RefillOrder[] }>(siteA, 'GET', `/api/orders?depth=0&limit=100&where[refillPlan][equals]=${plan.id}`)).docs

const cycleKey = (plan: Plan, day: string) => `${plan.id}@${plan.createdAt}:${day}`

/** The customer's refill e-mails that reached the mail server. */
const refillMails = (plan: Plan) => smtp.messages.filter((mail) => recipients(mail).includes(plan.email.toLowerCase()) && mail.subject?.startsWith('Your refill for'))

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(250)
  }
}

/** The plan's one refill order for `day`, and the customer's one e-mail about it, a few seconds after both arrived. */
async function expectOneRefill(plan: Plan, day: string): Promise<void> {
  await until(async () => (await refillOrders(plan)).length > 0, 'the refill order')
  await smtp.waitForMailTo(plan.email, (mail) => Boolean(mail.subject?.startsWith('Your refill for')), 20_000)
  // The outbox polls every 5 s: a second e-mail or order would be here by now.
  await sleep(6_000)
  const orders = await refillOrders(plan)
  expect(orders.map(({ source, refillCycle, windowKey }) => ({ source, refillCycle, day: windowKey.split('_')[0] }))).toEqual([{ source: 'refill-plan', refillCycle: cycleKey(plan, day), day }])
  expect(refillMails(plan)).toHaveLength(1)
  expect(refillMails(plan)[0].subject).toMatch(/^Your refill for \w{3} \w{3} \d{1,2}, Eastern Market 10–2: 3 jars \(Mixed Berry, Peach Ginger, Pineapple Mango\) — \$50$/)
  // Skip this one · Change flavors · Pause · Stop: each asks on the plan's page before it changes anything.
  for (const change of ['skip', 'flavors', 'pause', 'stop']) expect(refillMails(plan)[0].text).toContain(`/refills/${plan.token}?change=${change}`)
}

describe('refill plans on two instances', () => {
  let first: Plan

  it('a due plan gets one order and one e-mail when both instances start their refill rounds at once', async () => {
    first = await orderWithPlan(siteA, 1)
    expect(first.nextDay).toBe(addDays(dueDay, 14))
    await setNextDay(first, dueDay)
    await freeRoundLock()

    // B starts while A restarts: each runs a round as it starts.
    ;[siteA, siteB] = await Promise.all([restart(siteA), startSite({ env })])

    await expectOneRefill(first, dueDay)
    const { docs } = await api<{ docs: Plan[] }>(siteB!, 'GET', `/api/refill-plans?depth=0&where[id][equals]=${first.id}`)
    expect(docs[0].nextDay).toBe(addDays(dueDay, 14))
  })

  it('a restarted instance that finds the plan back on a day already made makes no second order and sends no second e-mail', async () => {
    await setNextDay(first, dueDay)
    // A plan due a week later, after `first` in the round (plans are taken by day): once its refill
    // is made, the restarted server's round has been through `first`.
    await api(siteA, 'POST', '/api/globals/fulfilment', { refillDaysAhead: 13 })
    const marker = await orderWithPlan(siteA, 2)
    await setNextDay(marker, addDays(dueDay, 7))
    await freeRoundLock()

    siteB = await restart(siteB!)

    await expectOneRefill(marker, addDays(dueDay, 7))
    expect((await refillOrders(first)).map((order) => order.refillCycle)).toEqual([cycleKey(first, dueDay)])
    expect(refillMails(first)).toHaveLength(1)
  })

  it('with Redis away each instance runs its round, and a due plan still gets one order and one e-mail', async () => {
    const third = await orderWithPlan(siteA, 3)
    await setNextDay(third, dueDay)
    await redis.stop()
    try {
      // No lock: both rounds run, at the same moment.
      ;[siteA, siteB] = await Promise.all([restart(siteA), restart(siteB!)])
      await expectOneRefill(third, dueDay)
    } finally {
      await redis.start()
    }
    expect(refillMails(first)).toHaveLength(1)
  })
})
