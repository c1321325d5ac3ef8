// Users, replays and server news in the app: a player's records and best entries are looked up
// by user, the newest records list all replays, and moderators write news posts.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex('records_user_created')
    .on('records')
    .columns(['user_id', 'created_time'])
    .execute()
  await db.schema.createIndex('records_created').on('records').columns(['created_time', 'id']).execute()
  await db.schema
    .createIndex('leaderboard_entries_user')
    .on('leaderboard_entries')
    .columns(['user_id', 'board', 'sort_key'])
    .execute()
  await db.schema
    .createTable('news')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    /** Markdown, as the site renders it; the app gets it as plain text. */
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('author_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    /** 'name#handle' of the moderator when written. */
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('updated_time', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('news_created').on('news').columns(['created_time', 'id']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('news').execute()
  await db.schema.dropIndex('leaderboard_entries_user').execute()
  await db.schema.dropIndex('records_created').execute()
  await db.schema.dropIndex('records_user_created').execute()
}
