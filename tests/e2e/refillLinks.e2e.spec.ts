// The links a refill plan's customer gets by e-mail, opened on a phone (390×844): "Skip this one",
// "Change flavors", "Pause" and "Stop" (`/refills/<token>?change=…`) each show a page asking to
// confirm and change nothing (mail scanners open links); the confirming tap does it and the page
// says so; a stopped plan's old links change nothing; a forged token finds nothing; another plan's
// token changes only that plan. The plan's link comes from the order confirmation's "Your refill
// plan" section: a refill's own e-mail comes from a server round this suite cannot time
// (tests/scale/refills.scale.spec.ts reads one and its links). The weekly time is removed and the
// plans stopped afterwards, so later spec files see the seed.
import fs from 'node:fs'
import path from 'node:path'

import type { Page } from '@playwright/test'

import { planPageNotices } from '@/features/refills/notices'
import { addDays } from '@/shared/time'

import { orderFields, postForm } from '../helpers/forms'
import { adminRestFrom, expect, test, waitForMail, withWeeklyPickupForRefills } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

const api = adminRestFrom('10.66.0.10')

withWeeklyPickupForRefills(api)

/** With E2E_SHOTS set to a folder, the screenshots this file takes are saved there; without, none. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS
  if (!folder) return
  fs.mkdirSync(folder, { recursive: true })
  await page.screenshot({ path: path.join(folder, `refill-${name}-390.png`), fullPage: true })
}

type Plan = { token: string; path: string; email: string }
type StoredPlan = { status: string; nextDay: string }

/**
 * Places an order for the weekly pickup time as a plan every 2 weeks, from an address of its own
 * (the order form's limit per visitor is shared by the whole suite's server), and takes the plan's
 * link from the customer's confirmation e-mail.
 */
async function planByEmail(visitor: number): Promise<Plan> {
  const base = process.env.E2E_BASE_URL!
  const headers = { 'x-forwarded-for': `10.39.0.${visitor}` }
  const form = await (await fetch(`${base}/order`, { headers })).text()
  const window = form.match(/name="window" value="([^"]+)"/)?.[1]
  expect(window, 'the order form offers the weekly pickup time').toBeDefined()
  const email = `refill-links-${visitor}-${Date.now()}@example.com`
  const placed = await postForm(base, '/order', { ...orderFields('Lena Links', email), window: window!, refillEvery: '2' }, headers)
  expect(placed.html).toContain('Order Submitted!')
  const mail = await waitForMail((received) => received.to.includes(email) && received.text.includes('Your refill plan'))
  const link = new URL(mail.text.match(/https?:\/\/\S+\/refills\/[A-Za-z0-9_-]+/)![0])
  return { token: link.pathname.split('/').pop()!, path: link.pathname, email }
}

/** A refill e-mail's link asking for one change of the plan (`features/refills/refillEmails.ts`). */
const changeLink = (plan: Pick<Plan, 'path'>, what: 'skip' | 'flavors' | 'pause' | 'resume' | 'stop') => `${plan.path}?change=${what}`
/** Where the page's confirming button posts that change. */
const changePost = (plan: Pick<Plan, 'path'>, what: 'skip' | 'pause' | 'resume' | 'stop', day: string) => `${plan.path}/change?what=${what}&day=${day}`

async function stored(plan: Plan): Promise<StoredPlan> {
  const { docs } = (await api('GET', `/api/refill-plans?depth=0&where[token][equals]=${plan.token}`)) as { docs: StoredPlan[] }
  expect(docs).toHaveLength(1)
  return { status: docs[0].status, nextDay: docs[0].nextDay }
}

