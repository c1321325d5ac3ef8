// Playlists: anyone's ordered collections of charts, public or private, and the "Staff picks"
// playlist that moderators keep (no owner; shown on the home page and in the app).
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('playlists')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** Null for the staff picks. */
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    /** 'name#handle' when made ('' for the staff picks). */
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('is_public', 'integer', (col) => col.notNull())
    .addColumn('chart_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('updated_time', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('playlists_owner')
    .on('playlists')
    .columns(['owner_id', 'updated_time'])
    .execute()
  await db.schema
    .createIndex('playlists_public')
    .on('playlists')
    .columns(['is_public', 'updated_time', 'id'])
    .execute()
  await db.schema
    .createTable('playlist_charts')
    .addColumn('playlist_id', 'text', (col) => col.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('added_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('playlist_charts_pk', ['playlist_id', 'chart_id'])
    .execute()
  await db.schema
    .createIndex('playlist_charts_order')
    .on('playlist_charts')
    .columns(['playlist_id', 'position'])
    .execute()
  // A deleted chart leaves its playlists: found by chart.
  await db.schema.createIndex('playlist_charts_chart').on('playlist_charts').columns(['chart_id']).execute()
  await sql`insert into playlists (id, owner_id, owner, title, description, is_public, chart_count, created_time, updated_time)
    values ('staff-picks', null, '', 'Staff picks', '', 1, 0, 0, 0)`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('playlist_charts').execute()
  await db.schema.dropTable('playlists').execute()
}
