// Likes, ratings and comments (docs/protocol.md §7). Every change and the chart's counters move in one
// transaction, with the chart row locked first (PostgreSQL `for update`; SQLite transactions are
// serial), so the counts and the average always equal a recount.
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely'
import { type CommentState } from '../../../common/rules.js'
import { type Dialect } from '../database.js'
import { type CommentsTable, type Database } from '../schema.js'

export type CommentRow = Selectable<CommentsTable>
export type CommunityStatus = { isLike: boolean; isRating: boolean; rating: number }

export class CommunityRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Call inside a transaction: later statements see every change committed before the lock. */
  private async lockChart(chartId: string): Promise<boolean> {
    const query = this.db.selectFrom('charts').select('id').where('id', '=', chartId)
    const row = await (this.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
    return row !== undefined
  }

  async status(chartId: string, userId: string): Promise<CommunityStatus> {
    const [like, rating] = await Promise.all([
      this.db
        .selectFrom('likes')
        .select('userId')
        .where('chartId', '=', chartId)
        .where('userId', '=', userId)
        .executeTakeFirst(),
      this.db
        .selectFrom('ratings')
        .select('rating')
        .where('chartId', '=', chartId)
        .where('userId', '=', userId)
        .executeTakeFirst(),
    ])
    return { isLike: like !== undefined, isRating: rating !== undefined, rating: rating?.rating ?? 0 }
  }

  /** Likes (or un-likes) once; repeating is a no-op. Returns the chart's like count, or undefined when
   *  the chart is gone. Run inside a transaction. */
  async setLike(chartId: string, userId: string, like: boolean, now: number): Promise<number | undefined> {
    if (!(await this.lockChart(chartId))) return undefined
    if (like) {
      await this.db
        .insertInto('likes')
        .values({ chartId, userId, createdTime: now })
        .onConflict((oc) => oc.columns(['chartId', 'userId']).doNothing())
        .execute()
    } else {
      await this.db.deleteFrom('likes').where('chartId', '=', chartId).where('userId', '=', userId).execute()
    }
    const row = await this.db
      .updateTable('charts')
      .set({
        likeNumber: sql<number>`(select count(*) from likes where likes.chart_id = ${chartId})`,
      })
      .where('id', '=', chartId)
      .returning('likeNumber')
      .executeTakeFirstOrThrow()
    return Number(row.likeNumber)
  }

  /** Sets (1–5) or removes (null) a user's rating. Returns the chart's new average and count. Run inside a
   *  transaction. */
  async setRating(
    chartId: string,
    userId: string,
    rating: number | null,
    now: number,
  ): Promise<{ rating: number; ratingNumber: number } | undefined> {
    if (!(await this.lockChart(chartId))) return undefined
    if (rating === null) {
      await this.db
        .deleteFrom('ratings')
        .where('chartId', '=', chartId)
        .where('userId', '=', userId)
        .execute()
    } else {
      await this.db
        .insertInto('ratings')
        .values({ chartId, userId, rating, updatedTime: now })
        .onConflict((oc) => oc.columns(['chartId', 'userId']).doUpdateSet({ rating, updatedTime: now }))
        .execute()
    }
    const row = await this.db
      .updateTable('charts')
      .set({
        ratingNumber: sql<number>`(select count(*) from ratings where ratings.chart_id = ${chartId})`,
        rating: sql<number>`coalesce((select avg(ratings.rating) from ratings where ratings.chart_id = ${chartId}), 0)`,
      })
      .where('id', '=', chartId)
      .returning(['rating', 'ratingNumber'])
      .executeTakeFirstOrThrow()
    return { rating: Number(row.rating), ratingNumber: Number(row.ratingNumber) }
  }

  private async recountComments(chartId: string): Promise<number> {
    const row = await this.db
      .updateTable('charts')
      .set({
        commentNumber: sql<number>`(select count(*) from comments where comments.chart_id = ${chartId} and comments.deleted = 0 and comments.hidden = 0)`,
      })
      .where('id', '=', chartId)
      .returning('commentNumber')
      .executeTakeFirstOrThrow()
    return Number(row.commentNumber)
  }

  /** Adds a comment; returns how many live comments the chart has (the new one is the last, oldest
   *  first). Run inside a transaction. */
  async addComment(
    comment: Omit<CommentRow, 'deleted' | 'editedTime' | 'hidden' | 'moment' | 'resolvedTime'> & {
      moment?: number | null
    },
  ): Promise<number | undefined> {
    if (!(await this.lockChart(comment.chartId))) return undefined
    await this.db
      .insertInto('comments')
      .values({
        ...comment,
        moment: comment.moment ?? null,
        resolvedTime: null,
        editedTime: null,
        deleted: 0,
        hidden: 0,
      })
      .execute()
    return this.recountComments(comment.chartId)
  }

  async editComment(id: string, content: string, now: number): Promise<void> {
    await this.db.updateTable('comments').set({ content, editedTime: now }).where('id', '=', id).execute()
  }

  /** Marks a comment resolved (at `time`) or open again (null). */
  async setResolved(id: string, time: number | null): Promise<void> {
    await this.db.updateTable('comments').set({ resolvedTime: time }).where('id', '=', id).execute()
  }

  /** Soft delete. Run inside a transaction. */
  async deleteComment(comment: CommentRow): Promise<void> {
    await this.lockChart(comment.chartId)
    await this.db.updateTable('comments').set({ deleted: 1 }).where('id', '=', comment.id).execute()
    await this.recountComments(comment.chartId)
  }

  /** A live comment: not deleted, and (unless `hiddenToo`, for moderators) not hidden. */
  findComment(id: string, { hiddenToo = false } = {}): Promise<CommentRow | undefined> {
    let query = this.db.selectFrom('comments').selectAll().where('id', '=', id).where('deleted', '=', 0)
    if (!hiddenToo) query = query.where('hidden', '=', 0)
    return query.executeTakeFirst()
  }

  /** Hides or shows a comment (a moderator's action); the chart's count follows. Run inside a
   *  transaction. */
  async setCommentHidden(comment: CommentRow, hidden: boolean): Promise<void> {
    await this.lockChart(comment.chartId)
    await this.db
      .updateTable('comments')
      .set({ hidden: hidden ? 1 : 0 })
      .where('id', '=', comment.id)
      .execute()
    await this.recountComments(comment.chartId)
  }

  /** Live comments (neither deleted nor hidden), oldest first. The page's ids come from the list index alone (a deep OFFSET then skips
   *  index entries, not whole rows); only the page's rows are read. */
  listComments(chartId: string, offset: number, limit: number, state?: CommentState): Promise<CommentRow[]> {
    return this.db
      .selectFrom('comments')
      .selectAll()
      .where('id', 'in', (eb) =>
        this.inState(
          eb
            .selectFrom('comments')
            .select('id')
            .where('chartId', '=', chartId)
            .where('deleted', '=', 0)
            .where('hidden', '=', 0),
          state,
        )
          .orderBy('createdTime', 'asc')
          .orderBy('id', 'asc')
          .limit(limit)
          .offset(offset),
      )
      .orderBy('createdTime', 'asc')
      .orderBy('id', 'asc')
      .execute()
  }

  /** A chart's live comments that are open or resolved (the whole count is the chart's commentNumber). */
  async countComments(chartId: string, state: CommentState): Promise<number> {
    const row = await this.inState(
      this.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('chartId', '=', chartId)
        .where('deleted', '=', 0)
        .where('hidden', '=', 0),
      state,
    ).executeTakeFirstOrThrow()
    return Number(row.count)
  }

  private inState<Q extends SelectQueryBuilder<Database, 'comments', object>>(
    query: Q,
    state?: CommentState,
  ): Q {
    if (state === 'open') return query.where('resolvedTime', 'is', null) as Q
    if (state === 'resolved') return query.where('resolvedTime', 'is not', null) as Q
    return query
  }

  /** The newest live comments, newest first (the app's topComments). */
  newestComments(chartId: string, limit: number): Promise<CommentRow[]> {
    return this.db
      .selectFrom('comments')
      .selectAll()
      .where('chartId', '=', chartId)
      .where('deleted', '=', 0)
      .where('hidden', '=', 0)
      .orderBy('createdTime', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  }

  /** Comments a user wrote since `since` (the per-user rate limit). */
  async countUserCommentsSince(userId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('userId', '=', userId)
      .where('createdTime', '>=', since)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
}
