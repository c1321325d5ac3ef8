// The PostgreSQL schemas the server suites make are dropped once the whole run ends, not as each file
// ends: Kysely's migrator reads every schema's tables by name (pg_get_serial_sequence, has_schema_privilege),
// and a schema that one file drops while another file migrates makes that read fail with "schema … does
// not exist". The files write the schemas they are done with to a list; this drops them.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type TestProject } from 'vitest/node'

/** The names the suites make (helpers/context.ts, db/upgrade.test.ts). */
const SCHEMA_NAME = /^[a-z]_[0-9a-f]{12}$/

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-schemas-'))
  const list = path.join(dir, 'done')
  project.provide('doneSchemas', list)
  return async () => {
    try {
      const url = process.env.PG_URL
      const names = fs.existsSync(list) ? fs.readFileSync(list, 'utf8').split('\n') : []
      const schemas = [...new Set(names.filter((name) => SCHEMA_NAME.test(name)))]
      if (!url || schemas.length === 0) return
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`)
      } finally {
        await client.end()
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file the server suites list their finished PostgreSQL schemas in. */
    doneSchemas: string
  }
}
