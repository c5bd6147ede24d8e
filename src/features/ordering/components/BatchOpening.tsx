import { openingText, timeUntil } from '@/features/ordering/batches'

import { OpeningCountdown } from './BatchOpening.client'

/**
 * "Next batch opens Friday at 9:00 AM · in 2 days 3 hours": right without JavaScript (the server's
 * time when the page was rendered, which the cache keeps under a minute), ticked by the script.
 */
export function BatchOpening({ opensAt, className = '' }: { opensAt: string; className?: string }) {
  const now = new Date()
  return (
    <p className={className} data-testid="batch-opening">
      <span className="block font-semibold">{openingText(opensAt, now)}</span>
      <OpeningCountdown opensAt={opensAt} rendered={timeUntil(new Date(opensAt), now)} />
    </p>
  )
}
