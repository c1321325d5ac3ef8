import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BlobHashMismatchError,
  type BlobStore,
  BlobTooLargeError,
  InvalidHashError,
  LocalBlobStore,
} from '../../../server/storage'
import { S3BlobStore } from '../../../server/storage/s3BlobStore'
import { tempDir } from '../helpers/context'
import { type TestS3, startS3 } from '../helpers/s3'
import { readAll } from '../helpers/streams'

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex')
const streamOf = (bytes: Buffer, chunk = 7) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
      bytes.subarray(i * chunk, (i + 1) * chunk),
    ),
  )
type Backend = {
  name: string
  setup: () => Promise<{
    store: BlobStore
    leftovers: () => Promise<string[]>
    teardown: () => Promise<void>
  }>
}

const listFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        )
    : []

const backends: Backend[] = [
  {
    name: 'local disk',
    setup: async () => {
      const root = tempDir('sirius-blobs-')
      return {
        store: new LocalBlobStore(root),
        leftovers: async () => listFiles(root),
        teardown: async () => fs.rmSync(root, { recursive: true, force: true }),
      }
    },
  },
  {
    name: 'S3 (s3rver)',
    setup: async () => {
      const s3: TestS3 = await startS3()
      const spool = tempDir('sirius-spool-')
      const store = new S3BlobStore(s3.config, spool)
      await store.check()
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: s3.config.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      })
      return {
        store,
        leftovers: async () => {
          const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }))
          return [...(listed.Contents ?? []).map((object) => `s3:${object.Key}`), ...listFiles(spool)]
        },
        teardown: async () => {
          client.destroy()
          await store.close()
          await s3.stop()
          fs.rmSync(spool, { recursive: true, force: true })
        },
      }
    },
  },
]

describe.each(backends)('blob store on $name', (backend) => {
  let store: BlobStore
  let leftovers: () => Promise<string[]>
  let teardown: () => Promise<void>

  beforeAll(async () => {
    ;({ store, leftovers, teardown } = await backend.setup())
  })
  afterAll(async () => teardown())

  const bytes = Buffer.from('a content-addressed file, written in several chunks')
  const hash = sha1(bytes)

  it('stores a stream under its SHA-1 and reads it back, whole and by range', async () => {
    expect(await store.put(streamOf(bytes), hash)).toEqual({ hash, size: bytes.length, created: true })
    expect(await store.head(hash)).toEqual({ size: bytes.length })
    const whole = await store.get(hash)
    expect(whole?.size).toBe(bytes.length)
    expect(await readAll(whole!.stream)).toEqual(bytes)
    const part = await store.get(hash, { start: 2, end: 8 })
    expect(part?.size).toBe(bytes.length)
    expect((await readAll(part!.stream)).toString()).toBe(bytes.subarray(2, 9).toString())
  })

  it('treats a second put of the same bytes as already stored', async () => {
    expect(await store.put(streamOf(bytes), hash)).toEqual({ hash, size: bytes.length, created: false })
  })

  it('rejects a put whose bytes do not match the hash, and keeps nothing from it', async () => {
    const before = await leftovers()
    const other = Buffer.from('these bytes have another hash')
    const wrong = sha1(Buffer.from('something else'))
    await expect(store.put(streamOf(other), wrong)).rejects.toBeInstanceOf(BlobHashMismatchError)
    expect(await store.head(wrong)).toBeUndefined()
    expect(await store.head(sha1(other))).toBeUndefined()
    expect(await leftovers()).toEqual(before)
  })

  it('rejects a put over its size cap, and keeps nothing from it', async () => {
    const before = await leftovers()
    const big = Buffer.alloc(4096, 1)
    await expect(store.put(streamOf(big, 512), sha1(big), { maxBytes: 1000 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    )
    expect(await store.head(sha1(big))).toBeUndefined()
    expect(await leftovers()).toEqual(before)
  })

  it('keeps nothing when the source stream fails half-way', async () => {
    const before = await leftovers()
    const failing = (async function* () {
      yield Buffer.from('first half')
      throw new Error('connection reset')
    })()
    await expect(store.put(failing, sha1(Buffer.from('first half and more')))).rejects.toThrow(
      'connection reset',
    )
    expect(await leftovers()).toEqual(before)
  })

  it('stores one copy when the same bytes are put twice at once', async () => {
    const twin = Buffer.from('two uploads of the same file at the same moment')
    const usedBefore = (await store.usage()).used
    const results = await Promise.all([
      store.put(streamOf(twin), sha1(twin)),
      store.put(streamOf(twin), sha1(twin)),
    ])
    // On disk link() lets exactly one create the file. S3 has conditional writes only on some services
    // (not s3rver): there both may write, the same bytes, and one object remains either way.
    if (store.kind === 'local') expect(results.map((result) => result.created).sort()).toEqual([false, true])
    else expect(results.some((result) => result.created)).toBe(true)
    expect(await readAll((await store.get(sha1(twin)))!.stream)).toEqual(twin)
    expect((await store.usage()).used).toBe(usedBefore + twin.length)
    await store.delete(sha1(twin))
  })

  it('rejects a malformed hash before touching storage', async () => {
    await expect(store.put(streamOf(bytes), 'ABC')).rejects.toBeInstanceOf(InvalidHashError)
    await expect(store.get('../../etc/passwd')).rejects.toBeInstanceOf(InvalidHashError)
  })

  it('answers undefined for a missing blob', async () => {
    const missing = sha1(Buffer.from('never stored'))
    expect(await store.get(missing)).toBeUndefined()
    expect(await store.head(missing)).toBeUndefined()
  })

  it('reports the bytes it holds and deletes', async () => {
    const extra = Buffer.from('x'.repeat(1000))
    await store.put(streamOf(extra, 100), sha1(extra))
    const { used, total } = await store.usage()
    expect(used).toBe(bytes.length + extra.length)
    expect(total).toBeGreaterThan(0)
    await store.delete(sha1(extra))
    expect(await store.head(sha1(extra))).toBeUndefined()
    if (store.kind === 'local') expect((await store.usage()).used).toBe(bytes.length)
  })
})

describe('local blob store layout', () => {
  it('shards by hash prefix and leaves no temp file behind', async () => {
    const root = tempDir('sirius-blobs-')
    const store = new LocalBlobStore(root)
    const bytes = Buffer.from('sharded')
    const hash = sha1(bytes)
    await store.put(streamOf(bytes), hash)
    expect(fs.readFileSync(path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash))).toEqual(bytes)
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([])
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('removes stale temp files of a crashed process at start, but not fresh ones', () => {
    const root = tempDir('sirius-blobs-')
    fs.mkdirSync(path.join(root, '.tmp'))
    const stale = path.join(root, '.tmp', 'old.part')
    const fresh = path.join(root, '.tmp', 'new.part')
    fs.writeFileSync(stale, 'half')
    fs.writeFileSync(fresh, 'half')
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000)
    fs.utimesSync(stale, old, old)
    new LocalBlobStore(root)
    expect(fs.existsSync(stale)).toBe(false)
    expect(fs.existsSync(fresh)).toBe(true)
    fs.rmSync(root, { recursive: true, force: true })
  })
})
