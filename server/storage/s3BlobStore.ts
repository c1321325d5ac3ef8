// S3-compatible blob store. A put is spooled to a local temp file while its SHA-1 is computed and only
// sent to the bucket once the hash matches, so a mismatch never leaves an object behind.
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { type Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { type S3Config } from '../config.js'
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
  assertSha1,
  UsageCache,
  spoolVerified,
} from './blobStore.js'

const USAGE_CACHE_MS = 60_000
const PUT_ATTEMPTS = 3

export class S3BlobStore implements BlobStore {
  readonly kind = 's3'
  private readonly client: S3Client
  private readonly putClient: S3Client
  // Listing a bucket is slow: one scan at a time, at most once a minute (server info is public).
  private readonly usage_ = new UsageCache(() => this.scanUsage(), USAGE_CACHE_MS)

  constructor(
    private readonly config: S3Config,
    private readonly spoolDir = os.tmpdir(),
  ) {
    const clientConfig = {
      region: config.region,
      endpoint: config.endpoint,
      // Path-style works with every S3-compatible server (MinIO, s3rver, Garage…); AWS accepts it too.
      forcePathStyle: config.endpoint !== undefined,
      // The SDK's default CRC trailers use aws-chunked bodies, which many S3-compatible servers store
      // verbatim (the object then holds chunk framing). Integrity is ours anyway: we hash every put.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    } as const
    this.client = new S3Client(clientConfig)
    this.putClient = new S3Client({ ...clientConfig, maxAttempts: 1 })
  }

  private key(hash: string): string {
    return `${this.config.prefix}${hash}`
  }

  /** Fails with a clear message at start-up if the bucket is missing or unreachable. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }))
    } catch (error) {
      throw new Error(`S3_BUCKET: cannot reach bucket "${this.config.bucket}": ${describe(error)}`, {
        cause: error,
      })
    }
  }

  async put(
    stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>,
    expectedSha1: string,
    options: PutOptions = {},
  ): Promise<PutResult> {
    const spool = path.join(this.spoolDir, `sirius-s3-${randomBytes(12).toString('hex')}.part`)
    try {
      // Verified before anything reaches the bucket: a mismatch leaves no object behind.
      const size = await spoolVerified(stream, spool, expectedSha1, options.maxBytes)
      return await this.sendFile(spool, expectedSha1, size)
    } finally {
      await fsp.rm(spool, { force: true })
    }
  }

  async putFile(file: string, verifiedSha1: string, size: number): Promise<PutResult> {
    assertSha1(verifiedSha1)
    return this.sendFile(file, verifiedSha1, size)
  }

  /** Puts a local file whose SHA-1 is known under that hash, unless the bucket has it already. */
  private async sendFile(spool: string, actual: string, size: number): Promise<PutResult> {
    if (await this.head(actual)) return { hash: actual, size, created: false }
    // The SDK cannot rewind a file stream to retry it, so puts are retried here, each attempt
    // reading the spool file afresh.
    for (let attempt = 1; ; attempt++) {
      const body = fs.createReadStream(spool)
      try {
        await this.putClient.send(
          new PutObjectCommand({
            Bucket: this.config.bucket,
            Key: this.key(actual),
            Body: body,
            ContentLength: size,
            // Create-if-absent where the service supports conditional writes; where it does not, a
            // concurrent put of the same hash writes the same bytes again, which is harmless.
            IfNoneMatch: '*',
          }),
        )
        break
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) {
          return { hash: actual, size, created: false }
        }
        if (attempt >= PUT_ATTEMPTS || !isRetryable(error)) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** (attempt - 1)))
      } finally {
        body.destroy()
      }
    }
    // Concurrent puts of one hash may both land here, so rescan rather than add the size twice.
    this.usage_.invalidate()
    return { hash: actual, size, created: true }
  }

  async get(hash: string, range?: ByteRange): Promise<BlobReadResult | undefined> {
    assertSha1(hash)
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(hash),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      const total = range
        ? Number(/\/(\d+)$/.exec(result.ContentRange ?? '')?.[1])
        : Number(result.ContentLength)
      return { stream: result.Body as Readable, size: total }
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  async head(hash: string): Promise<{ size: number } | undefined> {
    assertSha1(hash)
    try {
      const result = await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(hash) }),
      )
      return { size: Number(result.ContentLength) }
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  async delete(hash: string): Promise<void> {
    assertSha1(hash)
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(hash) }))
    this.usage_.invalidate()
  }

  // An upload's chunks are objects {prefix}.uploads/{session}/{start}; a PutObject replaces one whole.
  private scratchKey(session: string, start?: number): string {
    assertScratchSession(session)
    return `${this.config.prefix}.uploads/${session}/${start ?? ''}`
  }

  async putChunk(session: string, start: number, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.scratchKey(session, start),
        Body: bytes,
        ContentLength: bytes.length,
      }),
    )
  }

  async assembleChunks(session: string, parts: readonly ByteRange[], file: string): Promise<void> {
    const handle = await fsp.open(file, 'wx')
    try {
      for (const part of parts) {
        let body: Readable
        try {
          const result = await this.client.send(
            new GetObjectCommand({ Bucket: this.config.bucket, Key: this.scratchKey(session, part.start) }),
          )
          body = result.Body as Readable
        } catch (error) {
          throw isNotFound(error) ? new ScratchMissingError(session) : error
        }
        let length = 0
        for await (const bytes of body as AsyncIterable<Uint8Array>) {
          length += bytes.length
          if (length > part.end - part.start + 1) break
          await writeAll(handle, bytes)
        }
        if (length !== part.end - part.start + 1) {
          body.destroy()
          throw new ScratchMissingError(session)
        }
      }
      await handle.close()
    } catch (error) {
      await handle.close().catch(() => undefined)
      await fsp.rm(file, { force: true })
      throw error
    }
  }

  async scratchSessions(): Promise<{ session: string; modifiedTime: number }[]> {
    const sessions = new Map<string, number>()
    const prefix = `${this.config.prefix}.uploads/`
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }),
      )
      for (const object of page.Contents ?? []) {
        const session = (object.Key ?? '').slice(prefix.length).split('/')[0]
        const modified = object.LastModified?.getTime() ?? 0
        if (isScratchSession(session)) sessions.set(session, Math.max(sessions.get(session) ?? 0, modified))
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return [...sessions].map(([session, modifiedTime]) => ({ session, modifiedTime }))
  }

  async deleteScratch(session: string): Promise<void> {
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: this.scratchKey(session),
          ContinuationToken: token,
        }),
      )
      // One by one: DeleteObjects needs a checksum header that S3-compatible servers handle unevenly.
      for (const object of page.Contents ?? []) {
        if (object.Key)
          await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: object.Key }))
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  private async scanUsage(): Promise<number> {
    let used = 0
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: this.config.prefix,
          ContinuationToken: token,
        }),
      )
      for (const object of page.Contents ?? []) used += object.Size ?? 0
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return used
  }

  async usage(): Promise<Usage> {
    return { used: await this.usage_.get(), total: this.config.quotaBytes }
  }

  async close(): Promise<void> {
    this.client.destroy()
    this.putClient.destroy()
  }
}

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)

/** Network failures, throttling and 5xx are worth another attempt; a refused request is not. */
const isRetryable = (error: unknown): boolean => {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0
    return status >= 500 || status === 429 || error.$retryable !== undefined
  }
  return true
}

const describe = (error: unknown): string =>
  error instanceof S3ServiceException
    ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
    : error instanceof Error
      ? error.message
      : String(error)
