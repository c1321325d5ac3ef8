// CORS for configured origins, security headers, and the SPA's Content-Security-Policy.
import fs from 'node:fs'
import zlib from 'node:zlib'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { openTestApp, tempDir } from '../helpers/context'

const PROXY = 'https://cn.charts.example.com'

describe('web security', () => {
  let test: Awaited<ReturnType<typeof openTestApp>>

  beforeAll(async () => {
    test = await openTestApp('sqlite', { env: { CORS_ORIGINS: `${PROXY}, https://other.example.org` } })
  })
  afterAll(async () => test.cleanup())

  it('lets a configured origin call the API and read Sonolus-Version', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/sonolus/info',
      headers: { origin: PROXY },
    })
    expect(response.headers['access-control-allow-origin']).toBe(PROXY)
    expect(response.headers['access-control-expose-headers']).toContain('Sonolus-Version')
    expect(response.headers.vary).toContain('Origin')
  })

  it('answers a preflight with the headers the SPA and app send', async () => {
    const response = await test.app.inject({
      method: 'OPTIONS',
      url: '/sonolus/levels/list',
      headers: {
        origin: PROXY,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(response.statusCode).toBe(204)
    for (const header of ['Authorization', 'Sonolus-Session', 'Sonolus-Upload-Key', 'Content-Type']) {
      expect(response.headers['access-control-allow-headers']).toContain(header)
    }
    expect(response.headers['access-control-allow-methods']).toContain('POST')
  })

  it('gives other origins nothing', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/sonolus/info',
      headers: { origin: 'https://evil.example.com' },
    })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await test.app.inject({
      method: 'OPTIONS',
      url: '/sonolus/info',
      headers: { origin: 'https://evil.example.com' },
    })
    expect(preflight.statusCode).not.toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('sends security headers on API responses', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/sonolus/info' })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    // Opened in a browser, an answer runs nothing and cannot be framed.
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    // The document headers are the SPA's pages' (below), not the JSON's.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined()
    expect(response.headers['permissions-policy']).toBeUndefined()
    // A miss under the API's paths is the API's too.
    const missing = await test.app.inject({ method: 'GET', url: '/sonolus/nothing-here' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  })

  it('answers no origin at all when none is configured', async () => {
    const alone = await openTestApp('sqlite')
    try {
      const preflight = await alone.app.inject({
        method: 'OPTIONS',
        url: '/sonolus/info',
        headers: { origin: PROXY, 'access-control-request-method': 'GET' },
      })
      expect(preflight.statusCode).toBe(404)
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
      const call = await alone.app.inject({ method: 'GET', url: '/sonolus/info', headers: { origin: PROXY } })
      expect(call.statusCode).toBe(200)
      expect(call.headers['access-control-allow-origin']).toBeUndefined()
    } finally {
      await alone.cleanup()
    }
  })

  it('rejects a CORS_ORIGINS value that is not an origin, naming the variable', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'https://x.example.com/path' }, '/')).toThrow(/^CORS_ORIGINS: /)
    expect(() => loadConfig({ CORS_ORIGINS: 'nonsense' }, '/')).toThrow(/^CORS_ORIGINS: /)
  })
})

describe('the SPA’s Content-Security-Policy', () => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const root = tempDir('sirius-spa-')

  beforeAll(async () => {
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>')
    fs.mkdirSync(path.join(root, 'assets'))
    const worker = `self.onmessage = () => {}\n${'// a worker long enough to be sent compressed\n'.repeat(60)}`
    fs.writeFileSync(path.join(root, 'assets', 'watch.worker-Ab12_c.js'), worker)
    fs.writeFileSync(path.join(root, 'assets', 'watch.worker-Ab12_c.js.br'), zlib.brotliCompressSync(worker))
    fs.writeFileSync(path.join(root, 'assets', 'index-Ab12_c.js'), 'export {}')
    test = await openTestApp('sqlite', { env: { CORS_ORIGINS: PROXY, STATIC_ROOT: root } })
  })
  afterAll(async () => {
    await test.cleanup()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('allows only our own scripts, no framing, no plugins', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/chart/list',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(200)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain(`connect-src 'self' blob: ${PROXY}`)
    expect(csp).toContain(`media-src 'self' blob: ${PROXY}`)
    expect(csp).not.toContain('unsafe-eval')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(response.headers['permissions-policy']).toContain('camera=()')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('lets the watch worker alone compile functions, and nothing else of it', async () => {
    const worker = await test.app.inject({ method: 'GET', url: '/assets/watch.worker-Ab12_c.js' })
    expect(worker.statusCode).toBe(200)
    expect(worker.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-eval'",
    )
    // Its compressed copy is the same file, with the same policy.
    const compressed = await test.app.inject({
      method: 'GET',
      url: '/assets/watch.worker-Ab12_c.js',
      headers: { 'accept-encoding': 'br' },
    })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(compressed.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-eval'",
    )
    const other = await test.app.inject({ method: 'GET', url: '/assets/index-Ab12_c.js' })
    expect(other.statusCode).toBe(200)
    expect(String(other.headers['content-security-policy'])).not.toContain('unsafe-eval')
  })

  it('sends the HSTS header on API answers too when the site is served over https', async () => {
    const https = await openTestApp('sqlite', { env: { PUBLIC_URL: 'https://charts.example.com' } })
    try {
      const response = await https.app.inject({ method: 'GET', url: '/sonolus/info' })
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=15552000/)
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    } finally {
      await https.cleanup()
    }
  })
})