/** 'Sat Dec 13', as the plan's page and e-mails write a day. */
const dayText = (dayKey: string) => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${dayKey}T12:00:00Z`)).replace(',', '')

async function expectActive(page: Page, plan: Plan, nextDay: string) {
  await page.goto(plan.path)
  await expect(page.getByText('Active · every 2 weeks')).toBeVisible()
  await expect(page.getByTestId('plan-next')).toContainText(`Next refill: ${dayText(nextDay)}`)
  expect(await stored(plan)).toEqual({ status: 'active', nextDay })
}

test('each link asks to confirm and changes nothing; the confirming tap skips, pauses and stops, and the page says so', async ({ page }) => {
  const plan = await planByEmail(1)
  const { nextDay } = await stored(plan)
  const confirm = page.getByTestId('plan-confirm')

  // Opened as a mail scanner or a curious tap would: each asks, nothing changes.
  const asked = { skip: `Skip your refill of ${dayText(nextDay)}? Your plan goes on with ${dayText(addDays(nextDay, 14))}.`, pause: planPageNotices.confirm.pause, stop: planPageNotices.confirm.stop }
  for (const [what, question] of Object.entries(asked) as [keyof typeof asked, string][]) {
    const opened = await page.goto(changeLink(plan, what))
    expect(opened?.status()).toBe(200)
    await expect(confirm).toContainText(question)
    await shot(page, `confirm-${what}`)
    expect(await stored(plan)).toEqual({ status: 'active', nextDay })
  }
  await confirm.getByRole('link', { name: 'No, keep it as it is' }).click()
  await expectActive(page, plan, nextDay)
  await page.goto(changeLink(plan, 'flavors'))
  await expect(page.getByTestId('plan-flavors')).toContainText(planPageNotices.flavors.ask(3))
  await shot(page, 'confirm-flavors')
  // The change route's own address, opened by a GET, asks too.
  await page.goto(`${plan.path}/change?what=stop`)
  await expect(confirm).toContainText(planPageNotices.confirm.stop)
  await expectActive(page, plan, nextDay)

  await page.goto(changeLink(plan, 'skip'))
  await confirm.getByRole('button', { name: 'Yes, skip this one' }).click()
  await expect(page.getByTestId('plan-done')).toHaveText(planPageNotices.done.skip)
  await shot(page, 'done-skip')
  await expectActive(page, plan, addDays(nextDay, 14))

  await page.goto(changeLink(plan, 'pause'))
  await confirm.getByRole('button', { name: 'Yes, pause' }).click()
  await expect(page.getByTestId('plan-done')).toHaveText(planPageNotices.done.pause)
  await expect(page.getByText('Paused · every 2 weeks')).toBeVisible()
  expect(await stored(plan)).toEqual({ status: 'paused', nextDay: addDays(nextDay, 14) })

  await page.goto(changeLink(plan, 'stop'))
  await confirm.getByRole('button', { name: 'Yes, stop' }).click()
  await expect(page.getByTestId('plan-done')).toHaveText(planPageNotices.done.stop)
  await expect(page.getByText('Stopped · every 2 weeks')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Change your plan' })).toHaveCount(0)
  await shot(page, 'done-stop')
  expect(await stored(plan)).toEqual({ status: 'stopped', nextDay: addDays(nextDay, 14) })
})

test("after Stop, the plan's old links and a confirmation left open change nothing", async ({ page, browser }) => {
  const plan = await planByEmail(2)
  const { nextDay } = await stored(plan)
  // The pause link opened on the phone earlier, its confirmation still on screen…
  await page.goto(changeLink(plan, 'pause'))
  // …while the plan is stopped from another tab.
  const other = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await other.goto(changeLink(plan, 'stop'))
  await other.getByTestId('plan-confirm').getByRole('button', { name: 'Yes, stop' }).click()
  await expect(other.getByTestId('plan-done')).toHaveText(planPageNotices.done.stop)
  await other.close()

  await page.getByTestId('plan-confirm').getByRole('button', { name: 'Yes, pause' }).click()
  await expect(page.getByTestId('plan-refused')).toHaveText(planPageNotices.refused.stopped)
  await shot(page, 'refused-stopped')
  expect(await stored(plan)).toEqual({ status: 'stopped', nextDay })

  for (const what of ['skip', 'pause', 'resume', 'stop'] as const) {
    await page.goto(changeLink(plan, what))
    await expect(page.getByText('Stopped · every 2 weeks')).toBeVisible()
    await expect(page.getByTestId('plan-confirm')).toHaveCount(0)
    // The confirming post itself, as an old page's button would send it.
    const posted = await page.request.post(changePost(plan, what, nextDay), { maxRedirects: 0 })
    expect(posted.status()).toBe(303)
    expect(posted.headers().location).toBe(`${plan.path}?refused=stopped`)
  }
  expect(await stored(plan)).toEqual({ status: 'stopped', nextDay })
})

test('a forged token finds the not-found page and changes nothing', async ({ page }) => {
  const plan = await planByEmail(3)
  const { nextDay } = await stored(plan)
  // One character of a real token changed; a token of the right shape made up; one of another shape.
  const changed = `${plan.token.slice(0, -1)}${plan.token.endsWith('A') ? 'B' : 'A'}`
  for (const token of [changed, 'x'.repeat(24)]) {
    const forged = { path: `/refills/${token}` }
    const opened = await page.goto(changeLink(forged, 'stop'))
    expect(opened?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
    expect((await page.request.post(changePost(forged, 'stop', nextDay), { maxRedirects: 0 })).status()).toBe(404)
  }
  await shot(page, 'forged')
  // Tokens of another shape are not looked up.
  for (const token of ['short', `${plan.token}x`, "'%20OR%201=1--"]) {
    const forged = { path: `/refills/${token}` }
    expect((await page.request.get(changeLink(forged, 'stop'))).status()).toBe(404)
    expect((await page.request.post(changePost(forged, 'stop', nextDay), { maxRedirects: 0 })).status()).toBe(404)
  }
  await expectActive(page, plan, nextDay)
})

test("a link with another plan's token changes that plan only", async ({ page }) => {
  const mine = await planByEmail(4)
  const theirs = await planByEmail(5)
  const [myDay, theirDay] = [(await stored(mine)).nextDay, (await stored(theirs)).nextDay]

  await page.goto(changeLink(theirs, 'pause'))
  await page.getByTestId('plan-confirm').getByRole('button', { name: 'Yes, pause' }).click()
  await expect(page.getByTestId('plan-done')).toHaveText(planPageNotices.done.pause)
  expect(await stored(theirs)).toEqual({ status: 'paused', nextDay: theirDay })

  await page.goto(changeLink(theirs, 'skip'))
  // A paused plan with no refill reserved has nothing to skip: the page offers no such change.
  await expect(page.getByTestId('plan-confirm')).toHaveCount(0)
  await page.goto(changeLink(theirs, 'stop'))
  await page.getByTestId('plan-confirm').getByRole('button', { name: 'Yes, stop' }).click()
  expect(await stored(theirs)).toEqual({ status: 'stopped', nextDay: theirDay })

  await expectActive(page, mine, myDay)
})
