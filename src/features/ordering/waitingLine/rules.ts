/**
 * The waiting line's rules, pure (no I/O): who is offered which freed jars, what a place's position
 * reads as, and what visitors are told. `line.ts` reads and writes the places by them.
 */
import type { BatchStock } from '@/features/ordering/batches'
import type { FlavorOption, JarsLeft } from '@/features/ordering/catalog'
import { PACKAGE_QUANTITIES } from '@/features/ordering/pricing'
import type { Message } from '@/shared/notices'
import { BUSINESS_TIME_ZONE } from '@/shared/time'
import { counted } from '@/shared/counted'
import { jarsText, wordList } from '@/features/ordering/wording'

/** How many jars a place may ask for: the packages on sale (1, 3 or 6), so a claim can order all of them. */
export const WANTED_COUNTS = PACKAGE_QUANTITIES

/**
 * A place's life: waiting → offered (jars held for it) → claimed (an order took them) or passed (it
 * declined, or the hold ran out); or it leaves while waiting: expired (after the seller's days),
 * removed (by the seller), unsubscribed (the address's link in a line e-mail).
 */
export const LINE_STATUSES = ['waiting', 'offered', 'claimed', 'passed', 'expired', 'removed', 'unsubscribed'] as const
export type LineStatus = (typeof LINE_STATUSES)[number]

/** The places still in line: one per address and flavor among these. */
export const ACTIVE_STATUSES: readonly LineStatus[] = ['waiting', 'offered']

/** Whether a place is still in line (waiting, or holding jars). */
export const inLine = (place: { status: LineStatus }) => (ACTIVE_STATUSES as readonly string[]).includes(place.status)

/** A fresh site's settings (Shop → Batch rules → Waiting line): off; held 2 hours; a place kept 30 days. */
export const DEFAULT_HOLD_HOURS = 2
export const HOLD_HOURS_MAX = 48
export const DEFAULT_PLACE_DAYS = 30
export const PLACE_DAYS_MAX = 365

export type LineSettings = { enabled: boolean; holdHours: number; placeDays: number }

export function lineSettingsFrom(stock: { waitingLine?: { enabled?: boolean | null; holdHours?: number | null; placeDays?: number | null } | null }): LineSettings {
  const line = stock.waitingLine ?? {}
  return { enabled: line.enabled === true, holdHours: line.holdHours ?? DEFAULT_HOLD_HOURS, placeDays: line.placeDays ?? DEFAULT_PLACE_DAYS }
}

/** A place as the offering reads it: its flavor's key (null: any flavor) and how many jars it wants. */
export type WaitingPlace = { id: number | string; flavor?: string | null; jarsWanted: number }

export type Offer<P extends WaitingPlace> = { place: P; jars: string[] }

/**
 * The offers a batch's jars make to the line, in the order the places were taken: each place whose
 * count fits what is left (of its flavor; of every flavor on sale for "any flavor") is offered that
 * many jars, which are then no longer left for the places after it. A place that does not fit keeps
 * its turn for later. A batch without a limit holds nothing (it never sells out).
 *
 * `onSale`: the flavor keys the shop sells now (available), in the seller's order. An "any flavor"
 * place is offered the flavors with most jars left first; in a batch counted in one total its jars
 * name no flavor ('').
 */
export function offersFor<P extends WaitingPlace>(places: readonly P[], stock: BatchStock, onSale: readonly string[]): Offer<P>[] {
  if (stock.total === null) return []
  const perFlavor = stock.perFlavor && new Map([...stock.perFlavor].filter(([value]) => onSale.includes(value)))
  let total = perFlavor ? [...perFlavor.values()].reduce((sum, left) => sum + left, 0) : stock.total
  const offers: Offer<P>[] = []
  for (const place of places) {
    const wanted = place.jarsWanted
    if (wanted < 1 || wanted > total) continue
    if (place.flavor && !onSale.includes(place.flavor)) continue
    let jars: string[] | null = null
    if (!perFlavor) jars = Array<string>(wanted).fill(place.flavor ?? '')
    else if (place.flavor) jars = (perFlavor.get(place.flavor) ?? 0) >= wanted ? Array<string>(wanted).fill(place.flavor) : null
    else jars = mostLeftFirst(perFlavor, onSale, wanted)
    if (!jars) continue
    if (perFlavor) for (const value of jars) perFlavor.set(value, (perFlavor.get(value) ?? 0) - 1)
    total -= wanted
    offers.push({ place, jars })
  }
  return offers
}

function mostLeftFirst(perFlavor: Map<string, number>, onSale: readonly string[], wanted: number): string[] {
  const left = new Map(perFlavor)
  const jars: string[] = []
  while (jars.length < wanted) {
    const [value, count] = onSale.map((key) => [key, left.get(key) ?? 0] as const).reduce((best, next) => (next[1] > best[1] ? next : best))
    if (count <= 0) return jars
    jars.push(value)
    left.set(value, count - 1)
  }
  return jars.sort((a, b) => onSale.indexOf(a) - onSale.indexOf(b))
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/** One place per address and flavor while in line (`activeKey`). */
export const activeKeyOf = (email: string, flavor: string | null) => `${email.trim().toLowerCase()}|${flavor ?? '*'}`

/** What a place waits for, as people read it: "Peach Ginger" or "any flavor". */
export const wantedFlavorText = (flavorName: string | null | undefined) => flavorName || 'any flavor'

const holdEndFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE })

/** "Sunday, 3:00 PM": when a hold ends, in the seller's time zone. */
export const holdEndText = (holdUntil: string | Date) => holdEndFormat.format(new Date(holdUntil))

