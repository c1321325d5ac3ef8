// Test links: a chart's owner (or a co-author) makes an unlisted link to the chart, revocable and perhaps
// expiring, that lets whoever holds it open, preview and play the chart while it is private; the feedback
// sent through a link is the creators' alone (its own table: no public comment counter, list or page sees
// it).
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('test_links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    /** What the link carries: random, unguessable, and nothing else (it grants no session). */
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('expires_time', 'bigint')
    .addColumn('revoked_time', 'bigint')
    .execute()
  await db.schema.createIndex('test_links_chart').on('test_links').columns(['chart_id']).execute()
  await db.schema
    .createTable('test_feedback')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('link_id', 'text', (col) => col.notNull().references('test_links.id').onDelete('cascade'))
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('moment', 'double precision')
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('test_feedback_chart')
    .on('test_feedback')
    .columns(['chart_id', 'created_time'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('test_feedback').execute()
  await db.schema.dropTable('test_links').execute()
}
