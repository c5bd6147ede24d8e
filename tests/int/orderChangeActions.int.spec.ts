import { afterAll, beforeAll, expect, it } from 'vitest'

import { initialChangeState } from '@/features/ordering/changes/components/changeFormState'
import { orderChangeChoices } from '@/features/ordering/changes/service'
import { submitOrder } from '@/features/ordering/service'
import type { Order } from '@/payload-types'
import { formNotices } from '@/shared/notices'

import { orderFormData, validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * The order page's change action on the process's Payload (the action reads it): the token is the
 * key, "Back" changes nothing, and one order's posts are limited (each check and each change count),
 * so a link holder cannot make the site check and e-mail without end.
 */

let app: TestPayload
let order: Order
// Imported once the test's database is set: the action reaches the config (`payloadClient.ts`), which reads it when first imported.
let changeOrder: typeof import('@/features/ordering/changes/actions').changeOrder

beforeAll(async () => {
  app = await startPayload()
  ;({ changeOrder } = await import('@/features/ordering/changes/actions'))
  await app.payload.updateGlobal({ slug: 'fulfilment', data: { customerChanges: { enabled: true } }, context: { disableRevalidate: true } })
  // A delivery with no times set up: it can be changed until the seller confirms it.
  const placed = await submitOrder(app.payload, { ...validOrderForm }, undefined)
  if (placed.status !== 'success') throw new Error(`order refused: ${JSON.stringify(placed)}`)
  order = placed.order
})

afterAll(async () => {
  await app?.cleanup()
})

async function cancelPost(extra: Record<string, string> = {}) {
  const choices = await orderChangeChoices(app.payload, order)
  if (!choices.open) throw new Error(`changes not open: ${JSON.stringify(choices)}`)
  return orderFormData({ kind: 'cancel', version: choices.version, prices: choices.prices, ...extra })
}

const statusOf = async () => (await app.payload.findByID({ collection: 'orders', id: order.id, depth: 0 })).status

it('a token of no order is not found, and nothing changes', async () => {
  await expect(changeOrder('A'.repeat(24), initialChangeState, await cancelPost({ step: 'confirm' }))).rejects.toThrow()
  expect(await statusOf()).toBe('new')
})

it('"Back" shows the form again with what was chosen, and changes nothing', async () => {
  const answer = await changeOrder(order.statusToken!, initialChangeState, await cancelPost({ step: 'back' }))
  expect(answer).toMatchObject({ status: 'idle', kind: 'cancel' })
  expect(await statusOf()).toBe('new')
})

it('past 30 posts for one order in an hour, the page says to wait and nothing is checked or changed', async () => {
  const token = order.statusToken!
  // "Back" above was not counted: it reads nothing but the order.
  for (let n = 0; n < 30; n++) expect(await changeOrder(token, initialChangeState, await cancelPost())).toMatchObject({ status: 'review', kind: 'cancel' })
  const refused = await changeOrder(token, initialChangeState, await cancelPost({ step: 'confirm' }))
  expect(refused).toMatchObject({ status: 'error', message: formNotices.rateLimited })
  expect(await statusOf()).toBe('new')
})

it('changes turned off while the page was open: the post is answered where it was made, with the seller’s number, and nothing changes', async () => {
  const placed = await submitOrder(app.payload, { ...validOrderForm, email: 'turned-off@example.com' }, undefined)
  if (placed.status !== 'success') throw new Error(`order refused: ${JSON.stringify(placed)}`)
  const choices = await orderChangeChoices(app.payload, placed.order)
  if (!choices.open) throw new Error(`changes not open: ${JSON.stringify(choices)}`)
  await app.payload.updateGlobal({ slug: 'fulfilment', data: { customerChanges: { enabled: false } }, context: { disableRevalidate: true } })
  try {
    const answer = await changeOrder(placed.order.statusToken!, initialChangeState, orderFormData({ kind: 'cancel', version: choices.version, prices: choices.prices, step: 'confirm' }))
    expect(answer).toMatchObject({ status: 'error', kind: 'cancel', message: { title: 'Changes by Text Only', description: expect.stringMatching(/text us at .+ and we will change yours\.$/) } })
    expect((await app.payload.findByID({ collection: 'orders', id: placed.order.id, depth: 0 })).status).toBe('new')
  } finally {
    await app.payload.updateGlobal({ slug: 'fulfilment', data: { customerChanges: { enabled: true } }, context: { disableRevalidate: true } })
  }
})
