import type { RunSplit } from './run'
import { businessTime } from '@/shared/time'

import { durationText } from '@/shared/time'

/** What the seller reads on the Run page: its answers to Leaving and a reorder, and the page's own lines. */
export const runNotices = {
  left: (at: string) => `Leaving recorded at ${businessTime(at)}: each stop shows how long its jars have been out of the fridge.`,
  alreadyLeft: (at: string) => `This run left at ${businessTime(at)} already: that time is kept.`,
  notToday: 'Only today’s runs can leave.',
  moved: 'Stop order saved.',
  notFound: 'That run has no stops left to drive.',
  notOnRun: 'That stop is not on this run any more: reload the page.',
  badRun: 'The run could not be read. Open Run again.',
  signedOut: 'You were signed out: the stop order was not saved. Reload the page and sign in again.',
  badOrder: 'That stop order could not be read: nothing was saved.',
  off: 'Delivery runs are off. Turn them on in the admin: Shop → Pickup & delivery → Delivery day.',
  leavingOff: 'Leaving was not recorded: delivery runs are off. Turn them on in the admin: Shop → Pickup & delivery → Delivery day.',
  /**
   * Before Leaving, when the run's estimate is longer than the seller's limit: how to split it in
   * two runs, stops in driving order (`run.ts#splitInTwo`).
   */
  overLimit: (minutes: number, limit: number, stops: number, split: RunSplit | null) => {
    const over = `About ${durationText(minutes)} out of the fridge, over your ${durationText(limit)} limit`
    if (!split) return `${over}: this stop alone takes longer than that. Check the Delivery day settings.`
    const span = (from: number, to: number) => (from === to ? `stop ${from}` : `stops ${from}–${to}`)
    const [first, second] = [`${span(1, split.firstStops)} (about ${durationText(split.firstMinutes)})`, `${span(split.firstStops + 1, stops)} (about ${durationText(split.secondMinutes)})`]
    return split.fits
      ? `${over}: split it in two runs, ${first}, back at the kitchen, then ${second}.`
      : `${over}. Split in two, ${first} and ${second}, it is still over: move some stops to another time.`
  },
} as const

/** What a Run page's address says happened (`runRoute.ts` sends the seller back with it): fixed wording, times read as times only. */
export function runNoticeFrom(query: Record<string, string | string[] | undefined>): string | null {
  const one = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined)
  const at = (name: string) => {
    const value = one(name)
    return value && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined
  }
  const left = at('left')
  if (left) return runNotices.left(left)
  const alreadyLeft = at('alreadyLeft')
  if (alreadyLeft) return runNotices.alreadyLeft(alreadyLeft)
  if (one('moved') === '1') return runNotices.moved
  if (one('refused') === 'not-today') return runNotices.notToday
  if (one('refused') === 'not-found') return runNotices.notFound
  if (one('refused') === 'not-on-run') return runNotices.notOnRun
  return null
}
