import type { Payload } from 'payload'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { waitingLineLink } from '@/features/messages/signedLinks'
import { CLAIM_FIELD, ORDER_FORM_FIELDS } from '@/features/ordering/formFields'
import { submitOrder } from '@/features/ordering/service'
import { declineRefusals, getDecline, passedFrom, postDecline } from '@/features/ordering/waitingLine/declineRoute'
import { joinLine } from '@/features/ordering/waitingLine/line'
import { lineNotices, withHeldJars } from '@/features/ordering/waitingLine/rules'
import type { Batch, Order, WaitingLine } from '@/payload-types'
import { siteUrl } from '@/platform/config/siteUrl'
import { formValues } from '@/shared/forms/formState'

import { jarsLeftIn, openBatch, removeBatches } from '../helpers/batches'
import { orderFormData, validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * The offer's two links as the server answers them: the claim form's hidden key reaching the order
 * service through the order action's fields, and the "No thanks" page's button (its route):
 * refused from another site or for a forged link, a GET passing nothing on, a post passing the held
 * jars on and saying where they went.
 */

const quiet = { disableRevalidate: true }

let app: TestPayload
let payload: Payload
let nextCustomer = 1

beforeAll(async () => {
  app = await startPayload()
  payload = app.payload
})

afterAll(async () => {
  await app?.cleanup()
})

beforeEach(async () => {
  await removeBatches(payload)
  await payload.db.deleteMany({ collection: 'waiting-line', where: {} })
  await payload.updateGlobal({ slug: 'stock', data: { minDaysLeft: 7, waitingLine: { enabled: true, holdHours: 2, placeDays: 30 } }, context: quiet })
})

const customer = () => {
  const n = nextCustomer++
  return { fullName: `Page Customer ${n}`, email: `page-customer-${n}@example.com` }
}

/** The order form's fields as the browser posts them, read by the order action as it reads them. */
const postedForm = (fields: Record<string, string>) => formValues(orderFormData(fields), ORDER_FORM_FIELDS)

const threePeach = { quantity: '3', flavor1: 'peach-ginger', flavor2: 'peach-ginger', flavor3: 'peach-ginger' }

async function placed(result: Awaited<ReturnType<typeof submitOrder>>): Promise<Order> {
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

/** Peach Ginger sold out by a 3-jar order, one place in line for 3, and that order cancelled: the place holds its jars. */
async function heldPlace(email: string): Promise<{ place: WaitingLine; batch: Batch }> {
  const batch = await openBatch(payload, { flavors: { 'peach-ginger': 3, 'mixed-berry': 10 } })
  const order = await placed(await submitOrder(payload, postedForm({ ...validOrderForm, ...customer(), ...threePeach })))
  const joined = await joinLine(payload, { email, flavor: 'peach-ginger', jarsWanted: 3 })
  expect(joined).toMatchObject({ ok: true, position: 1 })
  await payload.update({ collection: 'orders', id: order.id, data: { status: 'cancelled' }, depth: 0, context: quiet })
  const place = (await payload.find({ collection: 'waiting-line', where: { email: { equals: email } }, limit: 1, depth: 0 })).docs[0]
  expect(place).toMatchObject({ status: 'offered', heldCount: 3 })
  return { place, batch }
}

const keyOf = (place: Pick<WaitingLine, 'id'>, action: 'claim' | 'decline') => new URL(waitingLineLink(payload, place.id, action)).searchParams.get('place')!
const statusOf = async (place: Pick<WaitingLine, 'id'>) => (await payload.findByID({ collection: 'waiting-line', id: place.id, depth: 0 })).status

const SITE_ORIGIN = () => new URL(siteUrl()).origin
const declinePost = (key: string, headers: Record<string, string> = { Origin: SITE_ORIGIN() }) =>
  postDecline(payload, new Request(`http://localhost:3000/waiting-line/decline?${new URLSearchParams({ place: key })}`, { method: 'POST', headers }))

describe('the claim link', () => {
  it("the order form's hidden key reaches the order service through the action's fields: the order takes the held jars", async () => {
    const { place, batch } = await heldPlace('claims@example.com')
    // The public cannot buy them: without the key, the same order is refused as sold out.
    expect(await submitOrder(payload, postedForm({ ...validOrderForm, ...customer(), ...threePeach }))).toMatchObject({ status: 'error', field: 'flavor1' })
    const order = await placed(await submitOrder(payload, postedForm({ ...validOrderForm, email: 'claims@example.com', fullName: 'Claire Claims', ...threePeach, [CLAIM_FIELD]: keyOf(place, 'claim') })))
    expect(order.flavors).toContain('peach-ginger')
    expect(await statusOf(place)).toBe('claimed')
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 10 })
  })

  it('offers the held flavors to the holder on top of what the public may buy', () => {
    const forSale = [
      { value: 'peach-ginger', name: 'Peach Ginger', available: false, left: 0 },
      { value: 'mixed-berry', name: 'Mixed Berry', available: true, left: 10 },
    ]
    expect(withHeldJars(forSale, 10, ['peach-ginger', 'peach-ginger', 'peach-ginger'])).toEqual({
      flavors: [
        { value: 'peach-ginger', name: 'Peach Ginger', available: true, left: 3 },
        { value: 'mixed-berry', name: 'Mixed Berry', available: true, left: 10 },
      ],
      jarsLeft: 13,
    })
    // A batch counted in one total: its held jars name no flavor, and a batch without a limit stays without one.
    expect(withHeldJars(forSale, 0, ['', ''])).toEqual({ flavors: forSale, jarsLeft: 2 })
    expect(withHeldJars(forSale, null, ['peach-ginger']).jarsLeft).toBeNull()
  })
})

