// What one client may cost: rate limits with Retry-After and a catalogue key, counted in the
// database so that two instances share them, per user for the strict buckets, by the real client
// address behind a trusted proxy; open uploads per user; load shedding while the event loop lags.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../../server/app'
import { type App } from '../../../server/http/types'
// The app.rateCounter decoration is declared there.
import { RATE_WINDOW_MS } from '../../../server/http/protection'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { sha1 } from '../../fixtures/media/media'
import { DIALECTS, openTestApp, tempDir } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { startUpload } from '../helpers/upload'

const SIGN_IN = { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL }

describe.each(DIALECTS)('request quotas on %s', (dialect) => {
  let cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
    cleanups = []
  })
  const open = async (env: Record<string, string>) => {
    const test = await openTestApp(dialect, { env: { ...SIGN_IN, ...env } })
    cleanups.push(test.cleanup)
    return test
  }
  const get = (app: App, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers })

  it('answers past the per-address limit with 429 rate_limited, Retry-After and no work done', async () => {
    const { app } = await open({ RATE_LIMIT_PER_MINUTE: '3' })
    for (let i = 0; i < 3; i++) {
      const answered = await get(app, '/sonolus/info')
      expect(answered.statusCode).toBe(200)
      // Each answer says the limit, what is left of it, and when the window ends.
      expect(answered.headers['x-ratelimit-limit']).toBe('3')
      expect(answered.headers['x-ratelimit-remaining']).toBe(String(2 - i))
      expect(Number(answered.headers['x-ratelimit-reset'])).toBeGreaterThan(0)
      expect(Number(answered.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60)
    }
    const refused = await get(app, '/sonolus/info')
    expect(refused.headers['x-ratelimit-remaining']).toBe('0')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 429, error: 'rate_limited' })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.json().retryAfter).toBe(retryAfter)
    // The health check is never limited, and the server keeps answering.
    expect((await get(app, '/healthz')).statusCode).toBe(200)
  })

  it('limits searches, uploads and sign-ins per user (per address for visitors), not browsing', async () => {
    const { app } = await open({ RATE_LIMIT_PER_MINUTE: '100', RATE_LIMIT_STRICT_PER_MINUTE: '2' })
    const alice = await appSession(app, { id: 'alice', handle: '1001', name: 'Alice' })
    const bob = await appSession(app, { id: 'bob', handle: '1002', name: 'Bob' })
    // Two sign-ins from this address used its sign-in bucket.
    const third = await app.inject({
      method: 'POST',
      url: '/sonolus/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(third.statusCode).toBe(429)
    expect(third.json().error).toBe('rate_limited')

    const search = (session?: string) =>
      get(app, '/sonolus/levels/list?type=quick&keywords=star', session ? { 'sonolus-session': session } : {})
    expect((await search(alice)).statusCode).toBe(200)
    expect((await search(alice)).statusCode).toBe(200)
    expect((await search(alice)).statusCode).toBe(429)
    // Bob, on the same address, has his own bucket; so do visitors (by address).
    expect((await search(bob)).statusCode).toBe(200)
    expect((await search()).statusCode).toBe(200)
    // Browsing is not a search.
    for (let i = 0; i < 5; i++) expect((await get(app, '/sonolus/levels/list?page=0')).statusCode).toBe(200)

    const bytes = Buffer.from('not uploaded')
    for (let i = 0; i < 2; i++) {
      const started = await startUpload(app, bob, Buffer.concat([bytes, Buffer.from([i])]), 'chart')
      expect(started.response.statusCode).toBe(200)
    }
    const refused = await startUpload(app, bob, Buffer.concat([bytes, Buffer.from([9])]), 'chart')
    expect(refused.response.statusCode).toBe(429)
    expect(refused.body.error).toBe('rate_limited')
  })

  it('does not count the site’s own files, only calls to the API', async () => {
    const site = tempDir('sirius-site-')
    fs.mkdirSync(path.join(site, 'assets'))
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>t</title>')
    fs.writeFileSync(path.join(site, 'assets', 'app.js'), 'console.log(1)')
    cleanups.push(async () => fs.rmSync(site, { recursive: true, force: true }))
    const { app } = await open({ RATE_LIMIT_PER_MINUTE: '2', STATIC_ROOT: site })
    for (let i = 0; i < 5; i++) expect((await get(app, '/assets/app.js')).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expect((await get(app, '/chart/list')).statusCode).toBe(200)
    expect((await get(app, '/sonolus/info')).statusCode).toBe(200)
    expect((await get(app, '/sonolus/info')).statusCode).toBe(200)
    expect((await get(app, '/sonolus/info')).statusCode).toBe(429)
  })

  it('shares the counts between instances on one database', async () => {
    // Counts are per fixed minute: the clock stands a second into one, so a slow run cannot cross into the
    // next and find its counts gone.
    vi.useFakeTimers({ toFake: ['Date'] })
    cleanups.push(async () => {
      vi.useRealTimers()
    })
    vi.setSystemTime(Math.ceil(Date.now() / RATE_WINDOW_MS) * RATE_WINDOW_MS + 1000)
    const first = await open({ RATE_LIMIT_PER_MINUTE: '5' })
    // A second instance: its own app and counter, the same database.
    const second = await buildApp(first.ctx, { logger: false })
    cleanups.push(async () => {
      await second.close()
    })
    for (let i = 0; i < 3; i++) expect((await get(first.app, '/sonolus/info')).statusCode).toBe(200)
    await first.app.rateCounter.flush()
    expect((await get(second, '/sonolus/info')).statusCode).toBe(200)
    await second.rateCounter.flush()
    // 3 + 1 counted so far: the fifth request is the last one allowed, on either instance.
    expect((await get(second, '/sonolus/info')).statusCode).toBe(200)
    expect((await get(second, '/sonolus/info')).statusCode).toBe(429)
  })

  it('keys limits on the client address behind a trusted proxy, and only then', async () => {
    const behind = await open({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '1000' })
    // Web logins (10 a minute per address) from 12 browsers behind the proxy: none refused.
    for (let i = 0; i < 12; i++) {
      const login = await get(behind.app, '/sonolus/user/login', { 'x-forwarded-for': `203.0.113.${i + 1}` })
      expect(login.statusCode).toBe(200)
    }
    // One browser is still held to its own 10.
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await get(behind.app, '/sonolus/user/login', { 'x-forwarded-for': '198.51.100.7' })).statusCode,
      )
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
    expect(statuses[10]).toBe(429)

    // Without TRUST_PROXY the header is a client's claim and is ignored: one address, one bucket.
    const direct = await open({ RATE_LIMIT_PER_MINUTE: '2' })
    expect((await get(direct.app, '/sonolus/info', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(
      200,
    )
    expect((await get(direct.app, '/sonolus/info', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(
      200,
    )
    expect((await get(direct.app, '/sonolus/info', { 'x-forwarded-for': '203.0.113.3' })).statusCode).toBe(
      429,
    )
  })

  it('caps the unfinished uploads one user may hold', async () => {
    const { app } = await open({ UPLOAD_SESSIONS_PER_USER: '2' })
    const alice = await appSession(app, { id: 'alice', handle: '1001', name: 'Alice' })
    const file = (n: number) => Buffer.from(`#00012:12 ${n}`)
    expect((await startUpload(app, alice, file(1), 'chart')).response.statusCode).toBe(200)
    expect((await startUpload(app, alice, file(2), 'chart')).response.statusCode).toBe(200)
    // Resuming one of them is not a new session.
    expect((await startUpload(app, alice, file(1), 'chart')).response.statusCode).toBe(200)
    const third = await startUpload(app, alice, file(3), 'chart', sha1(file(3)))
    expect(third.response.statusCode).toBe(429)
    expect(third.body).toMatchObject({ error: 'rate_limited' })
    expect(third.body.message).toMatch(/2 unfinished uploads/)
    expect(third.response.headers['retry-after']).toBeDefined()
  })
})

describe('load shedding', () => {
  it('answers 503 server_busy with Retry-After while the event loop lags, and /healthz says busy', async () => {
    const test = await openTestApp('sqlite', { env: { MAX_EVENT_LOOP_DELAY_MS: '40' } })
    try {
      await test.app.ready()
      // A sustained lag: the loop is blocked 150 ms out of every 160.
      const block = () => {
        const until = Date.now() + 150
        while (Date.now() < until) {
          // busy
        }
      }
      const blocker = setInterval(block, 10)
      let health = await test.app.inject({ method: 'GET', url: '/healthz' })
      try {
        // The signal: the health check reports the lag (sampled every 100 ms, after a start-up grace).
        for (let i = 0; i < 500 && !health.json().busy; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20))
          health = await test.app.inject({ method: 'GET', url: '/healthz' })
        }
        // The instance is healthy, only busy: 200, so a load balancer keeps it.
        expect(health.statusCode).toBe(200)
        expect(health.json()).toMatchObject({ status: 'ok', busy: true })
        expect(health.json().eventLoopDelayMs).toBeGreaterThan(40)
        const shed = await test.app.inject({ method: 'GET', url: '/sonolus/info' })
        expect(shed.statusCode).toBe(503)
        expect(shed.json()).toMatchObject({ code: 503, error: 'server_busy' })
        expect(shed.headers['retry-after']).toBe('5')
      } finally {
        clearInterval(blocker)
      }
      // Once the lag is gone, requests are served again.
      for (let i = 0; i < 500 && health.json().busy; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        health = await test.app.inject({ method: 'GET', url: '/healthz' })
      }
      expect(health.statusCode).toBe(200)
      expect((await test.app.inject({ method: 'GET', url: '/sonolus/info' })).statusCode).toBe(200)
    } finally {
      await test.cleanup()
    }
  })
})
