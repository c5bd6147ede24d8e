/**
 * The seller's time zone (Metro Detroit and Ann Arbor): "today", "this week" and every date and
 * time the seller or a customer reads are on its wall clock, whatever the server's zone is.
 */
export const BUSINESS_TIME_ZONE = 'America/Detroit'

type LocalParts = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  weekday: string
}

/** Making a DateTimeFormat costs far more than using one (a window list asks for hundreds): one per zone, kept. */
const partsFormats = new Map<string, Intl.DateTimeFormat>()

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
    partsFormats.set(timeZone, format)
  }
  return format
}

function localParts(instant: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  const number = (key: string) => Number(parts[key])
  return {
    year: number('year'),
    month: number('month'),
    day: number('day'),
    hour: number('hour'),
    minute: number('minute'),
    second: number('second'),
    weekday: parts.weekday,
  }
}

/** How far the time zone's wall clock is ahead of UTC at that instant (negative in Detroit). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const local = localParts(instant, timeZone)
  const localAsUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second)
  return localAsUtc - Math.floor(instant.getTime() / 1000) * 1000
}

/**
 * Midnight in the seller's time zone, `daysBack` calendar days before today, as a UTC instant.
 * The offset is taken at that midnight itself, so a range across a summer-time change is right.
 */
export function startOfDay(now: Date, daysBack = 0, timeZone = BUSINESS_TIME_ZONE): Date {
  const today = localParts(now, timeZone)
  const midnightAsUtc = Date.UTC(today.year, today.month - 1, today.day - daysBack)
  const firstGuess = midnightAsUtc - zoneOffsetMs(new Date(midnightAsUtc), timeZone)
  return new Date(midnightAsUtc - zoneOffsetMs(new Date(firstGuess), timeZone))
}

/**
 * The instant a wall-clock time in the seller's time zone stands for: `zonedInstant('2026-12-05',
 * '10:00')` is 15:00 UTC in winter and 14:00 UTC in summer.
 */
export function zonedInstant(dayKey: string, time: string, timeZone = BUSINESS_TIME_ZONE): Date {
  const [year, month, day] = dayKey.split('-').map(Number)
  const [hour, minute] = time.split(':').map(Number)
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute)
  const firstGuess = wallAsUtc - zoneOffsetMs(new Date(wallAsUtc), timeZone)
  return new Date(wallAsUtc - zoneOffsetMs(new Date(firstGuess), timeZone))
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

const twoDigits = (value: number) => String(value).padStart(2, '0')
const dayKeyOfParts = (local: LocalParts) => `${local.year}-${twoDigits(local.month)}-${twoDigits(local.day)}`

/** The seller's calendar day of an instant: its key ('2026-12-05') and weekday (0 = Sunday). */
export function businessDay(instant: Date, timeZone = BUSINESS_TIME_ZONE): { key: string; weekday: number } {
  const local = localParts(instant, timeZone)
  return { key: dayKeyOfParts(local), weekday: WEEKDAYS.indexOf(local.weekday as (typeof WEEKDAYS)[number]) }
}

/** A moment on the seller's wall clock as a file name takes it: '2026-11-29_21-30-05' (sorts by time; no ':'). */
export function businessFileStamp(instant: Date, timeZone = BUSINESS_TIME_ZONE): string {
  const local = localParts(instant, timeZone)
  return `${dayKeyOfParts(local)}_${twoDigits(local.hour)}-${twoDigits(local.minute)}-${twoDigits(local.second)}`
}

/** The day key `days` calendar days after `dayKey` (no time zone involved: calendar arithmetic). */
export function addDays(dayKey: string, days: number): string {
  const [year, month, day] = dayKey.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** The calendar day a stored date field holds: Payload keeps a picked day as an instant on that day (UTC). */
export const dayKeyOf = (stored: string | Date): string => new Date(stored).toISOString().slice(0, 10)

/** How a day is stored: noon UTC, which is the same calendar day in every time zone the admin is used in. */
export const storedDay = (dayKey: string) => `${dayKey}T12:00:00.000Z`

const FIRST_DAY_KEY_YEAR = 1970
const LAST_DAY_KEY_YEAR = 9998

/**
 * Whether a posted day is a real calendar day key ('2026-12-05') in the years the day arithmetic
 * here works for: Date.UTC reads a year below 100 as 19xx, and a day past 9999 has no four-digit
 * key (a sheet or a label adds days and weeks to the day it is given).
 */
export function isDayKey(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const year = Number(value.slice(0, 4))
  if (year < FIRST_DAY_KEY_YEAR || year > LAST_DAY_KEY_YEAR) return false
  // A month or day out of range ('2026-13-45') is an invalid date, whose toISOString throws.
  const noon = new Date(`${value}T12:00:00Z`)
  return !Number.isNaN(noon.getTime()) && noon.toISOString().slice(0, 10) === value
}

const dayKeyFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** A day key as people read it, short: 'Dec 5, 2026' (a calendar day: no time zone involved). */
export const shortDayLabel = (dayKey: string) => dayKeyFormat.format(new Date(`${dayKey}T12:00:00Z`))

/** Monday 00:00 of the current week in the seller's time zone, as a UTC instant. */
export function startOfWeek(now: Date, timeZone = BUSINESS_TIME_ZONE): Date {
  const weekday = localParts(now, timeZone).weekday
  const daysSinceMonday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday)
  return startOfDay(now, daysSinceMonday, timeZone)
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: BUSINESS_TIME_ZONE })
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE })

/** A date as people read it in the seller's time zone: "Nov 23, 2026". */
export const businessDate = (iso: string) => dateFormat.format(new Date(iso))

/** A date and time in the seller's time zone: "Nov 23, 2026, 6:20 AM". */
export const businessDateTime = (iso: string) => dateTimeFormat.format(new Date(iso))

const weekdayDateTimeFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: BUSINESS_TIME_ZONE,
})

/** A date and time in the seller's time zone with its weekday: "Sun, Nov 29, 2026, 9:30 PM". */
export const businessWeekdayDateTime = (iso: string) => weekdayDateTimeFormat.format(new Date(iso))

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE })

/** A time of day in the seller's time zone: "4:12 PM" (with a plain space, which some ICU versions write as a narrow one). */
export const businessTime = (iso: string) => timeFormat.format(new Date(iso)).replace(/\u202f/g, ' ')

/** A duration in whole minutes as the seller reads it: '45 min', '1 h', '2 h 40 min' (never below 0). */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes))
  const hours = Math.floor(whole / 60)
  const rest = whole % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
