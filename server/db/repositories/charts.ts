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

  /** One page of charts and the total count, newest first by default. */
  async list(query: ChartListQuery): Promise<{ rows: ChartRow[]; total: number }> {
    const where = this.filter(query)
    const order = ORDER[query.sort]
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('charts')
        .selectAll()
        .where(where)
        .orderBy(order.column, order.direction)
        .orderBy('id')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      this.db
        .selectFrom('charts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.count) }
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
      .orderBy('id')
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

  async count(): Promise<number> {
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
