import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely'
import { type Dialect } from '../database.js'
import { type ChartsTable, type Database } from '../schema.js'
import { type SearchField, searchCondition } from './chartSearch.js'

export type ChartRow = Selectable<ChartsTable>
export type NewChart = Insertable<ChartsTable>

export type ChartSort = 'newest' | 'likes' | 'rating' | 'title'

export type ChartListQuery = {
  /** Who is asking: private charts are visible to their author only. */
  viewerId?: string
  /** all; mine (the viewer's own, private ones included); liked (charts the viewer liked). */
  scope: 'all' | 'mine' | 'liked'
  search?: { field: SearchField; text: string }[]
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

export class ChartsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  private filter(query: ChartListQuery) {
    return (eb: ExpressionBuilder<Database, 'charts'>) => {
      const viewer = query.viewerId
      const conditions: Expression<SqlBool>[] = [
        viewer === undefined
          ? eb('isPublic', '=', 1)
          : eb.or([eb('isPublic', '=', 1), eb('authorId', '=', viewer)]),
      ]
      if (query.scope === 'mine') conditions.push(eb('authorId', '=', viewer ?? ''))
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
      if (query.levelMin !== undefined) conditions.push(eb('level', '>=', query.levelMin))
      if (query.levelMax !== undefined) conditions.push(eb('level', '<=', query.levelMax))
      if (query.olivier !== undefined) conditions.push(eb('isOliver', '=', query.olivier ? 1 : 0))
      for (const { field, text } of query.search ?? []) {
        const condition = searchCondition(this.dialect, field, text)
        if (condition) conditions.push(condition(eb))
      }
      return eb.and(conditions)
    }
  }

  /** One page of charts, newest first by default. */
  listRows(query: ChartListQuery): Promise<ChartRow[]> {
    const order = ORDER[query.sort]
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where(this.filter(query))
      .orderBy(order.column, order.direction)
      .orderBy('id', order.direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute()
  }

  /** How many charts match, counting at most `cap` (a search of a common word need not count them all). */
  async count(query: Omit<ChartListQuery, 'sort' | 'offset' | 'limit'>, cap?: number): Promise<number> {
    const where = this.filter({ ...query, sort: 'newest', offset: 0, limit: 0 })
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

  /** A page and the total (exact for browsing, capped at `searchCap` when searching). */
  async list(query: ChartListQuery, searchCap = 4000): Promise<{ rows: ChartRow[]; total: number }> {
    const searching = (query.search ?? []).some((entry) => entry.text.trim() !== '')
    const [rows, total] = await Promise.all([
      this.listRows(query),
      this.count(query, searching ? searchCap : undefined),
    ])
    return { rows, total }
  }

  /** Other public charts by the same author, newest first (the details page's section). */
  otherByAuthor(authorId: string, exceptId: string, limit: number): Promise<ChartRow[]> {
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where('authorId', '=', authorId)
      .where('id', '!=', exceptId)
      .where('isPublic', '=', 1)
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

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('charts').where('id', '=', id).executeTakeFirst()
    return result.numDeletedRows > 0n
  }
}
