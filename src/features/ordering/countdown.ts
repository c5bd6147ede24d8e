// Apart from batches.ts, whose date formats are made when it loads: the countdown's script on the
// home and order pages carries only this.

const MINUTE_MS = 60_000

/**
 * How long until an opening, as the countdown says it, to the minute: "2 days 3 hours",
 * "3 hours 12 minutes", "12 minutes", "less than a minute". The server renders it; the script ticks it.
 */
export function timeUntil(at: Date, now: Date): string {
  const minutes = Math.ceil((at.getTime() - now.getTime()) / MINUTE_MS)
  if (minutes <= 1) return 'less than a minute'
  const days = Math.floor(minutes / (24 * 60))
  const hours = Math.floor((minutes % (24 * 60)) / 60)
  const rest = minutes % 60
  const unit = (count: number, word: string) => (count === 0 ? [] : [`${count} ${word}${count === 1 ? '' : 's'}`])
  return (days > 0 ? [...unit(days, 'day'), ...unit(hours, 'hour')] : [...unit(hours, 'hour'), ...unit(rest, 'minute')]).join(' ')
}
