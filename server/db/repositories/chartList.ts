// The catalogue as lists: the level list's filters, sorts and searches (with the three search plans on
// SQLite), counts, a page's place among the ordered ids, and a chart's rank in an order.
import {
  type Expression,
  type ExpressionBuilder,
  type Compilable,
  type OrderByItemBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely'
import { type ChartSort, LEVEL_MAX, LEVEL_MIN, OLIVIER_DIFFICULTY_OFFSET } from '../../../common/rules.js'
import { type Dialect } from '../database.js'
import { type Database } from '../schema.js'
import { type ChartRow } from './charts.js'
import { type SearchField, ftsMatch, searchCondition } from './chartSearch.js'

export type { ChartSort }

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
  /** Every one of these tags is on the chart (whole tags, ASCII letters in any case). */
  tags?: string[]
  /** Bounds on the length in seconds and on the average notes per second: charts without level
   *  data have neither, so a bound leaves them out. */
  lengthMin?: number
  lengthMax?: number
  npsMin?: number
  npsMax?: number
  /** Only this author's charts that are not public (and not hidden): what a list shows its author beside
   *  the public ones (their own charts, merged into the shared pages). */
  privateOf?: string
  /** Only charts with a trending score (the home page's and the app's Trending sections). */
  trendingOnly?: boolean
  /** true: charts with it only; false: charts without it only. */
  scratches?: boolean
  splitLines?: boolean
  speedChanges?: boolean
  /** One card per song: of a song's charts, only its easiest public one (charts in no song all stay). */
  oneASong?: boolean
  sort: ChartSort
  offset: number
  limit: number
}

const ORDER: Record<
  ChartSort,
  {
    column:
      'publishTime' | 'likeNumber' | 'rating' | 'title' | 'trending' | 'playCount' | 'duration' | 'npsAverage'
    direction: 'asc' | 'desc'
  }
> = {
  newest: { column: 'publishTime', direction: 'desc' },
  likes: { column: 'likeNumber', direction: 'desc' },
  rating: { column: 'rating', direction: 'desc' },
  trending: { column: 'trending', direction: 'desc' },
  plays: { column: 'playCount', direction: 'desc' },
  title: { column: 'title', direction: 'asc' },
  // Charts without level data have neither: they come last (where both databases put a null in a
  // descending order given NULLS LAST).
  length: { column: 'duration', direction: 'desc' },
  nps: { column: 'npsAverage', direction: 'desc' },
}

/** ORDER's direction; the stats' columns (nullable) with nulls last, where SQLite puts them anyway in a
 *  descending order and PostgreSQL would put them first. The others are left as they are: a PostgreSQL
 *  index serves an order only with its own null placement. */
const direction = (sort: ChartSort) => (ob: OrderByItemBuilder) => {
  const { column, direction: dir } = ORDER[sort]
  const ordered = dir === 'desc' ? ob.desc() : ob.asc()
  return column === 'duration' || column === 'npsAverage' ? ordered.nullsLast() : ordered
}

/** A whole tag inside the chart's JSON array of tags, as a LIKE pattern: its JSON string, quotes
 *  included, so "rock" does not match "rockabilly". ASCII letters are lower-cased here and in the column
 *  (tagsColumn), and nothing else, so SQLite and PostgreSQL match the same charts. */
export const tagPattern = (tag: string): string =>
  `%${JSON.stringify(tag)
    .replace(/[A-Z]/g, (char) => char.toLowerCase())
    .replace(/[\\%_]/g, (char) => `\\${char}`)}%`

const ASCII_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const ASCII_LOWER = 'abcdefghijklmnopqrstuvwxyz'

/** The query's fields that narrow the catalogue by what charts are. */
export const FILTER_FIELDS = [
  'levelMin',
  'levelMax',
  'olivier',
  'lengthMin',
  'lengthMax',
  'npsMin',
  'npsMax',
  'scratches',
  'splitLines',
  'speedChanges',
  'oneASong',
] as const satisfies readonly (keyof ChartListQuery)[]

