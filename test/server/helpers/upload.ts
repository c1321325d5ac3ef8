// The chunked-upload protocol as the SPA speaks it, over app.inject.
import {
  type UploadKind,
  type UploadProgressResponse,
  type UploadStartResponse,
} from '../../../common/api/uploads'
import { UPLOAD_CHUNK_BYTES } from '../../../common/rules'
import { type App } from '../../../server/http/types'
import { S3BlobStore } from '../../../server/storage/s3BlobStore'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { sha1 } from '../../fixtures/media/media'
import { openTestApp } from './context'
import { startS3 } from './s3'
import { TEST_PUBLIC_URL, appSession } from './sessions'

export const startUpload = async (
  app: App,
  session: string,
  bytes: Buffer,
  kind: UploadKind,
  hash = sha1(bytes),
) => {
  const response = await app.inject({
    method: 'GET',
    url: `/upload/${hash}?size=${bytes.length}&type=${kind}`,
    headers: { authorization: session },
  })
  return { response, body: response.json() as UploadStartResponse & { error?: string; message?: string } }
}

/** The path of an absolute upload URL (inject takes paths). */
export const pathOf = (uploadUrl: string): string => new URL(uploadUrl).pathname

export const putChunk = (
  app: App,
  uploadUrl: string,
  token: string,
  bytes: Buffer,
  start: number,
  end = Math.min(start + UPLOAD_CHUNK_BYTES, bytes.length) - 1,
  extra: Record<string, string> = {},
) =>
  app.inject({
    method: 'PUT',
    url: pathOf(uploadUrl),
    headers: {
      authorization: `Bearer ${token}`,
      'content-range': `bytes ${start}-${end}/${bytes.length}`,
      'content-type': 'application/octet-stream',
      ...extra,
    },
    payload: bytes.subarray(start, end + 1),
  })

/** Uploads the whole file; returns the last answer (or the 201 start answer). */
export const uploadFile = async (
  app: App,
  session: string,
  bytes: Buffer,
  kind: UploadKind,
): Promise<{
  statusCode: number
  body: UploadProgressResponse | UploadStartResponse | { error: string; message: string }
}> => {
  const { response, body } = await startUpload(app, session, bytes, kind)
  if (body.code !== 200) return { statusCode: response.statusCode, body }
  let last = { statusCode: response.statusCode, body: body as never }
  for (let start = body.received; start < bytes.length; start += UPLOAD_CHUNK_BYTES) {
    const answer = await putChunk(app, body.uploadUrl, body.token, bytes, start)
    last = { statusCode: answer.statusCode, body: answer.json() as never }
    if (answer.statusCode >= 400) break
  }
  return last
}

/** The set-ups the upload suites run on: SQLite with disk always, SQLite with S3 always (s3rver), and
 *  PostgreSQL with S3 when PG_URL is set (CI). */
export type StoreSetup = { dialect: 'sqlite' | 'postgres'; store: 'disk' | 's3' }
export const STORE_SETUPS: StoreSetup[] = [
  { dialect: 'sqlite', store: 'disk' },
  { dialect: 'sqlite', store: 's3' },
  ...(process.env.PG_URL ? [{ dialect: 'postgres', store: 's3' } as const] : []),
]

/** An app on this set-up's database and blob store (an s3rver of its own for S3), signed in as Alice and
 *  Bob the way the Sonolus app signs in. `close` stops both. */
export const openUploadApp = async ({ dialect, store }: StoreSetup) => {
  const s3 = store === 's3' ? await startS3() : undefined
  const test = await openTestApp(dialect, {
    env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    blobStore: s3 ? new S3BlobStore(s3.config) : undefined,
  })
  const alice = await appSession(test.app, { id: 'alice', handle: '1001', name: 'Alice' })
  const bob = await appSession(test.app, { id: 'bob', handle: '1002', name: 'Bob' })
  const close = async () => {
    await test.cleanup()
    await s3?.stop()
  }
  return { test, alice, bob, close }
}
