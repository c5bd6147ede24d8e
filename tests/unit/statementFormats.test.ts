import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { amountFrom, guessColumn, instantFrom, readStatement, STATEMENT_MAX_BYTES, STATEMENT_MAX_COLUMNS, STATEMENT_MAX_LINES, STATEMENT_MAX_PAYMENTS, statementNotices } from '@/features/payments/statements/formats'
import { referencesIn, sameName } from '@/features/payments/statements/rules'

const sample = (name: string) => readFileSync(new URL(`../fixtures/statements/${name}`, import.meta.url), 'utf8')

describe('the payment apps’ statements, read as they export them', () => {
  it('Venmo: payments and a charge paid in, with their payer; money out, a refund and a transfer left out and counted; the balance rows skipped', async () => {
    const read = await readStatement(sample('venmo.csv'))
    expect(read).toMatchObject({ ok: true, format: 'venmo', ignored: { outgoing: 2, refunds: 1, other: 0, unreadable: 0 } })
    if (!read.ok) return
    expect(read.payments).toEqual([
      { paymentId: 'venmo:4187209312876543210', paidAt: '2026-11-20T19:04:11.000Z', amount: 25, name: 'Jane Doe', note: 'SM-1001 thanks!' },
      { paymentId: 'venmo:4187311198765432101', paidAt: '2026-11-21T15:30:02.000Z', amount: 60, name: 'Marcus Lee', note: 'sea moss 🌊' },
      { paymentId: 'venmo:4187400011122233344', paidAt: '2026-11-22T02:11:45.000Z', amount: 40, name: 'Ana Núñez', note: 'sm 1003' },
      // A charge the seller sent: paid by the one it was sent to. The note stays the text it is.
      { paymentId: 'venmo:4187800000000000003', paidAt: '2026-11-26T22:01:09.000Z', amount: 45, name: 'Priya Shah', note: '=HYPERLINK("http://evil.example","Click")' },
    ])
  })

  it('Cash App: received payments in, with their zone; card spending and a payment sent out; a reward not a payment', async () => {
    const read = await readStatement(sample('cashapp.csv'))
    expect(read).toMatchObject({ ok: true, format: 'cashapp', ignored: { outgoing: 2, refunds: 1, other: 0, unreadable: 0 } })
    if (!read.ok) return
    expect(read.payments.map(({ paymentId, paidAt, amount, name, note }) => [paymentId, paidAt, amount, name, note])).toEqual([
      ['cashapp:rvk3p2q', '2026-11-27T15:15:36.000Z', 25, 'Tom Baker', 'SM-1004'],
      ['cashapp:rvk3p2r', '2026-11-27T17:01:02.000Z', 35, 'Dana White', 'for the gel'],
      ['cashapp:rvk3p2s', '2026-11-24T14:00:00.000Z', 1025, 'Lee Chen', 'SM 1005 big order'],
    ])
  })

  it('PayPal: a completed payment in, its refund left out, a pending one not counted as paid', async () => {
    const read = await readStatement(sample('paypal.csv'))
    expect(read).toMatchObject({ ok: true, format: 'paypal', ignored: { outgoing: 0, refunds: 1, other: 1, unreadable: 0 } })
    if (!read.ok) return
    expect(read.payments).toEqual([{ paymentId: 'paypal:5TY05013RG002845M', paidAt: '2026-11-27T19:03:22.000Z', amount: 25, name: 'Rosa Diaz', note: 'SM-1006' }])
  })

  it('another app’s CSV: its columns are asked for, then read in the seller’s time zone; the same row in another file is the same payment, two alike in one file are two', async () => {
    const asked = await readStatement(sample('generic.csv'))
    expect(asked).toEqual({ ok: false, reason: statementNotices.chooseColumns, headers: ['When', 'Paid', 'Customer', 'Memo'] })
    const headers = asked.ok ? [] : (asked.headers ?? [])
    expect([guessColumn(headers, 'date'), guessColumn(headers, 'amount'), guessColumn(headers, 'name'), guessColumn(headers, 'note')]).toEqual(['When', 'Paid', 'Customer', 'Memo'])

    const columns = { date: 'When', amount: 'Paid', name: 'Customer', note: 'Memo' }
    const read = await readStatement(sample('generic.csv'), { columns })
    expect(read).toMatchObject({ ok: true, format: 'generic', ignored: { outgoing: 1 } })
    if (!read.ok) return
    expect(read.payments.map(({ paidAt, amount, name }) => [paidAt, amount, name])).toEqual([
      // A date alone is noon in Detroit.
      ['2026-11-27T17:00:00.000Z', 25, 'Omar Farouk'],
      ['2026-11-28T17:00:00.000Z', 40, 'Bea Quinn'],
    ])
    const again = await readStatement(`${sample('generic.csv')}2026-11-29,10,Cy Young,\n`, { columns })
    expect(again.ok && again.payments.slice(0, 2).map((payment) => payment.paymentId)).toEqual(read.payments.map((payment) => payment.paymentId))
    // One person paying $40 twice on one day with the same note: two payments, each numbered the same way in every file.
    const twice = await readStatement(`${sample('generic.csv')}2026-11-28,40,Bea Quinn,gel thanks\n`, { columns })
    expect(twice.ok && twice.payments.map(({ paidAt, amount, name }) => [paidAt, amount, name])).toEqual([...read.payments.map(({ paidAt, amount, name }) => [paidAt, amount, name]), ['2026-11-28T17:00:00.000Z', 40, 'Bea Quinn']])
    const ids = twice.ok ? twice.payments.map((payment) => payment.paymentId) : []
    expect(ids.slice(0, 2)).toEqual(read.payments.map((payment) => payment.paymentId))
    expect(new Set(ids).size).toBe(3)
    const twiceAgain = await readStatement(`${sample('generic.csv')}2026-11-28,40,Bea Quinn,gel thanks\n`, { columns })
    expect(twiceAgain.ok && twiceAgain.payments.map((payment) => payment.paymentId)).toEqual(ids)
    expect(await readStatement(sample('generic.csv'), { columns: { ...columns, note: 'Nope' } })).toMatchObject({ ok: false, reason: statementNotices.unknownColumn })
    expect(await readStatement(sample('generic.csv'), { columns: { ...columns, amount: 'Customer', date: 'Memo' } })).toMatchObject({ ok: false, reason: statementNotices.nothingRead })
  })

  it('refuses what is not a CSV statement: a binary file, a text of one column, an empty file', async () => {
    for (const text of ['PK\u0003\u0004\u0000\u0000binary', 'just some words\nover two lines', '', '"unclosed,quote\n']) expect(await readStatement(text)).toEqual({ ok: false, reason: statementNotices.notCsv })
  })

  it('refuses a statement of more payments than one upload stores, before storing any', async () => {
    const [title, activity, header] = sample('venmo.csv').split('\n')
    const rows = (count: number) => Array.from({ length: count }, (_, index) => `,${9_000_000 + index},2026-11-20T19:04:11,Payment,Complete,gel,Jane Doe,Shop,+ $25.00,,0,,0,,,Venmo balance,,,,Venmo,,`)
    expect(await readStatement([title, activity, header, ...rows(STATEMENT_MAX_PAYMENTS)].join('\n'))).toMatchObject({ ok: true, payments: { length: STATEMENT_MAX_PAYMENTS } })
    expect(await readStatement([title, activity, header, ...rows(STATEMENT_MAX_PAYMENTS + 1)].join('\n'))).toEqual({ ok: false, reason: statementNotices.tooManyRows })
  })

  it('refuses a file of more lines than a statement has, counting every line (not only payments), before reading it to its end', async () => {
    const [title, activity, header] = sample('venmo.csv').split('\n')
    // Money out only: not one payment, but each line is work for the server all the same.
    const outgoing = (count: number) => Array.from({ length: count }, (_, index) => `,${9_000_000 + index},2026-11-20T19:04:11,Payment,Complete,rent,Shop,Landlord,- $5.00,,0,,0,,,Venmo balance,,,,Venmo,,`)
    expect(await readStatement([title, activity, header, ...outgoing(STATEMENT_MAX_LINES - 3)].join('\n'))).toMatchObject({ ok: true, payments: [], ignored: { outgoing: STATEMENT_MAX_LINES - 3 } })
    expect(await readStatement([title, activity, header, ...outgoing(STATEMENT_MAX_LINES - 2)].join('\n'))).toEqual({ ok: false, reason: statementNotices.tooManyLines })
    // The reviewer's file: 5 MB of tiny lines under a Venmo header.
    const tiny = [title, activity, header, ...Array.from({ length: STATEMENT_MAX_BYTES / 9 }, () => ',1,x,y,z')].join('\n')
    expect(await readStatement(tiny)).toEqual({ ok: false, reason: statementNotices.tooManyLines })
  })

  it('refuses a file of more columns than a statement has, in its header or in any line, a line of 5 MB of commas too', async () => {
    const [title, activity, header, , payment] = sample('venmo.csv').split('\n')
    const extra = (count: number) => Array.from({ length: count }, (_, index) => `,x${index}`).join('')
    const columns = header!.split(',').length
    expect(await readStatement([title, activity, `${header}${extra(STATEMENT_MAX_COLUMNS - columns)}`, payment].join('\n'))).toMatchObject({ ok: true, payments: [{ name: 'Jane Doe' }] })
    expect(await readStatement([title, activity, `${header}${extra(STATEMENT_MAX_COLUMNS - columns + 1)}`, payment].join('\n'))).toEqual({ ok: false, reason: statementNotices.tooManyColumns })
    expect(await readStatement([title, activity, header, `${payment}${','.repeat(STATEMENT_MAX_COLUMNS)}`].join('\n'))).toEqual({ ok: false, reason: statementNotices.tooManyColumns })
    expect(await readStatement(`a,b,c\n${','.repeat(STATEMENT_MAX_BYTES - 10)}`)).toEqual({ ok: false, reason: statementNotices.tooManyColumns })
  })

  it('lets the server answer other requests while a large statement is read', async () => {
    const [title, activity, header, , payment] = sample('venmo.csv').split('\n')
    const large = [title, activity, header, ...Array.from({ length: 2_000 }, (_, index) => payment!.replace(/^,\d+/, `,${9_000_000 + index}`))].join('\n')
    // Another request's turn: a task of the event loop's, which runs only when the reading lets it.
    let turns = 0
    let reading = true
    const otherRequest = () => {
      turns += 1
      if (reading) setImmediate(otherRequest)
    }
    setImmediate(otherRequest)
    const read = await readStatement(large)
    reading = false
    expect(read).toMatchObject({ ok: true, payments: { length: 2_000 } })
    expect(turns).toBeGreaterThan(10)
  })

  it('reads money and dates as the apps write them, and nothing else', () => {
    expect(['+ $50.00', '- $20.00', '-$2.90', '$1,000', '1,025.50', '(50.00)', '50', '$0'].map(amountFrom)).toEqual([50, -20, -2.9, 1000, 1025.5, -50, 50, 0])
    expect(['', 'abc', '5.123', '$5$', '1e3', '--5'].map(amountFrom)).toEqual([null, null, null, null, null, null])
    expect(instantFrom('2026-11-03T18:43:08', 'Z')).toBe('2026-11-03T18:43:08.000Z')
    expect(instantFrom('2026-07-03 16:12:36 EDT')).toBe('2026-07-03T20:12:36.000Z')
    expect(instantFrom('7/3/26 4:12 PM')).toBe('2026-07-03T20:12:00.000Z')
    expect(instantFrom('12/1/2026 12:05 AM')).toBe('2026-12-01T05:05:00.000Z')
    expect(['02/30/2026', '2026-13-01', '2026-11-03 25:00', 'yesterday', '2026-11-03 10:00 XYZ'].map((text) => instantFrom(text))).toEqual([null, null, null, null, null])
  })
})

