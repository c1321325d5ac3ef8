// GET /sonolus/repository/{sha1}: immutable caching, byte ranges, the stored content type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3BlobStore } from '../../server/storage'
import { putBuffer, sha1Hex } from '../../server/storage/putFile'
import { openTestApp } from './helpers/context'
import { type TestS3, startS3 } from './helpers/s3'

describe.each(['local disk', 'S3 (s3rver)'])('GET /sonolus/repository/{sha1} from %s', (backend) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  let s3: TestS3 | undefined
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256))
  let hash: string

  beforeAll(async () => {
    if (backend.startsWith('S3')) s3 = await startS3()
    test = await openTestApp('sqlite', { blobStore: s3 ? new S3BlobStore(s3.config) : undefined })
    hash = await putBuffer(test.ctx.blobStore, test.ctx.repos, bytes, 'image/png')
  })
  afterAll(async () => {
    await test.cleanup()
    await s3?.stop()
  })

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    test.app.inject({ method, url: `/sonolus/repository/${hash}`, headers })

  it('serves the whole file with its content type and immutable caching', async () => {
    const response = await get()
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload).toEqual(bytes)
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '1000',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${hash}"`,
      'accept-ranges': 'bytes',
    })
    expect(response.headers['content-encoding']).toBeUndefined()
  })

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=990-', 990, 999],
    ['bytes=-5', 995, 999],
    ['bytes=500-5000', 500, 999],
  ])('serves the range %s with 206', async (range, start, end) => {
    const response = await get({ range })
    expect(response.statusCode).toBe(206)
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`)
    expect(response.headers['content-length']).toBe(String(end - start + 1))
    expect(response.rawPayload).toEqual(bytes.subarray(start, end + 1))
  })

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])(
    'answers 416 for the range %s outside the file',
    async (range) => {
      const response = await get({ range })
      expect(response.statusCode).toBe(416)
      expect(response.headers['content-range']).toBe('bytes */1000')
      expect(response.json()).toMatchObject({ code: 416, error: 'range_not_satisfiable' })
      expect(response.headers['cache-control']).toBeUndefined()
    },
  )

  it.each(['bytes=0-1,5-6', 'items=0-5', 'bytes=abc'])(
    'ignores the unsupported range %s and sends the whole file',
    async (range) => {
      const response = await get({ range })
      expect(response.statusCode).toBe(200)
      expect(response.rawPayload).toEqual(bytes)
    },
  )

  it('ignores a range whose If-Range does not match', async () => {
    const response = await get({ range: 'bytes=0-9', 'if-range': '"other"' })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBe(1000)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const response = await get({ 'if-none-match': `"${hash}"` })
    expect(response.statusCode).toBe(304)
    expect(response.rawPayload.length).toBe(0)
  })

  it('answers HEAD with the headers only', async () => {
    const response = await get({}, 'HEAD')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-length']).toBe('1000')
    expect(response.rawPayload.length).toBe(0)
  })

  it.each([
    ['an unknown hash', sha1Hex(Buffer.from('nothing'))],
    ['a malformed hash', 'not-a-hash'],
    ['an upper-case hash', 'A'.repeat(40)],
  ])('answers 404 for %s', async (_label, name) => {
    const response = await test.app.inject({ method: 'GET', url: `/sonolus/repository/${name}` })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 404, error: 'not_found' })
  })
})
