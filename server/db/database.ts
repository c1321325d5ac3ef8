// Opens the database named by the configuration: SQLite (default) or PostgreSQL.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type LogEvent,
  type SqliteStatement,
  type UnknownRow,
  sql,
} from 'kysely'
import { type DatabaseConfig } from '../config.js'
import { type Database } from './schema.js'
import { setBounded } from '../bounded.js'

export type Dialect = 'sqlite' | 'postgres'

export type Db = {
  db: Kysely<Database>
  dialect: Dialect
  close: () => Promise<void>
  /** SQLite only: a meta value read at once, without a round through the query builder (a hot check
   *  before every cached answer; cache/moderationVersion.ts). */
  readMetaNow?: (key: string) => string | undefined
  /** PostgreSQL only: messages between the instances sharing the database (LISTEN/NOTIFY), on a channel
   *  of this schema's. `listen` calls `onReset` whenever its connection was lost and again once it listens
   *  anew (messages may have been missed meanwhile), and connects again; it stops with `close`. */
  notify?: (channel: string, payload: string) => Promise<void>
  listen?: (channel: string, onMessage: (payload: string) => void, onReset: () => void) => Listening
}

/** A channel being listened to: `ready` once it first listens; `listening()` whether it hears now. What is
 *  kept on the strength of its messages must not be kept while it does not. */
export type Listening = { ready: Promise<void>; listening: () => boolean }

/** How long a lost listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 1000

const PG_INT8_OID = 20
const PG_NUMERIC_OID = 1700

export type OpenOptions = {
  /** PostgreSQL only: run everything inside this schema (tests isolate themselves this way). */
  pgSchema?: string
  /** Where a dropped idle PostgreSQL connection is reported (it must not crash the process). */
  onPoolError?: (error: Error) => void
  /** Told of every statement run and how long it took (metrics; the migrations' dry run records them). */
  onQuery?: (sql: string, ms: number) => void
}

/** SQLite runs a statement whose LIMIT is a bare parameter far slower than one whose LIMIT is an
 *  expression, in proportion to the columns it selects, on every run. `cast(? as integer)` is the same limit.
 *  (Kysely writes every limit as `limit ?`; values are parameters, never in the text.) */
export const castLimits = (sql: string): string => sql.replace(/\blimit \?/g, 'limit cast(? as integer)')

type Row = Record<string, unknown>

/** Makes a reader's rows from its column values: one function for its columns, whose objects all have one
 *  shape, keys already in camelCase. V8 builds them far faster than better-sqlite3 builds its own rows, and
 *  no second pass renames each row's keys (SqliteCamelCasePlugin). Column names are the schema's and the
 *  query's aliases, written as JSON strings. */
export const rowMaker = (columns: string[], key: (column: string) => string): ((values: unknown[]) => Row) =>
  new Function(
    'values',
    `return {${columns.map((column, i) => `${JSON.stringify(key(column))}: values[${i}]`).join(', ')}}`,
  ) as (values: unknown[]) => Row

/** A reader statement that answers rows made by rowMaker (what Kysely's SQLite driver calls). */
const madeRows = (statement: SQLite.Statement, key: (column: string) => string): SqliteStatement => {
  statement.raw(true)
  const make = rowMaker(
    statement.columns().map((column) => column.name),
    key,
  )
  return {
    reader: true,
    all: (parameters: ReadonlyArray<unknown>) => (statement.all(parameters) as unknown[][]).map(make),
    run: (parameters: ReadonlyArray<unknown>) => statement.run(parameters),
    *iterate(parameters: ReadonlyArray<unknown>) {
      for (const values of statement.iterate(parameters)) yield make(values as unknown[])
    },
  }
}

/** Kysely prepares every query anew; with one connection that runs one statement at a time, a prepared
 *  statement can be reused for the same SQL text. A bounded cache (least recently used goes first) saves
 *  the prepare on every hot query, a large share of a small request's time. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i

const cachedStatements = (
  sqlite: SQLite.Database,
  key: (column: string) => string,
  max = 500,
): SqliteDatabase => {
  const statements = new Map<string, SqliteStatement>()
  const prepare = (sql: string): SqliteStatement => {
    const statement = sqlite.prepare(castLimits(sql))
    return statement.reader ? madeRows(statement, key) : (statement as unknown as SqliteStatement)
  }
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      // A reader's row shape is fixed when it is prepared: after a change of schema (a migration) the same
      // text would name the old columns over the new values, so every statement is prepared anew.
      if (SCHEMA_CHANGE.test(sql)) {
        statements.clear()
        return prepare(sql)
      }
      const statement = statements.get(sql) ?? prepare(sql)
      setBounded(statements, sql, statement, max)
      return statement
    },
  }
}

/** SQLite transactions take the write lock as they begin (BEGIN IMMEDIATE). One begun deferred that read,
 *  then wrote after another connection had written meanwhile (a worker thread's trending pass, the backup's
 *  reads do not), would fail at once with "database is locked", whatever the busy timeout; an immediate one
 *  waits for its turn. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings)
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings)
  }
}

/** CamelCasePlugin whose rows come named already (rowMaker): it renames the query's identifiers only. */
class SqliteCamelCasePlugin extends CamelCasePlugin {
  readonly key = (column: string): string => this.camelCase(column)
  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}

