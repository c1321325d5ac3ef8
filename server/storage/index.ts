import path from 'node:path'
import { type Config } from '../config.js'
import { type BlobStore } from './blobStore.js'
import { LocalBlobStore } from './localBlobStore.js'
import { S3BlobStore } from './s3BlobStore.js'

/** S3 when S3_BUCKET is set, else DATA_DIR/blobs. */
export const createBlobStore = async (config: Config): Promise<BlobStore> => {
  if (config.s3) {
    const store = new S3BlobStore(config.s3)
    await store.check()
    return store
  }
  return new LocalBlobStore(path.join(config.dataDir, 'blobs'))
}

export * from './blobStore.js'
export { LocalBlobStore } from './localBlobStore.js'
export { S3BlobStore } from './s3BlobStore.js'
