import { WHOLE_ORDER_REFERENCE } from '@/features/ordering/referenceFormat'
import { FORMAT_LABELS, STATEMENT_FORMATS, type IgnoredRows, type StatementFormat } from '@/features/payments/statements/formats'
import { REVIEW_SECTIONS, type ReviewSection } from '@/features/payments/statements/service'
import { counted } from '@/shared/counted'

import { STATEMENTS_VIEW } from './adminViews'

/**
 * What Admin → Payments received says after a post (post/redirect/get): the post's endpoint
 * (statementPosts.ts) writes it into the view's address, the view (components/StatementView.tsx)
 * reads it back. Both sides are here, so the address has one shape.
 */

/** The upload's figures, as the statement's import counted them. */
export type UploadFigures = { added: number; known: number; ignored: IgnoredRows }

/** A review button's outcome: the references of the orders marked paid, why others were not, payments left. */
export type ReviewOutcome = { marked: string[]; refused: string[]; left: number }

/** At most this many reasons travel in the address: more would make it long, and one says enough. */
const REASONS_SHOWN = 3
/**
 * At most this many references of the orders marked paid travel in the address, the others as
 * their count: "Confirm all" on thousands would pass Node's 16 KB limit of a request's headers, and
 * the seller would see an error page for payments that were all confirmed.
 */
const MARKED_SHOWN = 20
/** A reason longer than this is not one the service wrote. */
const REASON_MAX = 200

const IGNORED_PARTS: [keyof IgnoredRows, string, string][] = [
  ['outgoing', 'outgoing payment', 'outgoing payments'],
  ['refunds', 'refund', 'refunds'],
  ['other', 'other line (pending, declined, rewards…)', 'other lines (pending, declined, rewards…)'],
  ['unreadable', 'line whose date or amount could not be read', 'lines whose date or amount could not be read'],
]

type Search = Record<string, string | string[] | undefined> | undefined
const all = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value === undefined ? [] : [value])
const one = (value: string | string[] | undefined) => all(value)[0] ?? ''
const REVIEW_SECTION_KEYS = Object.keys(REVIEW_SECTIONS) as ReviewSection[]
const count = (value: string | string[] | undefined) => (/^\d{1,6}$/.test(one(value)) ? Number(one(value)) : 0)

/** Which page of each review section the view shows (the first where none is said). */
export type ReviewPages = Partial<Record<ReviewSection, number>>

const pageField = (section: ReviewSection) => `${section}Page`

/** The view's address showing those pages, with an answer to say (after a post). */
export function statementsUrl(pages: ReviewPages = {}, answer?: URLSearchParams) {
  const query = new URLSearchParams(answer)
  for (const section of REVIEW_SECTION_KEYS) if ((pages[section] ?? 1) > 1) query.set(pageField(section), String(pages[section]))
  const text = query.toString()
  return text ? `${STATEMENTS_VIEW.url}?${text}` : STATEMENTS_VIEW.url
}

/** The pages an address (the view's) or a post (a review button's hidden fields) asks for: whole numbers from 1. */
export function pagesAsked(read: (name: string) => string | undefined): ReviewPages {
  const pages: ReviewPages = {}
  for (const section of REVIEW_SECTION_KEYS) {
    const asked = read(pageField(section)) ?? ''
    if (/^\d{1,6}$/.test(asked) && Number(asked) > 1) pages[section] = Number(asked)
  }
  return pages
}

/** The hidden fields a review button posts to come back to the same pages. */
export const pageFields = (pages: ReviewPages) => Object.entries(pages).map(([section, page]) => ({ name: pageField(section as ReviewSection), value: String(page) }))

/** One section's page changed, the others kept. */
export const withPage = (pages: ReviewPages, section: ReviewSection, page: number): ReviewPages => ({ ...pages, [section]: page })

export function uploadAnswer(format: StatementFormat, figures: UploadFigures): URLSearchParams {
  const query = new URLSearchParams({ uploaded: format, added: String(figures.added), known: String(figures.known) })
  for (const [part] of IGNORED_PARTS) if (figures.ignored[part] > 0) query.set(part, String(figures.ignored[part]))
  return query
}

/** The review's answer in the address: what was done, as references and a count only (see `REFUSED_COOKIE` for why not). */
export function reviewAnswer({ marked, left }: Omit<ReviewOutcome, 'refused'>): URLSearchParams {
  const query = new URLSearchParams({ done: '1' })
  if (marked.length) query.set('marked', marked.slice(0, MARKED_SHOWN).join(','))
  if (marked.length > MARKED_SHOWN) query.set('markedMore', String(marked.length - MARKED_SHOWN))
  if (left) query.set('left', String(left))
  return query
}

