// Community (docs/protocol.md §7): ratings (one per user per chart) and comments (replies keep their parent;
// deletes are soft). Likes came with 0003. The charts row keeps the counters and the average.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('ratings')
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('updated_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('ratings_pk', ['chart_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('edited_time', 'bigint')
    .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  // The list: a chart's live comments, oldest first.
  await db.schema
    .createIndex('comments_chart_list')
    .on('comments')
    .columns(['chart_id', 'deleted', 'created_time', 'id'])
    .execute()
  // The per-user rate limit.
  await db.schema
    .createIndex('comments_user_created')
    .on('comments')
    .columns(['user_id', 'created_time'])
    .execute()
}
