// People in the app and on the site: the users who have something public (a chart others can
// see, or a record on one), what they did, and the server's news that moderators write.
import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely'
import { type Database, type NewsTable } from '../schema.js'
import { type User } from './users.js'
import { wordsCondition } from './chartSearch.js'

export type NewsRow = Selectable<NewsTable>

/** What a user's page counts. Only what everyone may see: public charts, and records and comments on them. */
export type PersonStats = {
  charts: number
  likes: number
  comments: number
  records: number
  /** Records others (and they) played on this user's charts. */
  plays: number
  /** Ratings of their public charts, and the average of them all (null without any). */
  ratings: number
  ratingAverage: number | null
}

const visibleChart = (eb: ExpressionBuilder<Database, 'charts'>) =>
  eb.and([eb('charts.isPublic', '=', 1), eb('charts.hidden', '=', 0)])

export class PeopleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Has a public chart, or a record on one: someone the app lists. */
  private hasSomethingPublic(eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> {
    return eb.or([
      eb.exists(
        eb
          .selectFrom('charts')
          .select('charts.id')
          .whereRef('charts.authorId', '=', 'users.id')
          .where((inner) => visibleChart(inner)),
      ),
      eb.exists(
        eb
          .selectFrom('records')
          .innerJoin('charts', 'charts.id', 'records.chartId')
          .select('records.id')
          .whereRef('records.userId', '=', 'users.id')
          .where('charts.isPublic', '=', 1)
          .where('charts.hidden', '=', 0),
      ),
    ])
  }

  /** The people the app lists, most recently active first; `keywords` matches their name or handle. */
  async list(keywords: string, offset: number, limit: number): Promise<{ rows: User[]; total: number }> {
    const where = (eb: ExpressionBuilder<Database, 'users'>) => {
      const conditions = [this.hasSomethingPublic(eb)]
      const text = keywords.trim().toLowerCase()
      if (text) {
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        conditions.push(
          eb.or([
            eb(eb.fn('lower', ['users.name']), 'like', pattern),
            eb(eb.fn('lower', ['users.handle']), 'like', pattern),
          ]),
        )
      }
      return eb.and(conditions)
    }
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('users')
        .selectAll()
        .where(where)
        .orderBy('updatedTime', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  async stats(userId: string): Promise<PersonStats> {
    const [charts, comments, records, plays] = await Promise.all([
      this.db
        .selectFrom('charts')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.coalesce(eb.fn.sum<number>('likeNumber'), eb.lit(0)).as('likes'),
          eb.fn.coalesce(eb.fn.sum<number>('ratingNumber'), eb.lit(0)).as('ratings'),
          eb.fn
            .coalesce(eb.fn.sum<number>(eb('rating', '*', eb.ref('ratingNumber'))), eb.lit(0))
            .as('ratingSum'),
        ])
        .where('authorId', '=', userId)
        .where((eb) => visibleChart(eb))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('comments')
        .innerJoin('charts', 'charts.id', 'comments.chartId')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('comments.userId', '=', userId)
        .where('comments.deleted', '=', 0)
        .where('comments.hidden', '=', 0)
        .where('charts.isPublic', '=', 1)
        .where('charts.hidden', '=', 0)
        .executeTakeFirstOrThrow(),
      // Their records, and the records on their charts.
      this.recordsOnVisibleCharts('records.userId', userId),
      this.recordsOnVisibleCharts('charts.authorId', userId),
    ])
    const ratings = Number(charts.ratings)
    return {
      charts: Number(charts.n),
      likes: Number(charts.likes),
      ratings,
      ratingAverage: ratings > 0 ? Math.round((Number(charts.ratingSum) / ratings) * 100) / 100 : null,
      comments: Number(comments.n),
      records: Number(records.n),
      plays: Number(plays.n),
    }
  }

  private recordsOnVisibleCharts(column: 'records.userId' | 'charts.authorId', userId: string) {
    return this.db
      .selectFrom('records')
      .innerJoin('charts', 'charts.id', 'records.chartId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', userId)
      .where('charts.isPublic', '=', 1)
      .where('charts.hidden', '=', 0)
      .executeTakeFirstOrThrow()
  }

  // News.

  async addNews(row: NewsRow): Promise<void> {
    await this.db.insertInto('news').values(row).execute()
  }

  async updateNews(id: string, change: Pick<NewsRow, 'title' | 'body' | 'updatedTime'>): Promise<boolean> {
    const result = await this.db.updateTable('news').set(change).where('id', '=', id).executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** Every post these users wrote (the demo's removal). */
  async deleteNewsBy(userIds: string[]): Promise<void> {
    if (userIds.length) await this.db.deleteFrom('news').where('authorId', 'in', userIds).execute()
  }

  async deleteNews(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('news').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) === 1
  }

  findNews(id: string): Promise<NewsRow | undefined> {
    return this.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** Newest first. */
  /** News, newest first; `keywords` (the app's quick search) in the title or the body. */
  listNews(offset: number, limit: number, keywords = ''): Promise<NewsRow[]> {
    return this.newsWhere(keywords)
      .selectAll()
      .orderBy('createdTime', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  }

  async countNews(keywords = ''): Promise<number> {
    const row = await this.newsWhere(keywords)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  private newsWhere(keywords: string) {
    const words = wordsCondition(keywords, ['news.title', 'news.body'])
    const query = this.db.selectFrom('news')
    return words ? query.where(words) : query
  }
}
