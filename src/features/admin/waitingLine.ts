import 'server-only'

import type { Payload, Where } from 'payload'

import { findFlavors } from '@/features/ordering/shop'
import { lineSettings } from '@/features/ordering/waitingLine/line'
import { ACTIVE_STATUSES, type LineSettings } from '@/features/ordering/waitingLine/rules'
import type { WaitingLine as Place } from '@/payload-types'

import { type LineTotals, waitingLineTotals } from './aggregates/waitingLineTotals'

/** Places shown on one page of a line (in line, or recently ended). */
export const LINE_ROWS_PER_PAGE = 25

/** The address's value for the "any flavor" line (flavor keys are lower-case words: never this). */
export const ANY_FLAVOR = '*'

/** One line of the view's summary: a flavor (or any flavor) with its places in line and the jars they hold. */
export type LineSummary = { key: string; name: string; waiting: number; offered: number; heldJars: number }

export type LineShown = 'active' | 'ended'

export type WaitingLinePage = {
  settings: LineSettings
  lines: LineSummary[]
  /** The jars held for the line now, in all. */
  heldJars: number
  line: LineSummary
  shown: LineShown
  places: Place[]
  /** How many places the list has in all (every page). */
  total: number
  page: number
  pages: number
  /** The first shown place's position in its line (in line only): positions are counted from it. */
  firstPosition: number
}

export type WaitingLineRequest = { line?: string; shown?: string; page?: string }

/**
 * Admin → Waiting line: each flavor's line (and "any flavor"'s) with what the database counts of it,
 * and one line's places, in the order they were taken (or its recently ended ones, last ended
 * first), a page at a time. Lines are the flavors in the seller's order, "any flavor" last, and any
 * flavor no longer on the list while places still wait for it.
 */
export async function findWaitingLine(payload: Payload, request: WaitingLineRequest): Promise<WaitingLinePage> {
  const [settings, flavors, totals] = await Promise.all([lineSettings(payload), findFlavors(payload), waitingLineTotals(payload)])
  const byKey = new Map(totals.map((row) => [row.flavor ?? ANY_FLAVOR, row]))
  const summary = (key: string, name: string): LineSummary => {
    const row: LineTotals | undefined = byKey.get(key)
    return { key, name, waiting: row?.waiting ?? 0, offered: row?.offered ?? 0, heldJars: row?.heldJars ?? 0 }
  }
  const known = new Set(flavors.map((flavor) => flavor.value))
  const lines = [
    ...flavors.map((flavor) => summary(flavor.value, flavor.name)),
    ...totals.filter((row) => row.flavor !== null && !known.has(row.flavor)).map((row) => summary(row.flavor!, row.flavorName ?? row.flavor!)),
    summary(ANY_FLAVOR, 'Any flavor'),
  ]
  const line = lines.find((candidate) => candidate.key === request.line) ?? lines.find((candidate) => candidate.waiting + candidate.offered > 0) ?? lines[0]
  const shown: LineShown = request.shown === 'ended' ? 'ended' : 'active'
  const asked = Number.parseInt(request.page ?? '', 10)
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1
  const sameLine: Where = line.key === ANY_FLAVOR ? { flavor: { exists: false } } : { flavor: { equals: line.key } }
  const status: Where = shown === 'active' ? { status: { in: [...ACTIVE_STATUSES] } } : { status: { not_in: [...ACTIVE_STATUSES] } }
  // The view checked the admin session before it asked (AdminView).
  const found = await payload.find({
    collection: 'waiting-line',
    where: { and: [sameLine, status] },
    sort: shown === 'active' ? 'createdAt' : '-endedAt',
    limit: LINE_ROWS_PER_PAGE,
    page,
    depth: 0,
    overrideAccess: true,
  })
  return {
    settings,
    lines,
    heldJars: totals.reduce((sum, row) => sum + row.heldJars, 0),
    line,
    shown,
    places: found.docs,
    total: found.totalDocs,
    page: found.page ?? page,
    pages: found.totalPages,
    firstPosition: (page - 1) * LINE_ROWS_PER_PAGE + 1,
  }
}

/** The jars held for the line now, in all (the daily screen's line). */
export async function heldForLine(payload: Payload): Promise<number> {
  return (await waitingLineTotals(payload)).reduce((sum, row) => sum + row.heldJars, 0)
}

/**
 * Whether the admin's menu shows Waiting line: while the line is on, or while places are in it (it
 * was turned off with people still in line). A fresh site never shows it.
 */
export async function waitingLineInUse(payload: Payload): Promise<boolean> {
  if ((await lineSettings(payload)).enabled) return true
  return (await payload.count({ collection: 'waiting-line', where: { status: { in: [...ACTIVE_STATUSES] } }, overrideAccess: true })).totalDocs > 0
}
