// A creator's charts in their newest-first order, the id as the tie-break: the "more by this author" row of
// a chart's details and a user's own charts in a list then read only the charts they show, in the index's
// order, instead of every chart of theirs sorted on each request. On PostgreSQL, the length and density
// orders' indexes put charts without level data last, as those orders do: an index serves an order there
// only with its own placement of nulls (SQLite's serve it as they are).
import { type Kysely, sql } from 'kysely'
import { dialectOf } from './dialect.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex('charts_author_publish_time_id')
    .on('charts')
    .columns(['author_id', 'publish_time', 'id'])
    .execute()
  await db.schema.dropIndex('charts_author_id_publish_time').execute()
  if ((await dialectOf(db)) === 'postgres')
    for (const column of NULLABLE_ORDERS) {
      await db.schema.dropIndex(`charts_visible_${column}_id`).execute()
      await sql`create index ${sql.id(`charts_visible_${column}_id`)} on charts (is_public, hidden, ${sql.id(column)} desc nulls last, id desc)`.execute(
        db,
      )
    }
}

const NULLABLE_ORDERS = ['duration', 'nps_average']

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex('charts_author_id_publish_time')
    .on('charts')
    .columns(['author_id', 'publish_time'])
    .execute()
  await db.schema.dropIndex('charts_author_publish_time_id').execute()
  if ((await dialectOf(db)) === 'postgres')
    for (const column of NULLABLE_ORDERS) {
      await db.schema.dropIndex(`charts_visible_${column}_id`).execute()
      await db.schema
        .createIndex(`charts_visible_${column}_id`)
        .on('charts')
        .columns(['is_public', 'hidden', column, 'id'])
        .execute()
    }
}