/** What visitors read of the line (the join form, the claim and the "No thanks" pages). */
export const lineNotices = {
  joined: (position: number, flavorName: string | null): Message => ({
    title: 'You Are in Line',
    description: `You are ${ordinal(position)} in line for ${wantedFlavorText(flavorName)}. When jars come free we e-mail you and hold them for you for a while; joining the line does not add you to our e-mail list.`,
  }),
  alreadyInLine: (position: number, flavorName: string | null): Message => ({
    title: 'Already in Line',
    description: `You are already ${ordinal(position)} in line for ${wantedFlavorText(flavorName)}. We will e-mail you when jars come free.`,
  }),
  closed: { title: 'No Waiting Line', description: 'The waiting line is closed right now. Please check the order page again later.' },
  notSoldOut: (flavorName: string | null): Message => ({
    title: 'Still for Sale',
    description: `${flavorName ? flavorName : 'This batch'} is still for sale: you can order it now.`,
  }),
  missingEmail: { title: 'Missing Email', description: 'Please enter your email address, so we can tell you when jars come free.' },
  failed: { title: 'Not in Line Yet', description: 'Sorry, we could not add you to the line just now. Please try again.' },
  invalidCount: { title: 'How Many Jars?', description: `Please choose ${WANTED_COUNTS.map(String).join(', ').replace(/, (\d+)$/, ' or $1')} jars.` },
  unknownFlavor: { title: 'Unknown Flavor', description: 'Please choose a flavor from the list.' },
  /** A claim link whose hold ended: the jars went on, truthfully said where. */
  holdEnded: (holdUntil: string, wentTo: 'next-in-line' | 'on-sale'): Message => ({
    title: 'Hold Ended',
    description: `Sorry, the jars held for you until ${holdEndText(holdUntil)} ${wentTo === 'next-in-line' ? 'went to the next person in line' : 'went back on sale'}.`,
  }),
  /** The claim page's banner: what is held (the flavors' names, none for jars of no flavor) and until when. */
  heldForYou: (heldCount: number, flavorNames: readonly string[], holdUntil: string): Message => ({
    title: 'Held for You',
    description: `${jarsText(heldCount)}${flavorNames.length > 0 ? ` of ${wordList(flavorNames, 'and')}` : ''} ${heldCount === 1 ? 'is' : 'are'} held for you until ${holdEndText(holdUntil)}.`,
  }),
  /** Under the claim page's banner. */
  claimHow: 'Choose your pickup or delivery time below. You may take fewer jars: the rest go to the next person in line.',
  /** Above the "No thanks" page's button. */
  declineHow: "Don't want them anymore? Pass them on and they go to the next person in line, or back on sale. This also ends your place in line.",
  /** A claim or "No thanks" link opened after its hold's time: the page says so and writes nothing (the line's round passes the jars on). */
  holdRanOut: (holdUntil: string): Message => ({
    title: 'Hold Ended',
    description: `Sorry, the jars were held for you until ${holdEndText(holdUntil)}, and that time has passed: they go to the next person in line or back on sale.`,
  }),
  claimed: { title: 'Already Ordered', description: 'These jars were already ordered with this link.' },
  // A place passes on by "No thanks" or by its hold running out, and keeps no trace of which: say both.
  passed: { title: 'Passed On', description: 'These jars were passed on (you said no thanks, or their hold ended), so they went to the next person in line or back on sale.' },
  left: { title: 'Not in Line', description: 'This place in line has ended.' },
  declined: (heldCount: number, wentTo: 'next-in-line' | 'on-sale'): Message => ({
    title: 'Passed On',
    description: `Thank you: the ${jarsText(heldCount)} held for you ${wentTo === 'next-in-line' ? 'went to the next person in line' : 'went back on sale'}. You have left the line.`,
  }),
} as const

/** The join form's own words on /order (its answers are `lineNotices`). */
export const joinFormText = {
  /** The sold-out card's form, for any flavor or one. */
  title: 'Get in line',
  intro: (holdHours: number) =>
    `When jars come free (a cancelled order, jars we add), we offer them to the line in turn and hold them for you for ${counted(holdHours, 'hour')}.`,
  /** The compact form while only some flavors are sold out. */
  soldOutFlavors: (flavorNames: readonly string[]) => `Sold out of ${wordList(flavorNames, 'or')}? Get in line for it`,
  notEmailList: 'Joining the line is not joining our e-mail list: we write to you only about your place in line.',
  phoneHint: 'Optional: for the seller, should they need to reach you about your jars.',
  anyFlavor: 'Any flavor',
  submit: 'Get in line',
  busy: 'Joining...',
} as const

/**
 * Why a place's link can no longer be used (it was ordered, passed on or has left the line), or
 * null while its jars are held for it (its hold may still have run out: the caller checks the time).
 */
export function placeState(place: { status: LineStatus } | null): Message | null {
  if (!place) return lineNotices.left
  if (place.status === 'offered') return null
  if (place.status === 'claimed') return lineNotices.claimed
  if (place.status === 'passed') return lineNotices.passed
  return lineNotices.left
}

/**
 * The held jars on top of what the public may still buy: their flavors are on offer to this
 * visitor (the order takes the held jars first, `service.ts#storeOrder`), though the order page
 * shows them sold out to everyone else.
 */
export function withHeldJars(flavors: readonly FlavorOption[], jarsLeft: JarsLeft, held: readonly string[]): { flavors: FlavorOption[]; jarsLeft: JarsLeft } {
  const heldOf = (value: string) => held.filter((jar) => jar === value).length
  return {
    flavors: flavors.map((flavor) => {
      const count = heldOf(flavor.value)
      return count === 0 ? flavor : { ...flavor, available: true, left: flavor.left === undefined ? undefined : flavor.left + count }
    }),
    jarsLeft: jarsLeft === null ? null : jarsLeft + held.length,
  }
}
