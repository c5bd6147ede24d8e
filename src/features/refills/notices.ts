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
    flavors: 'Done: your flavors are changed, from your next refill on.',
    started: 'Done: your refill plan is made. Keep this page: its link is also in your e-mail.',
  },
  refused: {
    stopped: 'This plan is stopped: nothing was changed. To start again, place an order and make it a refill plan.',
    'not-now': 'That refill was skipped or changed already: nothing more was changed.',
    'bad-flavors': 'Choose a flavor we make for each jar: nothing was changed.',
    'too-many': 'Too many changes to this plan in a short time: nothing was changed. Try again in an hour, or text us.',
    'too-few': (flavor: string, left: number) => `${left === 0 ? `${flavor} is sold out` : `Only ${left} ${flavor} left`} for your next refill: nothing was changed. Choose another flavor.`,
  },
  stoppedPlan: 'This plan is stopped: no more refills are made. To start again, place an order and make it a refill plan.',
  flavors: {
    title: 'Change flavors',
    ask: (jars: number) => `Choose the flavor of each of your ${jars} jars. The price stays the same.`,
    save: 'Save these flavors',
  },
} as const
