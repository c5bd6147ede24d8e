/**
 * CSV for the seller's spreadsheets: the admin's exports (`plugins/exports.ts`) and the prep sheet.
 *
 * A spreadsheet runs a cell that starts with = + - or @ as a formula (tab and carriage return are
 * read past by some importers, so they lead into one too). Customers type these fields, so a name
 * such as =HYPERLINK("http://evil.example","Click") would become a live link in the seller's sheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** The CSV text of a cell the way a spreadsheet shows it as typed: a leading ' makes it plain text. */
export function neutralCsvCell(value: unknown): unknown {
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value
  // A hasMany text or select field: one cell per value.
  if (Array.isArray(value)) return value.map(neutralCsvCell)
  // Numbers, booleans, dates and nulls are not text: a negative number stays a number.
  return value
}

/** One CSV field: neutral, and quoted when it holds a quote, a comma or a line break. */
function csvField(value: string | number | null | undefined): string {
  const text = String(neutralCsvCell(value ?? ''))
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A CSV file of a header row and data rows, with a byte-order mark so that Excel reads the text as
 * UTF-8 (names with accents, the '·' and '–' of a window).
 */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`
}
