// Pickups on the daily screen with Delivery day on (#55): Collected instead of Completed on a pickup's
// card, with and without JavaScript, the card then saying when; the Missed pickups section with a
// pickup whose time ended, Collected from there and a text ready to send; off, the cards as before.
// Delivery day is put back and the orders cancelled at the end.

import path from 'node:path'

import { createClient } from '@libsql/client'
import type { APIRequestContext, Page } from '@playwright/test'

import { addDays, businessDay, zonedInstant } from '@/shared/time'

import { addOrderOnDailyScreen, adminApi, awayFromMidnight, expect, screenshots, test, waitForMail, withAdminSession } from './fixtures'

type Order = { id: number; reference: string; status: string; handedOverAt?: string | null; email?: string | null }

test.use({ viewport: { width: 390, height: 844 } })
test.describe.configure({ timeout: 150_000 })

const setDeliveryDay = (request: APIRequestContext, enabled: boolean) => adminApi(request, 'POST', '/api/globals/fulfilment', { deliveryDay: { enabled } })

const orderByReference = async (request: APIRequestContext, reference: string) =>
  ((await adminApi(request, 'GET', `/api/orders?where[reference][equals]=${encodeURIComponent(reference)}&depth=0`)) as { docs: Order[] }).docs[0]

/** A pickup whose time is arranged by text, added on the phone and confirmed: it is on Today. */
async function confirmedPickup(page: Page, request: APIRequestContext, fullName: string, email?: string): Promise<Order> {
  const reference = await addOrderOnDailyScreen(page, { source: 'Text or call', fullName, flavors: ['Mixed Berry'], method: 'Pickup', email })
  const order = await orderByReference(request, reference)
  await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'confirmed' })
  return order
}

/**
 * Books the order at Eastern Market for two hours from `startsAt`, in the server's database: the
 * server takes no order for a time already past (nor within its notice), and the booked time is the
 * server's own field, closed to the REST API — as the integration tests move their clock instead.
 * The time as the order's card shows it.
 */
async function bookedAt(order: Order, startsAt: Date): Promise<string> {
  const database = createClient({ url: `file:${path.join(path.dirname(process.env.E2E_MAIL_DIR!), 'e2e.db')}` })
  try {
    const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000)
    const clock = (instant: Date) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Detroit' }).format(instant).replace(/\u202f/g, ' ')
    const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'America/Detroit' }).format(startsAt)
    const label = `${day} · ${clock(startsAt)}–${clock(endsAt)} · Eastern Market`
    // The server may be writing at this moment: wait for its lock as the app does, rather than fail at once.
    await database.execute('PRAGMA busy_timeout = 10000')
    await database.execute({
      sql: 'UPDATE orders SET window_starts_at = ?, window_ends_at = ?, window_label = ?, window_place = ? WHERE id = ?',
      args: [startsAt.toISOString(), endsAt.toISOString(), label, 'Eastern Market', order.id],
    })
    return label
  } finally {
    database.close()
  }
}

const HOUR = 3_600_000

/** A time still to come on the seller's today: half an hour from now, or the day's last minute when that is sooner. */
async function laterToday(): Promise<Date> {
  await awayFromMidnight()
  const now = new Date()
  const lastMinute = zonedInstant(addDays(businessDay(now).key, 1), '00:00').getTime() - 60_000
  return new Date(Math.min(now.getTime() + HOUR / 2, lastMinute))
}

/** Cancelled at the end, as the seller puts an order away: off every later test's Today screen. */
async function putAway(request: APIRequestContext, orders: (Order | undefined)[]) {
  for (const order of orders) if (order) await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'cancelled' })
}

/** Today's card of an order under its place (not under Missed pickups). */
const todayCard = (page: Page, reference: string) => page.locator(`section.day article[data-reference="${reference}"]`)

