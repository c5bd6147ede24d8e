import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { setImmediate as otherRequestsFirst } from 'node:timers/promises'

import { parse } from 'csv-parse'

import type { PaymentMethod } from '@/features/ordering/options'
import { zonedInstant } from '@/shared/time'

/**
 * The payment apps' statements as they export them, read into the payments the seller received.
 *
 * Each app has its own columns, found by their header row (Venmo puts two lines of title above it),
 * its own money format ("+ $50.00", "-$2.90", "1,000.00") and its own words for a payment in, one
 * out and a refund. Only payments in are kept; the others are counted, so the seller is told what
 * was left out and why. A file of any other app is read as a generic CSV once the seller says which
 * column holds the date, the amount, the name and the note.
 */

export const STATEMENT_FORMATS = ['venmo', 'cashapp', 'paypal', 'generic'] as const
export type StatementFormat = (typeof STATEMENT_FORMATS)[number]

export const FORMAT_LABELS: Record<StatementFormat, string> = { venmo: 'Venmo', cashapp: 'Cash App', paypal: 'PayPal', generic: 'another app' }

/** The method an order paid through a statement is marked paid with (PayPal is not one of the order's methods). */
export const FORMAT_METHODS: Record<Exclude<StatementFormat, 'generic'>, PaymentMethod> = { venmo: 'venmo', cashapp: 'cashapp', paypal: 'other' }

/** A statement larger than this is refused before it is read: a year of a busy shop's Venmo is under 1 MB. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024
/**
 * Payments read from one file at most: two months of a busy shop (45 orders a day). A file is
 * stored in one write transaction, which holds orders back while it runs: 1,000 payments took
 * 0.6 s at 50,000 orders (bench:data), so this keeps that wait near 2 s.
 */
export const STATEMENT_MAX_PAYMENTS = 3_000
/**
 * Lines read from one file at most, whatever they are (payments, transfers, fees…): a busy shop's
 * two months are under 5,000. Every line costs the server time, so a file of many short lines is
 * refused at the first one over, not read to its end.
 */
export const STATEMENT_MAX_LINES = 10_000
/** Columns a line may have: PayPal's export, the widest, has 41. */
export const STATEMENT_MAX_COLUMNS = 100
/** Characters in one line's cells at most: a payment's line holds a few hundred. */
const LINE_MAX_CHARS = 10_000
/**
 * The file is parsed this many bytes at a time, and the server answers other requests between
 * them: parsing 5 MB of CSV takes it most of a second, during which nothing else would run. A
 * slice holds at most about a hundred lines (a few milliseconds); a request that waits on the
 * database several times waits that long at each, so slices are small.
 */
const PARSE_SLICE_BYTES = 1024
/** Lines checked between two turns of the other requests (a line's dates and money: a few microseconds each). */
const LINES_PER_TURN = 200

/** Which of a generic CSV's headers holds each part of a payment. */
export type GenericColumns = { date: string; amount: string; name: string; note: string }
export const GENERIC_ROLES = ['date', 'amount', 'name', 'note'] as const satisfies readonly (keyof GenericColumns)[]

/** A payment received, as the statement says it. */
export type IncomingPayment = {
  /** The app's own id for it, prefixed with the app ('venmo:3240312810181230868'); a generic row's is a digest of the row. */
  paymentId: string
  /** When it was paid (an ISO instant). */
  paidAt: string
  /** Dollars, to the cent. */
  amount: number
  name: string
  note: string
}

export type IgnoredRows = {
  /** Money the seller sent or moved out (to a bank, a card purchase). */
  outgoing: number
  refunds: number
  /** Pending, failed or declined payments, rewards, currency conversions… */
  other: number
  /** Rows whose date or amount could not be read. */
  unreadable: number
}

export type StatementRead =
  | { ok: true; format: StatementFormat; payments: IncomingPayment[]; ignored: IgnoredRows }
  /** `headers`: the file is a CSV of no app known here: the seller chooses its columns and uploads again. */
  | { ok: false; reason: string; headers?: string[] }

