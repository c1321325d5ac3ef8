// npm run demo:remove: deletes the demo charts, the demo user and their unused files.
import { ConfigError, loadConfig } from '../config.js'
import { openContext } from '../context.js'
import { removeDemo } from './seed.js'

try {
  const ctx = await openContext(loadConfig())
  try {
    const { charts, files } = await removeDemo(ctx)
    console.log(`Removed ${charts} demo chart(s) and ${files} file(s). They will not be seeded again.`)
  } finally {
    await ctx.close()
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? `Configuration error: ${error.message}` : (error as Error).message,
  )
  process.exit(1)
}
