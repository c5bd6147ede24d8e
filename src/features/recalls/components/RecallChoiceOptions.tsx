import { dayKeyOf, shortDayLabel } from '@/shared/time'

import type { recallChoices } from '../recallList'

type Choices = Awaited<ReturnType<typeof recallChoices>>

/**
 * The batches and lots to recall from, newest first, grouped by year: three years in, each select
 * holds over a hundred of them, and a phone's picker shows the year headings. The admin's Recall
 * and the phone's share them.
 */
export function BatchOptions({ batches }: { batches: Choices['batches'] }) {
  return (
    <>
      <option value="">Choose…</option>
      {byYear(batches, (batch) => batch.madeOn).map(({ year, items }) => (
        <optgroup key={year} label={year === UNDATED ? 'Made on a day not written down' : `Made in ${year}`}>
          {items.map((batch) => (
            <option key={batch.id} value={String(batch.id)}>
              {batch.code}
              {batch.madeOn ? ` · made ${shortDayLabel(dayKeyOf(batch.madeOn))}` : ''}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  )
}

export function LotOptions({ lots, none }: { lots: Choices['lots']; none: string }) {
  if (lots.length === 0) return <option value="">{none}</option>
  return (
    <>
      <option value="">Choose…</option>
      {byYear(lots, (lot) => lot.receivedOn).map(({ year, items }) => (
        <optgroup key={year} label={year === UNDATED ? 'Received on a day not written down' : `Received in ${year}`}>
          {items.map((lot) => (
            <option key={lot.id} value={String(lot.id)}>
              {lot.title}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  )
}

const UNDATED = ''

/** Consecutive runs of one year, in the given order (newest first); undated ones last. */
function byYear<T>(items: readonly T[], dayOf: (item: T) => string | null | undefined): { year: string; items: T[] }[] {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const day = dayOf(item)
    const year = day ? dayKeyOf(day).slice(0, 4) : UNDATED
    const group = groups.get(year)
    if (group) group.push(item)
    else groups.set(year, [item])
  }
  return [...groups].map(([year, grouped]) => ({ year, items: grouped })).sort((a, b) => (a.year === UNDATED ? 1 : b.year === UNDATED ? -1 : 0))
}
