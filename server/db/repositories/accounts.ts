// A person's data as a whole: what their archive holds, and what deleting their account removes or keeps
// (docs/decisions/account-deletion.md). Run `deleteAccount` in a transaction (`repos.transaction`).
import { type Kysely, sql } from 'kysely'
import { type Database } from '../schema.js'
import { PLAY_COUNT_MS } from './leaderboards.js'
import { RELEASED_PREFIX } from './users.js'

/** The name kept rows show once their author's account is deleted. */
export const DELETED_USER_NAME = 'Deleted user'

/** A deleted account's stand-in: an id no Sonolus user has (ids are hex), one per deletion, so that a person
 *  who signs in again starts afresh and is never given back what was kept under a "deleted user". */
export const tombstoneId = (suffix: string): string => `deleted-${suffix}`

export type AccountData = {
  profile: Record<string, unknown>
  charts: Record<string, unknown>[]
  coauthored: Record<string, unknown>[]
  comments: Record<string, unknown>[]
  ratings: Record<string, unknown>[]
  likes: Record<string, unknown>[]
  results: Record<string, unknown>[]
  playlists: (Record<string, unknown> & { charts: Record<string, unknown>[] })[]
  following: Record<string, unknown>[]
  followers: Record<string, unknown>[]
  testFeedback: Record<string, unknown>[]
}

