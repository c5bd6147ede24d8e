import 'server-only'

import type { Payload, PayloadRequest } from 'payload'
import QRCode from 'qrcode'

import { businessGap, flavorGap, jarLabel, sheetGap, parseLabelRequest, type JarLabel, type LabelFlavor, type LabelGap, type LabelRequest } from '@/features/admin/jarLabelRules'
import { labelFactsOf } from '@/features/ordering/shop'
import { siteUrl } from '@/platform/config/siteUrl'
import { businessDay } from '@/shared/time'

/** One flavor's labels as printed: its lines, its QR code (an SVG document) and how many. */
export type PrintedLabels = { label: JarLabel; qrSvg: string; count: number }

export type JarLabelSheet = {
  request: LabelRequest
  /** The flavors on offer, in the seller's order: the form asks a count for each. */
  flavors: LabelFlavor[]
  /** What is wrong with the form's input: nothing is printed. */
  problems: string[]
  /** What the asked-for labels lack, per flavor and in Site settings: nothing is printed. */
  gaps: LabelGap[]
  /** Empty when there are problems or no label was asked for. */
  printed: PrintedLabels[]
}

/**
 * The QR code of a label, drawn on the server as SVG: sharp at any print size, no script needed. A
 * quiet border of two modules (the label's padding and gap add to it) keeps it small on a 2″ label.
 */
export const labelQrSvg = (url: string) => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })

/**
 * The Jar labels view's content for its query: the form's values (defaults: today in the seller's
 * time zone, the day's batch code) and, when every asked-for flavor can be labelled, the labels.
 */
export async function findJarLabels(payload: Payload, query: Record<string, string | string[] | undefined> | undefined, req: PayloadRequest, now = new Date()): Promise<JarLabelSheet> {
  const [{ docs }, settings] = await Promise.all([
    payload.find({ collection: 'flavors', where: { available: { equals: true } }, sort: '_order', depth: 0, pagination: false, req }),
    payload.findGlobal({ slug: 'site-settings', depth: 0, req }),
  ])
  const flavors: LabelFlavor[] = docs.map((flavor) => ({
    id: flavor.id,
    value: flavor.value,
    name: flavor.name,
    ...labelFactsOf(flavor),
    nutritionExempt: flavor.nutritionExempt,
    nutrition: flavor.nutrition,
  }))
  const { request, problems } = parseLabelRequest(query, flavors, businessDay(now).key)
  const asked = flavors.filter((flavor) => (request.counts[flavor.value] ?? 0) > 0)
  if (problems.length > 0 || asked.length === 0) return { request, flavors, problems, gaps: [], printed: [] }

  // Every gap at once, each flavor's and Site settings', so one visit to each page fills them all.
  const gaps = [...asked.map((flavor) => flavorGap(flavor) ?? sheetGap(flavor, request.sheet)), businessGap(settings)].filter((gap): gap is LabelGap => gap !== null)
  if (gaps.length > 0) return { request, flavors, problems: [], gaps, printed: [] }

  const labels: { label: JarLabel; count: number }[] = []
  for (const flavor of asked) {
    const result = jarLabel(flavor, settings, { madeOn: request.madeOn, bestBy: request.bestBy, batchCode: request.batchCode }, siteUrl())
    if (result.ok) labels.push({ label: result.label, count: request.counts[flavor.value] })
  }

  const printed = await Promise.all(labels.map(async ({ label, count }) => ({ label, count, qrSvg: await labelQrSvg(label.orderUrl) })))
  return { request, flavors, problems: [], gaps: [], printed }
}
