// A creator may let others download the chart's SUS, off by default: until then its hash is
// not sent to anyone but the owner.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('charts')
    .addColumn('allow_sus_download', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('charts').dropColumn('allow_sus_download').execute()
}
