// The details templates (server/sonolus/cache/template.ts): a page built once with slots for its
// counters, filled for each answer, and its gzip made from parts deflated once. What a fill gives must be
// the JSON the page would be with those values, in text and in gzip, whatever the values and the text.
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  type Template,
  fillGzip,
  jsonText,
  templateOf,
  textSlot,
  valueSlot,
} from '../../../server/cache/template'

const page = (likes: string, stats: string) =>
  JSON.stringify({
    title: 'Ünïcode 星空 "quoted" \\ back',
    tags: [{ title: likes, icon: 'heart' }],
    description: `A line\n\n${stats}`,
    raw: { likeNumber: likes === textSlot('likes') ? valueSlot('likeNumber') : Number(likes), after: true },
  })

/** What a fill answers, unpacked. */
const fill = (template: Template, values: Record<string, string>) =>
  gunzipSync(fillGzip(template, values)).toString('utf8')

describe('details templates', () => {
  const template = templateOf(page(textSlot('likes'), textSlot('stats')))

  it('fills its slots with the values, in valid gzip', () => {
    for (const likes of [0, 7, 12345, 2 ** 40]) {
      const stats = `♡ ${likes} · ★ 4.5 (2) "x"`
      const values = {
        likes: jsonText(String(likes)),
        stats: jsonText(stats),
        likeNumber: JSON.stringify(likes),
      }
      const expected = page(String(likes), stats)
      expect(fill(template, values)).toBe(expected)
      expect(JSON.parse(expected).raw.likeNumber).toBe(likes)
    }
  })

  it('makes valid gzip with values longer than one stored block, and with empty ones', () => {
    const long = 'ü'.repeat(70_000)
    const values = { likes: '', stats: jsonText(long), likeNumber: '0' }
    expect(fill(template, values)).toBe(page('', long))
    expect(JSON.parse(fill(template, values)).description).toBe(`A line\n\n${long}`)
  })

  it('leaves text alone that only looks like a slot, and refuses a fill that misses a value', () => {
    const lookalike = templateOf(JSON.stringify({ a: '\u0000stats\u0000', b: textSlot('stats') }))
    expect(lookalike.names).toEqual(['stats'])
    expect(JSON.parse(fill(lookalike, { stats: 'x' }))).toEqual({ a: '\u0000stats\u0000', b: 'x' })
    expect(() => fill(template, { likes: '1' })).toThrow(/no value for stats/)
  })

  it('compresses each part once: a fill is far smaller than its text', () => {
    const big = templateOf(
      JSON.stringify({ items: Array(200).fill({ engine: 'the same engine item' }), n: valueSlot('n') }),
    )
    const gzip = fillGzip(big, { n: '1' })
    expect(gzip.length).toBeLessThan(gunzipSync(gzip).length / 10)
  })
})
