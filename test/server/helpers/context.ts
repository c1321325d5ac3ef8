// Test contexts on a real database: SQLite always, and PostgreSQL too when PG_URL is set (CI sets it).
// Each PostgreSQL context lives in its own schema, dropped afterwards.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { type Config, loadConfig } from '../../../server/config'
import { type AppContext, openContext } from '../../../server/context'
import { buildApp } from '../../../server/app'
import { type BlobStore } from '../../../server/storage'
import { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify'
import { SITE_CLIENT_HEADER, SITE_CLIENT_VALUE } from '../../../common/api/errorKeys'

export type DialectName = 'sqlite' | 'postgres'

export const PG_URL = process.env.PG_URL
export const DIALECTS: DialectName[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite']

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')

export const tempDir = (prefix = 'sirius-test-'): string => fs.mkdtempSync(path.join(os.tmpdir(), prefix))

export const testConfig = (dialect: DialectName, dataDir: string, env: Record<string, string> = {}): Config =>
  loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      STATIC_ROOT: path.join(dataDir, 'no-spa'),
      // The repository's own content folders (the working directory is the data folder here).
      DOCS_DIR: path.join(REPO_ROOT, 'docs'),
      MASTER_DATA_DIR: path.join(REPO_ROOT, 'master-data'),
      // Request quotas and load shedding have their own tests (protection.test.ts); elsewhere a test's
      // own burst of requests, or its own synchronous set-up blocking the loop, must not trip them.
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_STRICT_PER_MINUTE: '1000000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Every JSON answer is checked against its route's response schema.
      CHECK_RESPONSES: '1',
      ...(dialect === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
      ...env,
    },
    dataDir,
  )

export type TestContext = {
  ctx: AppContext
  dataDir: string
  /** The PostgreSQL schema, for a second instance on the same database. */
  pgSchema?: string
  /** Closes the context (if the app did not) and removes the schema and the data folder. */
  cleanup: () => Promise<void>
}

/** Hands a test's PostgreSQL schema over to be dropped, with everything in it, when the run ends
 *  (test/server/globalSetup.ts says why not now). */
export const dropSchema = (schema: string) => {
  fs.appendFileSync(inject('doneSchemas'), `${schema}\n`)
}

export const openTestContext = async (
  dialect: DialectName,
  options: { env?: Record<string, string>; blobStore?: BlobStore } = {},
): Promise<TestContext> => {
  const dataDir = tempDir()
  const config = testConfig(dialect, dataDir, options.env)
  const pgSchema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined
  const ctx = await openContext(config, { pgSchema, gitCwd: dataDir, blobStore: options.blobStore })
  let closed = false
  const close = ctx.close
  ctx.close = async () => {
    if (closed) return
    closed = true
    await close()
  }
  return {
    ctx,
    dataDir,
    pgSchema,
    cleanup: async () => {
      await ctx.close()
      if (pgSchema) dropSchema(pgSchema)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Server tests speak as our site does: every injected request carries the site's header, so that errors
 *  answer the catalogue body whose `error` key the tests assert (server/http/protocolErrors.ts). A request
 *  that sets the header to undefined goes out without it, as the Sonolus app's and the official web
 *  client's do (protocolErrors.test.ts). */
export const speakAsSite = <T extends { inject: FastifyInstance['inject'] }>(app: T): T => {
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>
  const wrapped = (options: InjectOptions | string) => {
    const opts: InjectOptions = typeof options === 'string' ? { url: options } : options
    const headers: Record<string, string> = { [SITE_CLIENT_HEADER]: SITE_CLIENT_VALUE }
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (value === undefined) delete headers[name.toLowerCase()]
      else headers[name.toLowerCase()] = value as string
    }
    return inject({ ...opts, headers })
  }
  app.inject = wrapped as unknown as FastifyInstance['inject']
  return app
}

/** An app on a fresh context; closing the app closes the context. */
export const openTestApp = async (
  dialect: DialectName = 'sqlite',
  options: Parameters<typeof openTestContext>[1] = {},
) => {
  const test = await openTestContext(dialect, options)
  const app = speakAsSite(await buildApp(test.ctx, { logger: false }))
  return {
    ...test,
    app,
    cleanup: async () => {
      await app.close()
      await test.cleanup()
    },
  }
}

/** Another instance on the same database (and data folder), as a second server behind a load balancer. */
export const openSecondInstance = async (first: TestContext) => {
  const ctx = await openContext(first.ctx.config, { pgSchema: first.pgSchema, gitCwd: first.dataDir })
  const app = speakAsSite(await buildApp(ctx, { logger: false }))
  return { ctx, app, close: () => app.close() }
}
