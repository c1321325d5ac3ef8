// Which database a migration runs on, for the few steps that differ.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const dialectOf = (db: Kysely<any>): Promise<'postgres' | 'sqlite'> =>
  // SQLite has no version(): the failed call is the answer (no transaction is aborted there).
  sql`select version()`.execute(db).then(
    (result) =>
      String((result.rows[0] as { version?: string } | undefined)?.version ?? '').startsWith('PostgreSQL')
        ? 'postgres'
        : 'sqlite',
    () => 'sqlite',
  )
