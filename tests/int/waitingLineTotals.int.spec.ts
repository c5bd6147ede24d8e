import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { waitingLineTotals } from '@/features/admin/aggregates/waitingLineTotals'
import { ANY_FLAVOR, findWaitingLine, heldForLine, LINE_ROWS_PER_PAGE, waitingLineInUse } from '@/features/admin/waitingLine'
import { dashboardFigures } from '@/features/admin/dashboard'
import { findTodayScreen } from '@/features/seller/dailyScreen'
import { activeKeyOf, type LineStatus } from '@/features/ordering/waitingLine/rules'

import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * What the seller reads of the waiting line (Admin → Waiting line, the daily screen): each
 * flavor's places still in line and the jars held for them, counted by the database, and one
 * line's places in the order they were taken, a page at a time.
 */

const quiet = { disableRevalidate: true }
let app: TestPayload
let payload: Payload
let nextPlace = 1

beforeAll(async () => {
  app = await startPayload()
  payload = app.payload
})

afterAll(async () => {
  await app?.cleanup()
})

beforeEach(async () => {
  await payload.db.deleteMany({ collection: 'waiting-line', where: {} })
  await payload.updateGlobal({ slug: 'stock', data: { waitingLine: { enabled: false } }, context: quiet })
})

/** A place as the line's code stores it in each state: an offered one holds `held` jars, an ended one has left its key. */
async function place(flavor: string | null, status: LineStatus, options: { held?: number; jarsWanted?: number } = {}) {
  const n = nextPlace++
  const email = `place-${n}@example.com`
  const held = status === 'offered' ? (options.held ?? options.jarsWanted ?? 1) : 0
  const active = status === 'waiting' || status === 'offered'
  return payload.create({
    collection: 'waiting-line',
    data: {
      email,
      flavor,
      flavorName: flavor === 'peach-ginger' ? 'Peach Ginger' : flavor === 'mixed-berry' ? 'Mixed Berry' : flavor,
      jarsWanted: options.jarsWanted ?? (held || 1),
      status,
      heldJars: held ? Array<string>(held).fill(flavor ?? '') : null,
      heldCount: held,
      holdUntil: held ? new Date(Date.now() + 7200_000).toISOString() : null,
      endedAt: active ? null : new Date().toISOString(),
      activeKey: active ? activeKeyOf(email, flavor) : null,
    },
    depth: 0,
    overrideAccess: true,
  })
}

describe('the waiting line as the seller reads it', () => {
  it('counts each flavor’s places waiting and holding jars, and the jars held, leaving ended places out', async () => {
    await place('peach-ginger', 'waiting', { jarsWanted: 3 })
    await place('peach-ginger', 'offered', { held: 3 })
    await place('peach-ginger', 'offered', { held: 1 })
    await place('peach-ginger', 'removed')
    await place('peach-ginger', 'claimed')
    await place('mixed-berry', 'waiting')
    await place('mixed-berry', 'passed')
    await place(null, 'offered', { held: 6 })
    await place(null, 'waiting')
    await place(null, 'expired')
    await place(null, 'unsubscribed')
    // A line whose places all ended is no line.
    await place('mango-lime', 'expired')

    const totals = await waitingLineTotals(payload)
    const byFlavor = Object.fromEntries(totals.map((row) => [row.flavor ?? ANY_FLAVOR, { waiting: row.waiting, offered: row.offered, heldJars: row.heldJars }]))
    expect(byFlavor).toEqual({
      'peach-ginger': { waiting: 1, offered: 2, heldJars: 4 },
      'mixed-berry': { waiting: 1, offered: 0, heldJars: 0 },
      [ANY_FLAVOR]: { waiting: 1, offered: 1, heldJars: 6 },
    })
    expect(await heldForLine(payload)).toBe(10)
    // The daily screen's "10 jars held for the waiting line".
    expect((await findTodayScreen(payload)).heldForLine).toBe(10)
    // And the dashboard's card.
    expect((await dashboardFigures(payload)).heldForLine).toBe(10)
  })

  it('counts nothing, and hides the menu link, on a fresh site; shows it while the line is on or places are in it', async () => {
    expect(await waitingLineTotals(payload)).toEqual([])
    expect(await heldForLine(payload)).toBe(0)
    expect(await waitingLineInUse(payload)).toBe(false)
    await place('peach-ginger', 'removed')
    expect(await waitingLineInUse(payload)).toBe(false)
    const waiting = await place('peach-ginger', 'waiting')
    expect(await waitingLineInUse(payload)).toBe(true)
    await payload.delete({ collection: 'waiting-line', id: waiting.id, overrideAccess: true })
    await payload.updateGlobal({ slug: 'stock', data: { waitingLine: { enabled: true } }, context: quiet })
    expect(await waitingLineInUse(payload)).toBe(true)
  })

  it('lists one line in the order its places were taken, a page at a time, positions counted across pages; its ended places apart', async () => {
    const taken = []
    for (let index = 0; index < LINE_ROWS_PER_PAGE + 2; index++) taken.push(await place('peach-ginger', index === 1 ? 'offered' : 'waiting', { held: 3 }))
    const removed = await place('peach-ginger', 'removed')
    await place('mixed-berry', 'waiting')

    const first = await findWaitingLine(payload, { line: 'peach-ginger' })
    expect(first.line).toMatchObject({ key: 'peach-ginger', name: 'Peach Ginger', waiting: LINE_ROWS_PER_PAGE + 1, offered: 1, heldJars: 3 })
    expect(first.places.map((row) => row.id)).toEqual(taken.slice(0, LINE_ROWS_PER_PAGE).map((row) => row.id))
    expect([first.total, first.pages, first.firstPosition]).toEqual([LINE_ROWS_PER_PAGE + 2, 2, 1])

    const second = await findWaitingLine(payload, { line: 'peach-ginger', page: '2' })
    expect(second.places.map((row) => row.id)).toEqual(taken.slice(LINE_ROWS_PER_PAGE).map((row) => row.id))
    expect(second.firstPosition).toBe(LINE_ROWS_PER_PAGE + 1)

    const ended = await findWaitingLine(payload, { line: 'peach-ginger', shown: 'ended' })
    expect(ended.places.map((row) => row.id)).toEqual([removed.id])

    // Each flavor in the seller's order, "any flavor" last; an unknown line or page in the address falls back.
    const fallback = await findWaitingLine(payload, { line: 'no-such-flavor', page: 'x' })
    expect(fallback.lines.at(-1)).toMatchObject({ key: ANY_FLAVOR, name: 'Any flavor' })
    expect(fallback.line.key).toBe(fallback.lines.find((line) => line.waiting > 0)!.key)
    expect(fallback.page).toBe(1)
  })
})
