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
    <OptionsByYear
      items={batches}
      dayOf={(batch) => batch.madeOn}
      groupLabel={(year) => (year ? `Made in ${year}` : 'Made on a day not written down')}
      label={(batch) => `${batch.code}${batch.madeOn ? ` · made ${shortDayLabel(dayKeyOf(batch.madeOn))}` : ''}`}
    />
  )
}

export function LotOptions({ lots, none }: { lots: Choices['lots']; none: string }) {
  if (lots.length === 0) return <option value="">{none}</option>
  return (
    <OptionsByYear
      items={lots}
      dayOf={(lot) => lot.receivedOn}
      groupLabel={(year) => (year ? `Received in ${year}` : 'Received on a day not written down')}
      label={(lot) => lot.title ?? ''}
    />
  )
}

type OptionsByYearProps<T> = {
  items: readonly T[]
  dayOf: (item: T) => string | null | undefined
  /** The heading of a year's group; `year` is '' for the items without a day. */
  groupLabel: (year: string) => string
  label: (item: T) => string
}

/** "Choose…", then the items in runs of one year, in the given order (newest first); undated ones last. */
function OptionsByYear<T extends { id: number | string }>({ items, dayOf, groupLabel, label }: OptionsByYearProps<T>) {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const day = dayOf(item)
    const year = day ? dayKeyOf(day).slice(0, 4) : ''
    const group = groups.get(year)
    if (group) group.push(item)
    else groups.set(year, [item])
  }
  const years = [...groups.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : 0))
  return (
    <>
      <option value="">Choose…</option>
      {years.map((year) => (
        <optgroup key={year} label={groupLabel(year)}>
          {groups.get(year)!.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {label(item)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  )
}
