// Web login attempts (docs/protocol.md §11.2): keyed by sha1(sessionId), the only part that leaves the browser.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('login_attempts')
    .addColumn('hash', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('expires_time', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('login_attempts_ip_created')
    .on('login_attempts')
    .columns(['ip', 'created_time'])
    .execute()
  await db.schema.createIndex('login_attempts_expires').on('login_attempts').column('expires_time').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('login_attempts').execute()
}