/**
 * Why a confirm was not done travels in a cookie of the view's own path, not in the address: a
 * reason is free text, and a link anyone can send would otherwise put any words they like in the
 * seller's admin. Only this site's answer sets the cookie; it lasts the minute the seller reads it.
 */
export const REFUSED_COOKIE = 'statement-refused'
const REFUSED_COOKIE_SECONDS = 60

/** The `Set-Cookie` of the reasons a review post gives back (the first few, each at most as long as the service writes them). */
export function refusedCookie(reasons: readonly string[], secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(reasons.slice(0, REASONS_SHOWN).map((reason) => reason.slice(0, REASON_MAX))))
  return `${REFUSED_COOKIE}=${value}; Path=${STATEMENTS_VIEW.url}; Max-Age=${REFUSED_COOKIE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

/** The reasons in a request's `Cookie` header, as `refusedCookie` wrote them; none for anything else. */
export function refusedFrom(cookieHeader: string | null | undefined): string[] {
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${REFUSED_COOKIE}=`))
    ?.slice(REFUSED_COOKIE.length + 1)
  if (!raw) return []
  try {
    const reasons: unknown = JSON.parse(decodeURIComponent(raw))
    return Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === 'string' && reason.length <= REASON_MAX).slice(0, REASONS_SHOWN) : []
  } catch {
    return []
  }
}

/** The generic CSV's second step: its columns to choose, and the method chosen for its payments. */
export function columnsStep(headers: readonly string[], method: string): URLSearchParams {
  const query = new URLSearchParams({ step: 'columns', method })
  for (const header of headers.slice(0, COLUMNS_MAX)) query.append('column', header.slice(0, COLUMN_NAME_MAX))
  return query
}

/** A header row longer than this is not a payment app's statement a seller would read by hand. */
const COLUMNS_MAX = 40
const COLUMN_NAME_MAX = 80

export type StatementAnswer =
  | { kind: 'uploaded'; text: string }
  /** `markedMore`: how many more orders were marked paid than `marked` names. */
  | { kind: 'reviewed'; marked: string[]; markedMore: number; refused: string[]; left: number }
  | { kind: 'columns'; headers: string[]; method: string }

/** What the view's address (and, for a review's refusals, its cookie) says happened, or null on a plain visit. */
export function readAnswer(search: Search, cookieHeader?: string | null): StatementAnswer | null {
  const format = one(search?.uploaded)
  if ((STATEMENT_FORMATS as readonly string[]).includes(format)) return { kind: 'uploaded', text: uploadText(format as StatementFormat, search) }
  if (one(search?.done) === '1') {
    return {
      kind: 'reviewed',
      marked: one(search?.marked)
        .split(',')
        .filter((reference) => WHOLE_ORDER_REFERENCE.test(reference))
        .slice(0, MARKED_SHOWN),
      markedMore: count(search?.markedMore),
      refused: refusedFrom(cookieHeader),
      left: count(search?.left),
    }
  }
  if (one(search?.step) === 'columns') {
    const headers = all(search?.column)
      .slice(0, COLUMNS_MAX)
      .filter((header) => header && header.length <= COLUMN_NAME_MAX)
    return headers.length ? { kind: 'columns', headers, method: one(search?.method) } : null
  }
  return null
}

function uploadText(format: StatementFormat, search: Search): string {
  const [added, known] = [count(search?.added), count(search?.known)]
  const read = `${format === 'generic' ? 'Statement' : `${FORMAT_LABELS[format]} statement`} read: ${counted(added, 'payment')} added, ${known} already imported.`
  const ignored = IGNORED_PARTS.filter(([part]) => count(search?.[part]) > 0).map(([part, noun, plural]) => counted(count(search?.[part]), noun, plural))
  return ignored.length ? `${read} Ignored: ${ignored.join(', ')}.` : read
}

/** The review's answer in the seller's words: orders marked paid first (the first few by reference), then what was not done. */
export function reviewedText(marked: readonly string[], left: number, markedMore = 0): string[] {
  const lines: string[] = []
  if (marked.length) lines.push(`${counted(marked.length + markedMore, 'order')} marked paid: ${marked.join(', ')}${markedMore ? ` and ${markedMore.toLocaleString('en-US')} more` : ''}.`)
  if (left) lines.push(`${counted(left, 'payment')} left: not an order’s, kept out of the review.`)
  return lines
}
