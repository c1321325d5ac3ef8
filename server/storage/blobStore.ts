// The blob store: content-addressed, immutable files named by their SHA-1 hex (docs/protocol.md
// §12.3). Two implementations share this interface: local disk and S3.
import { createHash } from 'node:crypto'
import fsp from 'node:fs/promises'
import { SHA1_REGEX } from '../../common/rules.js'

export type ByteRange = { start: number; end: number } // inclusive, as in HTTP

export type PutResult = {
  hash: string
  size: number
  /** false when the store already held these bytes. */
  created: boolean
}

export type PutOptions = {
  /** Reject (and keep nothing) once more than this many bytes arrive. */
  maxBytes?: number
}

export type BlobReadResult = {
  stream: NodeJS.ReadableStream
  /** Size of the whole blob, not of the range. */
  size: number
}

export type Usage = { used: number; total: number }

export interface BlobStore {
  readonly kind: 'local' | 's3'
  /** Stores the stream if its SHA-1 equals `expectedSha1`; otherwise throws and keeps nothing. */
  put(
    stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>,
    expectedSha1: string,
    options?: PutOptions,
  ): Promise<PutResult>
  /** Stores a local file whose SHA-1 the caller has just computed from its bytes (an upload's spool).
   *  The file is the caller's to remove afterwards. */
  putFile(file: string, verifiedSha1: string, size: number): Promise<PutResult>
  get(hash: string, range?: ByteRange): Promise<BlobReadResult | undefined>
  head(hash: string): Promise<{ size: number } | undefined>
  delete(hash: string): Promise<void>
  /** Upload chunks (docs/spec.md §4) live in a scratch area outside the content-addressed space, by session.
   *  `start` is the chunk's first byte in the file. Writing the same chunk again is harmless; the
   *  commit's SHA-1 check catches anything that is not the announced file. */
  putChunk(session: string, start: number, bytes: Uint8Array): Promise<void>
  /** Writes the session's chunks, laid end to end as `parts`, into a new local file of the caller's.
   *  Throws ScratchMissingError when a chunk is absent or short. */
  assembleChunks(session: string, parts: readonly ByteRange[], file: string): Promise<void>
  /** Every session that holds scratch bytes, with when they were last written (the janitor's view). */
  scratchSessions(): Promise<{ session: string; modifiedTime: number }[]>
  /** Removes every scratch byte of a session. */
  deleteScratch(session: string): Promise<void>
  /** used = bytes held; total = volume capacity or configured quota (0 = unknown). */
  usage(): Promise<Usage>
  close(): Promise<void>
}

export class BlobHashMismatchError extends Error {
  readonly code = 'hash_mismatch'
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`content SHA-1 ${actual} does not match the expected ${expected}`)
    this.name = 'BlobHashMismatchError'
  }
}

export class BlobTooLargeError extends Error {
  readonly code = 'file_too_large'
  constructor(readonly maxBytes: number) {
    super(`file is larger than ${maxBytes} bytes`)
    this.name = 'BlobTooLargeError'
  }
}

export class InvalidHashError extends Error {
  readonly code = 'invalid_hash'
  constructor(readonly hash: string) {
    super(`"${hash}" is not a lower-case SHA-1 hex string`)
    this.name = 'InvalidHashError'
  }
}

/** Scratch sessions are our own session ids; anything else is refused. */
export const isScratchSession = (session: string): boolean => /^[0-9a-z]{16,64}$/.test(session)

export const assertScratchSession = (session: string): void => {
  if (!isScratchSession(session)) throw new Error(`bad scratch session "${session}"`)
}

/** A chunk the rows say arrived is not in the scratch area (or is short). */
export class ScratchMissingError extends Error {
  constructor(session: string) {
    super(`upload ${session} lost a chunk`)
  }
}

export const assertSha1 = (hash: string): void => {
  if (!SHA1_REGEX.test(hash)) throw new InvalidHashError(hash)
}

/** Writes a stream to a new file while computing its SHA-1 and enforcing a size cap, then fsyncs it.
 *  On any failure the file is removed. */
const spoolToFile = async (
  stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>,
  file: string,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<{ hash: string; size: number }> => {
  const hasher = createHash('sha1')
  let size = 0
  let handle: fsp.FileHandle
  try {
    handle = await fsp.open(file, 'wx')
  } catch (error) {
    // Nobody will read the source now: release it rather than leave the sender hanging.
    ;(stream as Partial<NodeJS.ReadableStream & { destroy: () => void }>).destroy?.()
    throw error
  }
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      size += bytes.length
      if (size > maxBytes) throw new BlobTooLargeError(maxBytes)
      hasher.update(bytes)
      await writeAll(handle, bytes)
    }
    await handle.sync()
    await handle.close()
  } catch (error) {
    await handle.close().catch(() => undefined)
    await fsp.rm(file, { force: true })
    throw error
  }
  return { hash: hasher.digest('hex'), size }
}

/** Writes all of `bytes` (write() may write less than asked), at `position` or at the file's offset. */
export const writeAll = async (
  handle: fsp.FileHandle,
  bytes: Uint8Array,
  position?: number,
): Promise<void> => {
  for (let written = 0; written < bytes.length;) {
    const at = position === undefined ? null : position + written
    written += (await handle.write(bytes, written, bytes.length - written, at)).bytesWritten
  }
}

/** fsync of a file or a folder (a read-only descriptor is enough on Linux). */
export const fsyncPath = async (file: string): Promise<void> => {
  const handle = await fsp.open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** The SHA-1 of a local file, read a megabyte at a time into one buffer (no garbage per read). */
export const sha1OfFile = async (file: string): Promise<string> => {
  const hasher = createHash('sha1')
  const buffer = Buffer.allocUnsafeSlow(1 << 20)
  const handle = await fsp.open(file, 'r')
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      hasher.update(buffer.subarray(0, bytesRead))
    }
  } finally {
    await handle.close()
  }
  return hasher.digest('hex')
}

/** Spools the stream to `file` and checks it against `expectedSha1` (docs/protocol.md §15.2: uploads are
 *  verified against their SHA-1). Returns the size; on a mismatch or any failure the file is gone. */
export const spoolVerified = async (
  stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>,
  file: string,
  expectedSha1: string,
  maxBytes?: number,
): Promise<number> => {
  assertSha1(expectedSha1)
  const { hash, size } = await spoolToFile(stream, file, maxBytes)
  if (hash !== expectedSha1) {
    await fsp.rm(file, { force: true })
    throw new BlobHashMismatchError(expectedSha1, hash)
  }
  return size
}

/** Caches a store's usage figure: one scan at a time however many requests ask, a fresh scan at most
 *  every `ttlMs`, and the last good figure (or zero) when a scan fails, so server info never fails on it. */
export class UsageCache {
  private value: number | undefined
  private at = 0
  private inFlight: Promise<number> | undefined

  constructor(
    private readonly scan: () => Promise<number>,
    private readonly ttlMs: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async get(): Promise<number> {
    if (this.value !== undefined && Date.now() - this.at < this.ttlMs) return this.value
    this.inFlight ??= this.scan()
      .then((value) => {
        this.value = value
        this.at = Date.now()
        return value
      })
      .catch((error: unknown) => {
        this.onError(error)
        return this.value ?? 0
      })
      .finally(() => {
        this.inFlight = undefined
      })
    return this.inFlight
  }

  /** Adjusts the cached figure after a put or delete by this process. */
  adjust(delta: number): void {
    if (this.value !== undefined) this.value += delta
  }

  invalidate(): void {
    this.value = undefined
  }
}
