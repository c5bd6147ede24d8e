import { describe, expect, it } from 'vitest'

import { DEFAULT_TEMPLATES, fillTemplate, MESSAGE_KINDS, templatesFrom, unknownPlaceholders } from '@/features/messages/templates'

describe('e-mail templates', () => {
  it('fill placeholders; an unknown one reaches no customer in braces, and the preview names it', () => {
    const text = 'Hi {name}, order {reference} ({totl}) is {status}.'
    expect(fillTemplate(text, { name: 'Dana', reference: 'SM-1042' })).toBe('Hi Dana, order SM-1042 () is .')
    expect(unknownPlaceholders(text)).toEqual(['totl', 'status'])
    expect(unknownPlaceholders('Hi {name}')).toEqual([])
  })

  it('fall back to the seeded words wherever the seller left a field empty', () => {
    const templates = templatesFrom({ confirmed: { enabled: false, subject: '  ', body: 'Confirmed, {name}!' }, refill: { refillAfterDays: 10 } })
    expect(templates.confirmed).toEqual({ enabled: false, subject: DEFAULT_TEMPLATES.confirmed.subject, body: 'Confirmed, {name}!' })
    expect(templates.ready).toEqual({ enabled: true, subject: DEFAULT_TEMPLATES.ready.subject, body: DEFAULT_TEMPLATES.ready.body })
    expect(templates.refillAfterDays).toBe(10)
    expect(templatesFrom({}).refillAfterDays).toBe(12)
  })

  it('seed wording that uses only known placeholders', () => {
    for (const kind of MESSAGE_KINDS) expect(unknownPlaceholders(`${DEFAULT_TEMPLATES[kind].subject} ${DEFAULT_TEMPLATES[kind].body}`), kind).toEqual([])
  })
})
