import { describe, expect, it } from 'vitest'

import { columnsStep, pagesAsked, readAnswer, refusedCookie, reviewAnswer, reviewedText, statementsUrl, uploadAnswer, withPage } from '@/features/admin/statementAnswers'

/** The query of an address, as Next hands a page its search parameters (a name given twice: a list). */
function search(url: string): Record<string, string | string[]> {
  const params = new URL(url, 'http://site.test').searchParams
  const read: Record<string, string | string[]> = {}
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name)
    read[name] = values.length > 1 ? values : values[0]!
  }
  return read
}

describe('the address Payments received is sent back to after a post', () => {
  it('keeps each section on its own page, and says nothing on a plain visit', () => {
    expect(statementsUrl()).toBe('/admin/payments')
    const url = statementsUrl(withPage({ unmatched: 3 }, 'matched', 2))
    expect(pagesAsked((name) => search(url)[name] as string)).toEqual({ matched: 2, unmatched: 3 })
    expect(readAnswer(search(url))).toBeNull()
  })

  it('reads no page that is not a whole number above 1', () => {
    for (const asked of ['0', '1', '-2', '1.5', 'abc', '9999999', '']) expect(pagesAsked((name) => (name === 'differsPage' ? asked : undefined))).toEqual({})
  })

  it('words an upload’s figures, with only the kinds of lines it ignored', () => {
    const url = statementsUrl({}, uploadAnswer('venmo', { added: 1, known: 2, ignored: { outgoing: 1, refunds: 3, other: 0, unreadable: 0 } }))
    expect(readAnswer(search(url))).toEqual({ kind: 'uploaded', text: 'Venmo statement read: 1 payment added, 2 already imported. Ignored: 1 outgoing payment, 3 refunds.' })
    const generic = statementsUrl({}, uploadAnswer('generic', { added: 0, known: 0, ignored: { outgoing: 0, refunds: 0, other: 0, unreadable: 0 } }))
    expect(readAnswer(search(generic))).toEqual({ kind: 'uploaded', text: 'Statement read: 0 payments added, 0 already imported.' })
  })

  it('carries what a review button did, dropping what no post wrote: a reference of another shape, an over-long reason', () => {
    const url = statementsUrl({ ambiguous: 2 }, reviewAnswer({ marked: ['SM-1042', 'SM-1043'], left: 1 }))
    // Why one was not done comes back in the view's own cookie, never in the address.
    const cookie = refusedCookie(['SM-1001 is already marked paid.'], true)
    expect(cookie).toMatch(/^statement-refused=[^;]+; Path=\/admin\/payments; Max-Age=60; HttpOnly; SameSite=Strict; Secure$/)
    expect(readAnswer(search(url), `other=1; ${cookie.split(';')[0]}`)).toEqual({ kind: 'reviewed', marked: ['SM-1042', 'SM-1043'], markedMore: 0, refused: ['SM-1001 is already marked paid.'], left: 1 })
    expect(url).not.toContain('refused')
    expect(readAnswer(search(url), 'statement-refused=%7Bnot%20json')).toMatchObject({ refused: [] })
    expect(pagesAsked((name) => search(url)[name] as string)).toEqual({ ambiguous: 2 })
    const forged = '/admin/payments?done=1&marked=SM-1042,<b>x</b>,javascript:alert(1)&refused=' + 'x'.repeat(201)
    // A reason in a link someone sent is not shown: only this site's answer sets the cookie.
    expect(readAnswer(search(forged.replace(/refused=x+/, 'refused=Your account is locked, call 555-0100')))).toEqual({ kind: 'reviewed', marked: ['SM-1042'], markedMore: 0, refused: [], left: 0 })
    expect(readAnswer(search(forged))).toEqual({ kind: 'reviewed', marked: ['SM-1042'], markedMore: 0, refused: [], left: 0 })
  })

  it('after "Confirm all" on thousands of orders, names the first few and counts the rest, in an address a server accepts', () => {
    const marked = Array.from({ length: 2_500 }, (_, index) => `SM-${10_000 + index}`)
    const url = statementsUrl({}, reviewAnswer({ marked, left: 0 }))
    // Node refuses a request whose headers pass 16 KB (431): the address must stay far under it.
    expect(url.length).toBeLessThan(1_000)
    const answer = readAnswer(search(url))
    expect(answer).toEqual({ kind: 'reviewed', marked: marked.slice(0, 20), markedMore: 2_480, refused: [], left: 0 })
    expect(answer?.kind === 'reviewed' && reviewedText(answer.marked, answer.left, answer.markedMore)).toEqual([`2,500 orders marked paid: ${marked.slice(0, 20).join(', ')} and 2,480 more.`])
    expect(reviewedText(['SM-1042'], 2)).toEqual(['1 order marked paid: SM-1042.', '2 payments left: not an order’s, kept out of the review.'])
  })

  it('asks for a generic CSV’s columns with its headers and the method chosen', () => {
    const url = statementsUrl({}, columnsStep(['When', 'Paid', 'Customer', 'Memo'], 'zelle'))
    expect(readAnswer(search(url))).toEqual({ kind: 'columns', headers: ['When', 'Paid', 'Customer', 'Memo'], method: 'zelle' })
  })
})
