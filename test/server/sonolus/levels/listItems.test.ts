// A list page's items, made once for a chart and a language: the same JSON as the item written afresh,
// written again when the chart's row changes, its owner's raw row never taken from the kept ones, and the
// kept bytes bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChartRow } from '../../../../server/db/repositories'
import { levelJson, toRawChart } from '../../../../server/sonolus/levels/item'
import { ListItems } from '../../../../server/sonolus/levels/listItems'
import { newChart } from '../../helpers/charts'
import { type TestContext, openTestContext } from '../../helpers/context'

const URL = 'https://charts.example'

describe('list page items', () => {
  let test: TestContext
  let rows: ChartRow[]
  /** The page's items and raw rows as the JSON a page holds. */
  const json = (made: { items: Buffer[]; raw: Buffer[] }) => ({
    items: JSON.parse(Buffer.concat(made.items).toString('utf8')) as unknown[],
    raw: JSON.parse(Buffer.concat(made.raw).toString('utf8')) as unknown[],
  })
  const fresh = (page: ChartRow[], locale: string, viewerId?: string) => ({
    items: page.map((row) => JSON.parse(levelJson(row, test.ctx.packs, locale, URL)) as unknown),
    raw: page.map((row) => toRawChart(row, viewerId)),
  })

  beforeAll(async () => {
    test = await openTestContext('sqlite')
    await test.ctx.repos.users.upsert({ id: 'alice', handle: '1001', name: 'Alice', profile: '{}' }, 1)
    rows = []
    for (let n = 1; n <= 6; n++)
      rows.push(
        await test.ctx.repos.charts.insert(
          newChart(n, {
            title: n === 3 ? '星空 "quoted" \\ title' : `Chart ${n}`,
            tags: JSON.stringify(['pop', 'ライブ']),
            susHash: 'a'.repeat(40),
          }),
        ),
      )
  })
  afterAll(async () => test.cleanup())

  it('makes the same items and raw rows as written afresh, in each language, kept for the next page', async () => {
    const items = new ListItems(test.ctx.packs, URL, 1024 * 1024)
    for (const locale of ['en', 'ja']) {
      expect(json(items.page(rows, locale, undefined))).toEqual(fresh(rows, locale))
      expect(json(items.page(rows.slice(2), locale, ' someone'))).toEqual(fresh(rows.slice(2), locale))
    }
    expect(items.size.items).toBe(12)
    expect(json(items.page([], 'en', undefined))).toEqual({ items: [], raw: [] })
  })

  it('writes a chart’s item again once its row changed (a like, an edit)', async () => {
    const items = new ListItems(test.ctx.packs, URL, 1024 * 1024)
    items.page(rows, 'en', undefined)
    const liked = { ...rows[1], likeNumber: rows[1].likeNumber + 1, title: 'Renamed' }
    const page = [rows[0], liked]
    expect(json(items.page(page, 'en', undefined))).toEqual(fresh(page, 'en'))
    // The kept one is now the changed row's: the old row is written again too.
    expect(json(items.page(rows.slice(0, 2), 'en', undefined))).toEqual(fresh(rows.slice(0, 2), 'en'))
  })

  it('gives a chart’s owner their raw row (the SUS they may download), never the one kept for others', async () => {
    const items = new ListItems(test.ctx.packs, URL, 1024 * 1024)
    expect(
      json(items.page(rows, 'en', undefined)).raw.map((raw) => (raw as { susHash: unknown }).susHash),
    ).toEqual(rows.map(() => null))
    const owners = json(items.page(rows, 'en', 'alice'))
    expect(owners).toEqual(fresh(rows, 'en', 'alice'))
    expect(owners.raw.map((raw) => (raw as { susHash: unknown }).susHash)).toEqual(
      rows.map(() => 'a'.repeat(40)),
    )
    // And others still get theirs.
    expect(json(items.page(rows, 'en', undefined))).toEqual(fresh(rows, 'en'))
  })

  it('keeps at most its bytes, the least recently used going first', async () => {
    const items = new ListItems(test.ctx.packs, URL, 8000)
    for (const locale of ['en', 'ja', 'ko', 'zhs']) items.page(rows, locale, undefined)
    expect(items.size.bytes).toBeLessThanOrEqual(8000)
    expect(items.size.items).toBeGreaterThan(0)
    expect(json(items.page(rows, 'en', undefined))).toEqual(fresh(rows, 'en'))
  })
})
