// Runs the migrations at start-up. They live in code (not a folder scan) so the list is explicit
// and works the same under tsx, bundlers and tests.
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely'
import * as m0001 from './migrations/0001_initial.js'
import * as m0002 from './migrations/0002_login_attempts.js'
import * as m0003 from './migrations/0003_catalogue.js'
import * as m0004 from './migrations/0004_order_indexes.js'
import * as m0005 from './migrations/0005_community.js'
import * as m0006 from './migrations/0006_leaderboards.js'
import * as m0007 from './migrations/0007_uploads.js'
import * as m0008 from './migrations/0008_hardening.js'
import * as m0009 from './migrations/0009_rate_counters.js'
import * as m0010 from './migrations/0010_moderation.js'
import * as m0011 from './migrations/0011_sus_download.js'
import * as m0012 from './migrations/0012_people_and_news.js'
import * as m0013 from './migrations/0013_chart_stats.js'
import * as m0014 from './migrations/0014_follows.js'
import * as m0015 from './migrations/0015_scheduled.js'
import * as m0016 from './migrations/0016_notifications_age.js'
import * as m0017 from './migrations/0017_versions.js'
import * as m0018 from './migrations/0018_playlists.js'
import * as m0019 from './migrations/0019_replay_files.js'
import * as m0020 from './migrations/0020_login_codes.js'
import * as m0021 from './migrations/0021_author_order.js'
import * as m0022 from './migrations/0022_version_changes.js'
import * as m0023 from './migrations/0023_comment_moments.js'
import * as m0024 from './migrations/0024_song_sets.js'
import * as m0025 from './migrations/0025_coauthors.js'
import * as m0026 from './migrations/0026_test_links.js'
import { type Database } from './schema.js'

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_login_attempts': m0002,
  '0003_catalogue': m0003,
  '0004_order_indexes': m0004,
  '0005_community': m0005,
  '0006_leaderboards': m0006,
  '0007_uploads': m0007,
  '0008_hardening': m0008,
  '0009_rate_counters': m0009,
  '0010_moderation': m0010,
  '0011_sus_download': m0011,
  '0012_people_and_news': m0012,
  '0013_chart_stats': m0013,
  '0014_follows': m0014,
  '0015_scheduled': m0015,
  '0016_notifications_age': m0016,
  '0017_versions': m0017,
  '0018_playlists': m0018,
  '0019_replay_files': m0019,
  '0020_login_codes': m0020,
  '0021_author_order': m0021,
  '0022_version_changes': m0022,
  '0023_comment_moments': m0023,
  '0024_song_sets': m0024,
  '0025_coauthors': m0025,
  '0026_test_links': m0026,
}

/** The migrations in the order they run. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations)

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  }
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string | undefined,
    cause: unknown,
  ) {
    super(
      `migration ${migration ?? '(unknown)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    )
    this.name = 'MigrationError'
  }
}

/** On PostgreSQL, pass the schema in use: Kysely otherwise looks for its migration table in every
 *  schema it can see, and one in another schema (another app, another test) would hide ours. */
export const migrateToLatest = async (
  db: Kysely<Database>,
  migrationTableSchema?: string,
): Promise<string[]> => migrateUpTo(db, undefined, migrationTableSchema)

/** Runs the migrations up to and including `name` (the latest without one): an upgrade test starts from an
 *  older schema this way. */
export const migrateUpTo = async (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an older schema is not today's type
  db: Kysely<any>,
  name: string | undefined,
  migrationTableSchema?: string,
): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), migrationTableSchema })
  const { error, results } = await (name === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(name))
  const failed = results?.find((result) => result.status === 'Error')
  if (error) throw new MigrationError(failed?.migrationName, error)
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

/** The tables of the database in use and their columns (SQLite's full-text index included). */
export const describeTables = async (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
  db: Kysely<any>,
  dialect: 'sqlite' | 'postgres',
): Promise<Map<string, string[]>> => {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ table: string; column: string }>`select m.name as "table", c.name as "column"
          from sqlite_master m join pragma_table_info(m.name) c
          where m.type = 'table' and m.name not like 'sqlite%' order by m.name, c.cid`.execute(db)
      : await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column"
          from information_schema.columns where table_schema = current_schema()
          order by table_name, ordinal_position`.execute(db)
  const tables = new Map<string, string[]>()
  for (const { table, column } of rows.rows) tables.set(table, [...(tables.get(table) ?? []), column])
  return tables
}

const MIGRATION_TABLE = 'kysely_migration'

export type MigrationPlan = {
  applied: string[]
  pending: string[]
  /** What each pending migration runs, in order. */
  statements: { migration: string; sql: string }[]
  /** Each table the pending migrations would create, drop, reshape or fill. */
  changes: { table: string; rowsBefore?: number; rowsAfter?: number; added: string[]; dropped: string[] }[]
}

class DryRunDone extends Error {}

/** The table a statement writes rows of (values may change with no change of count). */
const writtenTable = (text: string): string | undefined =>
  /^\s*(?:update|insert\s+into|delete\s+from)\s+"?(\w+)"?/i.exec(text)?.[1]

/** What migrateToLatest would do, learned by running the pending migrations in one transaction that is then
 *  rolled back (both databases undo schema changes with it). `record` turns the statement log of the
 *  connection's owner (openDatabase's onQuery) on, and returns what it saw when turned off. */
export const planMigrations = async (
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  record: { start: () => void; stop: () => string[] },
): Promise<MigrationPlan> => {
  const countRows = async (trx: Kysely<Database>, tables: Iterable<string>) => {
    const counts = new Map<string, number>()
    for (const table of tables)
      counts.set(
        table,
        Number(
          (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(trx)).rows[0].n,
        ),
      )
    return counts
  }
  let plan: MigrationPlan | undefined
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await describeTables(trx, dialect)
      const applied = before.has(MIGRATION_TABLE)
        ? (
            await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(
              trx,
            )
          ).rows.map((row) => row.name)
        : []
      const done = new Set(applied)
      const pending = MIGRATION_NAMES.filter((name) => !done.has(name))
      const rowsBefore = await countRows(trx, before.keys())
      const statements: MigrationPlan['statements'] = []
      for (const name of pending) {
        record.start()
        try {
          await migrations[name].up(trx)
        } finally {
          for (const text of record.stop()) statements.push({ migration: name, sql: text })
        }
      }
      const after = await describeTables(trx, dialect)
      const rowsAfter = await countRows(trx, after.keys())
      const changes: MigrationPlan['changes'] = []
      for (const table of new Set([...before.keys(), ...after.keys()])) {
        const was = before.get(table) ?? []
        const is = after.get(table) ?? []
        const change = {
          table,
          rowsBefore: rowsBefore.get(table),
          rowsAfter: rowsAfter.get(table),
          added: is.filter((column) => !was.includes(column)),
          dropped: was.filter((column) => !is.includes(column)),
        }
        if (
          change.rowsBefore !== change.rowsAfter ||
          change.added.length > 0 ||
          change.dropped.length > 0 ||
          statements.some((statement) => writtenTable(statement.sql) === table)
        )
          changes.push(change)
      }
      plan = { applied, pending, statements, changes }
      throw new DryRunDone()
    })
    .catch((error: unknown) => {
      if (!(error instanceof DryRunDone)) throw error
    })
  if (!plan) throw new Error('the dry run ended without a plan')
  return plan
}