test('Collected on a pickup’s card: it completes the order, records the time and says when; off, the card is as before', async ({ page, request }) => {
  const stamp = Date.now()
  const email = `collect-${stamp}@example.com`
  let order: Order | undefined
  try {
    await withAdminSession(page)
    order = await confirmedPickup(page, request, `Cora Collect ${stamp}`, email)
    // Booked for later today: on Today before and after it is collected.
    await bookedAt(order, await laterToday())

    // Off (a fresh site): Ready, then Completed, as before; no Collected.
    await page.goto('/seller')
    const card = todayCard(page, order.reference)
    await expect(card.getByRole('button', { name: 'Ready' })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Collected' })).toHaveCount(0)
    await expect(page.getByTestId('missed-pickups')).toHaveCount(0)

    await setDeliveryDay(request, true)
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'ready' })
    await page.goto('/seller')
    await expect(card.getByRole('button', { name: 'Collected' })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Completed' })).toHaveCount(0)
    await screenshots(page, 'pickups-collect')

    await card.getByRole('button', { name: 'Collected' }).click()
    await expect(page).toHaveURL(/\/seller\?done=collected/)
    await expect(card.getByTestId('order-collected')).toHaveText(/^Collected \d{1,2}:\d{2} [AP]M$/)
    await expect(card.getByRole('button', { name: 'Collected' })).toHaveCount(0)
    const stored = await orderByReference(request, order.reference)
    expect(stored.status).toBe('completed')
    expect(stored.handedOverAt).toBeTruthy()
    await waitForMail((mail) => mail.to === email && /completed|thank/i.test(mail.subject))
    await screenshots(page, 'pickups-collected')

    // The order's page in the admin says it too, beside its time.
    const collected = (await card.getByTestId('order-collected').textContent())!
    await page.goto(`/admin/collections/orders/${order.id}`)
    await expect(page.getByTestId('order-overview-handover')).toHaveText(collected)
  } finally {
    await setDeliveryDay(request, false)
    await putAway(request, [order])
  }
})

test('without JavaScript, Collected is a plain form back to Today', async ({ page, request, browser }) => {
  const stamp = Date.now()
  let order: Order | undefined
  try {
    await withAdminSession(page)
    order = await confirmedPickup(page, request, `Nico Noscript ${stamp}`)
    await bookedAt(order, await laterToday())
    await setDeliveryDay(request, true)
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } })
    try {
      const phone = await context.newPage()
      await phone.goto('/seller')
      const card = todayCard(phone, order.reference)
      // Confirmed: Ready is still there, and Collected beside it (a customer may come before it is marked ready).
      await expect(card.getByRole('button', { name: 'Ready' })).toBeVisible()
      await card.getByRole('button', { name: 'Collected' }).click()
      await expect(phone).toHaveURL(/\/seller\?done=collected/)
      await expect(card.getByTestId('order-collected')).toBeVisible()
      expect((await orderByReference(request, order.reference)).status).toBe('completed')
    } finally {
      await context.close()
    }
  } finally {
    await setDeliveryDay(request, false)
    await putAway(request, [order])
  }
})

test('a pickup whose time ended is listed under Missed pickups, with a text ready and Collected', async ({ page, request }) => {
  const stamp = Date.now()
  let missed: Order | undefined
  try {
    await withAdminSession(page)
    missed = await confirmedPickup(page, request, `Milo Missed ${stamp}`)
    const label = await bookedAt(missed, new Date(Date.now() - 27 * HOUR))

    // Off: no section.
    await page.goto('/seller')
    await expect(page.getByTestId('missed-pickups')).toHaveCount(0)

    await setDeliveryDay(request, true)
    await page.goto('/seller')
    const section = page.getByTestId('missed-pickups')
    await expect(section.getByRole('heading', { name: /^Missed pickups \(\d+\)$/ })).toBeVisible()
    const card = section.locator(`article[data-reference="${missed.reference}"]`)
    await expect(card).toContainText(label)
    const text = card.getByRole('link', { name: 'Text “We missed you”' })
    await expect(text).toHaveAttribute('href', new RegExp(`^sms:\\+17345550177\\?&body=Hi%20Milo%2C%20we%20missed%20you%20at%20Eastern%20Market%20for%20your%20order%20${missed.reference}`))
    // Its time is past: Collected only, no Ready.
    await expect(card.getByRole('button', { name: 'Ready' })).toHaveCount(0)
    await screenshots(page, 'pickups-missed')

    await card.getByRole('button', { name: 'Collected' }).click()
    await expect(page).toHaveURL(/\/seller\?done=collected/)
    await expect(card).toHaveCount(0)
    expect((await orderByReference(request, missed.reference)).status).toBe('completed')
  } finally {
    await setDeliveryDay(request, false)
    await putAway(request, [missed])
  }
})
