import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'

import { calendarFile } from '@/features/ordering/calendar'
import { paymentOptions } from '@/features/ordering/confirmation'
import { checkWindow, openWindows, upcomingWindows, windowRulesFrom, type WindowRule, type WindowRules } from '@/features/ordering/windows'

/** Saturday pickups at Eastern Market, Wednesday evening deliveries. */
const saturdayPickup: WindowRule = { id: 'sat', method: 'pickup', weekday: 6, start: '10:00', end: '14:00', place: 'Eastern Market', capacity: 2 }
const wednesdayDelivery: WindowRule = { id: 'wed', method: 'delivery', weekday: 3, start: '17:00', end: '20:00', place: null, capacity: null }
const rules = (change: Partial<WindowRules> = {}): WindowRules => ({ windows: [saturdayPickup, wednesdayDelivery], leadTimeHours: 24, blackoutDates: [], ...change })
/** Thursday, Dec 3 2026, noon in Detroit (17:00 UTC). */
const thursdayNoon = new Date('2026-12-03T17:00:00Z')
const labels = (choices: { label: string }[]) => choices.map((choice) => choice.label)

describe('the windows a customer can choose', () => {
  it('are the next 14 days of the weekly windows, soonest first, each labelled as the customer reads it', () => {
    expect(labels(upcomingWindows(rules(), thursdayNoon))).toEqual([
      'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market',
      'Wed, Dec 9 · 5:00 PM–8:00 PM',
      'Sat, Dec 12 · 10:00 AM–2:00 PM · Eastern Market',
      'Wed, Dec 16 · 5:00 PM–8:00 PM',
    ])
  })

  it('leave out a window that starts within the lead time, and one already past', () => {
    // Friday 11:00: Saturday 10:00 starts in 23 hours.
    const fridayEleven = new Date('2026-12-04T16:00:00Z')
    expect(labels(upcomingWindows(rules(), fridayEleven))[0]).toBe('Wed, Dec 9 · 5:00 PM–8:00 PM')
    expect(labels(upcomingWindows(rules({ leadTimeHours: 0 }), fridayEleven))[0]).toBe('Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market')
    // Saturday 11:00 with no lead time: today's window has started.
    const saturdayEleven = new Date('2026-12-05T16:00:00Z')
    expect(labels(upcomingWindows(rules({ leadTimeHours: 0 }), saturdayEleven))[0]).toBe('Wed, Dec 9 · 5:00 PM–8:00 PM')
  })

  it('leave out days off', () => {
    const choices = upcomingWindows(rules({ blackoutDates: ['2026-12-05', '2026-12-16'] }), thursdayNoon)
    expect(labels(choices)).toEqual(['Wed, Dec 9 · 5:00 PM–8:00 PM', 'Sat, Dec 12 · 10:00 AM–2:00 PM · Eastern Market'])
  })

  it('keep the wall-clock time across the end of summer time (Nov 1, 2026)', () => {
    const choices = upcomingWindows(rules({ windows: [saturdayPickup] }), new Date('2026-10-27T16:00:00Z'))
    expect(choices.map((choice) => [choice.label, choice.startsAt])).toEqual([
      ['Sat, Oct 31 · 10:00 AM–2:00 PM · Eastern Market', '2026-10-31T14:00:00.000Z'],
      ['Sat, Nov 7 · 10:00 AM–2:00 PM · Eastern Market', '2026-11-07T15:00:00.000Z'],
    ])
  })

  it('keep the wall-clock time across the start of summer time (Mar 8, 2026 and Mar 14, 2027), the lead time in real hours', () => {
    const sundayPickup: WindowRule = { ...saturdayPickup, id: 'sun', weekday: 0 }
    const choices = upcomingWindows(rules({ windows: [sundayPickup] }), new Date('2026-03-04T17:00:00Z'))
    expect(choices.slice(0, 2).map((choice) => [choice.label, choice.startsAt, choice.endsAt])).toEqual([
      ['Sun, Mar 8 · 10:00 AM–2:00 PM · Eastern Market', '2026-03-08T14:00:00.000Z', '2026-03-08T18:00:00.000Z'],
      ['Sun, Mar 15 · 10:00 AM–2:00 PM · Eastern Market', '2026-03-15T14:00:00.000Z', '2026-03-15T18:00:00.000Z'],
    ])
    expect(upcomingWindows(rules({ windows: [sundayPickup] }), new Date('2027-03-10T17:00:00Z'))[0]).toMatchObject({ key: '2027-03-14_sun', startsAt: '2027-03-14T14:00:00.000Z' })
    // Saturday 9:30 AM (EST) is 23.5 real hours before Sunday 10:00 AM (EDT): within 24 hours' notice.
    expect(upcomingWindows(rules({ windows: [sundayPickup] }), new Date('2026-03-07T14:30:00Z'))[0].key).toBe('2026-03-15_sun')
    expect(upcomingWindows(rules({ windows: [sundayPickup] }), new Date('2026-03-07T13:59:00Z'))[0].key).toBe('2026-03-08_sun')
  })

  it('run over the year end: the two weeks from Dec 24 reach into January', () => {
    const keys = upcomingWindows(rules({ windows: [saturdayPickup] }), new Date('2026-12-24T17:00:00Z')).map((choice) => choice.key)
    expect(keys).toEqual(['2026-12-26_sat', '2027-01-02_sat'])
  })

  it('count days in Detroit, not in UTC (Friday 9 PM in Detroit is already Saturday in UTC)', () => {
    const fridayNight = new Date('2026-12-05T02:00:00Z')
    expect(upcomingWindows(rules({ leadTimeHours: 0 }), fridayNight)[0].key).toBe('2026-12-05_sat')
  })

  it('hide a full window, and the server refuses it', () => {
    const bookings = new Map([['2026-12-05_sat', 2]])
    expect(labels(openWindows(rules(), thursdayNoon, bookings))[0]).toBe('Wed, Dec 9 · 5:00 PM–8:00 PM')
    expect(checkWindow(rules(), 'pickup', '2026-12-05_sat', thursdayNoon, bookings)).toMatchObject({ ok: false, reason: 'full' })
    expect(openWindows(rules(), thursdayNoon, new Map([['2026-12-05_sat', 1]]))[0]).toMatchObject({ key: '2026-12-05_sat', placesLeft: 1 })
  })

  it('are checked by the server: known, for this method, still open', () => {
    const none = new Map<string, number>()
    expect(checkWindow(rules(), 'pickup', '2026-12-05_sat', thursdayNoon, none)).toMatchObject({ ok: true, window: { place: 'Eastern Market' } })
    expect(checkWindow(rules(), 'delivery', '2026-12-05_sat', thursdayNoon, none)).toMatchObject({ ok: false, reason: 'closed' })
    expect(checkWindow(rules(), 'pickup', '2026-12-06_sat', thursdayNoon, none)).toMatchObject({ ok: false, reason: 'closed' })
    expect(checkWindow(rules(), 'pickup', undefined, thursdayNoon, none)).toMatchObject({ ok: false, reason: 'missing' })
  })

  it("read the seller's global: weekday names, the day picker's dates, rows with a broken time left out", () => {
    const read = windowRulesFrom({
      windows: [
        { id: 'a', method: 'pickup', weekday: 'sat', start: '10:00', end: '14:00', place: ' Eastern Market ', capacity: 3 },
        { id: 'b', method: 'delivery', weekday: 'wed', start: '5pm', end: '20:00' },
      ],
      leadTimeHours: null,
      blackoutDates: [{ date: '2026-12-24T12:00:00.000Z' }],
    })
    expect(read).toEqual({ windows: [{ id: 'a', method: 'pickup', weekday: 6, start: '10:00', end: '14:00', place: 'Eastern Market', capacity: 3 }], leadTimeHours: 24, blackoutDates: ['2026-12-24'] })
  })
})