export const openDatabase = async (config: DatabaseConfig, options: OpenOptions = {}): Promise<Db> => {
  const onQuery = options.onQuery
  const log = onQuery ? (event: LogEvent) => onQuery(event.query.sql, event.queryDurationMillis) : undefined
  if (config.kind === 'sqlite') {
    if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true })
    const sqlite = new SQLite(config.file)
    // WAL for concurrent readers, foreign keys enforced.
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    sqlite.pragma('synchronous = NORMAL')
    const camelCase = new SqliteCamelCasePlugin()
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: cachedStatements(sqlite, camelCase.key) }),
      plugins: [camelCase],
      log,
    })
    // Prepared at first use: the meta table exists once the migrations have run.
    let metaValue: SQLite.Statement<[string], { value: string }> | undefined
    return {
      db,
      dialect: 'sqlite',
      close: () => db.destroy(),
      readMetaNow: (key) => {
        metaValue ??= sqlite.prepare<[string], { value: string }>('select value from meta where key = ?')
        return metaValue.get(key)?.value
      },
    }
  }

  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // Times are BIGINT ms; they fit a double exactly, so read them as numbers, not strings.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID || oid === PG_NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  })
  // pg.Pool emits 'error' when an idle connection drops (a database restart); unhandled, it would
  // end the process. The pool replaces the connection on the next query.
  pool.on('error', (error) => options.onPoolError?.(error))
  // Fail at start-up, with the reason, rather than on the first request.
  try {
    const client = await pool.connect()
    client.release()
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw new Error(`DATABASE_URL: cannot connect to PostgreSQL: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log,
  })
  if (options.pgSchema) {
    await sql`create schema if not exists ${sql.id(options.pgSchema)}`.execute(db)
  }
  const schemaName = options.pgSchema ?? 'public'
  const channelOf = (channel: string) => `sirius_${channel}_${schemaName}`.slice(0, 63)
  const listeners: pg.Client[] = []
  let closed = false
  const listen = (channel: string, onMessage: (payload: string) => void, onReset: () => void): Listening => {
    const name = channelOf(channel)
    let hearing = false
    let heard: () => void = () => undefined
    const ready = new Promise<void>((resolve) => (heard = resolve))
    let first = true
    const connect = async () => {
      if (closed) return
      const client = new pg.Client({ connectionString: config.url })
      let lost = false
      const retry = () => {
        if (lost || closed) return
        lost = true
        hearing = false
        onReset()
        listeners.splice(listeners.indexOf(client) >>> 0, 1)
        client.end().catch(() => undefined)
        setTimeout(() => void connect(), LISTEN_RETRY_MS).unref()
      }
      client.on('error', retry)
      client.on('end', retry)
      client.on('notification', (message) => {
        if (message.channel === name) onMessage(message.payload ?? '')
      })
      listeners.push(client)
      try {
        await client.connect()
        await client.query(`listen "${name.replace(/"/g, '""')}"`)
        if (lost || closed) return
        hearing = true
        // What was kept while nobody listened may have missed a message.
        if (!first) onReset()
        first = false
        heard()
      } catch {
        retry()
      }
    }
    void connect()
    return { ready, listening: () => hearing }
  }
  return {
    db,
    dialect: 'postgres',
    notify: async (channel, payload) => {
      await sql`select pg_notify(${channelOf(channel)}, ${payload})`.execute(db)
    },
    listen,
    close: async () => {
      closed = true
      await Promise.all(listeners.splice(0).map((client) => client.end().catch(() => undefined)))
      await db.destroy()
    },
  }
}

/** PostgreSQL: the schema that unqualified names resolve to (the first of search_path that exists). */
export const currentSchema = async (db: Db): Promise<string> => {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.db)
  return result.rows[0].schema
}
