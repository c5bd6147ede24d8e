/**
 * Cleans what a visitor typed before a form checks it or stores it. Invisible characters count as
 * nothing: a name made only of zero-width spaces is a missing name, and a stored address carries no
 * hidden marks that break searching, copying into a map, or a spreadsheet.
 *
 * No imports: the form schemas that use this run in the browser as well as on the server.
 */

// Removed: Unicode format characters (\p{Cf}: zero-width space/joiners, word joiner, BOM, soft
// hyphen, bidi embeddings, overrides and isolates, tag characters…) and control characters (\p{Cc}:
// NUL, the other C0 controls, DEL and the C1 range).
// Kept, matched first so the last alternative never sees them:
// 1. an emoji tag sequence (a subdivision flag such as Scotland's: black flag, tag letters, cancel tag);
// 2. a zero-width joiner between two emoji, with the emoji before it (skin tone or U+FE0F allowed),
//    as in family and profession emoji (woman + ZWJ + laptop). The emoji after it is only looked at,
//    so a chain (man + ZWJ + woman + ZWJ + girl) keeps every joiner. No lookbehind: older Safari
//    cannot parse one, and this module ships to the browser.
const INVISIBLE = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|(\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]*\u200D)(?=\p{Extended_Pictographic})|[\p{Cf}\p{Cc}]/gu

// Within a multi-line field, line breaks and tabs are text, not controls.
const MULTILINE_KEPT = /[\n\t]/

export type TextKind = 'single-line' | 'multi-line'

/**
 * The text without invisible characters. In a multi-line field line breaks (CR LF and CR become LF,
 * as a textarea's value has them) and tabs stay; in a single-line field a tab or line break becomes a
 * space, so the words on either side stay apart. Surrounding whitespace is left to the caller's trim.
 */
export function cleanText(text: string, kind: TextKind = 'single-line'): string {
  const unified = text.replace(/\r\n?/g, '\n')
  const flat = kind === 'multi-line' ? unified : unified.replace(/[\n\t\v\f]/g, ' ')
  return flat.replace(INVISIBLE, (match, tagSequence?: string, joinedEmoji?: string) => {
    if (tagSequence || joinedEmoji) return match
    return kind === 'multi-line' && MULTILINE_KEPT.test(match) ? match : ''
  })
}
