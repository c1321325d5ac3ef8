// The SQLite connection's statement cache (server/db/database.ts) across a change of schema.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/database'
import { tempDir } from '../helpers/context'

const dir = tempDir()
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

it('reads the new columns with a query text it had prepared before the table was rebuilt', async () => {
  const handle = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'cache.db') })
  const db = handle.db
  try {
    await sql`create table t (a text, b text)`.execute(db)
    await sql`insert into t values ('a', 'b')`.execute(db)
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 'a', b: 'b' }])
    // Rebuilt with a column in front, as a migration that changes a key does.
    await sql`create table t2 (v integer, a text, b text)`.execute(db)
    await sql`insert into t2 select 1, a, b from t`.execute(db)
    await sql`drop table t`.execute(db)
    await sql`alter table t2 rename to t`.execute(db)
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ v: 1, a: 'a', b: 'b' }])
  } finally {
    await handle.close()
  }
})
