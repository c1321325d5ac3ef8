// npm run migrate: brings the database (DATABASE_URL, or the SQLite file in DATA_DIR) to the latest schema
// and exits. The server also migrates when it starts; this runs them on their own, before a deploy.
// `npm run migrate -- --dry-run` prints what would run and change, and changes nothing. On SQLite it runs on a
// copy (a running server is not held up); on PostgreSQL in a transaction that is rolled back, which takes the
// migrations' locks meanwhile: run it in a quiet moment, or on a restored copy.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ConfigError, type DatabaseConfig, loadConfig } from '../config.js'
import { openContext } from '../context.js'
import { copySqlite } from '../db/backup.js'
import { openDatabase } from '../db/database.js'
import { type MigrationPlan, planMigrations } from '../db/migrate.js'

const describePlan = (kind: string, plan: MigrationPlan): string => {
  const lines: string[] = []
  const at = plan.applied.at(-1)
  lines.push(`The ${kind} database is ${at ? `at ${at}` : 'empty'}.`)
  if (plan.pending.length === 0) {
    lines.push('It is at the latest schema: nothing would change.')
    return lines.join('\n')
  }
  lines.push(`${plan.pending.length} migration(s) would run: ${plan.pending.join(', ')}`)
  for (const name of plan.pending) {
    lines.push('', `-- ${name}`)
    for (const statement of plan.statements)
      if (statement.migration === name) lines.push(`${statement.sql.replace(/\s+/g, ' ').trim()};`)
  }
  lines.push('', 'What would change:')
  for (const change of plan.changes) {
    const parts: string[] = []
    if (change.rowsBefore === undefined) parts.push(`new table (${change.rowsAfter} rows)`)
    else if (change.rowsAfter === undefined) parts.push(`dropped (had ${change.rowsBefore} rows)`)
    else if (change.rowsBefore !== change.rowsAfter)
      parts.push(`${change.rowsBefore} → ${change.rowsAfter} rows`)
    else parts.push(`${change.rowsAfter} rows`)
    if (change.rowsBefore !== undefined && change.added.length > 0)
      parts.push(`new columns ${change.added.join(', ')}`)
    if (change.rowsAfter !== undefined && change.dropped.length > 0)
      parts.push(`dropped columns ${change.dropped.join(', ')}`)
    lines.push(`  ${change.table}: ${parts.join('; ')}`)
  }
  lines.push('', 'Nothing was changed: the migrations ran in a transaction that was rolled back.')
  return lines.join('\n')
}

try {
  const config = loadConfig()
  if (process.argv.includes('--dry-run')) {
    let recording: string[] | undefined
    let database: DatabaseConfig = config.database
    let scratch: string | undefined
    if (database.kind === 'sqlite' && fs.existsSync(database.file)) {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-dry-run-'))
      await copySqlite(database.file, path.join(scratch, 'copy.db'))
      database = { kind: 'sqlite', file: path.join(scratch, 'copy.db') }
    }
    const db = await openDatabase(database, {
      onQuery: (sql) => {
        // The migrations ask which database they run on; that is not a change.
        if (recording && !/^select version\(\)/i.test(sql)) recording.push(sql)
      },
    })
    try {
      const plan = await planMigrations(db.db, db.dialect, {
        start: () => (recording = []),
        stop: () => {
          const seen = recording ?? []
          recording = undefined
          return seen
        },
      })
      console.log(describePlan(config.database.kind, plan))
    } finally {
      await db.close()
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
    }
  } else {
    const ctx = await openContext(config)
    await ctx.close()
    console.log(`The ${config.database.kind} database is at the latest schema.`)
  }
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : `Migration failed: ${(error as Error).message}`,
  )
  process.exit(1)
}
