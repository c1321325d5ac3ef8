// Backups that restore. SQLite with files on disk: `npm run backup` (its own process) runs while a storm of
// creates, uploads, likes and comments goes on; `npm run restore` puts it into a new folder; a server on that
// folder shows every row and file committed before the backup began, nothing that was never written, every
// counter equal to a recount, and SQLite's integrity check says ok. PostgreSQL with S3 (s3rver): the backup
// is pg_dump on the manifest's own snapshot; restored with pg_restore into another database, `backup --check`
// passes, and finds a file missing from the bucket.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelFormBody } from '../../../common/api/uploads'
import { buildApp } from '../../../server/app'
import { checkAgainst, readManifest, restoreBackup, takeBackup } from '../../../server/backup/backup'
import { openContext } from '../../../server/context'
import { checkSqliteFile, counterMismatches } from '../../../server/db/backup'
import { S3BlobStore } from '../../../server/storage/s3BlobStore'
import { mp3, png, sha1, sus } from '../../fixtures/media/media'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { PG_URL, openTestApp, speakAsSite, tempDir, testConfig } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { startS3 } from '../helpers/s3'
import { readAll } from '../helpers/streams'
import { openUploadApp, uploadFile } from '../helpers/upload'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** Runs one of the operator's commands (server/cli/…) as its own process, as `npm run` does. */
const runCli = (
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server/cli', `${name}.ts`), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })

describe('backup and restore on SQLite with files on disk, during a storm of writes', () => {
  let test: Awaited<ReturnType<typeof openUploadApp>>['test']
  let close: () => Promise<void>
  let alice: string
  let bob: string
  let cover: Buffer
  const music = mp3(4, 330)
  const chart = sus(50)
  const backupDir = path.join(tempDir('sirius-backup-'), 'backup')
  const restoredDir = tempDir('sirius-restored-')

  beforeAll(async () => {
    ;({ test, alice, bob, close } = await openUploadApp({ dialect: 'sqlite', store: 'disk' }))
    cover = await png(31, 200)
    for (const [bytes, kind] of [
      [cover, 'cover'],
      [music, 'music'],
      [chart, 'chart'],
    ] as const)
      expect((await uploadFile(test.app, alice, bytes, kind)).statusCode).toBe(201)
  })
  afterAll(async () => {
    await close()
    fs.rmSync(path.dirname(backupDir), { recursive: true, force: true })
    fs.rmSync(restoredDir, { recursive: true, force: true })
  })

  const form = (title: string): LevelFormBody => ({
    title,
    composer: 'Writer',
    artists: 'Band',
    author: 'Alice',
    description: '',
    level: 10,
    isOliver: 0,
    isPublic: 1,
    tags: ['storm'],
    coverHash: sha1(cover),
    musicHash: sha1(music),
    susHash: sha1(chart),
  })

  type Write = { kind: 'chart' | 'file' | 'like' | 'comment'; key: string; at: number }

  it('restores every row and file committed before it began, with counters and integrity intact', async () => {
    const writes: Write[] = []
    const charts: string[] = []
    let n = 0
    const sessions = { alice, bob }
    const liked = new Set<string>()
    let comments = 0

    /** One write of the storm, of each kind in turn; what it committed is noted when it answers. */
    const writeOnce = async () => {
      const i = n++
      const kind = i % 4
      if (kind === 0 || charts.length === 0) {
        const response = await test.app.inject({
          method: 'POST',
          url: '/sonolus/levels/create',
          headers: { authorization: alice },
          payload: { rulesAccepted: true, ...form(`Storm ${i}`) },
        })
        expect(response.statusCode, response.body).toBe(200)
        const id = (response.json() as { id: string }).id
        charts.push(id)
        writes.push({ kind: 'chart', key: id, at: Date.now() })
      } else if (kind === 1) {
        const bytes = await png(1000 + i, 64)
        const uploaded = await uploadFile(test.app, bob, bytes, 'cover')
        expect(uploaded.statusCode).toBe(201)
        writes.push({ kind: 'file', key: sha1(bytes), at: Date.now() })
      } else if (kind === 2) {
        const as = i % 8 === 2 ? 'alice' : 'bob'
        const target = charts.find((id) => !liked.has(`${as} ${id}`))
        if (!target) return
        liked.add(`${as} ${target}`)
        const response = await test.app.inject({
          method: 'POST',
          url: `/sonolus/levels/wbs-${target}/community/submit`,
          headers: { authorization: sessions[as] },
          payload: { values: 'type=like' },
        })
        expect(response.statusCode).toBe(200)
        writes.push({ kind: 'like', key: `${as === 'alice' ? 'alice' : 'bob'} ${target}`, at: Date.now() })
      } else {
        // Ten comments a minute each, as the rules allow.
        if (comments >= 18) return
        const as = comments++ % 2 ? 'alice' : 'bob'
        const text = `storm comment ${i}`
        const response = await test.app.inject({
          method: 'POST',
          url: `/sonolus/levels/wbs-${charts[i % charts.length]}/community/submit`,
          headers: { authorization: sessions[as] },
          payload: { values: `type=comment&comment=${encodeURIComponent(text)}` },
        })
        expect(response.statusCode, response.body).toBe(200)
        writes.push({ kind: 'comment', key: text, at: Date.now() })
      }
    }

    // Before the backup: some of everything.
    for (let i = 0; i < 8; i++) await writeOnce()

    // The storm, two writes at a time, from before the backup starts until after it ends.
    let storming = true
    const storm = Promise.all(
      [0, 1].map(async () => {
        while (storming) await writeOnce()
      }),
    )
    const begun = Date.now()
    const backup = await runCli('backup', [backupDir], { DATA_DIR: test.dataDir })
    const ended = Date.now()
    // A few more after it, then stop.
    const after = writes.length + 4
    while (writes.length < after) await new Promise((resolve) => setTimeout(resolve, 20))
    storming = false
    await storm
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toMatch(
      /^Backed up the sqlite database \(\d+ rows in \d+ tables, schema \w+\) and \d+ files/,
    )
    // It was a storm: writes landed while the backup ran.
    expect(writes.filter((write) => write.at > begun && write.at < ended).length).toBeGreaterThan(0)

    const manifest = readManifest(backupDir)
    expect(manifest).toMatchObject({ database: 'sqlite', storage: 'local', filesCopied: true })
    expect(manifest.tables.charts).toBeGreaterThanOrEqual(2)

    // A restore refuses a folder that is not empty, and changes nothing there.
    const busyDir = tempDir('sirius-busy-')
    fs.writeFileSync(path.join(busyDir, 'keep.txt'), 'mine')
    const refused = await runCli('restore', [backupDir], { DATA_DIR: busyDir })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toMatch(/is not empty: restore only into an empty data folder/)
    expect(fs.readdirSync(busyDir)).toEqual(['keep.txt'])
    fs.rmSync(busyDir, { recursive: true, force: true })

    const restored = await runCli('restore', [backupDir], { DATA_DIR: restoredDir })
    expect(restored.status, restored.stderr).toBe(0)
    expect(restored.stdout).toMatch(/^Restored the backup of .* checked against its manifest\.$/m)

    // SQLite's own checks, and the counters, on the restored file before a server opens it.
    const restoredFile = path.join(restoredDir, 'sirius.db')
    // A database named outside an empty data folder that exists already is never overwritten.
    const elsewhere = tempDir('sirius-elsewhere-')
    await expect(
      restoreBackup(testConfig('sqlite', elsewhere, { DATABASE_URL: `sqlite:${restoredFile}` }), backupDir),
    ).rejects.toThrow(/exists: restore only where there is no database/)
    fs.rmSync(elsewhere, { recursive: true, force: true })
    expect(checkSqliteFile(restoredFile)).toEqual([])

    // A server on the restored folder.
    const config = testConfig('sqlite', restoredDir, {
      SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
      PUBLIC_URL: TEST_PUBLIC_URL,
    })
    const ctx = await openContext(config, { gitCwd: restoredDir })
    const app = speakAsSite(await buildApp(ctx, { logger: false }))
    try {
      expect(await counterMismatches(ctx.db.db)).toEqual([])
      const present = async (write: Write): Promise<boolean> => {
        if (write.kind === 'chart') return (await ctx.repos.charts.findById(write.key)) !== undefined
        if (write.kind === 'file') return (await ctx.repos.files.get(write.key)) !== undefined
        if (write.kind === 'like') {
          const [user, chartId] = write.key.split(' ')
          const status = await app.inject({
            url: `/sonolus/levels/wbs-${chartId}/community/status`,
            headers: { authorization: user === 'alice' ? alice : bob },
          })
          if (status.statusCode === 404) return false
          return (status.json() as { isLike: boolean }).isLike
        }
        const rows = await ctx.db.db
          .selectFrom('comments')
          .select('id')
          .where('content', '=', write.key)
          .execute()
        return rows.length === 1
      }
      // Everything committed before the backup began is there; the sessions too (Alice's still works).
      for (const write of writes.filter((w) => w.at < begun))
        expect(await present(write), `${write.kind} ${write.key}`).toBe(true)
      // Nothing is there that was never written: the restored charts are among those created.
      const restoredCharts = await ctx.db.db
        .selectFrom('charts')
        .select('id')
        .where('authorId', '=', 'alice')
        .execute()
      const created = new Set(writes.filter((w) => w.kind === 'chart').map((w) => w.key))
      for (const { id } of restoredCharts) expect(created.has(id), id).toBe(true)
      expect(restoredCharts.length).toBe(manifest.tables.charts)
      // Every file the database knows is in the restored store, byte for byte, and a chart's files are served.
      for (const [hash] of manifest.files) {
        const blob = await ctx.blobStore.get(hash)
        expect(blob, hash).toBeDefined()
        expect(sha1(await readAll(blob!.stream))).toBe(hash)
      }
      const first = (await ctx.repos.charts.findById(restoredCharts[0].id))!
      for (const hash of [first.coverHash, first.dataHash!, first.backgroundHash!]) {
        const file = await app.inject({ url: `/sonolus/repository/${hash}` })
        expect(file.statusCode, hash).toBe(200)
        expect(sha1(file.rawPayload)).toBe(hash)
      }
      // The restored site lists the charts as the backup had them.
      const list = (await app.inject('/sonolus/levels/list?keywords=Storm')).json() as { items: unknown[] }
      expect(list.items.length).toBeGreaterThan(0)
    } finally {
      await app.close()
    }
    // The live site went on after the backup: its database and the backup differ, as --check says.
    const check = await runCli('backup', ['--check', backupDir], { DATA_DIR: test.dataDir })
    expect(check.status).toBe(1)
    expect(check.stdout).toMatch(/differ from the backup/)
  })
})

const pgCommand = (name: string): string => {
  const found = spawnSync(
    'sh',
    ['-c', `command -v ${name} || ls /usr/lib/postgresql/*/bin/${name} | sort -V | tail -1`],
    {
      encoding: 'utf8',
    },
  )
  return found.stdout.trim().split('\n')[0] || name
}

describe.runIf(PG_URL)('backup --check on PostgreSQL with files in S3', () => {
  const database = `restore_${process.pid}_${Date.now().toString(36)}`
  const restoredUrl = () => {
    const url = new URL(PG_URL!)
    url.pathname = `/${database}`
    return url.toString()
  }
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  afterAll(async () => admin(`drop database if exists "${database}"`))

  it('dumps the manifest’s snapshot; restored by pg_restore, the check passes, and names a file gone from the bucket', async () => {
    const s3 = await startS3()
    const s3Env = {
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
      S3_PREFIX: s3.config.prefix,
    }
    const test = await openTestApp('postgres', {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL, ...s3Env },
      blobStore: new S3BlobStore(s3.config),
    })
    const dir = path.join(tempDir('sirius-pg-backup-'), 'backup')
    try {
      const alice = await appSession(test.app, { id: 'alice', handle: '1001', name: 'Alice' })
      const files = [await png(41, 80), await png(42, 80)]
      for (const bytes of files)
        expect((await uploadFile(test.app, alice, bytes, 'cover')).statusCode).toBe(201)

      const config = test.ctx.config
      const manifest = await takeBackup(config, dir, {
        pgSchema: test.pgSchema,
        pgDump: pgCommand('pg_dump'),
      })
      expect(manifest).toMatchObject({ database: 'postgres', storage: 's3', filesCopied: false })
      expect(manifest.files.map(([hash]) => hash)).toEqual(expect.arrayContaining(files.map(sha1)))
      expect(fs.statSync(path.join(dir, 'database.dump')).size).toBe(manifest.copy.bytes)
      // A restore of this tool is for SQLite and disk: it says what to do instead.
      await expect(restoreBackup(testConfig('sqlite', tempDir()), dir)).rejects.toThrow(/pg_restore/)

      // The operator's restore: pg_restore into a new database; the bucket keeps its files.
      await admin(`create database "${database}"`)
      const restore = spawnSync(
        pgCommand('pg_restore'),
        ['--no-owner', `--dbname=${restoredUrl()}`, path.join(dir, 'database.dump')],
        {
          encoding: 'utf8',
        },
      )
      expect(restore.status, restore.stderr).toBe(0)
      const restoredConfig = testConfig('postgres', tempDir(), { ...s3Env, DATABASE_URL: restoredUrl() })
      expect(await checkAgainst(restoredConfig, manifest, { pgSchema: test.pgSchema })).toEqual([])

      // A file gone from the bucket (an object deleted, a version not restored) is named.
      await new S3BlobStore(s3.config).delete(sha1(files[0]))
      expect(await checkAgainst(restoredConfig, manifest, { pgSchema: test.pgSchema })).toEqual([
        `file ${sha1(files[0])} is not in the store`,
      ])
    } finally {
      await test.cleanup()
      await s3.stop()
      fs.rmSync(path.dirname(dir), { recursive: true, force: true })
    }
  })
})
