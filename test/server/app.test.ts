import fs from 'node:fs'
import zlib from 'node:zlib'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { version } from '@sonolus/core'
import { ServerInfoResponseSchema, ServerInfoSchema } from '../../common/api/schemas/protocol'
import { buildApp } from '../../server/app'
import { openTestApp, openTestContext } from './helpers/context'

describe('the app (server skeleton)', () => {
  let test: Awaited<ReturnType<typeof openTestApp>>

  beforeAll(async () => {
    test = await openTestApp('sqlite', { env: { SITE_TITLE: 'Test Charts' } })
  })
  afterAll(async () => test.cleanup())

  it('GET /sonolus/info answers a ServerInfo with the Sonolus-Version header', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/sonolus/info' })
    expect(response.statusCode).toBe(200)
    // The app version players run; core 7.15.1 itself says 1.1.1 (server/sonolusVersion.ts).
    expect(version.sonolus).toBe('1.1.1')
    expect(response.headers['sonolus-version']).toBe('1.1.3')
    const body = response.json()
    expect(TypeCompiler.Compile(ServerInfoSchema).Check(body)).toBe(true)
    expect(body).toMatchObject({ title: 'Test Charts', configuration: { options: [] } })
  })

  it('GET /sonolus/server/info answers git and drive (docs/spec.md §3 "Server info")', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/sonolus/server/info' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(TypeCompiler.Compile(ServerInfoResponseSchema).Check(body)).toBe(true)
    expect(body.code).toBe(200)
    expect(Object.keys(body.git).sort()).toEqual(['branch', 'commit', 'commit_message', 'owner', 'repo'])
    expect(body.drive.used).toBeGreaterThanOrEqual(0)
    expect(body.drive.total).toBeGreaterThan(0)
  })

  it('counts stored bytes in drive.used', async () => {
    const { putBuffer } = await import('../../server/storage/putFile')
    const usedBefore = (await test.app.inject({ method: 'GET', url: '/sonolus/server/info' })).json().drive
      .used
    await putBuffer(test.ctx.blobStore, test.ctx.repos, Buffer.alloc(2048, 7), 'application/octet-stream')
    const body = (await test.app.inject({ method: 'GET', url: '/sonolus/server/info' })).json()
    expect(body.drive.used - usedBefore).toBe(2048)
  })

  it('gives every response a request id and the Sonolus-Version header, errors included', async () => {
    const first = await test.app.inject({ method: 'GET', url: '/sonolus/nope' })
    const second = await test.app.inject({ method: 'GET', url: '/sonolus/nope' })
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id'])
    expect(first.headers['sonolus-version']).toBe('1.1.3')
  })

  it('answers an unknown API path with a JSON 404, never the SPA', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/sonolus/levels/unknown/thing' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 404, error: 'not_found' })
  })

  it('reports health from the database, with the load: event-loop lag and chart workers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ok',
      // Load shedding is off in this test's configuration (protection.test.ts turns it on).
      busy: false,
      work: { threads: 0, queued: 0 },
    })
  })
})

const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2\n`).join('')

describe('serving the SPA', () => {
  let test: Awaited<ReturnType<typeof openTestContext>>
  let app: Awaited<ReturnType<typeof buildApp>>

  beforeAll(async () => {
    test = await openTestContext('sqlite')
    const root = test.ctx.config.staticRoot
    fs.mkdirSync(path.join(root, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>')
    fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)')
    // A build's script with the compressed copies the build writes beside it (vite.config.ts).
    fs.writeFileSync(path.join(root, 'assets', 'big-abc123.js'), BIG_SCRIPT)
    fs.writeFileSync(path.join(root, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(BIG_SCRIPT))
    fs.writeFileSync(path.join(root, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(BIG_SCRIPT))
    app = await buildApp(test.ctx, { logger: false })
  })
  afterAll(async () => {
    await app.close()
    await test.cleanup()
  })

  it.each(['/', '/home', '/chart/abc/info', '/settings/server', '/nope'])(
    'loads index.html for the deep link %s (history fallback)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<div id="root">')
    },
  )

  it('sends a script compressed as the browser accepts, Brotli first, and plain to others', async () => {
    const get = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/big-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      })
    const brotli = await get('gzip, deflate, br')
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT)
    expect(brotli.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 5)
    const gzip = await get('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT)
    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(BIG_SCRIPT)
  })

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it.each(['/assets/app-old.js', '/favicon.ico', '/robots.txt'])(
    'answers the missing file %s with 404, not index.html',
    async (url) => {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('<div id="root">')
    },
  )

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
  ])('does not serve files outside the web root for %s', async (url) => {
    const response = await app.inject({ method: 'GET', url })
    expect(response.body).not.toContain('"name"')
    expect(response.body).not.toContain('devDependencies')
  })

  it('does not answer API misses with the SPA', async () => {
    // The app's and the official web client's miss: a bare 404 (server/http/protocolErrors.ts).
    const response = await app.inject({ method: 'GET', url: '/sonolus/whatever' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toBe('')
    // The site's: the catalogue body.
    const site = await app.inject({
      method: 'GET',
      url: '/sonolus/whatever',
      headers: { 'x-sirius-client': 'web' },
    })
    expect(site.statusCode).toBe(404)
    expect(site.json()).toMatchObject({ code: 404, error: 'not_found' })
  })

  it('does not fall back for writes', async () => {
    const response = await app.inject({ method: 'POST', url: '/chart/abc/info' })
    expect(response.statusCode).toBe(404)
  })
})
