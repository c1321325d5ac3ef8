// GET /sonolus/repository/{sha1}: immutable caching, byte ranges, the stored content type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3BlobStore } from '../../../server/storage/s3BlobStore'
import { putBuffer, sha1Hex } from '../../../server/storage/putFile'
import { openTestApp } from '../helpers/context'
import { type TestS3, startS3 } from '../helpers/s3'
import { newChart } from '../helpers/charts'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'

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

  it('honours a range whose If-Range matches', async () => {
    const response = await get({ range: 'bytes=0-9', 'if-range': `"${hash}"` })
    expect(response.statusCode).toBe(206)
    expect(response.rawPayload).toEqual(bytes.subarray(0, 10))
  })

  it('accepts the range unit in any case', async () => {
    const response = await get({ range: 'Bytes=10-19' })
    expect(response.statusCode).toBe(206)
    expect(response.rawPayload).toEqual(bytes.subarray(10, 20))
  })

  it('ignores an inverted range and sends the whole file', async () => {
    const response = await get({ range: 'bytes=5-3' })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBe(1000)
  })

  it('answers HEAD with a range with the range headers only', async () => {
    const response = await get({ range: 'bytes=0-9' }, 'HEAD')
    expect(response.statusCode).toBe(206)
    expect(response.headers['content-range']).toBe('bytes 0-9/1000')
    expect(response.rawPayload.length).toBe(0)
  })

  it('ignores a range whose If-Range does not match', async () => {
    const response = await get({ range: 'bytes=0-9', 'if-range': '"other"' })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBe(1000)
  })

  it.each([
    ['the tag itself', (etag: string) => etag],
    ['a weak tag', (etag: string) => `W/${etag}`],
    ['a list', (etag: string) => `"other", ${etag}`],
    ['*', () => '*'],
  ])('answers 304 to If-None-Match with %s', async (_label, header) => {
    const response = await get({ 'if-none-match': header(`"${hash}"`) })
    expect(response.statusCode).toBe(304)
    expect(response.rawPayload.length).toBe(0)
    expect(response.headers.etag).toBe(`"${hash}"`)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('answers 200 to an If-None-Match of another tag', async () => {
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200)
  })

  it('sends files with nosniff and a sandbox policy, so none can run as a page', async () => {
    const response = await get()
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
  })

  it('sends a file recorded with an active type (HTML, SVG) as bytes to download', async () => {
    const page = Buffer.from('<script>alert(1)</script>')
    const pageHash = await putBuffer(test.ctx.blobStore, test.ctx.repos, page, 'text/html')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    const svgHash = await putBuffer(test.ctx.blobStore, test.ctx.repos, svg, 'image/svg+xml')
    for (const name of [pageHash, svgHash]) {
      const response = await test.app.inject({ method: 'GET', url: `/sonolus/repository/${name}` })
      expect(response.headers['content-type']).toBe('application/octet-stream')
    }
  })

  it('answers 404 without file headers when the record exists but the blob is gone', async () => {
    const lost = Buffer.from('a file that will be lost')
    const lostHash = await putBuffer(test.ctx.blobStore, test.ctx.repos, lost, 'image/png')
    await test.ctx.blobStore.delete(lostHash)
    const response = await test.app.inject({ method: 'GET', url: `/sonolus/repository/${lostHash}` })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/json/)
    expect(response.headers['cache-control']).toBeUndefined()
    expect(response.headers.etag).toBeUndefined()
    expect(response.json()).toMatchObject({ code: 404, error: 'not_found' })
  })

  it('answers 500 rather than hang when the stored blob is shorter than its record', async () => {
    const short = Buffer.from('short')
    const shortHash = sha1Hex(short)
    await test.ctx.blobStore.put(
      (async function* () {
        yield short
      })(),
      shortHash,
    )
    await test.ctx.repos.files.record({
      hash: shortHash,
      size: 9999,
      contentType: 'image/png',
      createdTime: 0,
    })
    const response = await test.app.inject({ method: 'GET', url: `/sonolus/repository/${shortHash}` })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ code: 500, error: 'internal_error' })
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

describe("a chart's SUS by its hash", () => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  let alice: string
  let bob: string
  const susOf = (text: string) =>
    Buffer.from(`#TITLE "${text}"\n#00002: 4\n#BPM01: 120\n#00008: 01\n#00012: 11\n`)
  const get = (hash: string, session?: string) =>
    test.app.inject({
      method: 'GET',
      url: `/sonolus/repository/${hash}`,
      headers: session ? { authorization: session } : {},
    })

  beforeAll(async () => {
    test = await openTestApp('sqlite', {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    alice = await appSession(test.app, { id: 'alice', handle: '1001', name: 'Alice' })
    bob = await appSession(test.app, { id: 'bob', handle: '1002', name: 'Bob' })
  })
  afterAll(async () => test.cleanup())

  it('is served to its author only when the chart forbids downloading it, to anyone when it allows it', async () => {
    const closed = await putBuffer(
      test.ctx.blobStore,
      test.ctx.repos,
      susOf('closed'),
      'text/plain; charset=utf-8',
    )
    const open = await putBuffer(
      test.ctx.blobStore,
      test.ctx.repos,
      susOf('open'),
      'text/plain; charset=utf-8',
    )
    await test.ctx.repos.charts.insert(newChart(61, { susHash: closed, allowSusDownload: 0 }))
    await test.ctx.repos.charts.insert(newChart(62, { susHash: open, allowSusDownload: 1 }))
    expect((await get(closed)).statusCode).toBe(404)
    expect((await get(closed, bob)).statusCode).toBe(404)
    const own = await get(closed, alice)
    expect(own.statusCode).toBe(200)
    expect(own.headers['cache-control']).toBe('private, max-age=0')
    for (const session of [undefined, bob, alice]) expect((await get(open, session)).statusCode).toBe(200)
  })
})
