// Backups that restore (docs/operations.md → Backups). SQLite with files on disk: `backup` copies the database
// (one consistent snapshot, while the server writes) and every file it knows, by content hash, and writes a
// manifest last; `restore` puts them into an empty data folder, files first, verifying each, then checks the
// result against the manifest. PostgreSQL: `backup` runs pg_dump on the snapshot the manifest is read in; S3
// files stay where they are (bucket versioning). `check` verifies any database and store against a manifest.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { type Config } from '../config.js'
import { openDatabase } from '../db/database.js'
import {
  type DatabaseFacts,
  LATEST_SCHEMA,
  checkSqliteFile,
  copySqlite,
  factsWithPgSnapshot,
  readFacts,
} from '../db/backup.js'
import { type BlobStore, LocalBlobStore, createBlobStore } from '../storage/index.js'

export const MANIFEST = 'manifest.json'
const FORMAT = 'sirius-charts-backup/1'
const SQLITE_FILE = 'sirius.db'
const PG_DUMP_FILE = 'database.dump'
/** Files copied or checked at once. */
const FILE_CONCURRENCY = 8

export type Manifest = DatabaseFacts & {
  format: typeof FORMAT
  createdTime: number
  database: 'sqlite' | 'postgres'
  storage: 'local' | 's3'
  /** The database's copy in the backup folder (SQLite's file, or pg_dump's archive) and its SHA-256. */
  copy: { file: string; bytes: number; sha256: string }
  /** Whether the files themselves are in the backup folder (a disk store), or left in the bucket (S3). */
  filesCopied: boolean
  /** Counters that already differed from a recount in the database backed up (a check allows these). */
  counterMismatches: string[]
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

export type BackupOptions = {
  /** PostgreSQL: the schema in use (tests; in production the URL's search_path). */
  pgSchema?: string
  /** pg_dump to run (PG_DUMP, else the one on PATH). */
  pgDump?: string
  log?: (line: string) => void
}

const sha256Of = async (file: string): Promise<string> => {
  const hash = createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Runs `task` over `items`, a few at once. */
const eachLimited = async <T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> => {
  let next = 0
  const worker = async () => {
    while (next < items.length) await task(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(FILE_CONCURRENCY, items.length) }, worker))
}

/** A folder that is missing or empty. */
const isEmptyFolder = (dir: string): boolean => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0

/** Copies each file from one store to another; the target checks every file's SHA-1 as it writes. */
const copyFiles = async (files: [string, number][], from: BlobStore, to: BlobStore): Promise<string[]> => {
  const missing: string[] = []
  await eachLimited(files, async ([hash, size]) => {
    const blob = await from.get(hash)
    if (!blob) {
      missing.push(hash)
      return
    }
    await to.put(blob.stream, hash, { maxBytes: size })
  })
  return missing.sort()
}

const writeManifest = async (dir: string, manifest: Manifest) => {
  // Written last, and whole or not at all: a folder without it is not a backup.
  const temp = path.join(dir, `${MANIFEST}.part`)
  await fsp.writeFile(temp, `${JSON.stringify(manifest, null, 1)}\n`)
  await fsp.rename(temp, path.join(dir, MANIFEST))
}

export const readManifest = (dir: string): Manifest => {
  const file = path.join(dir, MANIFEST)
  if (!fs.existsSync(file)) throw new BackupError(`${dir} holds no ${MANIFEST}: it is not a finished backup`)
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
  if (manifest.format !== FORMAT)
    throw new BackupError(`${file} is not a backup manifest of this kind (${FORMAT})`)
  return manifest
}

const pgDumpProgram = (options: BackupOptions) => options.pgDump ?? process.env.PG_DUMP ?? 'pg_dump'

/** A database URL without its password, which goes to pg_dump through its environment instead: a process's
 *  arguments are visible to every local user. */
const withoutPassword = (url: string): { url: string; password?: string } => {
  const parsed = new URL(url)
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined
  parsed.password = ''
  return { url: parsed.toString(), password }
}

const runPgDump = (program: string, args: string[], password: string | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: password === undefined ? process.env : { ...process.env, PGPASSWORD: password },
    })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString()
    })
    child.on('error', (error) =>
      reject(new BackupError(`cannot run ${program} (set PG_DUMP to its path): ${error.message}`)),
    )
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${program} failed (${code}): ${errors.trim()}`)),
    )
  })

/** Takes a backup into `dir` (a new or empty folder) while the server runs. */
export const takeBackup = async (
  config: Config,
  dir: string,
  options: BackupOptions = {},
): Promise<Manifest> => {
  const log = options.log ?? (() => undefined)
  if (!isEmptyFolder(dir)) throw new BackupError(`${dir} is not empty: a backup goes into a new folder`)
  await fsp.mkdir(dir, { recursive: true })
  const store = await createBlobStore(config)
  try {
    let facts: DatabaseFacts
    let copy: Manifest['copy']
    if (config.database.kind === 'sqlite') {
      const file = path.join(dir, SQLITE_FILE)
      log(`copying the database ${config.database.file}`)
      await copySqlite(config.database.file, file)
      const copied = await openDatabase({ kind: 'sqlite', file })
      try {
        facts = await readFacts(copied.db, 'sqlite')
      } finally {
        await copied.close()
      }
      copy = { file: SQLITE_FILE, bytes: fs.statSync(file).size, sha256: await sha256Of(file) }
    } else {
      const { url, password } = withoutPassword(config.database.url)
      const file = path.join(dir, PG_DUMP_FILE)
      const db = await openDatabase(config.database, { pgSchema: options.pgSchema })
      try {
        // The manifest and pg_dump read one snapshot.
        facts = await factsWithPgSnapshot(db.db, async (snapshot) => {
          log(`running pg_dump on snapshot ${snapshot.id}`)
          await runPgDump(
            pgDumpProgram(options),
            [
              `--snapshot=${snapshot.id}`,
              '--format=custom',
              `--schema=${snapshot.schema}`,
              ...snapshot.extensions.map((name) => `--extension=${name}`),
              `--file=${file}`,
              `--dbname=${url}`,
            ],
            password,
          )
        })
      } finally {
        await db.close()
      }
      copy = { file: PG_DUMP_FILE, bytes: fs.statSync(file).size, sha256: await sha256Of(file) }
    }
    const filesCopied = store.kind === 'local'
    if (filesCopied) {
      log(`copying ${facts.files.length} files`)
      const target = new LocalBlobStore(path.join(dir, 'blobs'))
      try {
        const missing = await copyFiles(facts.files, store, target)
        // A file the database knew at the snapshot, collected since (the janitor removes files unused for a
        // day): the copy would name a file it does not hold.
        if (missing.length)
          throw new BackupError(
            `${missing.length} file(s) went from the store while the backup ran (${missing.slice(0, 3).join(', ')}…); take it again`,
          )
      } finally {
        await target.close()
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      createdTime: Date.now(),
      database: config.database.kind,
      storage: store.kind,
      copy,
      filesCopied,
      ...facts,
    }
    await writeManifest(dir, manifest)
    return manifest
  } finally {
    await store.close()
  }
}

/** What differs between the database and store in use and a manifest: empty when they match. */
export const checkAgainst = async (
  config: Config,
  manifest: Manifest,
  options: BackupOptions = {},
): Promise<string[]> => {
  const problems: string[] = []
  if (config.database.kind === 'sqlite') {
    if (!fs.existsSync(config.database.file)) return [`there is no database at ${config.database.file}`]
    problems.push(...checkSqliteFile(config.database.file).map((line) => `integrity: ${line}`))
  }
  const db = await openDatabase(config.database, { pgSchema: options.pgSchema })
  let facts: DatabaseFacts
  try {
    facts = await readFacts(db.db, db.dialect)
    // Counters that differed already in the database backed up are the backup's, not the restore's.
    const known = new Set(manifest.counterMismatches ?? [])
    problems.push(...facts.counterMismatches.filter((line) => !known.has(line)))
  } finally {
    await db.close()
  }
  if (facts.schema !== manifest.schema)
    problems.push(`the schema is at ${facts.schema ?? 'nothing'}, the backup's at ${manifest.schema}`)
  for (const [table, rows] of Object.entries(manifest.tables))
    if (facts.tables[table] !== rows)
      problems.push(`${table}: ${facts.tables[table] ?? 'no'} rows, the backup has ${rows}`)
  const known = new Map(facts.files)
  for (const [hash] of manifest.files)
    if (!known.has(hash)) problems.push(`the database does not know file ${hash}`)
  const store = await createBlobStore(config)
  try {
    const absent: string[] = []
    await eachLimited(manifest.files, async ([hash, size]) => {
      const head = await store.head(hash)
      if (!head) absent.push(`file ${hash} is not in the store`)
      else if (head.size !== size) absent.push(`file ${hash} is ${head.size} bytes, the backup's ${size}`)
    })
    problems.push(...absent.sort())
  } finally {
    await store.close()
  }
  return problems
}

