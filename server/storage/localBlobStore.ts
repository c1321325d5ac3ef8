// Local-disk blob store: write to a temp file, fsync, rename into a hash-sharded path.
// A crash at any point leaves either nothing or a complete file under its true hash.
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import {
  type BlobReadResult,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  type PutResult,
  type Usage,
  assertScratchName,
  assertSha1,
  UsageCache,
  spoolVerified,
} from './blobStore.js'

const TMP = '.tmp'
const SCRATCH = '.uploads'
const STALE_TMP_MS = 60 * 60 * 1000
const USAGE_RESCAN_MS = 60_000

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local'
  // Another process (npm run demo:remove) may change the folder, so the figure is rescanned now and then.
  private readonly usage_ = new UsageCache(() => sizeOfTree(this.root), USAGE_RESCAN_MS)

  constructor(private readonly root: string) {
    fs.mkdirSync(path.join(root, TMP), { recursive: true })
    // Temp files are half-written puts. Old ones come from a crashed process and nothing refers to
    // them; recent ones may belong to another process sharing the folder, so leave those alone.
    const cutoff = Date.now() - STALE_TMP_MS
    for (const leftover of fs.readdirSync(path.join(root, TMP))) {
      const file = path.join(root, TMP, leftover)
      const modified = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0
      if (modified < cutoff) fs.rmSync(file, { force: true })
    }
  }

  /** blobs/ab/cd/abcd…: two levels of 256 keep directories small at millions of files. */
  pathOf(hash: string): string {
    return path.join(this.root, hash.slice(0, 2), hash.slice(2, 4), hash)
  }

  async put(
    stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>,
    expectedSha1: string,
    options: PutOptions = {},
  ): Promise<PutResult> {
    const tmp = path.join(this.root, TMP, `${randomBytes(12).toString('hex')}.part`)
    const size = await spoolVerified(stream, tmp, expectedSha1, options.maxBytes)
    const target = this.pathOf(expectedSha1)
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true })
      // link() creates the name only if it is absent, atomically: of two concurrent puts of the same
      // bytes exactly one creates the file, and a reader never sees a partial file.
      await fsp.link(tmp, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        return { hash: expectedSha1, size, created: false }
      throw error
    } finally {
      await fsp.rm(tmp, { force: true })
    }
    await fsyncDir(path.dirname(target))
    this.usage_.adjust(size)
    return { hash: expectedSha1, size, created: true }
  }

  async putFile(file: string, verifiedSha1: string, size: number): Promise<PutResult> {
    assertSha1(verifiedSha1)
    const target = this.pathOf(verifiedSha1)
    await fsp.mkdir(path.dirname(target), { recursive: true })
    // The spool was fsynced when written; a hard link makes it the blob atomically and copies nothing.
    try {
      await fsp.link(file, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        return { hash: verifiedSha1, size, created: false }
      throw error
    }
    await fsyncDir(path.dirname(target))
    this.usage_.adjust(size)
    return { hash: verifiedSha1, size, created: true }
  }

  async get(hash: string, range?: ByteRange): Promise<BlobReadResult | undefined> {
    assertSha1(hash)
    const file = this.pathOf(hash)
    let size: number
    try {
      size = (await fsp.stat(file)).size
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
    const stream = fs.createReadStream(file, range ? { start: range.start, end: range.end } : {})
    return { stream, size }
  }

  async head(hash: string): Promise<{ size: number } | undefined> {
    assertSha1(hash)
    try {
      return { size: (await fsp.stat(this.pathOf(hash))).size }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async delete(hash: string): Promise<void> {
    assertSha1(hash)
    const info = await this.head(hash)
    if (!info) return
    await fsp.rm(this.pathOf(hash), { force: true })
    this.usage_.adjust(-info.size)
  }

  async putScratch(name: string, bytes: Uint8Array): Promise<void> {
    assertScratchName(name)
    const target = path.join(this.root, SCRATCH, name)
    await fsp.mkdir(path.dirname(target), { recursive: true })
    // Written aside and renamed: a killed process leaves the old chunk or the new one, never half of one.
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await fsp.writeFile(tmp, bytes, { flag: 'wx' })
      await fsp.rename(tmp, target)
    } catch (error) {
      await fsp.rm(tmp, { force: true })
      throw error
    }
  }

  async getScratch(name: string): Promise<NodeJS.ReadableStream | undefined> {
    assertScratchName(name)
    const file = path.join(this.root, SCRATCH, name)
    try {
      const handle = await fsp.open(file, 'r')
      return handle.createReadStream()
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async deleteScratch(session: string): Promise<void> {
    assertScratchName(session, true)
    await fsp.rm(path.join(this.root, SCRATCH, session), { recursive: true, force: true })
  }

  async usage(): Promise<Usage> {
    const stats = await fsp.statfs(this.root)
    return { used: await this.usage_.get(), total: stats.blocks * stats.bsize }
  }

  async close(): Promise<void> {}
}

const fsyncDir = async (dir: string): Promise<void> => {
  const handle = await fsp.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

const sizeOfTree = async (dir: string): Promise<number> => {
  let total = 0
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    if (entry.name === TMP) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) total += await sizeOfTree(full)
    else if (entry.isFile()) total += (await fsp.stat(full)).size
  }
  return total
}
