// Finishing an upload: the chunks are streamed in order into one local file while its SHA-1 is computed,
// the bytes are checked for what they are meant to be, and the file goes to the blob store in one put.
// Any failure discards the whole upload: no blob, no row, no chunks.
import fsp from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { type UploadKind } from '../../common/api/uploads.js'
import { MAX_UPLOAD_BYTES } from '../../common/rules.js'
import { type AppContext } from '../context.js'
import { type UploadSession } from '../db/repositories/index.js'
import { HttpError } from '../http/errors.js'
import { checkUpload, FileCheckError } from '../media/check.js'
import { BlobHashMismatchError, spoolVerified } from '../storage/index.js'
import { tiling } from './session.js'

/** 400 upload_failed with a message that says what was wrong (spec §8's key for failed uploads). */
export const uploadRejected = (message: string): HttpError => new HttpError(400, 'upload_failed', message)

export const scratchDir = (ctx: AppContext): string => path.join(ctx.config.dataDir, 'tmp')

/** Removes an upload's chunks, then its rows (a crash between the two leaves rows that the janitor
 *  retries; never rows pointing at nothing that a client could resume against silently). */
export const discardUpload = async (ctx: AppContext, session: UploadSession): Promise<void> => {
  await ctx.blobStore.deleteScratch(session.id)
  await ctx.repos.uploads.delete(session.id)
}

/** True when the file is stored and recorded (both: a blob without its row is not "stored" yet). */
export const isStored = async (ctx: AppContext, hash: string): Promise<boolean> =>
  (await ctx.repos.files.get(hash)) !== undefined && (await ctx.blobStore.head(hash)) !== undefined

export const commitUpload = async (ctx: AppContext, session: UploadSession): Promise<void> => {
  const chunks = await ctx.repos.uploads.chunks(session.id)
  const { path: parts, received } = tiling(chunks, session.size)
  if (received < session.size) throw new Error('commitUpload: the upload is not complete')
  const store = ctx.blobStore
  const dir = scratchDir(ctx)
  await fsp.mkdir(dir, { recursive: true })
  const file = path.join(dir, `${session.id}-${randomBytes(6).toString('hex')}.part`)

  async function* bytes(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      const stream = await store.getScratch(`${session.id}/${part.start}`)
      if (!stream) throw new MissingChunkError()
      let length = 0
      for await (const chunk of stream as AsyncIterable<Uint8Array>) {
        length += chunk.length
        yield chunk
      }
      if (length !== part.end - part.start + 1) throw new MissingChunkError()
    }
  }

  try {
    try {
      await spoolVerified(bytes(), file, session.hash, MAX_UPLOAD_BYTES)
    } catch (error) {
      // Another request of this upload finished it first and removed the chunks.
      if (error instanceof MissingChunkError && (await isStored(ctx, session.hash))) return
      if (error instanceof BlobHashMismatchError || error instanceof MissingChunkError) {
        await discardUpload(ctx, session)
        throw uploadRejected(
          error instanceof MissingChunkError
            ? 'The upload lost a chunk; start it again'
            : "The file's SHA-1 does not match the hash it was announced with",
        )
      }
      throw error
    }
    let contentType: string
    try {
      contentType = await checkUpload(session.kind as UploadKind, file)
    } catch (error) {
      if (error instanceof FileCheckError) {
        await discardUpload(ctx, session)
        throw uploadRejected(error.message)
      }
      throw error
    }
    // The spool is verified and fsynced: the store adopts it (a hard link on disk) rather than copy it.
    await store.putFile(file, session.hash, session.size)
    await ctx.repos.files.record({
      hash: session.hash,
      size: session.size,
      contentType,
      createdTime: Date.now(),
      origin: 'upload',
    })
  } finally {
    await fsp.rm(file, { force: true })
  }
  await discardUpload(ctx, session)
}

class MissingChunkError extends Error {}
