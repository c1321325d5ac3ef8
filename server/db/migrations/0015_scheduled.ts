// Scheduled publishing: a chart may carry the time it is to be published; it stays private
// until then, and the background work publishes it.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('charts').addColumn('scheduled_time', 'bigint').execute()
  // The background work finds the charts that are due.
  await sql`create index charts_scheduled on charts (scheduled_time) where scheduled_time is not null`.execute(
    db,
  )
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('charts_scheduled').execute()
  await db.schema.alterTable('charts').dropColumn('scheduled_time').execute()
}