describe('what a payment’s note and name are matched by', () => {
  it('finds the order references customers type, in any case and spacing', () => {
    expect(referencesIn('SM-1042 thanks!')).toEqual(['SM-1042'])
    expect(['sm 1042', 'Sm1042', 'sm#1042', 'for SM - 1042', 'order sm-01042'].map(referencesIn)).toEqual([['SM-1042'], ['SM-1042'], ['SM-1042'], ['SM-1042'], ['SM-1042']])
    expect(referencesIn('SM-1042 and sm 1043, SM-1042 again')).toEqual(['SM-1042', 'SM-1043'])
    expect(['jasm 1042', 'sm 12', 'SMS 1042', 'gel', ''].map(referencesIn)).toEqual([[], [], [], [], []])
  })

  it('takes a name written differently for the same person, and no other', () => {
    expect(sameName('Ana Núñez', 'ana nunez')).toBe(true)
    expect(sameName('Jane Q. Doe', 'Jane Doe')).toBe(true)
    expect(sameName('JANE  DOE', 'Jane Doe')).toBe(true)
    expect(sameName('Jane Smith', 'Jane Doe')).toBe(false)
    expect(sameName('Jane', 'Jane Doe')).toBe(false)
    expect(sameName('', 'Jane Doe')).toBe(false)
  })
})
