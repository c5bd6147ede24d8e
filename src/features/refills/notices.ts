import type { Message } from '@/shared/notices'

import { REFILL_INTERVALS_WEEKS } from './rules'

/** What a customer reads when an order cannot become a refill plan. */
export const refillNotices = {
  interval: { title: 'Choose How Often', description: `A refill plan comes every ${REFILL_INTERVALS_WEEKS.join(', ').replace(/, (?=[^,]*$)/, ' or ')} weeks.` },
  needsWindow: {
    title: 'Time Required',
    description: 'A refill plan needs a weekly pickup or delivery time, and this order’s time is arranged by text. Choose one of the times on the order form to make it a plan.',
  },
  timeGone: { title: 'Time Not Offered', description: 'This order’s pickup or delivery time is no longer offered every week, so it cannot become a refill plan. Text us to set one up.' },
  needsEmail: { title: 'E-mail Required', description: 'A refill plan needs an e-mail address: each refill and the plan’s private link are sent there.' },
  cancelled: { title: 'Order Cancelled', description: 'A cancelled order cannot become a refill plan.' },
  alreadyAPlan: { title: 'Already a Plan', description: 'This order is already a refill plan: its private link is in your e-mail.' },
} as const satisfies Record<string, Message>

/** What the plan's private page says about a change asked for, done or refused. */
export const planPageNotices = {
  confirm: {
    skip: (day: string, following: string, reference: string | null) =>
      `Skip your refill of ${day}?${reference ? ` Its order, ${reference}, is cancelled.` : ''} Your plan goes on with ${following}.`,
    pause: 'Pause your refill plan? No refills are made until you resume it.',
    resume: (day: string) => `Resume your refill plan? Your next refill is ${day}.`,
    stop: 'Stop your refill plan for good? No more refills are made, and this page can no longer change it.',
  },
  done: {
    skip: 'Done: that refill is skipped.',
    pause: 'Done: your plan is paused.',
    resume: 'Done: your plan is active again.',
    stop: 'Done: your plan is stopped. Thank you for your orders!',
  },
  refused: {
    stopped: 'This plan is stopped: nothing was changed. To start again, place an order and make it a refill plan.',
    'not-now': 'That refill was skipped or changed already: nothing more was changed.',
  },
} as const
