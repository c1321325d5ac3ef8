import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely'
import { OLIVIER_DIFFICULTY_OFFSET } from '../../../common/rules.js'
import { type Dialect } from '../database.js'
import { type ChartsTable, type Database } from '../schema.js'
import { type SearchField, ftsMatch, searchCondition } from './chartSearch.js'

export type ChartRow = Selectable<ChartsTable>
export type NewChart = Insertable<ChartsTable>

export type ChartSort = 'newest' | 'likes' | 'rating' | 'title'

export type ChartListQuery = {
  /** Who is asking: private charts are visible to their author only. */
  viewerId?: string
  /** all; mine (the viewer's own, private ones included); liked (charts the viewer liked). */
  scope: 'all' | 'mine' | 'liked'
  search?: { field: SearchField; text: string }[]
  /** Only this author's charts (a user's page; its "More"). */
  authorId?: string
  /** Bounds on the app's difficulty (level, or 30 + level for Olivier charts; common/rules.ts). */
  levelMin?: number
  levelMax?: number
  /** true: Olivier charts only; false: the others only. */
  olivier?: boolean
  sort: ChartSort
  offset: number
  limit: number
}

const ORDER: Record<
  ChartSort,
  { column: 'publishTime' | 'likeNumber' | 'rating' | 'title'; direction: 'asc' | 'desc' }
> = {
  newest: { column: 'publishTime', direction: 'desc' },
  likes: { column: 'likeNumber', direction: 'desc' },
  rating: { column: 'rating', direction: 'desc' },
  title: { column: 'title', direction: 'asc' },
}

/** The tags of a chart's JSON array as words for search. */
export const tagsText = (tags: string): string => {
  try {
    const list = JSON.parse(tags) as unknown
    return Array.isArray(list) ? list.filter((tag) => typeof tag === 'string').join(' ') : ''
  } catch {
    return ''
  }
}

/** Search totals stop counting here (50 pages of 20): nobody pages further through a
 *  search, and counting every match of a common word would cost more than the page itself. */
export const SEARCH_COUNT_CAP = 1000
/** How many charts a LIKE walk may expect to test before a search page is full (about 1 ms of SQLite). */
const LIKE_WALK_ROWS = 2500

type FtsMode = 'in' | 'joined' | 'like'

