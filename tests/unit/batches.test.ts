import { describe, expect, it } from 'vitest'

import { batchForSale, batchState, freshnessCutoff, freshnessText, nextChange, openingText, takeFromBatch } from '@/features/ordering/batches'
import { timeUntil } from '@/features/ordering/countdown'

const FLAVORS = [
  { id: 1, value: 'mixed-berry' },
  { id: 2, value: 'pineapple-mango' },
  { id: 3, value: 'peach-ginger' },
]
const rows = (berry: number, peach: number) => [
  { flavor: 1, made: 20, left: berry },
  { flavor: 3, made: 20, left: peach },
]
const batch = (fields: Record<string, unknown> = {}) => ({
  id: 7,
  code: 'B-1205',
  madeOn: '2026-12-05T12:00:00.000Z',
  bestBy: '2026-12-19T12:00:00.000Z',
  opensAt: '2026-12-05T14:00:00.000Z',
  jarsLeft: null,
  flavors: [],
  ...fields,
})

describe('taking an order’s jars from a batch', () => {
  it('takes each flavor’s jars from its own row', () => {
    const taken = takeFromBatch({ flavors: rows(5, 2) }, FLAVORS, ['mixed-berry', 'peach-ginger', 'mixed-berry'])
    expect(taken).toEqual({ ok: true, jarsLeft: null, rows: [expect.objectContaining({ flavor: 1, left: 3 }), expect.objectContaining({ flavor: 3, left: 1 })] })
  })

  it('refuses the whole order when one flavor is short, naming it and what is left', () => {
    expect(takeFromBatch({ flavors: rows(5, 1) }, FLAVORS, ['peach-ginger', 'peach-ginger', 'mixed-berry'])).toEqual({ ok: false, left: 1, flavor: 'peach-ginger' })
    expect(takeFromBatch({ flavors: rows(5, 0) }, FLAVORS, ['peach-ginger'])).toEqual({ ok: false, left: 0, flavor: 'peach-ginger' })
  })

  it('has none of a flavor the batch did not make', () => {
    expect(takeFromBatch({ flavors: rows(5, 5) }, FLAVORS, ['pineapple-mango'])).toEqual({ ok: false, left: 0, flavor: 'pineapple-mango' })
  })

  it('counts one total when the batch is not split per flavor, and takes nothing without a limit', () => {
    expect(takeFromBatch({ jarsLeft: 4, flavors: [] }, FLAVORS, ['mixed-berry', 'peach-ginger', 'mixed-berry'])).toEqual({ ok: true, rows: null, jarsLeft: 1 })
    expect(takeFromBatch({ jarsLeft: 2, flavors: [] }, FLAVORS, ['mixed-berry', 'peach-ginger', 'mixed-berry'])).toEqual({ ok: false, left: 2 })
    expect(takeFromBatch({ jarsLeft: null, flavors: [] }, FLAVORS, ['mixed-berry'])).toEqual({ ok: true, rows: null, jarsLeft: null })
  })

  it('gives a cancelled order’s jars back to the same rows', () => {
    expect(takeFromBatch({ flavors: rows(0, 1) }, FLAVORS, ['mixed-berry', 'peach-ginger'], -1)).toMatchObject({ ok: true, rows: [{ left: 1 }, { left: 2 }] })
    expect(takeFromBatch({ jarsLeft: 0, flavors: [] }, FLAVORS, ['mixed-berry', 'mixed-berry'], -1)).toEqual({ ok: true, rows: null, jarsLeft: 2 })
  })
})

describe('a batch’s freshness limit', () => {
  it('stops orders from midnight (Detroit) of the day fewer than the limit’s days are left', () => {
    // Best by Dec 19, at least 7 days: Dec 12 is the last day it sells.
    expect(freshnessCutoff('2026-12-19T12:00:00.000Z', 7)?.toISOString()).toBe('2026-12-13T05:00:00.000Z')
    expect(batchState(batch(), 7, new Date('2026-12-13T04:59:00.000Z'))).toBe('open')
    expect(batchState(batch(), 7, new Date('2026-12-13T05:00:00.000Z'))).toBe('too-old')
    expect(batchState(batch({ closesAt: '2026-12-10T23:00:00.000Z' }), 7, new Date('2026-12-10T23:00:00.000Z'))).toBe('closed')
  })

  it('is what the customer keeps: "Made Dec 5 · best by Dec 19 · keep refrigerated"', () => {
    expect(freshnessText(batch())).toBe('Made Dec 5 · best by Dec 19 · keep refrigerated')
  })
})

