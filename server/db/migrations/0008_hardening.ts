// Hardening: signed Sonolus requests already accepted (docs/protocol.md §10), so a replay within its time window
// is refused by every instance. A row lives until its request's time window has passed.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('seen_signatures')
    /** SHA-256 hex of the signed bytes (the raw body). */
    .addColumn('hash', 'text', (col) => col.primaryKey())
    .addColumn('expires_time', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('seen_signatures_expires')
    .on('seen_signatures')
    .column('expires_time')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('seen_signatures').execute()
}