describe('payment links', () => {
  it('open Venmo with the amount and the reference, Cash App with the amount; others have none', () => {
    const options = paymentOptions(
      [
        { method: 'Cash', handle: 'At pickup' },
        { method: 'Venmo', handle: '@sea-moss_co' },
        { method: 'CashApp', handle: '$SeaMoss' },
        { method: 'Zelle', handle: 'orders@example.com' },
        { method: 'Venmo', handle: 'not a user name' },
      ],
      66,
      'SM-1042',
    )
    expect(options.map((option) => option.href)).toEqual([null, 'https://venmo.com/sea-moss_co?txn=pay&amount=66&note=SM-1042', 'https://cash.app/$SeaMoss/66', null, null])
  })
})

describe('the calendar file', () => {
  it('parses and holds the window, its place and the order page', () => {
    const file = calendarFile(
      {
        uid: 'SM-1042@seamoss.example',
        startsAt: '2026-12-05T15:00:00.000Z',
        endsAt: '2026-12-05T19:00:00.000Z',
        summary: 'Pick up Purple Sea Moss Gel (SM-1042)',
        location: 'Eastern Market, Shed 3; Detroit',
        description: 'A long description that needs folding because calendar lines may not be longer than seventy-five octets, ünïcödé included.',
        url: 'https://seamoss.example/order/status/abc',
      },
      new Date('2026-12-01T00:00:00Z'),
    )
    for (const line of file.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent')!)
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T15:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-05T19:00:00.000Z')
    expect(event.location).toBe('Eastern Market, Shed 3; Detroit')
    expect(event.summary).toBe('Pick up Purple Sea Moss Gel (SM-1042)')
    expect(event.description).toContain('ünïcödé included.')
  })
})
