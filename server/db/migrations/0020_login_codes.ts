// The web login's confirmation code (docs/protocol.md §11.2): the app shows it once the user confirms, and
// only the browser that is given it finishes the login. Stored as a hash, with the wrong tries counted.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('login_attempts').addColumn('code_hash', 'text').execute()
  await db.schema
    .alterTable('login_attempts')
    .addColumn('code_tries', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('login_attempts').dropColumn('code_tries').execute()
  await db.schema.alterTable('login_attempts').dropColumn('code_hash').execute()
}