describe('what the pages show of the batches', () => {
  const now = new Date('2026-12-06T15:00:00.000Z')

  it('is no limit without any batch, as a site that never made one', () => {
    expect(batchForSale(null, null, FLAVORS, 7, now)).toEqual({ jarsLeft: null, flavorsLeft: null, opensAt: null, freshness: null })
  })

  it('shows each flavor’s jars (only the last dozen exactly), 0 for one the batch did not make', () => {
    expect(batchForSale(batch({ flavors: rows(40, 3) }), null, FLAVORS, 7, now)).toEqual({
      jarsLeft: 13,
      flavorsLeft: { 'mixed-berry': 13, 'pineapple-mango': 0, 'peach-ginger': 3 },
      opensAt: null,
      freshness: 'Made Dec 5 · best by Dec 19 · keep refrigerated',
    })
  })

  it('is sold out, with the next opening, while the batch open is past its limit or sold out, or no batch is open yet', () => {
    const next = { opensAt: '2026-12-12T14:00:00.000Z' }
    expect(batchForSale(null, next, FLAVORS, 7, now)).toMatchObject({ jarsLeft: 0, opensAt: next.opensAt })
    expect(batchForSale(batch({ jarsLeft: 20 }), next, FLAVORS, 7, new Date('2026-12-14T15:00:00.000Z'))).toMatchObject({ jarsLeft: 0, opensAt: next.opensAt })
    expect(batchForSale(batch({ jarsLeft: 0 }), next, FLAVORS, 7, now)).toMatchObject({ jarsLeft: 0, opensAt: next.opensAt })
    expect(batchForSale(batch({ flavors: rows(0, 0) }), next, FLAVORS, 7, now)).toMatchObject({ jarsLeft: 0, opensAt: next.opensAt })
    expect(batchForSale(batch({ jarsLeft: 1 }), next, FLAVORS, 7, now)).toMatchObject({ jarsLeft: 1, opensAt: null })
  })

  it('changes next at the first of: the closing time, the freshness limit, the next opening', () => {
    expect(nextChange(batch(), { opensAt: '2026-12-12T14:00:00.000Z' }, 7, now)?.toISOString()).toBe('2026-12-12T14:00:00.000Z')
    expect(nextChange(batch({ closesAt: '2026-12-08T22:00:00.000Z' }), null, 7, now)?.toISOString()).toBe('2026-12-08T22:00:00.000Z')
    expect(nextChange(batch(), null, 7, now)?.toISOString()).toBe('2026-12-13T05:00:00.000Z')
    expect(nextChange(null, null, 7, now)).toBeNull()
  })
})

describe('the opening as the pages word it', () => {
  const friday9am = '2026-12-11T14:00:00.000Z'

  it('names the weekday within the week, the date further off, "today" on the day (Detroit time)', () => {
    expect(openingText(friday9am, new Date('2026-12-08T15:00:00.000Z'))).toBe('Next batch opens Friday at 9:00 AM')
    expect(openingText(friday9am, new Date('2026-12-01T15:00:00.000Z'))).toBe('Next batch opens Friday, Dec 11 at 9:00 AM')
    expect(openingText(friday9am, new Date('2026-12-11T12:00:00.000Z'))).toBe('Next batch opens today at 9:00 AM')
  })

  it('counts down to the minute', () => {
    const at = new Date(friday9am)
    const before = (minutes: number) => new Date(at.getTime() - minutes * 60_000)
    expect(timeUntil(at, before(2 * 24 * 60 + 3 * 60 + 20))).toBe('2 days 3 hours')
    expect(timeUntil(at, before(3 * 60 + 12))).toBe('3 hours 12 minutes')
    expect(timeUntil(at, before(60))).toBe('1 hour')
    expect(timeUntil(at, before(12))).toBe('12 minutes')
    expect(timeUntil(at, before(0.5))).toBe('less than a minute')
  })
})
