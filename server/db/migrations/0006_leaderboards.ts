// Leaderboards (docs/protocol.md §5, §9): pending uploads keyed by their single-use key, every accepted
// result, and each user's best record per chart per board (one row, replaced when beaten).
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('upload_keys')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('expires_time', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('records')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('player', 'text', (col) => col.notNull())
    .addColumn('grade', 'text', (col) => col.notNull())
    .addColumn('arcade_score', 'double precision', (col) => col.notNull())
    .addColumn('accuracy_score', 'double precision', (col) => col.notNull())
    .addColumn('combo', 'integer', (col) => col.notNull())
    .addColumn('perfect', 'integer', (col) => col.notNull())
    .addColumn('great', 'integer', (col) => col.notNull())
    .addColumn('good', 'integer', (col) => col.notNull())
    .addColumn('miss', 'integer', (col) => col.notNull())
    .addColumn('total_count', 'integer', (col) => col.notNull())
    .addColumn('data_hash', 'text', (col) => col.notNull())
    .addColumn('configuration_hash', 'text', (col) => col.notNull())
    .addColumn('replay_title', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .execute()

  // sort_key orders every board ascending: the value for "fewer is better" boards, its negation for the
  // others; ties go to the higher arcade score, then the earlier record.
  await db.schema
    .createTable('leaderboard_entries')
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('board', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('record_id', 'text', (col) => col.notNull().references('records.id').onDelete('cascade'))
    .addColumn('sort_key', 'double precision', (col) => col.notNull())
    .addColumn('arcade_key', 'double precision', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('leaderboard_entries_pk', ['chart_id', 'board', 'user_id'])
    .execute()
  await db.schema
    .createIndex('leaderboard_entries_rank')
    .on('leaderboard_entries')
    .columns(['chart_id', 'board', 'sort_key', 'arcade_key', 'created_time', 'record_id'])
    .execute()
}
