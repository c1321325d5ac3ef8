// Shared rate-limit counters: every instance adds its requests to the same rows.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['key', 'window_start'])
    .execute()
  await db.schema.createIndex('rate_counters_window').on('rate_counters').column('window_start').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('rate_counters').execute()
}
