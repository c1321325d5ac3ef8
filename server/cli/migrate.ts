// npm run migrate: brings the database (DATABASE_URL, or the SQLite file in DATA_DIR) to the latest schema
// and exits. The server also migrates when it starts; this runs them on their own, before a deploy.
import { ConfigError, loadConfig } from '../config.js'
import { openContext } from '../context.js'

try {
  const config = loadConfig()
  const ctx = await openContext(config)
  await ctx.close()
  console.log(`The ${config.database.kind} database is at the latest schema.`)
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : `Migration failed: ${(error as Error).message}`,
  )
  process.exit(1)
}
