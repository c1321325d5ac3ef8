// Finishing an upload: the chunks are joined into one private local file, whose SHA-1 is computed while
// its bytes are checked for what they are meant to be; then the file goes to the blob store in one put.
// Any failure discards the whole upload: no blob, no row, no chunks.
import fsp from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { type UploadKind } from '../../common/api/uploads.js'
import { type AppContext } from '../context.js'
import { type UploadSession } from '../db/repositories/index.js'
import { workOwnerOf } from '../work/pool.js'
import { HttpError } from '../http/errors.js'
import { checkUpload, FileCheckError } from '../media/check.js'
import { ScratchMissingError, fsyncPath, sha1OfFile } from '../storage/index.js'
import { tiling } from './session.js'

/** 400 upload_failed with a message that says what was wrong (docs/spec.md §8's key for failed uploads). */
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
  const reject = async (message: string) => {
    await discardUpload(ctx, session)
    return uploadRejected(message)
  }

  try {
    try {
      await store.assembleChunks(session.id, parts, file)
    } catch (error) {
      if (!(error instanceof ScratchMissingError)) throw error
      // Another request of this upload finished it first and removed the chunks.
      if (await isStored(ctx, session.hash)) return
      throw await reject('The upload lost a chunk; start it again')
    }
    // The file is private now. Its SHA-1 (and its fsync) and the content check run side by side; the
    // hash decides first, so a wrong file is reported as wrong, whatever it contains.
    const [hash, checked] = await Promise.all([
      Promise.all([sha1OfFile(file), fsyncPath(file)]).then(([hash]) => hash),
      checkUpload(ctx.work, session.kind as UploadKind, file, undefined, workOwnerOf(session.userId)).then(
        (contentType) => ({ contentType }),
        (error: unknown) => ({ error }),
      ),
    ])
    if (hash !== session.hash) {
      // A second commit of a finished upload may copy a part file that a late repeat chunk made anew.
      if (await isStored(ctx, session.hash)) return await discardUpload(ctx, session)
      throw await reject("The file's SHA-1 does not match the hash it was announced with")
    }
    if ('error' in checked) {
      if (checked.error instanceof FileCheckError) throw await reject(checked.error.message)
      throw checked.error
    }
    // Verified and fsynced: the store adopts the file (a hard link on disk) rather than copy it.
    await store.putFile(file, session.hash, session.size)
    await ctx.repos.files.record({
      hash: session.hash,
      size: session.size,
      contentType: checked.contentType,
      createdTime: Date.now(),
      origin: 'upload',
    })
    await ctx.repos.files.addOwner(session.hash, session.userId, Date.now())
  } finally {
    await fsp.rm(file, { force: true })
  }
  await discardUpload(ctx, session)
}
