// docs/spec.md §2 (level chip, tags) and §9 (relative time) display rules.
import { describe, expect, it } from 'vitest'
import { joinTags, levelLabel, relativeTime, splitAuthor } from '../../common/format'

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0)
const S = 1000
const M = 60 * S
const H = 60 * M
const D = 24 * H

describe('relativeTime (docs/spec.md §9)', () => {
  it.each([
    [0, { unit: 'second', value: 0 }],
    [59 * S + 999, { unit: 'second', value: 59 }],
    [60 * S, { unit: 'minute', value: 1 }],
    [59 * M + 59 * S, { unit: 'minute', value: 59 }],
    [H, { unit: 'hour', value: 1 }],
    [23 * H + 59 * M, { unit: 'hour', value: 23 }],
    [D, { unit: 'day', value: 1 }],
    [29 * D + 23 * H, { unit: 'day', value: 29 }],
    [30 * D, { unit: 'month', value: 1 }],
    [364 * D, { unit: 'month', value: 12 }],
  ])('%d ms ago is %o', (ago, expected) => {
    expect(relativeTime(NOW - ago, NOW)).toEqual(expected)
  })

  it('gives an ISO date from 365 days on', () => {
    expect(relativeTime(NOW - 365 * D, NOW)).toEqual({ unit: 'date', iso: '2025-11-21' })
  })

  it('treats a time in the future (clock skew) as now', () => {
    expect(relativeTime(NOW + 5 * S, NOW)).toEqual({ unit: 'second', value: 0 })
  })
})

describe('level chip label (docs/spec.md §2)', () => {
  it.each([
    [1, false, 'Lv. 1'],
    [30, false, 'Lv. 30'],
    [1, true, 'Olivier I'],
    [4, true, 'Olivier IV'],
    [9, true, 'Olivier IX'],
    [10, true, 'Olivier X'],
  ])('level %d olivier=%s → %s', (level, olivier, label) => {
    expect(levelLabel(level, olivier)).toBe(label)
  })
})

describe('tags and author', () => {
  it("joins tags with a separator, '-' when there are none", () => {
    expect(joinTags(['pop', 'demo'])).toBe('pop / demo')
    expect(joinTags([])).toBe('-')
  })

  it('splits name#handle at the last #', () => {
    expect(splitAuthor('Alice#1001')).toEqual({ name: 'Alice', handle: '1001' })
    expect(splitAuthor('C#Sharp#42')).toEqual({ name: 'C#Sharp', handle: '42' })
    expect(splitAuthor('nobody')).toEqual({ name: 'nobody', handle: '' })
  })
})