export const statementNotices = {
  notCsv: 'That file is not a CSV statement. Download the statement as CSV from Venmo, Cash App or PayPal and upload that file.',
  tooLarge: `That file is over ${STATEMENT_MAX_BYTES / 1024 / 1024} MB: download a shorter period (a month or a few) and upload it.`,
  tooManyRows: `That statement has over ${STATEMENT_MAX_PAYMENTS.toLocaleString('en-US')} payments: download a shorter period and upload it.`,
  tooManyLines: `That statement has over ${STATEMENT_MAX_LINES.toLocaleString('en-US')} lines: download a shorter period and upload it.`,
  tooManyColumns: `That file has lines of over ${STATEMENT_MAX_COLUMNS} columns: it is not a payment app’s statement. Download the statement as CSV from Venmo, Cash App or PayPal and upload that file.`,
  chooseColumns: 'This is not a Venmo, Cash App or PayPal statement. Choose which column holds the date, the amount, the name and the note.',
  unknownColumn: 'Choose one of the file’s own columns for the date, the amount, the name and the note.',
  nothingRead: 'No payment could be read from that file: check the columns chosen for the date and the amount.',
} as const

/** A line's cell under a header, without the spaces around it ('' where the line has none). */
type Row = (header: string) => string

/** Money as the apps write it: '+ $50.00', '- $20.00', '-$2.90', '$1,000', '1,000.00', '(50.00)'. */
export function amountFrom(text: string | undefined): number | null {
  const match = /^(?:([+-])\s*)?(\()?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\)?(?:\s*USD)?$/i.exec(text?.trim() ?? '')
  if (!match) return null
  const [, sign, parenthesis, whole, fraction = ''] = match
  const cents = Number(whole!.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'))
  return ((sign === '-' || parenthesis ? -1 : 1) * cents) / 100
}

/** The offsets of the zone names Cash App and PayPal write after a time (US zones and UTC). */
const ZONE_OFFSETS: Record<string, string> = {
  UTC: '+00:00',
  GMT: '+00:00',
  EST: '-05:00',
  EDT: '-04:00',
  CST: '-06:00',
  CDT: '-05:00',
  MST: '-07:00',
  MDT: '-06:00',
  PST: '-08:00',
  PDT: '-07:00',
}

/**
 * A date, with its time where given: ISO ('2026-11-03', '2026-11-03T18:43:08', '2026-11-03
 * 16:12:36 EDT') or American ('11/03/2026', '11/3/26 4:12 PM'). A time without a zone is the
 * seller's own (Detroit), except where the caller knows the app's (`zone`).
 */
export function instantFrom(text: string | undefined, zone?: string): string | null {
  if (!text) return null
  const match = /^(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4}))(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([AaPp][Mm])?)?\s*(Z|[A-Z]{3}|[+-]\d{2}:?\d{2})?$/.exec(text.trim())
  if (!match) return null
  const [, isoYear, isoMonth, isoDay, usMonth, usDay, usYear, hourText, minuteText = '0', secondText = '0', halfDay, zoneText = zone] = match
  const year = Number(isoYear ?? (usYear!.length === 2 ? `20${usYear}` : usYear))
  const month = Number(isoMonth ?? usMonth)
  const day = Number(isoDay ?? usDay)
  let hour = Number(hourText ?? 12)
  if (halfDay && hour <= 12) hour = (hour % 12) + (/p/i.test(halfDay) ? 12 : 0)
  const [minute, second] = [Number(minuteText), Number(secondText)]
  const checked = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  // 02/30/2026 or 25:00 roll over into another date: not a date the app wrote.
  if (checked.getUTCMonth() !== month - 1 || checked.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null
  const pad = (value: number) => String(value).padStart(2, '0')
  const wall = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}`
  if (!zoneText) {
    const instant = zonedInstant(wall.slice(0, 10), `${pad(hour)}:${pad(minute)}`)
    return new Date(instant.getTime() + second * 1000).toISOString()
  }
  const offset = zoneText === 'Z' ? '+00:00' : (ZONE_OFFSETS[zoneText] ?? (/^[+-]\d{2}:?\d{2}$/.test(zoneText) ? zoneText.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : null))
  if (!offset) return null
  const instant = new Date(`${wall}${offset}`)
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString()
}

type Verdict = { payment: IncomingPayment } | { ignored: keyof IgnoredRows } | { skip: true }

type AppFormat = {
  format: Exclude<StatementFormat, 'generic'>
  /** The header row has all of these (Venmo's first column has no name). */
  headers: readonly string[]
  read: (row: Row) => Verdict
}

/** A payment in, or why the row is not one, once the app has said what kind of row it is. */
function verdict(kind: 'in' | 'out' | 'refund' | 'other', id: string, paidAt: string | null, amount: number | null, name: string, note: string, source: string): Verdict {
  if (kind === 'refund') return { ignored: 'refunds' }
  if (kind === 'out') return { ignored: 'outgoing' }
  if (kind === 'other' || amount === 0) return { ignored: 'other' }
  if (!paidAt || amount === null || !id) return { ignored: 'unreadable' }
  return { payment: { paymentId: `${source}:${id}`, paidAt, amount, name, note } }
}

const APP_FORMATS: readonly AppFormat[] = [
  {
    // "Account Statement - (@name)", "Account Activity", then ',ID,Datetime,Type,Status,Note,From,To,Amount (total),…';
    // the first and last data rows are the balances, without an ID.
    format: 'venmo',
    headers: ['ID', 'Datetime', 'Type', 'Status', 'Note', 'From', 'To', 'Amount (total)'],
    read(row) {
      const id = row('ID')
      if (!id) return { skip: true }
      const amount = amountFrom(row('Amount (total)'))
      const type = row('Type')
      const kind = /refund/i.test(type) ? 'refund' : amount !== null && amount < 0 ? 'out' : !/^complete/i.test(row('Status')) ? 'other' : 'in'
      // A payment is from its payer; a charge the seller sent is paid by the one it was sent to.
      const payer = /charge/i.test(type) ? row('To') : row('From')
      // Venmo writes its times without a zone, in UTC.
      return verdict(kind, id, instantFrom(row('Datetime'), 'Z'), amount, payer, row('Note'), 'venmo')
    },
  },
  {
    // "Transaction ID","Date","Transaction Type","Currency","Amount","Fee","Net Amount",…,"Status","Notes","Name of sender/receiver","Account"
    format: 'cashapp',
    headers: ['Transaction ID', 'Date', 'Transaction Type', 'Amount', 'Status', 'Notes', 'Name of sender/receiver'],
    read(row) {
      const amount = amountFrom(row('Amount'))
      const type = row('Transaction Type')
      const status = row('Status')
      const kind = /refund/i.test(`${type} ${status}`)
        ? 'refund'
        : amount !== null && amount < 0
          ? 'out'
          : /received/i.test(type) && !/fail|cancel|declin|pending/i.test(status)
            ? 'in'
            : 'other'
      return verdict(kind, row('Transaction ID'), instantFrom(row('Date')), amount, row('Name of sender/receiver'), row('Notes'), 'cashapp')
    },
  },
  {
    // "Date","Time","TimeZone","Name","Type","Status","Currency","Gross","Fee","Net",…,"Transaction ID",…,"Subject","Note",…
    format: 'paypal',
    headers: ['Date', 'Time', 'Name', 'Type', 'Status', 'Gross', 'Transaction ID'],
    read(row) {
      const amount = amountFrom(row('Gross'))
      const type = row('Type')
      const kind = /refund|reversal/i.test(type)
        ? 'refund'
        : amount !== null && amount < 0
          ? 'out'
          : /^completed$/i.test(row('Status')) && /^(usd)?$/i.test(row('Currency'))
            ? 'in'
            : 'other'
      const zone = row('TimeZone') || row('Time Zone')
      const paidAt = instantFrom(`${row('Date')} ${row('Time')}`.trim(), zone || undefined)
      return verdict(kind, row('Transaction ID'), paidAt, amount, row('Name'), row('Note') || row('Subject'), 'paypal')
    },
  },
]

/** How many of the first lines are searched for the header line (Venmo's is the third). */
const HEADER_SEARCH_ROWS = 10

/** The text's bytes a slice at a time, letting the server answer other requests before each next one. */
async function* slicesOf(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += PARSE_SLICE_BYTES) {
    if (at > 0) await otherRequestsFirst()
    yield bytes.subarray(at, at + PARSE_SLICE_BYTES)
  }
}

/** The file's lines as cells, or why it is refused: not a CSV, or more lines or columns than a statement has (the rest is never parsed). */
async function records(text: string): Promise<string[][] | { refused: string }> {
  // A spreadsheet or an image renamed .csv: its NUL bytes never occur in a CSV's text.
  if (text.includes('\u0000')) return { refused: statementNotices.notCsv }
  // Bytes, not the text's characters, are sliced: csv-parse puts a character split between two slices together again.
  const source = Readable.from(slicesOf(Buffer.from(text, 'utf8')))
  const tooManyColumns = new Error(statementNotices.tooManyColumns)
  const lines = source.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: false,
      max_record_size: LINE_MAX_CHARS,
      // Called on each cell as it is read: a line of thousands of commas stops at its first one too many.
      cast: (value, { index }) => {
        if (index >= STATEMENT_MAX_COLUMNS) throw tooManyColumns
        return value
      },
    }),
  )
  const rows: string[][] = []
  try {
    for await (const row of lines as AsyncIterable<string[]>) if (rows.push(row) > STATEMENT_MAX_LINES) return { refused: statementNotices.tooManyLines }
  } catch (error) {
    // Else csv-parse's own refusals: a quote never closed, a line over LINE_MAX_CHARS…
    return { refused: error === tooManyColumns ? statementNotices.tooManyColumns : statementNotices.notCsv }
  } finally {
    source.destroy()
  }
  return rows.some((row) => row.length >= 3) ? rows : { refused: statementNotices.notCsv }
}

/** A line's cells by header, reading only the columns asked for. */
function rowReader(headers: readonly string[]): (values: readonly string[]) => Row {
  // The last of two columns of one name, as a header-keyed record of the line would have it.
  const columnOf = new Map(headers.map((header, index) => [header, index]))
  return (values) => (header) => {
    const index = columnOf.get(header)
    return index === undefined ? '' : (values[index] ?? '').trim()
  }
}

async function collect(rows: readonly string[][], headers: string[], read: (row: Row) => Verdict, format: StatementFormat): Promise<StatementRead> {
  const payments: IncomingPayment[] = []
  const ignored: IgnoredRows = { outgoing: 0, refunds: 0, other: 0, unreadable: 0 }
  const rowOf = rowReader(headers)
  for (const [index, values] of rows.entries()) {
    if (index > 0 && index % LINES_PER_TURN === 0) await otherRequestsFirst()
    const result = read(rowOf(values))
    if ('payment' in result) payments.push(result.payment)
    else if ('ignored' in result) ignored[result.ignored] += 1
    if (payments.length > STATEMENT_MAX_PAYMENTS) return { ok: false, reason: statementNotices.tooManyRows }
  }
  return { ok: true, format, payments, ignored }
}

/**
 * A generic row's id: the same row in an overlapping file is the same payment. Two alike in one
 * file (one person paying $50 twice on a day with the same note) are two payments: the second and
 * later carry their count among the alike, so each file numbers them the same way, and the first
 * keeps the id it had before rows were counted.
 */
const rowDigest = (payment: Omit<IncomingPayment, 'paymentId'>, occurrence: number) =>
  createHash('sha256')
    .update(JSON.stringify([payment.paidAt, payment.amount, payment.name, payment.note, ...(occurrence > 1 ? [occurrence] : [])]))
    .digest('hex')
    .slice(0, 24)

/**
 * A statement's payments in, from its text. `columns` reads a file of any other app (a header row,
 * then one payment a row; money in is positive). The byte limit is the caller's, before the text
 * is read whole; the lines' and columns' limits are checked here, as the file is parsed.
 */
export async function readStatement(text: string, choice: { columns?: GenericColumns } = {}): Promise<StatementRead> {
  const all = await records(text)
  if ('refused' in all) return { ok: false, reason: all.refused }
  const names = (row: readonly string[]) => row.map((value) => value.trim())
  for (const app of APP_FORMATS) {
    const at = all.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => app.headers.every((header) => names(row).includes(header)))
    if (at >= 0) return collect(all.slice(at + 1), names(all[at]!), app.read, app.format)
  }

  const headers = names(all[0]!)
  const columns = choice.columns
  if (!columns) return { ok: false, reason: statementNotices.chooseColumns, headers: headers.filter(Boolean) }
  if (GENERIC_ROLES.some((role) => !headers.includes(columns[role]))) return { ok: false, reason: statementNotices.unknownColumn, headers: headers.filter(Boolean) }
  const seen = new Map<string, number>()
  const read = await collect(
    all.slice(1),
    headers,
    (row) => {
      const amount = amountFrom(row(columns.amount))
      const paidAt = instantFrom(row(columns.date))
      const payment = { paidAt: paidAt ?? '', amount: amount ?? 0, name: row(columns.name), note: row(columns.note) }
      const alike = JSON.stringify(payment)
      const occurrence = (seen.get(alike) ?? 0) + 1
      seen.set(alike, occurrence)
      return verdict(amount !== null && amount < 0 ? 'out' : 'in', paidAt && amount !== null ? rowDigest(payment, occurrence) : '', paidAt, amount, payment.name, payment.note, 'generic')
    },
    'generic',
  )
  return read.ok && read.payments.length === 0 && read.ignored.outgoing === 0 ? { ok: false, reason: statementNotices.nothingRead, headers: headers.filter(Boolean) } : read
}

/** The header a generic file's column for a role most likely is, to choose it in advance. */
export function guessColumn(headers: readonly string[], role: keyof GenericColumns): string | undefined {
  const words: Record<keyof GenericColumns, RegExp> = { date: /date|time|when/i, amount: /amount|gross|total|sum|paid/i, name: /name|from|payer|sender|customer/i, note: /note|memo|message|description|comment|subject/i }
  return headers.find((header) => words[role].test(header))
}
