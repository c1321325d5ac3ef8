// The level list's queries and the indexes that serve them, read from each database's own EXPLAIN: every
// sort walks its index, a filtered list is walked or has its few matches sorted (the same pages either way),
// counts are answered by the filter index alone, and one creator's charts come from their own index.
import { CompiledQuery, type Compilable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHART_SORTS } from '../../../common/rules'
import {
  type ChartListQuery,
  type FilterPlan,
  SEARCH_COUNT_CAP,
  difficultyRanges,
  filterPlan,
} from '../../../server/db/repositories/chartList'
import { newChart } from '../helpers/charts'
import { DIALECTS, type TestContext, openTestContext } from '../helpers/context'

/** Each sort's column, as its index names it. */
const SORT_COLUMN: Record<string, string> = {
  newest: 'publish_time',
  likes: 'like_number',
  rating: 'rating',
  trending: 'trending',
  plays: 'play_count',
  title: 'title',
  length: 'duration',
  nps: 'nps_average',
}

const FILTERS: Partial<ChartListQuery> = { levelMin: 12, levelMax: 34, npsMin: 2, tags: ['pop'] }
const query = (over: Partial<ChartListQuery> = {}): ChartListQuery => ({
  scope: 'all',
  sort: 'newest',
  offset: 0,
  limit: 20,
  ...over,
})

describe('a filter’s plan and its difficulty ranges', () => {
  it('sorts the matches when walking to the page would pass over many more charts than match', () => {
    // 88 matches among 10,000: the first page lies about 2,300 charts down the order.
    expect(filterPlan(20, 88, 10_000, SEARCH_COUNT_CAP)).toBe('matches')
    // 3,000 matches (the count stopped at the cap): a page lies a few dozen charts down.
    expect(filterPlan(100, SEARCH_COUNT_CAP, 10_000, SEARCH_COUNT_CAP)).toBe('walk')
    // 1,100 of 10,000: walking to page 5 passes ~900 charts, sorting would read 1,100.
    expect(filterPlan(100, 900, 10_000, SEARCH_COUNT_CAP)).toBe('walk')
    expect(filterPlan(20, 0, 10_000, SEARCH_COUNT_CAP)).toBe('walk')
  })

  it('splits the app’s difficulty into a level range for each kind of chart', () => {
    // Olivier charts are 30 + level: 12–34 is levels 12–30 of the others and 1–4 of Olivier's.
    expect(difficultyRanges(12, 34, undefined)).toEqual([
      { isOliver: 0, low: 12, high: 30 },
      { isOliver: 1, low: 1, high: 4 },
    ])
    expect(difficultyRanges(31, undefined, undefined)).toEqual([{ isOliver: 1, low: 1, high: 30 }])
    expect(difficultyRanges(undefined, 8, undefined)).toEqual([{ isOliver: 0, low: 1, high: 8 }])
    expect(difficultyRanges(12, 34, false)).toEqual([{ isOliver: 0, low: 12, high: 30 }])
    expect(difficultyRanges(5, 20, true)).toEqual([])
  })
})