describe('the "No thanks" button', () => {
  it("is refused from another site's page, with no Origin, or for a forged link, and passes nothing on", async () => {
    const { place } = await heldPlace('refused@example.com')
    const key = keyOf(place, 'decline')
    for (const headers of [{ Origin: 'https://evil.example' }, {}, { Origin: 'http://192.168.1.20:3000' }] as Record<string, string>[]) {
      const answer = await declinePost(key, headers)
      expect(answer.status).toBe(403)
      expect(await answer.text()).toBe(declineRefusals.otherSite)
    }
    const [id] = key.split('.')
    for (const forged of [`${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, `${Number(id) + 1}.${key.split('.')[1]}`, '', 'x'.repeat(200)]) {
      const answer = await declinePost(forged)
      expect(answer.status).toBe(400)
      expect(await answer.text()).toBe(declineRefusals.notOurs)
    }
    // A mail scanner's GET of the button's address: the page, nothing passed on.
    const get = getDecline(new Request(`http://localhost:3000/waiting-line/decline?${new URLSearchParams({ place: key })}`))
    expect(get.status).toBe(303)
    expect(get.headers.get('location')).toBe(`/waiting-line?${new URLSearchParams({ place: key })}`)
    expect(await statusOf(place)).toBe('offered')
  })

  it('passes the held jars on to the next in line, answering the page that says where they went; pressed again, nothing more', async () => {
    const { place, batch } = await heldPlace('declines@example.com')
    expect(await joinLine(payload, { email: 'next@example.com', flavor: 'peach-ginger', jarsWanted: 3 })).toMatchObject({ ok: true })
    const key = keyOf(place, 'decline')

    const answer = await declinePost(key)
    expect(answer.status).toBe(303)
    const location = new URL(answer.headers.get('location')!, 'http://localhost')
    expect(location.pathname).toBe('/waiting-line')
    expect(location.searchParams.get('place')).toBe(key)
    expect(passedFrom(location.searchParams)).toEqual({ wentTo: 'next-in-line', heldCount: 3 })
    expect(await statusOf(place)).toBe('passed')
    const next = (await payload.find({ collection: 'waiting-line', where: { email: { equals: 'next@example.com' } }, limit: 1, depth: 0 })).docs[0]
    expect(next).toMatchObject({ status: 'offered', heldCount: 3 })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 10 })

    // Again (a double click, the back button): the page without an outcome, which then says the jars were passed on.
    const again = await declinePost(key)
    expect(again.status).toBe(303)
    expect(passedFrom(new URL(again.headers.get('location')!, 'http://localhost').searchParams)).toBeNull()
  })

  it('reads back only an outcome it could have written', () => {
    const read = (query: string) => passedFrom(new URLSearchParams(query))
    expect(read('passed=on-sale&jars=1')).toEqual({ wentTo: 'on-sale', heldCount: 1 })
    expect(read('passed=somewhere&jars=3')).toBeNull()
    expect(read('passed=on-sale&jars=0')).toBeNull()
    expect(read('passed=on-sale&jars=1.5')).toBeNull()
    expect(read('passed=on-sale')).toBeNull()
  })
})

describe('the "No thanks" page', () => {
  /** The page as the server renders it for this query, at `now`. */
  async function rendered(query: Record<string, string>, now?: Date): Promise<string> {
    const { DeclinePage } = await import('@/features/ordering/waitingLine/components/DeclinePage')
    return renderToStaticMarkup(await DeclinePage({ query: new URLSearchParams(query), now }))
  }

  it("after the hold's time says it ended and passes nothing on (the line's round does); a forged or passed link says why", async () => {
    const { place } = await heldPlace('late@example.com')
    const key = keyOf(place, 'decline')
    const late = await rendered({ place: key }, new Date(new Date(place.holdUntil!).getTime() + 60_000))
    expect(late).toContain(lineNotices.holdRanOut(place.holdUntil!).description.replace(/'/g, '&#x27;'))
    expect(late).not.toContain('Pass them on')
    expect(await statusOf(place)).toBe('offered')

    expect(await rendered({ place: `${place.id}.forged` })).toContain(lineNotices.left.description)
    // An outcome in the address counts only for a place that was passed on.
    expect(await rendered({ place: key, passed: 'next-in-line', jars: '3' }, new Date(new Date(place.holdUntil!).getTime() + 60_000))).not.toContain('Thank you')
  })
})
