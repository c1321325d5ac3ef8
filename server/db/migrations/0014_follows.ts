// Following and notifications: who follows whom; each user's notifications, one row each
// (written when the event happens, or fanned out to followers by the background work when a chart is
// published), read or unread; the kinds a user turned off; and the publications still to fan out.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute()
  // A creator's followers, for the fan-out and the count.
  await db.schema
    .createIndex('follows_followee')
    .on('follows')
    .columns(['followee_id', 'follower_id'])
    .execute()
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** 'chart' (a followed creator published), 'reply', 'comment', 'rating', 'moderation'. */
    .addColumn('kind', 'text', (col) => col.notNull())
    /** Who did it: 'name#handle' when it happened (null for a moderation notice). */
    .addColumn('actor', 'text')
    .addColumn('chart_id', 'text')
    /** The chart's title, or the comment's opening, when it happened (the chart may be gone since). */
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('comment_id', 'text')
    /** The moderation log entry a notice stands for. */
    .addColumn('log_id', 'text')
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('read_time', 'bigint')
    .execute()
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'created_time', 'id'])
    .execute()
  // The unread count reads only the unread ones.
  await sql`create index notifications_unread on notifications (user_id) where read_time is null`.execute(db)
  // A follower hears of a chart once, however often its fan-out runs.
  await sql`create unique index notifications_once on notifications (user_id, kind, chart_id) where kind = 'chart'`.execute(
    db,
  )
  await db.schema
    .alterTable('users')
    /** Comma-separated kinds the user does not want. */
    .addColumn('notifications_off', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
  await db.schema
    .createTable('fanouts')
    .addColumn('chart_id', 'text', (col) => col.primaryKey())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .alterTable('charts')
    /** 1 once the chart's followers were told of it (it is never announced twice). */
    .addColumn('announced', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  // Charts already public were published before anyone could follow: nothing to announce.
  await sql`update charts set announced = 1 where is_public = 1`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('charts').dropColumn('announced').execute()
  await db.schema.dropTable('fanouts').execute()
  await db.schema.alterTable('users').dropColumn('notifications_off').execute()
  await db.schema.dropTable('notifications').execute()
  await db.schema.dropTable('follows').execute()
}
