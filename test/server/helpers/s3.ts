// A real S3 API on loopback: s3rver, with a bucket made for the test.
import fs from 'node:fs'
import S3rver from 's3rver'
import { type S3Config } from '../../../server/config'
import { tempDir } from './context'

export type TestS3 = { config: S3Config; directory: string; stop: () => Promise<void> }

export const startS3 = async (bucket = 'sirius-test'): Promise<TestS3> => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  const directory = tempDir('sirius-s3-')
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await s3rver.run()
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'blobs/',
      quotaBytes: 10 * 1024 * 1024,
    },
    directory,
    stop: async () => {
      await s3rver.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