export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Everything of the user's, as rows (read in the caller's transaction for one consistent picture). */
  async dataOf(userId: string): Promise<AccountData | undefined> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'handle', 'name', 'profile', 'createdTime', 'updatedTime', 'notificationsOff'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!user) return undefined
    const charts = await this.db
      .selectFrom('charts')
      .selectAll()
      .where('authorId', '=', userId)
      .orderBy('publishTime')
      .execute()
    const coauthored = await this.db
      .selectFrom('chartCoauthors')
      .innerJoin('charts', 'charts.id', 'chartCoauthors.chartId')
      .select([
        'charts.id as chartId',
        'charts.title',
        'chartCoauthors.invitedTime',
        'chartCoauthors.acceptedTime',
      ])
      .where('chartCoauthors.userId', '=', userId)
      .execute()
    const comments = await this.db
      .selectFrom('comments')
      .select(['id', 'chartId', 'parentId', 'content', 'createdTime', 'editedTime', 'deleted', 'hidden'])
      .where('userId', '=', userId)
      .orderBy('createdTime')
      .execute()
    const ratings = await this.db
      .selectFrom('ratings')
      .select(['chartId', 'rating', 'updatedTime'])
      .where('userId', '=', userId)
      .execute()
    const likes = await this.db
      .selectFrom('likes')
      .select(['chartId', 'createdTime'])
      .where('userId', '=', userId)
      .execute()
    const results = await this.db
      .selectFrom('records')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('createdTime')
      .execute()
    const playlists = await this.db
      .selectFrom('playlists')
      .selectAll()
      .where('ownerId', '=', userId)
      .orderBy('createdTime')
      .execute()
    const playlistCharts = await this.db
      .selectFrom('playlistCharts')
      .innerJoin('playlists', 'playlists.id', 'playlistCharts.playlistId')
      .select([
        'playlistCharts.playlistId',
        'playlistCharts.chartId',
        'playlistCharts.position',
        'playlistCharts.addedTime',
      ])
      .where('playlists.ownerId', '=', userId)
      .orderBy('playlistCharts.position')
      .execute()
    const following = await this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followeeId')
      .select(['users.handle', 'users.name', 'follows.createdTime'])
      .where('follows.followerId', '=', userId)
      .execute()
    const followers = await this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followerId')
      .select(['users.handle', 'users.name', 'follows.createdTime'])
      .where('follows.followeeId', '=', userId)
      .execute()
    const testFeedback = await this.db
      .selectFrom('testFeedback')
      .select(['chartId', 'content', 'moment', 'createdTime'])
      .where('userId', '=', userId)
      .execute()
    return {
      profile: user,
      charts,
      coauthored,
      comments,
      ratings,
      likes,
      results,
      playlists: playlists.map((playlist) => ({
        ...playlist,
        charts: playlistCharts.filter((row) => row.playlistId === playlist.id),
      })),
      following,
      followers,
      testFeedback,
    }
  }

  /** The ids of the charts the user owns. */
  async chartIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('charts').select('id').where('authorId', '=', userId).execute()
    return rows.map((row) => row.id)
  }

  /** Deletes the user's account. Their comments, and their charts when `keepCharts`, move to a stand-in
   *  user named "Deleted user"; everything else of theirs goes with the row (sessions, likes, ratings,
   *  records and their leaderboard entries, playlists, follows, notifications, uploads, co-authorships).
   *  Counters the removed likes and ratings fed are recounted. Returns the charts whose pages changed. */
  async deleteAccount(
    userId: string,
    keepCharts: boolean,
    suffix: string,
    now: number,
  ): Promise<{ tombstone: string; charts: string[] }> {
    const touched = async (table: 'likes' | 'ratings' | 'comments' | 'records') =>
      (
        await this.db.selectFrom(table).select('chartId').distinct().where('userId', '=', userId).execute()
      ).map((row) => row.chartId)
    const counted = [...new Set([...(await touched('likes')), ...(await touched('ratings'))])]
    const coauthored = (
      await this.db.selectFrom('chartCoauthors').select('chartId').where('userId', '=', userId).execute()
    ).map((row) => row.chartId)
    const changed = new Set([
      ...counted,
      ...coauthored,
      ...(await touched('comments')),
      ...(await touched('records')),
    ])

    const tombstone = tombstoneId(suffix)
    await this.db
      .insertInto('users')
      .values({
        id: tombstone,
        handle: `${RELEASED_PREFIX}${tombstone}`,
        name: DELETED_USER_NAME,
        profile: '{}',
        createdTime: now,
        updatedTime: now,
      })
      .execute()
    await this.db
      .updateTable('comments')
      .set({ userId: tombstone, author: DELETED_USER_NAME })
      .where('userId', '=', userId)
      .execute()
    if (keepCharts) {
      for (const id of await this.chartIdsOf(userId)) changed.add(id)
      await this.db
        .updateTable('charts')
        .set({ authorId: tombstone, author: DELETED_USER_NAME, updatedTime: now })
        .where('authorId', '=', userId)
        .execute()
    }
    // The plays their records counted: a record counted one when its player had no other on that chart in
    // the day before it (leaderboards.ts addRecord).
    const mine = await this.db
      .selectFrom('records')
      .select(['chartId', 'createdTime'])
      .where('userId', '=', userId)
      .orderBy('chartId')
      .orderBy('createdTime')
      .execute()
    const plays = new Map<string, number>()
    const previous = new Map<string, number>()
    for (const { chartId, createdTime } of mine) {
      const before = previous.get(chartId)
      if (before === undefined || Number(createdTime) - before > PLAY_COUNT_MS)
        plays.set(chartId, (plays.get(chartId) ?? 0) + 1)
      previous.set(chartId, Number(createdTime))
    }
    // Their name where it was written as text: who edited a version, who acted in others' notifications, the
    // news they wrote. ('name#handle': the handle ends it; handles are digits.)
    const user = await this.db
      .selectFrom('users')
      .select('handle')
      .where('id', '=', userId)
      .executeTakeFirst()
    if (user) {
      const signed = `%#${user.handle}`
      await this.db
        .updateTable('chartVersions')
        .set({ editor: DELETED_USER_NAME })
        .where('editor', 'like', signed)
        .execute()
      await this.db
        .updateTable('charts')
        .set({ versionEditor: DELETED_USER_NAME })
        .where('versionEditor', 'like', signed)
        .execute()
      await this.db
        .updateTable('notifications')
        .set({ actor: DELETED_USER_NAME })
        .where('actor', 'like', signed)
        .execute()
    }
    await this.db
      .updateTable('news')
      .set({ author: DELETED_USER_NAME })
      .where('authorId', '=', userId)
      .execute()
    // Reports they filed stay (they are about others' content), filed by the stand-in: no longer theirs, and
    // not counted as the anonymous takedown notices the per-address limit is for.
    await this.db
      .updateTable('reports')
      .set({ reporterId: tombstone })
      .where('reporterId', '=', userId)
      .execute()
    await this.db.deleteFrom('moderators').where('userId', '=', userId).execute()
    await this.db.deleteFrom('users').where('id', '=', userId).execute()

    for (const [chartId, n] of plays)
      await sql`update charts set play_count = case when play_count > ${n} then play_count - ${n} else 0 end
        where id = ${chartId}`.execute(this.db)
    for (const chartId of counted)
      await sql`update charts set
          like_number = (select count(*) from likes where likes.chart_id = charts.id),
          rating_number = (select count(*) from ratings where ratings.chart_id = charts.id),
          rating = coalesce((select avg(ratings.rating) from ratings where ratings.chart_id = charts.id), 0)
        where id = ${chartId}`.execute(this.db)
    return { tombstone, charts: [...changed] }
  }
}
