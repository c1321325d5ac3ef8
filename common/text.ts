// Text rules shared by the SPA and the server, so that both sides agree on what a limit counts and what
// stored text may hold:
// - lengths count Unicode code points: an emoji is one, as a person counts it (String#length, and a
//   browser's maxlength, count UTF-16 units: two for an emoji);
// - stored text holds no control characters (C0 and C1, DEL), no lone surrogates and no noncharacters
//   (U+FDD0–U+FDEF, U+xFFFE and U+xFFFF of every plane). Multi-line text (descriptions, comments) keeps
//   its line breaks (CR LF and CR become LF) and tabs.

/** 'line': a title, a name, a tag, a search term. 'multiline': a description or a comment. */
export type TextKind = 'line' | 'multiline'

const NONCHARACTERS = `\\ufdd0-\\ufdef\\ufffe\\uffff${Array.from({ length: 16 }, (_, index) => {
  const plane = (index + 1).toString(16)
  return `\\u{${plane}fffe}\\u{${plane}ffff}`
}).join('')}`
// With the u flag, [\ud800-\udfff] matches only unpaired surrogates: a pair is one astral code point.
const FORBIDDEN: Record<TextKind, RegExp> = {
  line: new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\ud800-\\udfff${NONCHARACTERS}]`, 'u'),
  multiline: new RegExp(
    `[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff${NONCHARACTERS}]`,
    'u',
  ),
}
const FORBIDDEN_ALL: Record<TextKind, RegExp> = {
  line: new RegExp(FORBIDDEN.line.source, 'gu'),
  multiline: new RegExp(FORBIDDEN.multiline.source, 'gu'),
}
/** Controls that separate words (tab, line breaks, vertical tab, form feed, NEL): stripped to a space. */
const SPACING_CONTROLS = /[\t\n\v\f\r\u0085]/

/** How many code points `text` has (a lone surrogate counts as one). */
export const codePointLength = (text: string): number => {
  let count = text.length
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index)
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--
        index++
      }
    }
  }
  return count
}

/** The first `max` code points of `text` (never half of a surrogate pair). */
export const sliceCodePoints = (text: string, max: number): string => {
  if (text.length <= max) return text
  let points = 0
  let index = 0
  while (index < text.length && points < max) {
    const unit = text.charCodeAt(index)
    const next = text.charCodeAt(index + 1)
    index += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1
    points++
  }
  return text.slice(0, index)
}

/** CR LF and lone CR become LF (textareas and some platforms send CR LF). */
export const normalizeNewlines = (text: string): string => text.replace(/\r\n?/g, '\n')

/** True when `text` holds a character stored text may not (after normalizeNewlines for multi-line). */
export const hasForbiddenChars = (text: string, kind: TextKind = 'line'): boolean =>
  FORBIDDEN[kind].test(kind === 'multiline' ? normalizeNewlines(text) : text)

/** `text` without what stored text may not hold: controls that separate words become a space (a tab or a
 *  pasted line break in a title), the rest is dropped. Multi-line text keeps its line breaks and tabs. */
export const stripControl = (text: string, kind: TextKind = 'line'): string =>
  (kind === 'multiline' ? normalizeNewlines(text) : text).replace(FORBIDDEN_ALL[kind], (char) =>
    SPACING_CONTROLS.test(char) ? ' ' : '',
  )

/** Search text as every list takes it: no control characters, at most 100 code points. */
export const SEARCH_TEXT_MAX = 100
export const searchText = (value: string | undefined): string =>
  sliceCodePoints(stripControl(value ?? ''), SEARCH_TEXT_MAX)
