// Replays follow their records: a replay's files are collectable ('derived') and go when no record names
// them (a chart's deletion takes its records), so records are looked up by the files they name.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex('records_data_hash').on('records').column('data_hash').execute()
  await db.schema
    .createIndex('records_configuration_hash')
    .on('records')
    .column('configuration_hash')
    .execute()
  await sql`update files set origin = 'derived' where origin = 'system'
    and (hash in (select data_hash from records) or hash in (select configuration_hash from records))`.execute(
    db,
  )
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('records_configuration_hash').execute()
  await db.schema.dropIndex('records_data_hash').execute()
}
