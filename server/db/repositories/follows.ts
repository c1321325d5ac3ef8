// Follows and notifications (migration 0014).
import { type Kysely, sql } from 'kysely'
import { type Dialect } from '../database.js'
import { type Database, type NotificationsTable } from '../schema.js'
import { wordsCondition } from './chartSearch.js'

export type NotificationRow = NotificationsTable
export type NotificationKind = 'chart' | 'reply' | 'comment' | 'rating' | 'moderation'
export type NewNotification = Omit<NotificationRow, 'readTime'>

/** A SQL test that the user (users.notifications_off) has not turned the kind off. */
const wants = (kind: string) =>
  sql<boolean>`(',' || users.notifications_off || ',') not like ${`%,${kind},%`}`

export class FollowsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /** True when the follow is new. */
  async follow(followerId: string, followeeId: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('follows')
      .values({ followerId, followeeId, createdTime: now })
      .onConflict((oc) => oc.columns(['followerId', 'followeeId']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  }

  async unfollow(followerId: string, followeeId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('follows')
      .where('followerId', '=', followerId)
      .where('followeeId', '=', followeeId)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('follows')
      .select('followeeId')
      .where('followerId', '=', followerId)
      .where('followeeId', '=', followeeId)
      .executeTakeFirst()
    return row !== undefined
  }

  async counts(userId: string): Promise<{ followers: number; following: number }> {
    const [followers, following] = await Promise.all([
      this.db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('followeeId', '=', userId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('followerId', '=', userId)
        .executeTakeFirstOrThrow(),
    ])
    return { followers: Number(followers.n), following: Number(following.n) }
  }

  /** Writes a notification unless its user turned the kind off. True when written. */
  async notify(row: NewNotification): Promise<boolean> {
    const result = await this.db
      .insertInto('notifications')
      .columns(['id', 'userId', 'kind', 'actor', 'chartId', 'label', 'commentId', 'logId', 'createdTime'])
      .expression(
        this.db
          .selectFrom('users')
          .select([
            sql.val(row.id).as('id'),
            'users.id as userId',
            sql.val(row.kind).as('kind'),
            sql.val(row.actor).as('actor'),
            sql.val(row.chartId).as('chartId'),
            sql.val(row.label).as('label'),
            sql.val(row.commentId).as('commentId'),
            sql.val(row.logId).as('logId'),
            sql.val(row.createdTime).as('createdTime'),
          ])
          .where('users.id', '=', row.userId)
          .where(wants(row.kind)),
      )
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  }

  /** Queues a chart's announcement to its author's followers (once; the background work sends it). */
  async queueFanout(chartId: string, now: number): Promise<void> {
    await this.db
      .insertInto('fanouts')
      .values({ chartId, createdTime: now })
      .onConflict((oc) => oc.column('chartId').doNothing())
      .execute()
  }

  /** Announcements queued (a metric). */
  async countFanouts(): Promise<number> {
    const row = await this.db
      .selectFrom('fanouts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** The queued announcements, oldest first. */
  dueFanouts(limit: number): Promise<{ chartId: string }[]> {
    return this.db
      .selectFrom('fanouts')
      .select('chartId')
      .orderBy('createdTime')
      .orderBy('chartId')
      .limit(limit)
      .execute()
  }

  /** Sends one queued announcement: in one transaction (the caller's), takes the queue row (an instance
   *  that lost the race finds none) and, if the chart is public, visible and not yet announced, writes a
   *  notification to each follower who wants them. Returns how many were written, or null when another
   *  instance had taken it. */
  async fanout(chartId: string, now: number): Promise<number | null> {
    // The chart row first, as an edit takes it before it queues the announcement again: taking the queue
    // row first deadlocked with such an edit on PostgreSQL (SQLite transactions are serial).
    if (this.dialect === 'postgres')
      await this.db.selectFrom('charts').select('id').where('id', '=', chartId).forUpdate().execute()
    const taken = await this.db.deleteFrom('fanouts').where('chartId', '=', chartId).executeTakeFirst()
    if (Number(taken.numDeletedRows) === 0) return null
    const announced = await this.db
      .updateTable('charts')
      .set({ announced: 1 })
      .where('id', '=', chartId)
      .where('announced', '=', 0)
      .where('isPublic', '=', 1)
      .where('hidden', '=', 0)
      .executeTakeFirst()
    if (Number(announced.numUpdatedRows) === 0) return 0
    const result = await this.db
      .insertInto('notifications')
      .columns(['id', 'userId', 'kind', 'actor', 'chartId', 'label', 'createdTime'])
      .expression(
        this.db
          .selectFrom('follows')
          .innerJoin('users', 'users.id', 'follows.followerId')
          .innerJoin('charts', (join) => join.on('charts.id', '=', chartId))
          // One per follower and chart: the id says which.
          .select([
            sql<string>`'chart-' || charts.id || '-' || follows.follower_id`.as('id'),
            'follows.followerId as userId',
            sql.val('chart').as('kind'),
            'charts.author as actor',
            'charts.id as chartId',
            'charts.title as label',
            sql.val(now).as('createdTime'),
          ])
          .whereRef('follows.followeeId', '=', 'charts.authorId')
          .where(wants('chart')),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0)
  }

  /** A user's notifications, newest first; `keywords` (the app's quick search) in what it names (the
   *  chart or comment) or who did it. */
  list(userId: string, offset: number, limit: number, keywords = ''): Promise<NotificationRow[]> {
    return this.listWhere(userId, keywords)
      .selectAll()
      .orderBy('createdTime', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  }

  private listWhere(userId: string, keywords: string) {
    const words = wordsCondition(keywords, ['notifications.label', 'notifications.actor'])
    const query = this.db.selectFrom('notifications').where('userId', '=', userId)
    return words ? query.where(words) : query
  }

  find(userId: string, id: string): Promise<NotificationRow | undefined> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** How many notifications a user has, counting at most `cap` (a page count need not read them all). */
  async count(userId: string, cap?: number, keywords = ''): Promise<number> {
    let rows = this.listWhere(userId, keywords).select(sql<number>`1`.as('one'))
    if (cap !== undefined) rows = rows.limit(cap)
    const row = await this.db
      .selectFrom(rows.as('rows'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** A list page's two counts in one statement: all (at most `cap`) and unread. */
  async pageCounts(userId: string, cap: number): Promise<{ total: number; unread: number }> {
    const { rows } = await sql<{ total: number; unread: number }>`select
      (select count(*) from (select 1 from notifications where user_id = ${userId} limit ${cap}) as capped) as total,
      (select count(*) from notifications where user_id = ${userId} and read_time is null) as unread`.execute(
      this.db,
    )
    return { total: Number(rows[0].total), unread: Number(rows[0].unread) }
  }

  async countUnread(userId: string, kind?: NotificationKind): Promise<number> {
    let query = this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('readTime', 'is', null)
    if (kind) query = query.where('kind', '=', kind)
    const row = await query.executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Marks some (or, without ids, all) of a user's notifications read; returns how many changed. */
  async markRead(
    userId: string,
    now: number,
    filter: { ids?: string[]; kind?: NotificationKind } = {},
  ): Promise<number> {
    if (filter.ids?.length === 0) return 0
    let query = this.db
      .updateTable('notifications')
      .set({ readTime: now })
      .where('userId', '=', userId)
      .where('readTime', 'is', null)
    if (filter.ids) query = query.where('id', 'in', filter.ids)
    if (filter.kind) query = query.where('kind', '=', filter.kind)
    const result = await query.executeTakeFirst()
    return Number(result.numUpdatedRows)
  }

  /** Removes up to `limit` notifications created before `before`, or read and created before
   *  `readBefore`, oldest first; returns how many. */
  async prune(before: number, readBefore: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('notifications')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('notifications')
          .select('id')
          .where('createdTime', '<', readBefore)
          .where((inner) => inner.or([inner('createdTime', '<', before), inner('readTime', 'is not', null)]))
          .orderBy('createdTime')
          .limit(limit),
      )
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  async off(userId: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('users')
      .select('notificationsOff')
      .where('id', '=', userId)
      .executeTakeFirst()
    return (row?.notificationsOff ?? '').split(',').filter(Boolean)
  }

  async setOff(userId: string, kinds: string[]): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ notificationsOff: [...new Set(kinds)].sort().join(',') })
      .where('id', '=', userId)
      .execute()
  }
}