/** Restores a SQLite-and-disk backup into the configured data folder, which must be empty. */
export const restoreBackup = async (
  config: Config,
  dir: string,
  options: BackupOptions = {},
): Promise<Manifest> => {
  const log = options.log ?? (() => undefined)
  const manifest = readManifest(dir)
  if (manifest.database !== 'sqlite' || !manifest.filesCopied)
    throw new BackupError(
      'this backup is of PostgreSQL or S3: restore it with pg_restore and the bucket, then run `npm run backup -- --check`',
    )
  if (config.database.kind !== 'sqlite' || config.s3)
    throw new BackupError(
      'restore puts a backup into a SQLite database and a disk store (unset DATABASE_URL, S3_BUCKET)',
    )
  const target = config.database.file
  if (!isEmptyFolder(config.dataDir))
    throw new BackupError(`${config.dataDir} is not empty: restore only into an empty data folder`)
  // DATABASE_URL may put the database outside the data folder: it must not exist either.
  for (const file of ['', '-wal', '-shm'].map((suffix) => `${target}${suffix}`))
    if (fs.existsSync(file)) throw new BackupError(`${file} exists: restore only where there is no database`)
  const source = path.join(dir, manifest.copy.file)
  if ((await sha256Of(source)) !== manifest.copy.sha256)
    throw new BackupError(`${source} is not the file the manifest names (its SHA-256 differs)`)
  // The files first, then the database that names them.
  log(`restoring ${manifest.files.length} files`)
  const from = new LocalBlobStore(path.join(dir, 'blobs'))
  const to = new LocalBlobStore(path.join(config.dataDir, 'blobs'))
  try {
    const missing = await copyFiles(manifest.files, from, to)
    if (missing.length)
      throw new BackupError(`the backup lacks ${missing.length} file(s): ${missing.slice(0, 3).join(', ')}`)
  } finally {
    await from.close()
    await to.close()
  }
  log('restoring the database')
  await fsp.mkdir(path.dirname(target), { recursive: true })
  await fsp.copyFile(source, `${target}.part`)
  await fsp.rename(`${target}.part`, target)
  const problems = await checkAgainst(config, manifest)
  if (problems.length)
    throw new BackupError(`the restored data differs from the backup:\n${problems.join('\n')}`)
  if (manifest.schema !== LATEST_SCHEMA)
    log(
      `the backup's schema is ${manifest.schema}; the server migrates it to ${LATEST_SCHEMA} when it starts`,
    )
  return manifest
}
