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
  ScratchMissingError,
  assertScratchSession,
  isScratchSession,
  writeAll,
  fsyncPath,
  assertSha1,
  UsageCache,
  spoolVerified,
} from './blobStore.js'

const TMP = '.tmp'
const SCRATCH = '.uploads'
const STALE_TMP_MS = 60 * 60 * 1000
const USAGE_RESCAN_MS = 60_000
/** An upload's part file stays open this long after its last chunk. */
const PART_IDLE_MS = 10_000

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local'
  // Another process (npm run demo:remove) may change the folder, so the figure is rescanned now and then.
  private readonly usage_ = new UsageCache(() => sizeOfTree(this.root), USAGE_RESCAN_MS)
  private readonly parts = new OpenParts(PART_IDLE_MS)

  constructor(private readonly root: string) {
    fs.mkdirSync(path.join(root, TMP), { recursive: true })
    fs.mkdirSync(path.join(root, SCRATCH), { recursive: true })
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
    await fsyncPath(path.dirname(target))
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
    await fsyncPath(path.dirname(target))
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

  // An upload's chunks are written at their offsets into one file, .uploads/{session}.part, so that the
  // commit copies one file (in the kernel) instead of joining many. A killed write leaves bytes whose
  // chunk row was never recorded, so the client sends them again; the commit's SHA-1 check is the judge.
  private partOf(session: string): string {
    assertScratchSession(session)
    return path.join(this.root, SCRATCH, `${session}.part`)
  }

  async putChunk(session: string, start: number, bytes: Uint8Array): Promise<void> {
    await this.parts.use(this.partOf(session), (handle) => writeAll(handle, bytes, start))
  }

  async assembleChunks(session: string, parts: readonly ByteRange[], file: string): Promise<void> {
    const part = this.partOf(session)
    const size = (parts.at(-1)?.end ?? -1) + 1
    // A copy, not a rename or a link: a late repeat of a chunk may still write to the part file, and
    // must not change bytes that are being hashed or that became a blob.
    try {
      await fsp.copyFile(part, file, fs.constants.COPYFILE_EXCL)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ScratchMissingError(session)
      throw error
    }
    const copied = (await fsp.stat(file)).size
    if (copied < size) {
      await fsp.rm(file, { force: true })
      throw new ScratchMissingError(session)
    }
    if (copied > size) await fsp.truncate(file, size)
  }

  async scratchSessions(): Promise<{ session: string; modifiedTime: number }[]> {
    const found: { session: string; modifiedTime: number }[] = []
    for (const name of await fsp.readdir(path.join(this.root, SCRATCH)).catch(() => [] as string[])) {
      // {session}.part, or a {session}/ folder of chunks from before the part files.
      const session = name.replace(/\.part$/, '')
      const stat = await fsp.stat(path.join(this.root, SCRATCH, name)).catch(() => undefined)
      if (stat && isScratchSession(session)) found.push({ session, modifiedTime: stat.mtimeMs })
    }
    return found
  }

  async deleteScratch(session: string): Promise<void> {
    await this.parts.close(this.partOf(session))
    await fsp.rm(this.partOf(session), { force: true })
    await fsp.rm(path.join(this.root, SCRATCH, session), { recursive: true, force: true })
  }

  async usage(): Promise<Usage> {
    const stats = await fsp.statfs(this.root)
    return { used: await this.usage_.get(), total: stats.blocks * stats.bsize }
  }

  async close(): Promise<void> {
    await this.parts.closeAll()
  }
}

/** Part files kept open between an upload's chunks: one open per upload rather than one per chunk. A
 *  file is closed once idle, or when its upload ends, after the writes in flight. Only the descriptor
 *  is kept; every byte goes to disk, so any process sharing the folder can take the next chunk. */
class OpenParts {
  private readonly open = new Map<
    string,
    { handle: Promise<fsp.FileHandle>; users: number; timer?: NodeJS.Timeout; idle?: () => void }
  >()

  constructor(private readonly idleMs: number) {}

  async use<T>(file: string, run: (handle: fsp.FileHandle) => Promise<T>): Promise<T> {
    let entry = this.open.get(file)
    if (!entry) {
      entry = { handle: fsp.open(file, fs.constants.O_WRONLY | fs.constants.O_CREAT), users: 0 }
      this.open.set(file, entry)
    }
    clearTimeout(entry.timer)
    entry.users++
    try {
      return await run(await entry.handle)
    } catch (error) {
      // A descriptor that failed once is not trusted again.
      void this.close(file)
      throw error
    } finally {
      entry.users--
      if (entry.users === 0) {
        if (this.open.get(file) === entry)
          entry.timer = setTimeout(() => void this.close(file), this.idleMs).unref()
        else entry.idle?.()
      }
    }
  }

  async close(file: string): Promise<void> {
    const entry = this.open.get(file)
    if (!entry) return
    this.open.delete(file)
    clearTimeout(entry.timer)
    // Writes already under way finish first (they hold `users`); new ones open the file afresh.
    if (entry.users > 0) await new Promise<void>((resolve) => (entry.idle = resolve))
    await (await entry.handle.catch(() => undefined))?.close()
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((file) => this.close(file)))
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
