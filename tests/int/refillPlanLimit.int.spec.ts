import { NextRequest } from 'next/server'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { submitOrder } from '@/features/ordering/service'
import { startRefillPlan } from '@/features/ordering/refillSignUp'
import { windowsOpenNow } from '@/features/ordering/shop'

import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * The plan page's change route on a server of its own (the route reads the process's Payload): a
 * plan's changes are limited per plan, so a link holder cannot flood the seller with the e-mails a
 * changed refill order sends.
 */

let app: TestPayload

beforeAll(async () => {
  app = await startPayload()
  await app.payload.updateGlobal({ slug: 'fulfilment', data: { windows: [{ method: 'pickup', weekday: 'sat', start: '10:00', end: '14:00', place: 'Eastern Market' }], leadTimeHours: 24, blackoutDates: [] }, context: { disableRevalidate: true } })
})

afterAll(async () => {
  await app?.cleanup()
})

it('past 20 changes of one plan in an hour, the page says so and nothing changes', async () => {
  const now = new Date('2026-12-03T17:00:00Z')
  const window = (await windowsOpenNow(app.payload, now)).open[0].key
  const placed = await submitOrder(app.payload, { ...validOrderForm, deliveryMethod: 'pickup', window }, undefined, { now: () => now })
  if (placed.status !== 'success') throw new Error(`order refused: ${JSON.stringify(placed)}`)
  const started = await startRefillPlan(app.payload, placed.order, 2)
  if (!started.ok) throw new Error('plan refused')
  const { token } = started.plan
  const status = async () => (await app.payload.findByID({ collection: 'refill-plans', id: started.plan.id, depth: 0 })).status

  const { POST } = await import('@/app/(frontend)/refills/[token]/change/route')
  const post = (what: string) => POST(new NextRequest(`http://localhost:3000/refills/${token}/change?what=${what}`, { method: 'POST' }), { params: Promise.resolve({ token }) })
  for (let n = 0; n < 20; n++) expect((await post(n % 2 ? 'resume' : 'pause')).headers.get('location')).toBe(`/refills/${token}?done=${n % 2 ? 'resume' : 'pause'}`)
  expect(await status()).toBe('active')

  const refused = await post('pause')
  expect(refused.status).toBe(303)
  expect(refused.headers.get('location')).toBe(`/refills/${token}?refused=too-many`)
  expect(await status()).toBe('active')
})
