import path from 'node:path'
import { type Config } from '../config.js'
import { type BlobStore } from './blobStore.js'
import { LocalBlobStore } from './localBlobStore.js'

/** S3 when S3_BUCKET is set, else DATA_DIR/blobs. The S3 client is loaded only then (it weighs on
 *  the process's memory). */
export const createBlobStore = async (config: Config): Promise<BlobStore> => {
  if (config.s3) {
    const { S3BlobStore } = await import('./s3BlobStore.js')
    const store = new S3BlobStore(config.s3)
    await store.check()
    return store
  }
  return new LocalBlobStore(path.join(config.dataDir, 'blobs'))
}

export * from './blobStore.js'
export { LocalBlobStore } from './localBlobStore.js'
