import { describe, expect, it } from 'vitest'

import { runNoticeFrom, runNotices } from '@/features/delivery/notices'
import { durationText } from '@/shared/time'
import { kitchenZip, MAX_STOPS_POSTED, minutesOut, movedOneStop, readStopOrderPost, textRunKey } from '@/features/delivery/runRules'
import { minutesBetween } from '@/features/ordering/handoverRecord'

/** The Run page's pure rules (features/delivery/runRules.ts) and its notices. */

const form = (fields: Record<string, string>) => new URLSearchParams(fields)

describe('a reorder as posted', () => {
  it('reads a whole order (a drag) or one stop moved up or down', () => {
    expect(readStopOrderPost(form({ stops: '12,7,9' }))).toEqual({ kind: 'order', ids: ['12', '7', '9'] })
    expect(readStopOrderPost(form({ stops: '64b7f0c2a1b2c3d4e5f60718' }))).toEqual({ kind: 'order', ids: ['64b7f0c2a1b2c3d4e5f60718'] })
    expect(readStopOrderPost(form({ move: '7', to: 'down' }))).toEqual({ kind: 'move', id: '7', to: 'down' })
  })

  it('refuses repeats, too many stops, what is not an id, and a move elsewhere than up or down', () => {
    expect(readStopOrderPost(form({ stops: '12,7,12' }))).toBeNull()
    expect(readStopOrderPost(form({ stops: Array.from({ length: MAX_STOPS_POSTED + 1 }, (_, index) => String(index + 1)).join(',') }))).toBeNull()
    expect(readStopOrderPost(form({ stops: Array.from({ length: MAX_STOPS_POSTED }, (_, index) => String(index + 1)).join(',') }))).not.toBeNull()
    for (const stops of ['', '12,,7', '0', '-1', '1 OR 1=1', '12;7']) expect(readStopOrderPost(form({ stops })), stops).toBeNull()
    expect(readStopOrderPost(form({ move: '7', to: 'left' }))).toBeNull()
    expect(readStopOrderPost(form({ move: 'x', to: 'up' }))).toBeNull()
    expect(readStopOrderPost(form({}))).toBeNull()
  })

  it('moves a stop one place, and leaves the order as it was at either end', () => {
    expect(movedOneStop(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c'])
    expect(movedOneStop(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b'])
    expect(movedOneStop(['a', 'b', 'c'], 'a', 'up')).toEqual(['a', 'b', 'c'])
    expect(movedOneStop(['a', 'b', 'c'], 'c', 'down')).toEqual(['a', 'b', 'c'])
    expect(movedOneStop(['a', 'b'], 'z', 'up')).toEqual(['a', 'b'])
  })
})

describe('the words and facts of a run', () => {
  it('says a duration as a driver reads it', () => {
    expect([0, 1, 44.6, 60, 61, 160, 120].map(durationText)).toEqual(['0 min', '1 min', '45 min', '1 h', '1 h 1 min', '2 h 40 min', '2 h'])
  })

  it('counts the minutes out of the fridge up to now, and once handed over says them as the order’s record does', () => {
    const left = '2026-12-05T21:05:00.000Z'
    expect(minutesOut(left, null, new Date('2026-12-05T21:47:59.000Z'))).toBe(42)
    expect(minutesOut(left, null, new Date('2026-12-05T21:04:00.000Z'))).toBe(0)
    const handed = '2026-12-05T21:41:40.000Z'
    expect(minutesOut(left, handed, new Date('2026-12-05T23:00:00.000Z'))).toBe(37)
    expect(durationText(minutesOut(left, handed, new Date()))).toBe(minutesBetween(left, handed))
    expect(durationText(minutesOut(left, '2026-12-05T23:10:00.000Z', new Date()))).toBe(minutesBetween(left, '2026-12-05T23:10:00.000Z'))
  })

  it("takes the kitchen's ZIP code from the end of the jar labels' place", () => {
    expect(kitchenZip('Detroit, MI 48201')).toBe('48201')
    expect(kitchenZip('Detroit, MI 48201-1234 ')).toBe('48201')
    expect(kitchenZip('Detroit, MI')).toBeNull()
    expect(kitchenZip(null)).toBeNull()
  })

  it("keys today's deliveries arranged by text as one run", () => {
    expect(textRunKey('2026-12-05')).toBe('2026-12-05_text')
  })

  it('warns with the split that fits, or says even a split is over', () => {
    expect(runNotices.overLimit(160, 120, 12, { firstStops: 6, firstMinutes: 80, secondMinutes: 85, fits: true })).toBe(
      'About 2 h 40 min out of the fridge, over your 2 h limit: split it in two runs, stops 1–6 (about 1 h 20 min), back at the kitchen, then stops 7–12 (about 1 h 25 min).',
    )
    expect(runNotices.overLimit(300, 120, 2, { firstStops: 1, firstMinutes: 230, secondMinutes: 75, fits: false })).toBe(
      'About 5 h out of the fridge, over your 2 h limit. Split in two, stop 1 (about 3 h 50 min) and stop 2 (about 1 h 15 min), it is still over: move some stops to another time.',
    )
  })

  it('reads the notice of the last tap from the address, times as times only', () => {
    expect(runNoticeFrom({ moved: '1' })).toBe(runNotices.moved)
    expect(runNoticeFrom({ left: '2026-12-05T21:05:00.000Z' })).toBe(runNotices.left('2026-12-05T21:05:00.000Z'))
    expect(runNoticeFrom({ left: '2026-12-05T21:05:00.000Z' })).toContain('4:05 PM')
    expect(runNoticeFrom({ left: '<script>' })).toBeNull()
    expect(runNoticeFrom({ refused: 'not-today' })).toBe(runNotices.notToday)
    expect(runNoticeFrom({ refused: 'anything' })).toBeNull()
  })
})
