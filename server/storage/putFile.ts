// Stores bytes in the blob store and records them in the files table, in that order: a file row
// never points at a blob that is not there.
import { Readable } from 'node:stream'
import { sha1Hex } from '../auth/tokens.js'
import { type Repositories } from '../db/repositories/index.js'
import { type BlobStore } from './blobStore.js'

export { sha1Hex }

export const putBuffer = async (
  blobStore: BlobStore,
  repos: Repositories,
  bytes: Buffer,
  contentType: string,
  now = Date.now(),
): Promise<string> => {
  const hash = sha1Hex(bytes)
  const { size } = await blobStore.put(Readable.from([bytes]), hash)
  await repos.files.record({ hash, size, contentType, createdTime: now })
  return hash
}