describe.each(DIALECTS)('the level list’s plans on %s', (dialect) => {
  let test: TestContext
  const lists = () => test.ctx.repos.chartList
  /** The plan's lines: SQLite's EXPLAIN QUERY PLAN details; PostgreSQL's EXPLAIN with sequential scans
   *  off, so that the plan shows which index can serve the query whatever the table's size. */
  const explain = async (compilable: Compilable): Promise<string> => {
    const compiled = compilable.compile()
    const db = test.ctx.db.db
    if (dialect === 'sqlite') {
      const result = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      )
      return result.rows.map((row) => row.detail).join('\n')
    }
    return db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'))
      const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      )
      return result.rows.map((row) => Object.values(row)[0]).join('\n')
    })
  }
  /** A sort in the plan: SQLite's temporary B-tree, PostgreSQL's Sort node. */
  const SORTED = dialect === 'sqlite' ? /TEMP B-TREE/ : /\bSort\b/

  beforeAll(async () => {
    test = await openTestContext(dialect)
    await test.ctx.repos.users.upsert({ id: 'alice', handle: '1001', name: 'Alice', profile: '{}' }, 1)
    await test.ctx.repos.users.upsert({ id: 'bob', handle: '1002', name: 'Bob', profile: '{}' }, 1)
    // 300 charts with ties in every order, both kinds, a few private, hidden or without level data.
    for (let n = 1; n <= 300; n++) {
      const row = await test.ctx.repos.charts.insert(
        newChart(n, {
          authorId: n % 4 === 0 ? 'bob' : 'alice',
          title: `Chart ${n % 17}`,
          level: 1 + (n % 30),
          isOliver: n % 7 === 0 ? 1 : 0,
          isPublic: n % 23 === 0 ? 0 : 1,
          tags: JSON.stringify(n % 3 === 0 ? ['pop'] : ['rock']),
          publishTime: 1_700_000_000_000 + (n % 50) * 1000,
        }),
      )
      await test.ctx.db.db
        .updateTable('charts')
        .set({
          likeNumber: n % 11,
          rating: n % 5,
          playCount: n % 13,
          trending: n % 3,
          hidden: n % 29 === 0 ? 1 : 0,
          duration: n % 10 === 0 ? null : 60 + (n % 40),
          npsAverage: n % 10 === 0 ? null : (n % 9) / 2,
        })
        .where('id', '=', row.id)
        .execute()
    }
  })
  afterAll(async () => test.cleanup())

  it.each(CHART_SORTS)('sort=%s: the list walks its order’s index, with no sort of its own', async (sort) => {
    const plan = await explain(lists().pageQuery(query({ sort, offset: 40 })))
    expect(plan).toContain(`charts_visible_${SORT_COLUMN[sort]}`)
    expect(plan).not.toMatch(SORTED)
  })

  // PostgreSQL chooses between its indexes by its statistics; SQLite is told (FilterPlan).
  if (dialect === 'sqlite')
    it('every sort with filters: the walk uses the order’s index, the matches the filter index', async () => {
      for (const sort of CHART_SORTS) {
        const walk = await explain(lists().pageQuery(query({ sort, ...FILTERS }), 'in', 'walk'))
        expect(walk, sort).toContain(`USING INDEX charts_visible_${SORT_COLUMN[sort]}`)
        expect(walk, sort).not.toMatch(SORTED)
        const matches = await explain(lists().pageQuery(query({ sort, ...FILTERS }), 'in', 'matches'))
        expect(matches, sort).toContain(
          'USING INDEX charts_filter (is_public=? AND hidden=? AND is_oliver=? AND level>? AND level<?)',
        )
        expect(matches, sort).toMatch(SORTED)
      }
    })

  it('counts a filtered list on the filter index alone, its level ranges used', async () => {
    const plan = await explain(lists().cappedCountQuery(query(FILTERS), SEARCH_COUNT_CAP))
    if (dialect === 'sqlite')
      expect(plan).toContain(
        'COVERING INDEX charts_filter (is_public=? AND hidden=? AND is_oliver=? AND level>? AND level<?)',
      )
    // PostgreSQL chooses the index by its statistics: any, but no reading of the whole table.
    else {
      expect(plan).toMatch(/Index (Only )?Scan using charts_/)
      expect(plan).not.toMatch(/Seq Scan/)
    }
  })

  it('finds one creator’s charts, their own non-public ones too, on their index, newest first', async () => {
    for (const over of [{ privateOf: 'bob' }, { authorId: 'bob' }]) {
      const plan = await explain(lists().pageQuery(query(over)))
      expect(plan, JSON.stringify(over)).toContain('charts_author_publish_time_id')
      expect(plan, JSON.stringify(over)).not.toMatch(SORTED)
    }
  })

  it('gives the same pages walking the order or sorting the matches, as the visitors’ model', async () => {
    const all = await lists().listRows(query({ limit: 1000 }))
    const difficulty = (row: (typeof all)[number]) => row.level + (row.isOliver ? 30 : 0)
    const cases: [Partial<ChartListQuery>, (row: (typeof all)[number]) => boolean][] = [
      [
        FILTERS,
        (row) =>
          difficulty(row) >= 12 &&
          difficulty(row) <= 34 &&
          (row.npsAverage ?? -1) >= 2 &&
          row.tags.includes('pop'),
      ],
      [{ levelMin: 31 }, (row) => difficulty(row) >= 31],
      [{ levelMax: 9, olivier: false }, (row) => difficulty(row) <= 9 && !row.isOliver],
      [{ levelMin: 3, levelMax: 40, olivier: true }, (row) => !!row.isOliver && difficulty(row) <= 40],
      [{ levelMin: 5, levelMax: 20, olivier: true }, () => false],
    ]
    for (const sort of CHART_SORTS) {
      const order = (await lists().listRows(query({ sort, limit: 1000 }))).map((row) => row.id)
      for (const [over, keep] of cases) {
        const model = order.filter((id) => keep(all.find((row) => row.id === id)!))
        for (const plan of ['walk', 'matches'] as FilterPlan[])
          for (const offset of [0, 20, 40]) {
            const rows = await lists().listRows(query({ sort, offset, ...over }), 'in', plan)
            expect(
              rows.map((row) => row.id),
              `${sort} ${JSON.stringify(over)} ${plan} ${offset}`,
            ).toEqual(model.slice(offset, offset + 20))
          }
        expect(await lists().count(query(over), SEARCH_COUNT_CAP)).toBe(model.length)
        // Where a chart stands among them: counted walking the order, or on the filter index when the
        // count says the matches are few.
        for (const id of [model[0], model[Math.floor(model.length / 2)], model.at(-1)].filter(Boolean)) {
          const row = all.find((chart) => chart.id === id)!
          for (const total of [undefined, model.length])
            expect(await lists().countBefore(query({ sort, ...over }), row, total), `${sort} ${id}`).toBe(
              model.indexOf(id!),
            )
        }
        // The whole order, as kept for deeper pages (its plan chosen by its count).
        const packed = await lists().orderedIds(query({ sort, ...over }))
        expect(packed.toString('hex').match(/.{32}/g) ?? []).toEqual(model)
      }
    }
  })
})
