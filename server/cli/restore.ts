// npm run restore -- <folder>: puts a SQLite-and-disk backup (npm run backup) into the data folder in use
// (DATA_DIR), which must be empty, checking every file's SHA-1 and the result against the backup's manifest.
import { ConfigError, loadConfig } from '../config.js'
import { BackupError, restoreBackup } from '../backup/backup.js'

const folder = process.argv.slice(2).find((arg) => !arg.startsWith('--'))

try {
  if (!folder) throw new BackupError('usage: npm run restore -- <folder>')
  const config = loadConfig()
  const manifest = await restoreBackup(config, folder, { log: (line) => process.stderr.write(`${line}\n`) })
  console.log(
    `Restored the backup of ${new Date(manifest.createdTime).toISOString()} into ${config.dataDir}: ${manifest.files.length} files and the database (schema ${manifest.schema}), checked against its manifest.`,
  )
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : `Restore failed: ${(error as Error).message}`,
  )
  process.exit(1)
}
