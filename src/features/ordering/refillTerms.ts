import { addDays } from '@/shared/time'

/**
 * Refill plans as the order form offers them: the same jars at the same weekly time every few
 * weeks (`features/refills/` makes each refill). Pure: the order form uses it.
 */

/** The intervals a customer can choose. */
export const REFILL_INTERVALS_WEEKS = [2, 3, 4] as const
export type RefillInterval = (typeof REFILL_INTERVALS_WEEKS)[number]
export const isRefillInterval = (weeks: unknown): weeks is RefillInterval => REFILL_INTERVALS_WEEKS.includes(weeks as RefillInterval)

/** The plan's day after `dayKey`. */
export const followingDay = (dayKey: string, everyWeeks: number) => addDays(dayKey, 7 * everyWeeks)

/** The plan's private page: `/refills/<token>`. */
export const refillPlanPath = (token: string) => `/refills/${token}`

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })

/** 'Sat Dec 13': a day key as the refill e-mails name it (a calendar day: no time zone involved). */
export const refillDayText = (dayKey: string) => dayFormat.format(new Date(`${dayKey}T12:00:00Z`)).replace(',', '')

/** What the customer is told of a new plan: how often, its first refill's day, and its private page. */
export type PlanSummary = { everyWeeks: number; nextDay: string; path: string }

export const planSummary = (plan: { everyWeeks: number; nextDay: string; token: string }): PlanSummary => ({ everyWeeks: plan.everyWeeks, nextDay: plan.nextDay, path: refillPlanPath(plan.token) })

/** "Every 2 weeks, the next on Sat Dec 19". */
export const planText = (plan: Pick<PlanSummary, 'everyWeeks' | 'nextDay'>) => `Every ${plan.everyWeeks} weeks, the next on ${refillDayText(plan.nextDay)}`

/** What a new plan's customer is told it does, in their e-mail. */
export const planPromise = (plan: Pick<PlanSummary, 'everyWeeks' | 'nextDay'>) =>
  `${planText(plan)}: the same jars at the same time. We make each refill's order a few days before its day and e-mail you then, with how to pay.`
