// Replays follow their records: a replay's files are collectable ('derived') and go when no record names
// them (a chart's deletion takes its records), so records are looked up by the files they name. Charts are
// looked up by their SUS: the repository serves it only as its charts allow. And a file's uploaders are
// kept: only they (and authors whose charts use it) are told that it is stored.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex('records_data_hash').on('records').column('data_hash').execute()
  await db.schema
    .createIndex('records_configuration_hash')
    .on('records')
    .column('configuration_hash')
    .execute()
  await db.schema
    .createTable('file_owners')
    .addColumn('hash', 'text', (col) => col.notNull().references('files.hash').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('file_owners_pk', ['hash', 'user_id'])
    .execute()
  await db.schema.createIndex('charts_sus_hash').on('charts').column('sus_hash').execute()
  await sql`update files set origin = 'derived' where origin = 'system'
    and (hash in (select data_hash from records) or hash in (select configuration_hash from records))`.execute(
    db,
  )
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('charts_sus_hash').execute()
  await db.schema.dropTable('file_owners').execute()
  await db.schema.dropIndex('records_configuration_hash').execute()
  await db.schema.dropIndex('records_data_hash').execute()
}