export class ChartsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /** The query's conditions. `fts` says how the SQLite full-text match takes part: 'in' as a rowid set
   *  (the caller walks an order index), 'joined' when the caller drives the query from charts_fts, and
   *  'like' when every term is checked with LIKE on each row the caller walks. */
  private filter(query: ChartListQuery, fts: FtsMode = 'in') {
    const match = this.dialect === 'sqlite' ? ftsMatch(query.search ?? []) : undefined
    return (eb: ExpressionBuilder<Database, 'charts'>) => {
      const viewer = query.viewerId
      // A chart a moderator hid is listed nowhere but in its owner's own charts (issue 14).
      const conditions: Expression<SqlBool>[] =
        query.scope === 'mine'
          ? [eb('authorId', '=', viewer ?? '')]
          : [
              viewer === undefined
                ? eb('isPublic', '=', 1)
                : eb.or([eb('isPublic', '=', 1), eb('authorId', '=', viewer)]),
              eb('hidden', '=', 0),
            ]
      if (query.scope === 'liked') {
        conditions.push(
          eb.exists(
            eb
              .selectFrom('likes')
              .select('likes.chartId')
              .whereRef('likes.chartId', '=', 'charts.id')
              .where('likes.userId', '=', viewer ?? ''),
          ),
        )
      }
      // The app's difficulty (common/rules.ts difficultyOf): the level, 30 + level for Olivier charts.
      const difficulty = () =>
        eb
          .case()
          .when('isOliver', '=', 1)
          .then(eb('level', '+', OLIVIER_DIFFICULTY_OFFSET))
          .else(eb.ref('level'))
          .end()
      if (query.authorId !== undefined) conditions.push(eb('authorId', '=', query.authorId))
      if (query.levelMin !== undefined) conditions.push(eb(difficulty(), '>=', query.levelMin))
      if (query.levelMax !== undefined) conditions.push(eb(difficulty(), '<=', query.levelMax))
      if (query.olivier !== undefined) conditions.push(eb('isOliver', '=', query.olivier ? 1 : 0))
      for (const { field, text } of query.search ?? []) {
        const condition = searchCondition(this.dialect, field, text, fts === 'like')
        if (condition) conditions.push(condition(eb))
      }
      if (match !== undefined && fts === 'in') {
        conditions.push(
          sql<SqlBool>`charts.rowid in (select rowid from charts_fts where charts_fts match ${match})`,
        )
      }
      return eb.and(conditions)
    }
  }

  /** One page of charts, newest first by default. */
  listRows(query: ChartListQuery, fts: Exclude<FtsMode, 'joined'> = 'in'): Promise<ChartRow[]> {
    const order = ORDER[query.sort]
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where(this.filter(query, fts))
      .orderBy(order.column, order.direction)
      .orderBy('id', order.direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute()
  }

  /** SQLite, searching: the charts whose rowids the FTS5 match yields, in its order (a streaming join;
   *  SQLite otherwise turns `rowid in (match)` into a set it builds whole before using it). */
  private fromFts(query: ChartListQuery, match: string) {
    return this.db
      .selectFrom('chartsFts')
      .crossJoin('charts')
      .where(sql<SqlBool>`charts_fts match ${match}`)
      .where(sql<SqlBool>`charts.rowid = charts_fts.rowid`)
      .where(this.filter(query, 'joined') as never)
  }

  /** How many charts match, counting at most `cap` (a search of a common word need not count them all). */
  async count(query: Omit<ChartListQuery, 'sort' | 'offset' | 'limit'>, cap?: number): Promise<number> {
    const full = { ...query, sort: 'newest' as const, offset: 0, limit: 0 }
    const match = this.dialect === 'sqlite' ? ftsMatch(query.search ?? []) : undefined
    if (match !== undefined) {
      const matches = this.fromFts(full, match).select('charts.id')
      const row = await this.db
        .selectFrom((cap === undefined ? matches : matches.limit(cap)).as('matches'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
      return Number(row.count)
    }
    const where = this.filter(full)
    if (cap === undefined) {
      const row = await this.db
        .selectFrom('charts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(where)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    }
    const row = await this.db
      .selectFrom((eb) => eb.selectFrom('charts').select('id').where(where).limit(cap).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  /** A page and the total (exact for browsing, capped at `searchCap` when searching).
   *  A SQLite search counts first (streaming from the FTS index, stopping at the cap). Then the cheapest
   *  of three plans fetches the page, all giving the same rows:
   *  - matches are common enough that walking the order index and testing each chart with LIKE reaches
   *    the page within LIKE_WALK_ROWS charts: walk with LIKE (no second full-text evaluation);
   *  - fewer matches than the cap: sort the matches themselves;
   *  - otherwise: walk the order index against the set of matching rowids. */
  async list(
    query: ChartListQuery,
    { searchCap = SEARCH_COUNT_CAP, likeWalkRows = LIKE_WALK_ROWS } = {},
  ): Promise<{ rows: ChartRow[]; total: number }> {
    const searching = (query.search ?? []).some((entry) => entry.text.trim() !== '')
    const match = this.dialect === 'sqlite' ? ftsMatch(query.search ?? []) : undefined
    if (match === undefined) {
      const [rows, total] = await Promise.all([
        this.listRows(query),
        this.count(query, searching ? searchCap : undefined),
      ])
      return { rows, total }
    }
    const total = await this.count(query, searchCap)
    if (total === 0 || (total < searchCap && query.offset >= total)) return { rows: [], total }
    const walked = ((query.offset + query.limit) * (await this.rowidCeiling())) / total
    if (walked <= likeWalkRows) return { rows: await this.listRows(query, 'like'), total }
    if (total >= searchCap) return { rows: await this.listRows(query, 'in'), total }
    const order = ORDER[query.sort]
    const rows = await this.fromFts(query, match)
      .selectAll('charts')
      .orderBy(`charts.${order.column}`, order.direction)
      .orderBy('charts.id', order.direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute()
    return { rows, total }
  }

  /** The largest rowid: at least the number of charts, found at once (the estimate for plan choice). */
  private async rowidCeiling(): Promise<number> {
    const row = await this.db
      .selectFrom('charts')
      .select(sql<number>`coalesce(max(rowid), 0)`.as('ceiling'))
      .executeTakeFirstOrThrow()
    return Number(row.ceiling)
  }

  /** Other public charts by the same author, newest first (the details page's section). */
  otherByAuthor(authorId: string, exceptId: string, limit: number): Promise<ChartRow[]> {
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where('authorId', '=', authorId)
      .where('id', '!=', exceptId)
      .where('isPublic', '=', 1)
      .where('hidden', '=', 0)
      .orderBy('publishTime', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  }

  async insert(chart: NewChart): Promise<ChartRow> {
    await this.db
      .insertInto('charts')
      .values({ ...chart, tagsText: tagsText(chart.tags) })
      .execute()
    const stored = await this.findById(chart.id)
    if (!stored) throw new Error(`chart ${chart.id} vanished after insert`)
    return stored
  }

  findById(id: string): Promise<ChartRow | undefined> {
    return this.db.selectFrom('charts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** Charts by id, for a page of things that name them (replays); at most a page's worth. */
  async findByIds(ids: string[]): Promise<Map<string, ChartRow>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('charts')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return new Map(rows.map((row) => [row.id, row]))
  }

  /** Every chart, private ones included. */
  async countAll(): Promise<number> {
    const row = await this.db
      .selectFrom('charts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  listByAuthor(authorId: string): Promise<ChartRow[]> {
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where('authorId', '=', authorId)
      .orderBy('publishTime', 'desc')
      .orderBy('id')
      .execute()
  }

  /** Changes a chart's fields (tags_text follows tags). */
  async update(
    id: string,
    changes: Partial<Omit<NewChart, 'id' | 'authorId' | 'author' | 'tagsText'>>,
  ): Promise<void> {
    await this.db
      .updateTable('charts')
      .set({ ...changes, ...(changes.tags === undefined ? {} : { tagsText: tagsText(changes.tags) }) })
      .where('id', '=', id)
      .execute()
  }

  /** Sets the re-encoded music if the chart still has this original; true when it did. */
  async setEncodedMusic(
    id: string,
    musicHash: string,
    bgmHash: string,
    previewHash: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('charts')
      .set({ bgmHash, previewHash })
      .where('id', '=', id)
      .where('musicHash', '=', musicHash)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('charts').where('id', '=', id).executeTakeFirst()
    return result.numDeletedRows > 0n
  }
}
