import { openingText } from '@/features/ordering/batches'
import { timeUntil } from '@/features/ordering/countdown'

import { countdownTick } from '../cachedReads'

import { OpeningCountdown } from './BatchOpening.client'

/**
 * "Next batch opens Friday at 9:00 AM · Opens in 2 days 3 hours": right without JavaScript (the
 * server's time when the page was rendered, at most `COUNTDOWN_SECONDS` ago), ticked by the script.
 */
export async function BatchOpening({ opensAt, className = '' }: { opensAt: string; className?: string }) {
  await countdownTick()
  const now = new Date()
  return (
    <p className={className} data-testid="batch-opening">
      <span className="block font-semibold">{openingText(opensAt, now)}</span>
      <OpeningCountdown opensAt={opensAt} rendered={timeUntil(new Date(opensAt), now)} />
    </p>
  )
}
