// Upgrading without loss: a database made by the first release (migration 0001 alone) is filled with data,
// then every later migration runs one at a time, with more data added as each family of tables appears.
// After each step every row that existed before is still there with the same values (save the changes a
// migration is declared to make), no table or column has gone, and at the end the server opens the database
// and shows the first release's chart, its comment and its record. Runs on SQLite and, with PG_URL, PostgreSQL.
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/database'
import { MIGRATION_NAMES, describeTables, migrateUpTo, planMigrations } from '../../../server/db/migrate'
import { openContext } from '../../../server/context'
import { buildApp } from '../../../server/app'
import { DIALECTS, dropSchema, speakAsSite, tempDir, testConfig } from '../helpers/context'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step has its own schema
type AnyDb = Kysely<any>
type Row = Record<string, unknown>

const H = (c: string) => c.repeat(40)
const T = 1_700_000_000_000
/** Chart ids are 32 hex digits, as the server makes them. */
const C1 = 'c1'.padStart(32, '0')
const C2 = 'c2'.padStart(32, '0')

/** Rows written right after a migration ran, in the columns that migration's schema has. */
const SEEDS: Record<string, Record<string, Row[]>> = {
  '0001_initial': {
    users: [
      {
        id: 'u1',
        handle: '1001',
        name: 'Alice',
        profile: '{"bio":"first"}',
        created_time: T,
        updated_time: T,
      },
      { id: 'u2', handle: '1002', name: 'Bob', profile: '{}', created_time: T, updated_time: T },
    ],
    sessions: [{ id_hash: H('e'), user_id: 'u1', kind: 'web', created_time: T, expires_time: T * 2 }],
    files: ['a', 'b', 'c', 'd'].map((c, i) => ({
      hash: H(c),
      size: 100 + i,
      content_type: 'application/octet-stream',
      created_time: T,
    })),
    charts: [
      {
        id: C1,
        author_id: 'u1',
        author: 'Alice#1001',
        title: 'First Light',
        artists: 'The Testers',
        composer: 'Alice',
        description: 'From the first release',
        level: 12,
        is_public: 1,
        tags: '["rock"]',
        cover_hash: H('a'),
        data_hash: H('b'),
        like_number: 1,
        comment_number: 1,
        rating: 4,
        rating_number: 1,
        publish_time: T,
        updated_time: T,
      },
      {
        id: C2,
        author_id: 'u1',
        author: 'Alice#1001',
        title: 'Unfinished',
        artists: 'The Testers',
        composer: 'Alice',
        level: 5,
        is_public: 0,
        cover_hash: H('a'),
        publish_time: T + 1,
        updated_time: T + 1,
      },
    ],
    meta: [{ key: 'upgrade_probe', value: 'kept' }],
  },
  '0002_login_attempts': {
    login_attempts: [
      {
        hash: H('f'),
        state: 'pending',
        user_id: null,
        ip: '127.0.0.1',
        created_time: T,
        expires_time: T + 60_000,
      },
    ],
  },
  '0003_catalogue': { likes: [{ chart_id: C1, user_id: 'u2', created_time: T + 2 }] },
  '0005_community': {
    ratings: [{ chart_id: C1, user_id: 'u2', rating: 4, updated_time: T + 3 }],
    comments: [
      {
        id: 'm1',
        chart_id: C1,
        user_id: 'u2',
        author: 'Bob#1002',
        parent_id: null,
        content: 'Lovely chart',
        created_time: T + 4,
      },
    ],
  },
  '0006_leaderboards': {
    records: [
      {
        id: 'r1',
        chart_id: C1,
        user_id: 'u2',
        player: 'Bob',
        grade: 'S',
        arcade_score: 987654,
        accuracy_score: 98.5,
        combo: 321,
        perfect: 300,
        great: 20,
        good: 1,
        miss: 0,
        total_count: 321,
        data_hash: H('c'),
        configuration_hash: H('d'),
        replay_title: 'Bob on First Light',
        created_time: T + 5,
      },
    ],
    leaderboard_entries: [
      {
        chart_id: C1,
        board: 'arcScore',
        user_id: 'u2',
        record_id: 'r1',
        sort_key: -987654,
        arcade_key: -987654,
        created_time: T + 5,
      },
    ],
  },
  '0010_moderation': {
    moderators: [{ user_id: 'u1', granted_by: 'operator', granted_time: T + 6 }],
    reports: [
      {
        id: 'p1',
        target_type: 'comment',
        target_id: 'm1',
        reporter_id: 'u1',
        ip: '127.0.0.1',
        reason: 'spam',
        note: 'looks fine',
        state: 'open',
        created_time: T + 7,
      },
    ],
    moderation_log: [
      {
        id: 'g1',
        created_time: T + 8,
        moderator_id: 'u1',
        moderator: 'Alice#1001',
        action: 'hide',
        target_type: 'comment',
        target_id: 'm1',
        target_label: 'Lovely chart',
        chart_id: C1,
        subject_user_id: 'u2',
        reason: 'checking',
      },
    ],
  },
  '0012_people_and_news': {
    news: [
      {
        id: 'w1',
        title: 'Hello',
        body: 'We opened',
        author_id: 'u1',
        author: 'Alice',
        created_time: T,
        updated_time: T,
      },
    ],
  },
  '0014_follows': {
    follows: [{ follower_id: 'u2', followee_id: 'u1', created_time: T + 9 }],
    notifications: [
      {
        id: 'n1',
        user_id: 'u1',
        kind: 'comment',
        actor: 'Bob#1002',
        chart_id: C1,
        label: 'x',
        created_time: T + 9,
      },
    ],
  },
  '0018_playlists': {
    playlists: [
      {
        id: 'l1',
        owner_id: 'u2',
        owner: 'Bob#1002',
        title: 'Favourites',
        description: '',
        is_public: 1,
        chart_count: 1,
        created_time: T + 10,
        updated_time: T + 10,
      },
    ],
    playlist_charts: [{ playlist_id: 'l1', chart_id: C1, position: 0, added_time: T + 10 }],
  },
  '0025_coauthors': {
    chart_coauthors: [{ chart_id: C1, user_id: 'u2', invited_time: T + 11, accepted_time: T + 12 }],
  },
  '0026_test_links': {
    test_links: [{ id: 'k1', chart_id: C2, token: 'tok', created_by: 'Alice#1001', created_time: T + 13 }],
    test_feedback: [
      {
        id: 'b1',
        link_id: 'k1',
        chart_id: C2,
        user_id: 'u2',
        author: 'Bob#1002',
        content: 'Hard at 0:05',
        moment: 5,
        created_time: T + 14,
      },
    ],
  },
}

