// What a backup reads of the database, and SQLite's own copy and checks. The copy is SQLite's online backup
// API in one step: it reads one consistent snapshot while the server goes on writing (WAL lets writers
// through), so it never restarts however busy the site is.
import SQLite from 'better-sqlite3'
import { type Kysely, sql } from 'kysely'
import { type Database } from './schema.js'
import { MIGRATION_NAMES, describeTables } from './migrate.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a restored database may be of any version
type AnyDb = Kysely<any>

/** Copies a live SQLite database file into `dest` (a new file) as one consistent snapshot. */
export const copySqlite = async (source: string, dest: string): Promise<void> => {
  const db = new SQLite(source, { readonly: true, fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    // Every remaining page in one step: a step that has begun is not disturbed by the server's writes.
    await db.backup(dest, { progress: () => 0x7fffffff })
  } finally {
    db.close()
  }
}

/** SQLite's own checks of a database file: the pages and indexes, then every foreign key. */
export const checkSqliteFile = (file: string): string[] => {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[]
    const problems = integrity.map((row) => row.integrity_check).filter((line) => line !== 'ok')
    const keys = db.pragma('foreign_key_check') as { table: string; parent: string }[]
    for (const row of keys) problems.push(`a row of ${row.table} names a missing row of ${row.parent}`)
    return problems
  } finally {
    db.close()
  }
}

/** Tables that are bookkeeping rather than data: migrations, SQLite's full-text index (rebuilt from charts). */
const isBookkeeping = (table: string) => table.startsWith('kysely_') || table.startsWith('charts_fts')

export type DatabaseFacts = {
  /** The last migration applied. */
  schema: string | undefined
  /** Rows per table. */
  tables: Record<string, number>
  /** Every file the database knows: [SHA-1, size], by hash. */
  files: [string, number][]
  /** Counters on rows that differ from a recount (none, in a healthy database). */
  counterMismatches: string[]
}

/** What a manifest records of a database, read in the caller's transaction (one snapshot). */
export const readFacts = async (db: AnyDb, dialect: 'sqlite' | 'postgres'): Promise<DatabaseFacts> => {
  const described = await describeTables(db, dialect)
  const tables: Record<string, number> = {}
  for (const table of [...described.keys()].sort())
    if (!isBookkeeping(table)) {
      const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)
      tables[table] = Number(result.rows[0].n)
    }
  const applied = described.has('kysely_migration')
    ? (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
        (row) => row.name,
      )
    : []
  const files = await sql<{ hash: string; size: number }>`select hash, size from files order by hash`.execute(
    db,
  )
  return {
    schema: applied.at(-1),
    tables,
    files: files.rows.map((row) => [row.hash, Number(row.size)]),
    counterMismatches: described.has('playlists') ? await counterMismatches(db as Kysely<Database>) : [],
  }
}

/** PostgreSQL: reads the facts in one repeatable-read transaction and, before it ends, hands `dump` that
 *  transaction's exported snapshot (pg_dump --snapshot reads exactly what the facts describe), the schema in
 *  use and the extensions it relies on (a dump of one schema leaves them out). */
export const factsWithPgSnapshot = (
  db: Kysely<Database>,
  dump: (snapshot: { id: string; schema: string; extensions: string[] }) => Promise<void>,
): Promise<DatabaseFacts> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const id = (await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx)).rows[0].id
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(trx)).rows[0]
        .schema
      const extensions = (
        await sql<{
          name: string
        }>`select extname as name from pg_extension where extname <> 'plpgsql'`.execute(trx)
      ).rows.map((row) => row.name)
      const facts = await readFacts(trx, 'postgres')
      await dump({ id, schema, extensions })
      return facts
    })

/** Counters kept on rows (likes, ratings, comments, a playlist's charts) that differ from a recount. */
export const counterMismatches = async (db: Kysely<Database>): Promise<string[]> => {
  const charts = await sql<{ id: string; what: string }>`
    select id, 'like_number' as what from charts
      where like_number <> (select count(*) from likes where likes.chart_id = charts.id)
    union all select id, 'rating_number' from charts
      where rating_number <> (select count(*) from ratings where ratings.chart_id = charts.id)
    union all select id, 'rating' from charts
      where abs(rating - coalesce((select avg(ratings.rating) from ratings where ratings.chart_id = charts.id), 0)) > 1e-9
    union all select id, 'comment_number' from charts
      where comment_number <> (select count(*) from comments
        where comments.chart_id = charts.id and comments.deleted = 0 and comments.hidden = 0)
    union all select id, 'chart_count' from playlists
      where chart_count <> (select count(*) from playlist_charts where playlist_charts.playlist_id = playlists.id)
  `.execute(db)
  return charts.rows.map((row) => `${row.what} of ${row.id} differs from a recount`)
}

/** The latest migration this code knows. */
export const LATEST_SCHEMA = MIGRATION_NAMES.at(-1)