/** True when the query narrows the catalogue by what charts are (not only whose or which scope). */
export const isFiltered = (query: ChartListQuery): boolean =>
  FILTER_FIELDS.some((field) => query[field] !== undefined) ||
  (query.tags?.length ?? 0) > 0 ||
  !!query.trendingOnly

/** Search totals stop counting here (50 pages of 20): nobody pages further through a
 *  search, and counting every match of a common word would cost more than the page itself. */
export const SEARCH_COUNT_CAP = 1000
/** How many charts a LIKE walk may expect to test before a search page is full: past about this many,
 *  the full-text plans find the page sooner. */
const LIKE_WALK_ROWS = 800
/** How much further a LIKE walk may expect to go when the count stopped at the cap: the matches may be
 *  far more, the walk far shorter than expected, while the full-text set grows with every match. */
const CAPPED_WALK_FACTOR = 3

type FtsMode = 'in' | 'joined' | 'like'

/** How SQLite finds a filtered page: `walk` the order's index, testing each chart, until the page is full;
 *  or find the `matches` on the filter index (charts_filter) and sort them. Walking wins while matches are
 *  common; sorting wins when they are few, as walking to a page would pass over most of the catalogue.
 *  Without statistics SQLite cannot tell, so the query says which, by leaving the other index unusable. */
export type FilterPlan = 'walk' | 'matches'

/** A level read on the walk: about this many µs a chart passed over, against this many a match sorted
 *  (both with SQLite reading the chart's row). */
const WALK_COST = 1
const SORT_COST = 1.5

/** The plan for a page ending at `end` of a filter with `total` matches (a capped count: at least that
 *  many) among about `ceiling` charts: walking passes over about end × ceiling / total charts. */
export const filterPlan = (end: number, total: number, ceiling: number, cap: number): FilterPlan =>
  total < cap && total > 0 && ((end * ceiling) / total) * WALK_COST > total * SORT_COST ? 'matches' : 'walk'

/** The app's difficulty bounds (level, or OLIVIER_DIFFICULTY_OFFSET + level for an Olivier chart) as a
 *  level range for each kind of chart, which an index on (is_oliver, level) can serve. Levels are within
 *  LEVEL_MIN..LEVEL_MAX (the table's check), so clamping the bounds to them leaves the same charts. */
export const difficultyRanges = (
  min: number | undefined,
  max: number | undefined,
  olivier: boolean | undefined,
): { isOliver: 0 | 1; low: number; high: number }[] =>
  ([0, 1] as const)
    .filter((flag) => olivier === undefined || (flag === 1) === olivier)
    .map((flag) => {
      const offset = flag === 1 ? OLIVIER_DIFFICULTY_OFFSET : 0
      return {
        isOliver: flag,
        low: Math.max(LEVEL_MIN, (min ?? -Infinity) - offset),
        high: Math.min(LEVEL_MAX, (max ?? Infinity) - offset),
      }
    })
    .filter((range) => range.low <= range.high)

