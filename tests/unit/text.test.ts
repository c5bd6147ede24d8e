import { describe, expect, it } from 'vitest'

import { cleanText } from '@/shared/text'

const ZWSP = '\u200B'
const ZWJ = '\u200D'

describe('cleanText: invisible characters count as nothing', () => {
  it.each([
    ['zero-width space, non-joiner, joiner, LRM, RLM', '\u200B\u200C\u200D\u200E\u200F'],
    ['word joiner and invisible operators', '\u2060\u2061\u2062\u2063\u2064'],
    ['byte-order mark and soft hyphen', '\uFEFF\u00AD'],
    ['bidi embeddings, overrides and isolates', '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069'],
    ['Arabic letter mark and Mongolian vowel separator', '\u061C\u180E'],
    ['tag characters outside a flag', '\u{E0041}\u{E0042}\u{E007F}'],
    ['NUL and other C0 controls, DEL, C1 controls', '\u0000\u0001\u0007\u001B\u007F\u0085\u009F'],
  ])('removes %s', (_kind, invisible) => {
    expect(cleanText(invisible)).toBe('')
    expect(cleanText(`An${invisible}n`)).toBe('Ann')
    expect(cleanText(invisible, 'multi-line')).toBe('')
  })

  it('leaves visible text, accents, scripts and spacing as they are', () => {
    for (const text of ['Dana Tester', 'José Ñúñez', 'Zoë O’Brien-Smith', '李小龍', 'محمد', '  padded  ', '=SUM(A1)']) {
      expect(cleanText(text)).toBe(text)
    }
  })

  it('keeps line breaks and tabs in a multi-line field, with CR LF as LF', () => {
    expect(cleanText('Line one\r\nLine two\rthree\n\tindented', 'multi-line')).toBe('Line one\nLine two\nthree\n\tindented')
    expect(cleanText(`a${ZWSP}\n\u0000b`, 'multi-line')).toBe('a\nb')
  })

  it('turns a tab or line break in a single-line field into a space', () => {
    expect(cleanText('Dana\tTester')).toBe('Dana Tester')
    expect(cleanText('1 Main St\r\nApt 2')).toBe('1 Main St Apt 2')
  })

  it.each([
    ['family', '👨‍👩‍👧‍👦'],
    ['woman technologist with a skin tone', '👩🏽‍💻'],
    ['health worker with VS16', '🧑‍⚕️'],
    ['rainbow flag (VS16 before the joiner)', '🏳️‍🌈'],
    ['heart on fire', '❤️‍🔥'],
    ['people holding hands', '🧑🏻‍🤝‍🧑🏿'],
    ['Scotland flag (tag sequence)', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
  ])('keeps the joiners of an emoji sequence: %s', (_name, emoji) => {
    expect(cleanText(emoji)).toBe(emoji)
    expect(cleanText(`Great gel ${emoji}!`, 'multi-line')).toBe(`Great gel ${emoji}!`)
  })

  it('removes a joiner that does not join two emoji', () => {
    expect(cleanText(`👍${ZWJ}`)).toBe('👍')
    expect(cleanText(`${ZWJ}👍`)).toBe('👍')
    expect(cleanText(`a${ZWJ}👍`)).toBe('a👍')
    expect(cleanText(`👍${ZWJ}b`)).toBe('👍b')
    expect(cleanText(`👍${ZWJ}${ZWJ}👍`)).toBe('👍👍')
    expect(cleanText(`${ZWJ}${ZWJ}`)).toBe('')
  })

  it('removes a hidden mark inside an emoji sequence but keeps the sequence', () => {
    expect(cleanText(`👩${ZWSP}${ZWJ}💻`)).toBe('👩💻')
    expect(cleanText(`👩${ZWJ}${ZWSP}💻`)).toBe('👩💻')
    expect(cleanText(`\u202E👩${ZWJ}💻\u202C`)).toBe(`👩${ZWJ}💻`)
  })
})
