// npm run import-pack -- <file.scp | pack folder>: imports the engine (and its skin, background, effect and
// particle) into this installation's database and file store. ENGINE_NAME (default "sirius") picks the
// engine that levels use.
import { ConfigError, loadConfig } from '../config.js'
import { openContext } from '../context.js'
import { PackImportError, importPack } from '../packs/import.js'

const [input] = process.argv.slice(2)
if (!input) {
  console.error('usage: npm run import-pack -- <file.scp | pack folder>')
  process.exit(2)
}
try {
  const config = loadConfig()
  const ctx = await openContext(config)
  try {
    const result = await importPack(input, ctx.repos, ctx.blobStore)
    const summary = Object.entries(result.items)
      .filter(([, names]) => names.length > 0)
      .map(([type, names]) => `${names.length} ${type}${names.length === 1 ? '' : 's'} (${names.join(', ')})`)
      .join(', ')
    console.log(`Imported ${summary}; ${result.files} files checked, ${result.newFiles} new.`)
    await ctx.packs.reload()
    console.log(
      ctx.packs.configuredEngineInstalled
        ? `Levels use the engine "${ctx.packs.engineName}".`
        : `Levels use the built-in engine "${ctx.packs.engineName}": no engine named "${config.engineName}" is installed. To choose an imported one, set ENGINE_NAME to one of: ${ctx.packs.names('engine').join(', ')}.`,
    )
  } finally {
    await ctx.close()
  }
} catch (error) {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else if (error instanceof PackImportError)
    console.error(`Import failed, nothing was imported: ${error.message}`)
  else console.error(`Import failed: ${(error as Error).message}`)
  process.exit(1)
}