/** The values a migration is meant to change: migration → table → columns. Anything else must survive. */
const DECLARED_CHANGES: Record<string, Record<string, string[]>> = {
  // Replay data and configurations, which records name, become derived files (kept while a record is).
  '0019_replay_files': { files: ['origin'] },
}

/** Tables that are the database's own bookkeeping (migrations, SQLite's full-text index), not data. */
const isBookkeeping = (table: string) => table.startsWith('kysely_') || table.startsWith('charts_fts')

const insertRows = async (db: AnyDb, table: string, rows: Row[]) => {
  for (const row of rows) {
    const columns = Object.keys(row)
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
      values (${sql.join(columns.map((c) => row[c]))})`.execute(db)
  }
}

const snapshot = async (db: AnyDb, tables: Iterable<string>) => {
  const rows = new Map<string, Row[]>()
  for (const table of tables)
    if (!isBookkeeping(table))
      rows.set(table, (await sql<Row>`select * from ${sql.table(table)}`.execute(db)).rows)
  return rows
}

const projected = (row: Row, columns: string[]) =>
  JSON.stringify(columns.map((column) => String(row[column])))

for (const dialect of DIALECTS) {
  describe(`upgrading a database of the first release (${dialect})`, () => {
    const dataDir = tempDir()
    const config = testConfig(dialect, dataDir)
    const pgSchema = dialect === 'postgres' ? `u_${randomBytes(6).toString('hex')}` : undefined
    afterAll(async () => {
      if (pgSchema) dropSchema(pgSchema)
      fs.rmSync(dataDir, { recursive: true, force: true })
    })

    it('runs every later migration on it, one at a time, and loses no row, column or value', async () => {
      const handle = await openDatabase(config.database, { pgSchema })
      const db = handle.db as AnyDb
      try {
        const seeded = new Map<string, Row[]>()
        for (const [step, name] of MIGRATION_NAMES.entries()) {
          const beforeTables = step === 0 ? new Map<string, string[]>() : await describeTables(db, dialect)
          const before = await snapshot(db, beforeTables.keys())
          expect(await migrateUpTo(db, name, pgSchema)).toEqual([name])
          const afterTables = await describeTables(db, dialect)
          const after = await snapshot(db, afterTables.keys())
          const declared = DECLARED_CHANGES[name] ?? {}
          for (const [table, rows] of before) {
            expect(afterTables.has(table), `${name} dropped table ${table}`).toBe(true)
            const columns = beforeTables.get(table) ?? []
            const gone = columns.filter((column) => !afterTables.get(table)?.includes(column))
            expect(gone, `${name} dropped columns of ${table}`).toEqual([])
            if (rows.length === 0) continue
            const kept = Object.keys(rows[0]).filter(
              (key) => !(declared[table] ?? []).some((c) => camel(c) === key),
            )
            const remaining = new Map<string, number>()
            for (const row of after.get(table) ?? []) {
              const key = projected(row, kept)
              remaining.set(key, (remaining.get(key) ?? 0) + 1)
            }
            for (const row of rows) {
              const key = projected(row, kept)
              expect(
                remaining.get(key) ?? 0,
                `${name} lost or changed a row of ${table}: ${key} (now ${JSON.stringify(after.get(table))})`,
              ).toBeGreaterThan(0)
              remaining.set(key, (remaining.get(key) ?? 0) - 1)
            }
          }
          for (const [table, rows] of Object.entries(SEEDS[name] ?? {})) {
            await insertRows(db, table, rows)
            seeded.set(table, [...(seeded.get(table) ?? []), ...rows])
          }
        }
        // The declared change did what it says: the files records name became derived, the others did not.
        const origins = await sql<{
          hash: string
          origin: string
        }>`select hash, origin from files order by hash`.execute(db)
        expect(origins.rows.map((row) => [row.hash[0], row.origin])).toEqual([
          ['a', 'system'],
          ['b', 'system'],
          ['c', 'derived'],
          ['d', 'derived'],
        ])
        // Every seeded row is still there, at the latest schema.
        for (const [table, rows] of seeded) {
          const count = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)
          expect(Number(count.rows[0].n), table).toBeGreaterThanOrEqual(rows.length)
        }
        // The dry run at the latest schema has nothing to do.
        const plan = await planMigrations(handle.db, dialect, { start: () => undefined, stop: () => [] })
        expect(plan.pending).toEqual([])
      } finally {
        await handle.close()
      }

      // The server opens the upgraded database and shows the first release's data.
      const ctx = await openContext(config, { pgSchema, gitCwd: dataDir })
      const app = speakAsSite(await buildApp(ctx, { logger: false }))
      try {
        const list = await app.inject('/sonolus/levels/list')
        expect(list.statusCode, list.body).toBe(200)
        expect(list.json().items.map((item: { title: string }) => item.title)).toContain('First Light')
        const details = await app.inject(`/sonolus/levels/wbs-${C1}`)
        expect(details.statusCode).toBe(200)
        expect(details.json().item.author).toBe('Alice#1001')
        const comments = (await app.inject(`/sonolus/levels/wbs-${C1}/community/comments/list`)).json()
        expect(JSON.stringify(comments)).toContain('Lovely chart')
        const board = (
          await app.inject(`/sonolus/levels/wbs-${C1}/leaderboards/arcScore/records/list`)
        ).json()
        expect(JSON.stringify(board)).toContain('Bob')
      } finally {
        await app.close()
      }
    })
  })
}

describe('npm run migrate -- --dry-run', () => {
  const dataDir = tempDir()
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('prints the migrations that would run, their statements and what they change, and changes nothing', async () => {
    const config = testConfig('sqlite', dataDir)
    const older = MIGRATION_NAMES.at(-3) as string
    const handle = await openDatabase(config.database)
    await migrateUpTo(handle.db, older)
    await insertRows(handle.db, 'users', SEEDS['0001_initial'].users)
    const before = await describeTables(handle.db, 'sqlite')
    await handle.close()

    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../../../server/cli/migrate.ts'), '--dry-run'],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 60_000 },
    )
    expect(run.status, run.stderr).toBe(0)
    const pending = MIGRATION_NAMES.slice(-2)
    expect(run.stdout).toContain(`The sqlite database is at ${older}.`)
    expect(run.stdout).toContain(`2 migration(s) would run: ${pending.join(', ')}`)
    for (const name of pending) expect(run.stdout).toContain(`-- ${name}`)
    expect(run.stdout).toMatch(/create table "chart_coauthors"/)
    expect(run.stdout).toMatch(/alter table "charts" add column "coauthors"/)
    expect(run.stdout).toMatch(/^ {2}chart_coauthors: new table \(0 rows\)$/m)
    expect(run.stdout).toMatch(/^ {2}charts: 0 rows; new columns coauthors, version_editor$/m)
    expect(run.stdout).toContain('Nothing was changed')

    // Nothing changed: the same tables and columns, the same migrations recorded, the rows still there.
    const again = await openDatabase(config.database)
    try {
      expect(await describeTables(again.db, 'sqlite')).toEqual(before)
      const plan = await planMigrations(again.db, 'sqlite', { start: () => undefined, stop: () => [] })
      expect(plan.applied.at(-1)).toBe(older)
      expect(plan.pending).toEqual(pending)
      const users = await sql<{ n: number }>`select count(*) as n from users`.execute(again.db)
      expect(users.rows[0].n).toBe(2)
    } finally {
      await again.close()
    }
  })
})

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
