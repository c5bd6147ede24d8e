/**
 * What to make next: per flavor on offer, the jars a new batch should have, suggested from the
 * last four weeks' sales, the people waiting on the e-mail list and the refills due. Pure (no
 * I/O): `nextBatch.ts` reads the figures, the batch screen shows the result. It only suggests:
 * nothing is changed by it.
 */
import { counted } from '@/shared/counted'

/** How far back the sales are read: the 28 whole days before today, four weeks of every weekday. */
export const SALES_DAYS_READ = 28
const WEEKS_READ = SALES_DAYS_READ / 7

/**
 * The e-mail list's uplift: 1% per 10 people waiting, at most 20%. They asked to hear about the
 * next batch and some order when it opens, but many already buy (their orders are in the sales),
 * so the list adds a modest share rather than a jar each.
 */
export const WAITING_LIST_UPLIFT = { peoplePerPercent: 10, maxPercent: 20 } as const

export type NextBatchFigures = {
  /** The flavors on offer, in the seller's order. */
  flavors: readonly { value: string; name: string }[]
  /** Jars sold per flavor key in the `SALES_DAYS_READ` days read. */
  jarsSold: ReadonlyMap<string, number>
  /** People on the e-mail list, without those who unsubscribed. */
  waitingList: number
  /** Site settings' shelf life and Shop → Batch rules' freshness limit: how long a batch sells. */
  shelfLifeDays: number
  minDaysLeft: number
  /**
   * Jars promised by the active refill plans for the days the next batch sells, per flavor key
   * (`refills/rules.ts#refillJarsDue`): added as they are, after the uplift. Refill orders are not
   * in `jarsSold`, so they are not counted twice.
   */
  refillsDue?: ReadonlyMap<string, number>
}

export type FlavorSuggestion = { value: string; name: string; soldPerWeek: number; jars: number }

export type NextBatchSuggestion = {
  flavors: FlavorSuggestion[]
  sellingDays: number
  upliftPercent: number
  /** How the numbers were computed, in one line the seller can check. */
  howComputed: string
}

/**
 * The days a batch sells: from its made-on day until fewer than `minDaysLeft` days are left before
 * its best-by day (`ordering/batches.ts#freshnessCutoff`), made-on day included.
 */
export const sellingDays = (shelfLifeDays: number, minDaysLeft: number) => Math.max(0, shelfLifeDays - minDaysLeft + 1)

export const waitingListUplift = (people: number) => Math.min(WAITING_LIST_UPLIFT.maxPercent, Math.floor(Math.max(0, people) / WAITING_LIST_UPLIFT.peoplePerPercent))

/** A week's sales as the screen shows them: whole, or to one decimal (4.5). */
export const weeklyFigure = (jars: number) => Math.round(jars * 10) / 10

export function suggestNextBatch(figures: NextBatchFigures): NextBatchSuggestion {
  const days = sellingDays(figures.shelfLifeDays, figures.minDaysLeft)
  const upliftPercent = waitingListUplift(figures.waitingList)
  const soldOf = (value: string) => figures.jarsSold.get(value) ?? 0
  const refillsOf = (value: string) => figures.refillsDue?.get(value) ?? 0

  const flavors = figures.flavors.map(({ value, name }) => {
    // In whole numbers until the one division, so an exact count is never rounded up by a float's error.
    const fromSales = Math.ceil((soldOf(value) * days * (100 + upliftPercent)) / (SALES_DAYS_READ * 100))
    return { value, name, soldPerWeek: soldOf(value) / WEEKS_READ, jars: fromSales + refillsOf(value) }
  })

  const sold = figures.flavors.reduce((sum, { value }) => sum + soldOf(value), 0)
  const refills = figures.flavors.reduce((sum, { value }) => sum + refillsOf(value), 0)
  const refillsText = refills > 0 ? `${counted(refills, 'jar')} of refills due` : null
  if (sold === 0) {
    const nothingSold = `No orders in the last ${WEEKS_READ} weeks of the flavors on offer, so no sales to go by`
    return { flavors, sellingDays: days, upliftPercent, howComputed: refillsText ? `${nothingSold}: only the ${refillsText}.` : `${nothingSold}.` }
  }

  const sales = `Sold ${flavors.map((flavor) => `${weeklyFigure(flavor.soldPerWeek)}/wk ${flavor.name}`).join(', ')} in the last ${WEEKS_READ} weeks`
  const limit = figures.minDaysLeft > 0 ? `, no orders with fewer than ${counted(figures.minDaysLeft, 'day')} left` : ''
  const span = `for the ${counted(days, 'day')} a batch sells (a ${figures.shelfLifeDays}-day shelf life${limit})`
  const uplift = upliftPercent > 0 ? `+ ${upliftPercent}% for ${counted(figures.waitingList, 'person', 'people')} on the e-mail list` : null
  const howComputed = `${[sales, span, uplift, refillsText && `+ ${refillsText}`].filter(Boolean).join(', ')}; rounded up to whole jars.`
  return { flavors, sellingDays: days, upliftPercent, howComputed }
}
