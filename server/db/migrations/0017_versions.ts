// Versions that keep their scores: a chart's level data has a version number, raised when an
// edit replaces the data; records and leaderboard entries belong to the version they were played on, so a
// board shows one version's records, and each earlier version is kept with its dates.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('charts')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
  await db.schema
    .alterTable('charts')
    /** When the current level data was set. */
    .addColumn('version_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()
  await sql`update charts set version_time = publish_time`.execute(db)
  // The versions an edit replaced, with the level data they had (its file may since be collected).
  await db.schema
    .createTable('chart_versions')
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('data_hash', 'text')
    .addColumn('note_count', 'integer')
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('replaced_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('chart_versions_pk', ['chart_id', 'version'])
    .execute()
  await db.schema
    .alterTable('records')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
  // Each user's best per chart, version and board: the key gains the version, so the table is rebuilt.
  await db.schema
    .createTable('leaderboard_entries_v')
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('board', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('record_id', 'text', (col) => col.notNull().references('records.id').onDelete('cascade'))
    .addColumn('sort_key', 'double precision', (col) => col.notNull())
    .addColumn('arcade_key', 'double precision', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('leaderboard_entries_v_pk', ['chart_id', 'version', 'board', 'user_id'])
    .execute()
  await sql`insert into leaderboard_entries_v (chart_id, version, board, user_id, record_id, sort_key, arcade_key, created_time)
    select chart_id, 1, board, user_id, record_id, sort_key, arcade_key, created_time from leaderboard_entries`.execute(
    db,
  )
  await db.schema.dropTable('leaderboard_entries').execute()
  await db.schema.alterTable('leaderboard_entries_v').renameTo('leaderboard_entries').execute()
  await db.schema
    .createIndex('leaderboard_entries_rank')
    .on('leaderboard_entries')
    .columns(['chart_id', 'version', 'board', 'sort_key', 'arcade_key', 'created_time', 'record_id'])
    .execute()
  await db.schema
    .createIndex('leaderboard_entries_user')
    .on('leaderboard_entries')
    .columns(['user_id', 'board', 'sort_key'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('leaderboard_entries_o')
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('board', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('record_id', 'text', (col) => col.notNull().references('records.id').onDelete('cascade'))
    .addColumn('sort_key', 'double precision', (col) => col.notNull())
    .addColumn('arcade_key', 'double precision', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('leaderboard_entries_pk', ['chart_id', 'board', 'user_id'])
    .execute()
  // The current version's entries are the ones a single board keeps.
  await sql`insert into leaderboard_entries_o (chart_id, board, user_id, record_id, sort_key, arcade_key, created_time)
    select e.chart_id, e.board, e.user_id, e.record_id, e.sort_key, e.arcade_key, e.created_time
    from leaderboard_entries e join charts c on c.id = e.chart_id and c.version = e.version`.execute(db)
  await db.schema.dropTable('leaderboard_entries').execute()
  await db.schema.alterTable('leaderboard_entries_o').renameTo('leaderboard_entries').execute()
  await db.schema
    .createIndex('leaderboard_entries_rank')
    .on('leaderboard_entries')
    .columns(['chart_id', 'board', 'sort_key', 'arcade_key', 'created_time', 'record_id'])
    .execute()
  await db.schema
    .createIndex('leaderboard_entries_user')
    .on('leaderboard_entries')
    .columns(['user_id', 'board', 'sort_key'])
    .execute()
  await db.schema.alterTable('records').dropColumn('version').execute()
  await db.schema.dropTable('chart_versions').execute()
  await db.schema.alterTable('charts').dropColumn('version_time').execute()
  await db.schema.alterTable('charts').dropColumn('version').execute()
}
