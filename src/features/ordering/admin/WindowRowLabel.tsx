'use client'

import { useRowLabel } from '@payloadcms/ui'

import { DELIVERY_METHODS } from '@/features/ordering/options'
import { WEEKDAYS } from '@/features/ordering/windows'

type WindowRow = { method?: string; weekday?: string; start?: string; end?: string; place?: string }

/** Each weekly time is titled as the seller reads it: "Pickup · Saturday 10:00–14:00 · Eastern Market". */
export function WindowRowLabel() {
  const { data, rowNumber } = useRowLabel<WindowRow>()
  const method = DELIVERY_METHODS.find((option) => option.value === data?.method)?.label
  const day = WEEKDAYS.find((option) => option.value === data?.weekday)?.label
  if (!method || !day) return <span>New time {String((rowNumber ?? 0) + 1)}</span>
  const hours = data?.start && data?.end ? ` ${data.start}–${data.end}` : ''
  const place = data?.method === 'pickup' && data?.place ? ` · ${data.place}` : ''
  return <span>{`${method} · ${day}${hours}${place}`}</span>
}
