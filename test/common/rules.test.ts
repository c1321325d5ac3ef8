import { describe, expect, it } from 'vitest'
import { formatSize } from '../../common/format'
import { LOCALES, UI_LOCALES, fromSonolusLocalization, isUiLocale } from '../../common/locales'
import { COLOR_REGEX, DEFAULT_PRIMARY_COLOR, isValidColor, levelMax } from '../../common/rules'

describe('colour rule (docs/spec.md §5)', () => {
  it.each(['#6200ee', '#ABCDEF', '#aBc123', '#000000'])('accepts %s', (color) =>
    expect(isValidColor(color)).toBe(true),
  )
  it.each(['6200ee', '#6200e', '#6200eee', '#62 0ee', '#gggggg', '', '#fff', ' #6200ee', '#6200ee '])(
    'rejects %j',
    (color) => expect(isValidColor(color)).toBe(false),
  )
  it('has the spec default', () =>
    expect(COLOR_REGEX.test(DEFAULT_PRIMARY_COLOR) && DEFAULT_PRIMARY_COLOR).toBe('#6200ee'))
})

describe('level limits (docs/spec.md §5)', () => {
  it('is 30, or 10 for Olivier', () => {
    expect(levelMax(false)).toBe(30)
    expect(levelMax(true)).toBe(10)
  })
})

describe('sizes (docs/spec.md §9: B/KB/MB/GB/TB in 1024 steps, 2 decimals)', () => {
  it.each([
    [0, '0.00 B'],
    [1023, '1023.00 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 ** 2, '1.00 MB'],
    [5.25 * 1024 ** 3, '5.25 GB'],
    [1024 ** 4, '1.00 TB'],
    [2048 * 1024 ** 4, '2048.00 TB'],
  ])('formats %d as %s', (bytes, text) => expect(formatSize(bytes)).toBe(text))
})

describe('locales', () => {
  it('maps the three UI locales to antd and Sonolus codes', () => {
    expect(UI_LOCALES).toEqual(['en_us', 'ja_jp', 'zh_cn'])
    expect(UI_LOCALES.map((locale) => LOCALES[locale].sonolus)).toEqual(['en', 'ja', 'zhs'])
    expect(UI_LOCALES.map((locale) => LOCALES[locale].antd)).toEqual(['en_US', 'ja_JP', 'zh_CN'])
  })
  it('falls back to English for other app languages', () => {
    expect(fromSonolusLocalization('ja')).toBe('ja_jp')
    expect(fromSonolusLocalization('zhs')).toBe('zh_cn')
    expect(fromSonolusLocalization('ko')).toBe('en_us')
    expect(fromSonolusLocalization(undefined)).toBe('en_us')
  })
  it('recognises only its own locale names', () => {
    expect(isUiLocale('ja_jp')).toBe(true)
    expect(isUiLocale('ja')).toBe(false)
  })
})
