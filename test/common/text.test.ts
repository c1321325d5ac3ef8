// common/text.ts: lengths in code points, and the characters stored text may not hold.
import { describe, expect, it } from 'vitest'
import {
  codePointLength,
  hasForbiddenChars,
  normalizeNewlines,
  sliceCodePoints,
  stripControl,
} from '../../common/text'

const EMOJI = '\u{1F3B5}' // 🎵: one code point, two UTF-16 units

describe('codePointLength and sliceCodePoints', () => {
  it('count an astral character once', () => {
    expect(EMOJI.length).toBe(2)
    expect(codePointLength(EMOJI)).toBe(1)
    expect(codePointLength(EMOJI.repeat(2000))).toBe(2000)
    expect(codePointLength(`a${EMOJI}b`)).toBe(3)
    expect(codePointLength('')).toBe(0)
    // A lone surrogate is one code point.
    expect(codePointLength('\ud800x')).toBe(2)
    expect(codePointLength('x\udc00')).toBe(2)
  })

  it('slice by code points, never through a pair', () => {
    expect(sliceCodePoints(EMOJI.repeat(5), 3)).toBe(EMOJI.repeat(3))
    expect(sliceCodePoints(`ab${EMOJI}`, 3)).toBe(`ab${EMOJI}`)
    expect(sliceCodePoints(`ab${EMOJI}c`, 2)).toBe('ab')
    expect(sliceCodePoints('abc', 10)).toBe('abc')
    expect(sliceCodePoints('abc', 0)).toBe('')
  })
})

describe('hasForbiddenChars and stripControl', () => {
  const forbidden = [
    '\u0000',
    '\u0001',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u009f',
    '\ud800',
    '\udfff',
    '\ufdd0',
    '\ufffe',
    '\uffff',
    '\u{1fffe}',
    '\u{10ffff}',
  ]
  it.each(forbidden.map((char) => [char.codePointAt(0)!.toString(16).padStart(4, '0'), char]))(
    'refuses U+%s in any text',
    (_hex, char) => {
      expect(hasForbiddenChars(`a${char}b`, 'line')).toBe(true)
      expect(hasForbiddenChars(`a${char}b`, 'multiline')).toBe(true)
      expect(hasForbiddenChars(stripControl(`a${char}b`, 'line'), 'line')).toBe(false)
      expect(hasForbiddenChars(stripControl(`a${char}b`, 'multiline'), 'multiline')).toBe(false)
    },
  )

  it('lets multi-line text keep line breaks and tabs, and single-line text none', () => {
    for (const text of ['a\nb', 'a\tb', 'a\r\nb', 'a\rb']) {
      expect(hasForbiddenChars(text, 'multiline')).toBe(false)
      expect(hasForbiddenChars(text, 'line')).toBe(true)
    }
    expect(normalizeNewlines('a\r\nb\rc\n')).toBe('a\nb\nc\n')
    expect(stripControl('a\r\nb\tc\u0000d', 'multiline')).toBe('a\nb\tcd')
    // Word-separating controls become a space on one line; others go.
    expect(stripControl('a\tb\nc\u0000d\u0007e', 'line')).toBe('a b cde')
  })

  it('keeps ordinary text, emoji and joiners as they are', () => {
    const text = `Night Drive ${EMOJI} 夜 👩‍👩‍👧 é ‎`
    expect(hasForbiddenChars(text, 'line')).toBe(false)
    expect(stripControl(text)).toBe(text)
  })
})
