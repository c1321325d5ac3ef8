// Stores bytes in the blob store and records them in the files table, in that order: a file row
// never points at a blob that is not there.
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { sha1Hex } from '../crypto.js'
import { type FileOrigin, type Repositories } from '../db/repositories/index.js'
import { type BlobStore } from './blobStore.js'

export { sha1Hex }

export const putBuffer = async (
  blobStore: BlobStore,
  repos: Repositories,
  bytes: Buffer,
  contentType: string,
  now = Date.now(),
  /** 'system' files are never collected; 'derived' ones go once no chart uses them. */
  origin: FileOrigin = 'system',
): Promise<string> => {
  const hash = sha1Hex(bytes)
  const { size } = await blobStore.put(Readable.from([bytes]), hash)
  await repos.files.record({ hash, size, contentType, createdTime: now, origin })
  return hash
}

/** Deletes these files when no chart uses them any more and they may be collected (never pack or demo
 *  files). The row goes first, inside a transaction that locks it: a create about to use the file either
 *  committed before (the file is used, and stays) or finds it gone and asks for it again. */
export const collectFiles = async (
  blobStore: BlobStore,
  repos: Repositories,
  hashes: Iterable<string>,
): Promise<number> => {
  let collected = 0
  for (const hash of new Set(hashes)) {
    if (!(await repos.transaction((trx) => trx.files.deleteIfUnused(hash)))) continue
    await blobStore.delete(hash)
    collected++
  }
  return collected
}

/** A stored file's bytes (covers, charts, level data: small), or undefined when it is not stored. */
export const readBlob = async (blobStore: BlobStore, hash: string): Promise<Buffer | undefined> => {
  const blob = await blobStore.get(hash)
  if (!blob) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of blob.stream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** Streams a stored file to a local path (for tools that want one: ffprobe, ffmpeg); false when it is
 *  not stored. Nothing is held in memory. */
export const blobToFile = async (blobStore: BlobStore, hash: string, file: string): Promise<boolean> => {
  const blob = await blobStore.get(hash)
  if (!blob) return false
  await pipeline(blob.stream as Readable, fs.createWriteStream(file, { flags: 'wx' }))
  return true
}
