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