export class ChartListRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /** The query's conditions. `fts` says how the SQLite full-text match takes part: 'in' as a rowid set
   *  (the caller walks an order index), 'joined' when the caller drives the query from charts_fts, and
   *  'like' when every term is checked with LIKE on each row the caller walks. `plan` (SQLite): 'walk' leaves
   *  the filter index unusable, so an order's index is walked; 'matches' keeps it (the caller's order by
   *  leaves the order's index unusable). */
  private filter(query: ChartListQuery, fts: FtsMode = 'in', plan: FilterPlan = 'walk') {
    const match = this.dialect === 'sqlite' ? ftsMatch(query.search ?? []) : undefined
    const sqlite = this.dialect === 'sqlite'
    /** The column, or on SQLite (unary plus) the column no index may serve. */
    const unindexed = <C extends 'isPublic' | 'hidden' | 'isOliver' | 'level'>(column: C, off: boolean) =>
      sqlite && off ? sql<number>`+${sql.ref(`charts.${column}`)}` : sql.ref<number>(`charts.${column}`)
    // One creator's charts are found on their own index (author, newest first), not by walking the
    // catalogue's order for them: without statistics SQLite prefers the index with more equalities.
    const byAuthor = query.privateOf !== undefined || query.authorId !== undefined
    const isPublic = unindexed('isPublic', byAuthor)
    const hidden = unindexed('hidden', byAuthor)
    return (eb: ExpressionBuilder<Database, 'charts'>) => {
      const viewer = query.viewerId
      // A chart a moderator hid is listed nowhere but in its owner's own charts.
      const conditions: Expression<SqlBool>[] =
        query.privateOf !== undefined
          ? [eb('authorId', '=', query.privateOf), eb(isPublic, '=', 0), eb(hidden, '=', 0)]
          : query.scope === 'mine'
            ? [eb('authorId', '=', viewer ?? '')]
            : [
                viewer === undefined
                  ? eb(isPublic, '=', 1)
                  : eb.or([eb(isPublic, '=', 1), eb('authorId', '=', viewer)]),
                eb(hidden, '=', 0),
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
      if (query.authorId !== undefined) conditions.push(eb('authorId', '=', query.authorId))
      // The app's difficulty (common/rules.ts difficultyOf) as level ranges, one for each kind of chart.
      const isOliver = unindexed('isOliver', plan === 'walk')
      const level = unindexed('level', plan === 'walk')
      if (query.levelMin !== undefined || query.levelMax !== undefined) {
        const ranges = difficultyRanges(query.levelMin, query.levelMax, query.olivier).map((range) =>
          eb.and([
            eb(isOliver, '=', range.isOliver),
            eb(level, '>=', range.low),
            eb(level, '<=', range.high),
          ]),
        )
        conditions.push(ranges.length === 0 ? sql<SqlBool>`1 = 0` : eb.or(ranges))
      } else if (query.olivier !== undefined) conditions.push(eb(isOliver, '=', query.olivier ? 1 : 0))
      for (const tag of query.tags ?? []) {
        // SQLite's LIKE ignores the case of ASCII letters only; PostgreSQL's lower() would fold others
        // too, so there the column's ASCII letters alone are folded.
        const column =
          this.dialect === 'postgres'
            ? sql`translate(charts.tags, ${ASCII_UPPER}, ${ASCII_LOWER})`
            : sql`charts.tags`
        conditions.push(sql<SqlBool>`${column} like ${tagPattern(tag)} escape '\\'`)
      }
      // Without statistics SQLite takes any range on an indexed column as the best start and then sorts
      // every chart in it; a page in another order is found far sooner by walking that order's index and
      // testing each chart. So on SQLite's walk a range uses its index (unary plus keeps it from doing so)
      // only when the list is sorted by that column too.
      // Sorting the matches, the filter index serves the difficulty; a length or density range would
      // otherwise look as good to SQLite.
      const difficultyFiltered =
        query.levelMin !== undefined || query.levelMax !== undefined || query.olivier !== undefined
      const ranged = (column: 'duration' | 'npsAverage') =>
        sqlite && (plan === 'walk' ? ORDER[query.sort].column !== column : difficultyFiltered)
          ? sql<number>`+${sql.ref(`charts.${column}`)}`
          : sql.ref<number>(`charts.${column}`)
      if (query.lengthMin !== undefined) conditions.push(eb(ranged('duration'), '>=', query.lengthMin))
      if (query.lengthMax !== undefined) conditions.push(eb(ranged('duration'), '<=', query.lengthMax))
      if (query.npsMin !== undefined) conditions.push(eb(ranged('npsAverage'), '>=', query.npsMin))
      if (query.npsMax !== undefined) conditions.push(eb(ranged('npsAverage'), '<=', query.npsMax))
      const feature = (column: 'hasScratches' | 'hasSplitLines' | 'hasSpeedChanges', wanted?: boolean) => {
        if (wanted !== undefined) conditions.push(eb(column, '=', wanted ? 1 : 0))
      }
      if (query.trendingOnly) conditions.push(eb('trending', '>', 0))
      feature('hasScratches', query.scratches)
      feature('hasSplitLines', query.splitLines)
      feature('hasSpeedChanges', query.speedChanges)
      // A song is at most SONG_SET_MAX charts on its index: the look-up per chart stays small.
      if (query.oneASong)
        conditions.push(
          sql<SqlBool>`(charts.song_set is null or charts.id = (select first.id from charts first
            where first.song_set = charts.song_set and first.is_public = 1 and first.hidden = 0
            order by first.level, first.id limit 1))`,
        )
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

  /** The query's order by: on SQLite's `matches` plan, one no index serves (the matches are sorted). */
  private ordered<O>(
    select: SelectQueryBuilder<Database, 'charts', O>,
    sort: ChartSort,
    plan: FilterPlan,
  ): SelectQueryBuilder<Database, 'charts', O> {
    const { column, direction: dir } = ORDER[sort]
    if (this.dialect !== 'sqlite' || plan === 'walk')
      return select.orderBy(column, direction(sort)).orderBy('id', dir)
    return select
      .orderBy(sql`+${sql.ref(`charts.${column}`)}`, direction(sort))
      .orderBy(sql`+${sql.ref('charts.id')}`, dir)
  }

  /** The query as one query for each kind of chart when its difficulty spans both (SQLite): each then
   *  reads one range of the filter index, where one query would have to read all of it (SQLite serves an
   *  OR of ranges poorly, reading each chart's row). */
  private arms<Q extends ChartListQuery>(query: Q, plan: FilterPlan): Q[] {
    if (this.dialect !== 'sqlite' || plan === 'walk') return [query]
    if (query.levelMin === undefined && query.levelMax === undefined) return [query]
    const ranges = difficultyRanges(query.levelMin, query.levelMax, query.olivier)
    return ranges.length < 2 ? [query] : ranges.map((range) => ({ ...query, olivier: range.isOliver === 1 }))
  }

  /** One page of charts, newest first by default. */
  listRows(
    query: ChartListQuery,
    fts: Exclude<FtsMode, 'joined'> = 'in',
    plan: FilterPlan = 'walk',
  ): Promise<ChartRow[]> {
    return this.pageQuery(query, fts, plan).execute()
  }

  /** listRows's query (its plan is checked in tests). */
  pageQuery(
    query: ChartListQuery,
    fts: Exclude<FtsMode, 'joined'> = 'in',
    plan: FilterPlan = 'walk',
  ): Compilable<ChartRow> & { execute: () => Promise<ChartRow[]> } {
    const arms = this.arms(query, plan)
    if (arms.length === 1) {
      const select = this.db
        .selectFrom('charts')
        .selectAll()
        .where(this.filter(query, fts, plan))
      return this.ordered(select, query.sort, plan).limit(query.limit).offset(query.offset)
    }
    // Each kind's matches, sorted and merged (SQLite sorts each arm and merges them).
    const [first, ...rest] = arms.map((arm) =>
      this.db
        .selectFrom('charts')
        .selectAll()
        .where(this.filter(arm, fts, plan)),
    )
    const { column, direction: dir } = ORDER[query.sort]
    return this.db
      .selectFrom(rest.reduce((union, arm) => union.unionAll(arm), first).as('charts'))
      .selectAll()
      .orderBy(column, direction(query.sort))
      .orderBy('id', dir)
      .limit(query.limit)
      .offset(query.offset)
  }

  /** A filtered or browsed count to `cap`, without text search (its plan is checked in tests). */
  cappedCountQuery(query: Omit<ChartListQuery, 'sort' | 'offset' | 'limit'>, cap: number) {
    return this.countQuery({ ...query, sort: 'newest', offset: 0, limit: 0 }, 'matches', undefined, cap)
  }

  /** How many charts the query matches (and `extra`, if given), to `cap` if given, one query for each kind
   *  of chart on SQLite's `matches` plan. A constant, not the id: then an index holding every filtered
   *  column (charts_filter) answers the count alone, without reading the chart rows. */
  private countQuery(
    query: ChartListQuery,
    plan: FilterPlan,
    extra?: (eb: ExpressionBuilder<Database, 'charts'>) => Expression<SqlBool>,
    cap?: number,
  ) {
    const [first, ...rest] = this.arms(query, plan).map((arm) =>
      this.db
        .selectFrom('charts')
        .select(sql<number>`1`.as('one'))
        .where(this.filter(arm, 'in', plan))
        .$if(extra !== undefined, (select) => select.where(extra!)),
    )
    const union = rest.reduce((all, arm) => all.unionAll(arm), first)
    return this.db
      .selectFrom((cap === undefined ? union : union.limit(cap)).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
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
    if (cap === undefined) {
      const row = await this.db
        .selectFrom('charts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(this.filter(full, 'in', 'matches'))
        .executeTakeFirstOrThrow()
      return Number(row.count)
    }
    const row = await this.cappedCountQuery(query, cap).executeTakeFirstOrThrow()
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
    {
      searchCap = SEARCH_COUNT_CAP,
      likeWalkRows = LIKE_WALK_ROWS,
      total: known,
    }: {
      searchCap?: number
      likeWalkRows?: number
      /** The query's total as `count` answers it, known already (a search's other pages and orders). */
      total?: number
    } = {},
  ): Promise<{ rows: ChartRow[]; total: number }> {
    // A search or a filtered list counts at most searchCap matches; browsing counts exactly.
    const searching = (query.search ?? []).some((entry) => entry.text.trim() !== '') || isFiltered(query)
    const match = this.dialect === 'sqlite' ? ftsMatch(query.search ?? []) : undefined
    if (match === undefined) {
      if (this.dialect !== 'sqlite' || !isFiltered(query)) {
        const [rows, total] = await Promise.all([
          this.listRows(query),
          known ?? this.count(query, searching ? searchCap : undefined),
        ])
        return { rows, total }
      }
      // A filtered list on SQLite: counted first (on the filter index alone), as the count chooses the plan.
      const total = known ?? (await this.count(query, searchCap))
      if (total === 0 || (total < searchCap && query.offset >= total)) return { rows: [], total }
      const plan = filterPlan(query.offset + query.limit, total, await this.rowidCeiling(), searchCap)
      return { rows: await this.listRows(query, 'in', plan), total }
    }
    const total = known ?? (await this.count(query, searchCap))
    if (total === 0 || (total < searchCap && query.offset >= total)) return { rows: [], total }
    const walked = ((query.offset + query.limit) * (await this.rowidCeiling())) / total
    const walkable = total >= searchCap ? likeWalkRows * CAPPED_WALK_FACTOR : likeWalkRows
    if (walked <= walkable) return { rows: await this.listRows(query, 'like'), total }
    if (total >= searchCap) return { rows: await this.listRows(query, 'in'), total }
    const order = ORDER[query.sort]
    const rows = await this.fromFts(query, match)
      .selectAll('charts')
      .orderBy(`charts.${order.column}`, direction(query.sort))
      .orderBy('charts.id', order.direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute()
    return { rows, total }
  }

  /** The ids of every chart the query shows its visitors, in its order, packed 16 bytes an id (a list's pages are read
   *  from these, kept a moment, rather than by walking the order from the top for each page). Not for text
   *  searches. */
  async orderedIds(query: ChartListQuery): Promise<Buffer> {
    const visitors = { ...query, viewerId: undefined, privateOf: undefined, search: [] }
    const filtered = isFiltered(query)
    // A filtered list's few matches are sorted rather than found by walking the whole order (filterPlan).
    const plan =
      this.dialect === 'sqlite' && filtered
        ? filterPlan(
            SEARCH_COUNT_CAP,
            await this.count(visitors, SEARCH_COUNT_CAP),
            await this.rowidCeiling(),
            SEARCH_COUNT_CAP,
          )
        : 'walk'
    const arms = this.arms(visitors, plan)
    const { column, direction: dir } = ORDER[query.sort]
    const [first, ...rest] = arms.map((arm) =>
      this.db
        .selectFrom('charts')
        .select(arms.length === 1 ? ['id'] : ['id', column])
        .where(this.filter(arm, 'in', plan)),
    )
    const ordered =
      arms.length === 1
        ? this.ordered(first, query.sort, plan)
        : // Each kind's matches, sorted and merged, as pageQuery reads them.
          this.db
            .selectFrom(rest.reduce((union, arm) => union.unionAll(arm), first).as('charts'))
            .select('id')
            .orderBy(column, direction(query.sort))
            .orderBy('id', dir)
    // A filtered list counts and pages to SEARCH_COUNT_CAP (50 pages): no id past it is shown.
    const limited = filtered ? ordered.limit(SEARCH_COUNT_CAP) : ordered
    // Packed 16 bytes an id, with no array of their strings and its join on the way. (Streamed rows would
    // leave less garbage, but read three times slower.)
    const rows = await limited.execute()
    const packed = Buffer.allocUnsafeSlow(rows.length * 16)
    rows.forEach((row, i) => {
      if (packed.write(row.id, i * 16, 16, 'hex') !== 16) throw new Error('a chart id is not 32 hex digits')
    })
    return packed
  }

  /** How many charts of the query (its visitor's view) come before `row` in the query's order: where the
   *  row would stand among them. The order's column, then the id, as `listRows` sorts (nulls last).
   *  `total`, the query's capped count, known: a filter with fewer matches than the cap has them counted
   *  on the filter index (SQLite), rather than walking the order down to the row. */
  async countBefore(query: ChartListQuery, row: ChartRow, total?: number): Promise<number> {
    const { column, direction: dir } = ORDER[query.sort]
    const value = row[column]
    const ahead = dir === 'desc' ? '>' : '<'
    const visitors = { ...query, viewerId: undefined, privateOf: undefined }
    const plan: FilterPlan =
      this.dialect === 'sqlite' && isFiltered(query) && total !== undefined && total < SEARCH_COUNT_CAP
        ? 'matches'
        : 'walk'
    const before = (eb: ExpressionBuilder<Database, 'charts'>): Expression<SqlBool> =>
      value === null
        ? eb.or([eb(column, 'is not', null), eb.and([eb(column, 'is', null), eb('id', ahead, row.id)])])
        : plan === 'matches'
          ? // No index for the order's range: the filter index finds the matches.
            sql<SqlBool>`(+${sql.ref(`charts.${column}`)}, +${sql.ref('charts.id')}) ${sql.raw(ahead)} (${value}, ${row.id})`
          : // A row value: the order's index (its column, then the id) reads the charts ahead as a range.
            eb(eb.refTuple(column, 'id'), ahead, eb.tuple(value, row.id))
    const result = await this.countQuery(visitors, plan, before).executeTakeFirstOrThrow()
    return Number(result.count)
  }

  /** True when the user has a chart that is neither public nor hidden: what a list merges for them. */
  async hasNonPublic(authorId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('charts')
      .select('id')
      .where('authorId', '=', authorId)
      // On their own index (SQLite would otherwise walk every non-public chart for theirs).
      .where(
        this.dialect === 'sqlite' ? sql`+${sql.ref('charts.is_public')}` : sql.ref('charts.is_public'),
        '=',
        0,
      )
      .where(this.dialect === 'sqlite' ? sql`+${sql.ref('charts.hidden')}` : sql.ref('charts.hidden'), '=', 0)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /** The largest rowid: at least the number of charts, found at once (the estimate for plan choice). */
  private async rowidCeiling(): Promise<number> {
    const row = await this.db
      .selectFrom('charts')
      .select(sql<number>`coalesce(max(rowid), 0)`.as('ceiling'))
      .executeTakeFirstOrThrow()
    return Number(row.ceiling)
  }
}
