// npm run backup -- <folder>: a backup of the database and files in use (DATA_DIR, DATABASE_URL, S3_BUCKET),
// taken while the server runs, into a new folder. npm run backup -- --check <folder>: checks the database
// and files in use against that backup's manifest (after a restore, by this tool or by pg_restore and the
// bucket's versions). Exit status 1 and the reason on failure.
import { ConfigError, loadConfig } from '../config.js'
import { BackupError, checkAgainst, readManifest, takeBackup } from '../backup/backup.js'

const args = process.argv.slice(2)
const check = args.includes('--check')
const folder = args.find((arg) => !arg.startsWith('--'))
const log = (line: string) => process.stderr.write(`${line}\n`)

try {
  if (!folder) throw new BackupError('usage: npm run backup -- [--check] <folder>')
  const config = loadConfig()
  const started = Date.now()
  if (check) {
    const manifest = readManifest(folder)
    const problems = await checkAgainst(config, manifest)
    if (problems.length) {
      console.log(`The ${config.database.kind} database and its files differ from the backup in ${folder}:`)
      for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`)
      if (problems.length > 50) console.log(`  … and ${problems.length - 50} more`)
      process.exit(1)
    }
    console.log(
      `The ${config.database.kind} database and its files match the backup in ${folder}: ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files, schema ${manifest.schema}, counters equal to recounts.`,
    )
  } else {
    const manifest = await takeBackup(config, folder, { log })
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0)
    const bytes = manifest.files.reduce((sum, [, size]) => sum + size, 0)
    console.log(
      `Backed up the ${manifest.database} database (${rows} rows in ${Object.keys(manifest.tables).length} tables, schema ${manifest.schema}) and ${manifest.files.length} files (${(bytes / 1e6).toFixed(1)} MB${manifest.filesCopied ? '' : ', left in the bucket'}) into ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    )
  }
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : `Backup failed: ${(error as Error).message}`,
  )
  process.exit(1)
}
