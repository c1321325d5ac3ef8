// The kept-answer lane (server/cache/lane.ts) answers a list page asked again before Fastify's
// pipeline. Over real sockets: it must answer what Fastify would (the same bytes and headers), count the
// same rate limits (per address, per user for searches, behind a trusted proxy by the forwarded address),
// and step aside where the pipeline does more (CORS, HEAD, load shedding), or when something on the way to
// the answer changed (a logout). What it serves is checked against each viewer's truth in
// sharedAnswers.test.ts, whose cases run over a socket too.
import http from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { SITE_CLIENT_HEADER, SITE_CLIENT_VALUE } from '../../../common/api/errorKeys'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { hex, newChart } from '../helpers/charts'
import { openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'

type Test = Awaited<ReturnType<typeof openTestApp>>
type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

const ALICE = { id: 'alice', handle: '7101', name: 'Alice' }
const BOB = { id: 'bob', handle: '7102', name: 'Bob' }
const LIST = '/sonolus/levels/list?page=0'
/** The site's requests get the catalogue's error body. */
const SITE = { [SITE_CLIENT_HEADER]: SITE_CLIENT_VALUE }

/** One request on a fresh connection; the body as it came (gzip stays gzip). */
const request = (origin: string, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<Raw>((resolve, reject) => {
    const outgoing = http.request(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end()
  })

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
/** Headers that differ between any two answers. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id'])

describe('the kept-answer lane', () => {
  let cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
    cleanups = []
  })
  /** An app with 30 public charts (and alice's private one), listening on loopback. */
  const open = async (env: Record<string, string> = {}): Promise<Test & { origin: string }> => {
    const test = await openTestApp('sqlite', {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL, ...env },
    })
    cleanups.push(test.cleanup)
    await test.ctx.media.stop()
    for (const person of [ALICE, BOB]) await test.ctx.repos.users.upsert({ ...person, profile: '{}' })
    for (let n = 1; n <= 30; n++)
      await test.ctx.repos.charts.insert(
        newChart(0x6100 + n, { authorId: 'bob', author: 'Bob#7102', title: `Lane ${n}` }),
      )
    await test.ctx.repos.charts.insert(
      newChart(0x6200, {
        id: hex(0x6200, 32),
        title: 'Lane private',
        isPublic: 0,
        publishTime: 1_900_000_000_000,
      }),
    )
    const origin = await test.app.listen({ host: '127.0.0.1', port: 0 })
    return { ...test, origin }
  }
  const ids = (raw: Raw, inject = false) =>
    (
      JSON.parse(inject ? raw.body.toString('utf8') : gunzip(raw)) as { rawItems: { id: string }[] }
    ).rawItems.map((row) => row.id)
  const gunzip = (raw: Raw) =>
    raw.headers['content-encoding'] === 'gzip'
      ? gunzipSync(raw.body).toString('utf8')
      : raw.body.toString('utf8')

  it('answers a page asked again with the bytes and headers Fastify answers it with', async () => {
    const test = await open()
    const alice = await appSession(test.app, ALICE)
    // The app's header and the site's, each with a session of its own.
    const again = await appSession(test.app, ALICE)
    for (const headers of [{}, { authorization: alice }, { 'sonolus-session': again }] as Record<
      string,
      string
    >[]) {
      const asked = { ...headers, 'accept-encoding': 'gzip' }
      const hits = test.app.lane.hits
      // The first builds the page (or finds it built for others); the lane remembers the way to it when it is
      // asked again, and answers the third. An answer served again is made smaller after that turn, once.
      for (let i = 0; i < 3; i++) expect((await request(test.origin, LIST, asked)).status).toBe(200)
      expect(test.app.lane.hits).toBeGreaterThan(hits)
      await nextTurn()
      // Fastify's own answer, from the same kept page (inject() never reaches the lane).
      const fastify = await test.app.inject({ method: 'GET', url: LIST, headers: asked })
      expect(fastify.headers['x-cache']).toBe('HIT')
      const before = test.app.lane.hits
      const lane = await request(test.origin, LIST, asked)
      expect(test.app.lane.hits).toBe(before + 1)
      expect(lane.status).toBe(200)
      expect(lane.body.equals(fastify.rawPayload)).toBe(true)
      const shown = (all: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(all)
            .filter(([name]) => !PER_ANSWER.has(name) && !name.startsWith('x-ratelimit-'))
            .map(([name, value]) => [name, String(value)]),
        )
      expect(shown(lane.headers)).toEqual(shown(fastify.headers))
      expect(lane.headers['content-encoding']).toBe('gzip')
      expect(
        Object.keys(lane.headers)
          .filter((name) => name.startsWith('x-ratelimit-'))
          .sort(),
      ).toEqual(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(lane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(lane.headers['x-request-id']).not.toBe(fastify.headers['x-request-id'])
    }
    // Alice's page holds her private chart; a visitor's does not.
    const mine = await request(test.origin, LIST, { authorization: alice, 'accept-encoding': 'gzip' })
    expect(ids(mine)[0]).toBe(hex(0x6200, 32))
    expect(ids(await request(test.origin, LIST, { 'accept-encoding': 'gzip' }))).not.toContain(
      hex(0x6200, 32),
    )
  })

  it('sends a session that ended through Fastify again: a logout takes the private chart off the page', async () => {
    const test = await open()
    const alice = await appSession(test.app, ALICE)
    const asked = { authorization: alice, 'accept-encoding': 'gzip' }
    await request(test.origin, LIST, asked)
    await request(test.origin, LIST, asked)
    const kept = await request(test.origin, LIST, asked)
    expect(test.app.lane.hits).toBe(1)
    expect(ids(kept)).toContain(hex(0x6200, 32))
    const out = await request(test.origin, '/sonolus/user/logout', { authorization: alice }, 'POST')
    expect(out.status).toBe(200)
    // The same token is nobody's now: the visitors' page, whoever had kept the way to hers.
    const after = await request(test.origin, LIST, asked)
    expect(after.status).toBe(200)
    expect(ids(after)).not.toContain(hex(0x6200, 32))
    expect(ids(after)).toEqual(ids(await request(test.origin, LIST, { 'accept-encoding': 'gzip' })))
  })

  it('counts the same rate limit, and leaves the request over it to Fastify’s 429', async () => {
    const test = await open({ RATE_LIMIT_PER_MINUTE: '4' })
    const remaining: string[] = []
    for (let i = 0; i < 4; i++) {
      const answer = await request(test.origin, LIST, { 'accept-encoding': 'gzip' })
      expect(answer.status).toBe(200)
      expect(answer.headers['x-ratelimit-limit']).toBe('4')
      remaining.push(String(answer.headers['x-ratelimit-remaining']))
    }
    expect(remaining).toEqual(['3', '2', '1', '0'])
    expect(test.app.lane.hits).toBe(2)
    const over = await request(test.origin, LIST, { 'accept-encoding': 'gzip', ...SITE })
    expect(over.status).toBe(429)
    expect(JSON.parse(gunzip(over))).toMatchObject({ error: 'rate_limited' })
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(test.app.lane.hits).toBe(2)
  })

  it('counts a search per user, as the route does', async () => {
    const test = await open({ RATE_LIMIT_STRICT_PER_MINUTE: '3' })
    const alice = await appSession(test.app, ALICE)
    const bob = await appSession(test.app, BOB)
    const search = '/sonolus/levels/list?title=Lane'
    const statuses = async (session: string, times: number) => {
      const seen: number[] = []
      for (let i = 0; i < times; i++)
        seen.push(
          (await request(test.origin, search, { authorization: session, 'accept-encoding': 'gzip' })).status,
        )
      return seen
    }
    expect(await statuses(alice, 4)).toEqual([200, 200, 200, 429])
    // Alice's third search was the lane's, and so is bob's third.
    expect(await statuses(bob, 3)).toEqual([200, 200, 200])
    expect(test.app.lane.hits).toBe(2)
  })

  it('keys the limit on the forwarded address behind a trusted proxy, as request.ip does', async () => {
    const test = await open({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '2' })
    const from = (address: string) => ({ 'x-forwarded-for': address, 'accept-encoding': 'gzip' })
    const statuses = async (address: string, times: number) => {
      const seen: number[] = []
      for (let i = 0; i < times; i++) seen.push((await request(test.origin, LIST, from(address))).status)
      return seen
    }
    expect(await statuses('203.0.113.1', 3)).toEqual([200, 200, 429])
    // The page is the lane's from then on, whichever address asks; each is counted apart.
    expect(test.app.lane.hits).toBe(0)
    expect(await statuses('203.0.113.2', 2)).toEqual([200, 200])
    expect(test.app.lane.hits).toBe(2)
  })

  it('leaves cross-origin requests (CORS’s headers) and HEAD requests to Fastify', async () => {
    const proxy = 'https://proxy.example.com'
    const test = await open({ CORS_ORIGINS: proxy })
    for (let i = 0; i < 3; i++) {
      const answer = await request(test.origin, LIST, { origin: proxy, 'accept-encoding': 'gzip' })
      expect(answer.status).toBe(200)
      expect(answer.headers['access-control-allow-origin']).toBe(proxy)
      expect(answer.headers['access-control-expose-headers']).toMatch(/X-Request-Id/i)
    }
    for (let i = 0; i < 3; i++) {
      const head = await request(test.origin, LIST, { 'accept-encoding': 'gzip' }, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.body.length).toBe(0)
    }
    expect(test.app.lane.hits).toBe(0)
    // The same page without an Origin is the lane's (the cross-origin requests asked it twice already).
    await request(test.origin, LIST, { 'accept-encoding': 'gzip' })
    expect(test.app.lane.hits).toBe(1)
  })

  it('steps aside while the server sheds load: the request gets Fastify’s 503', async () => {
    // A threshold far above what a busy machine's own lag reaches, and a lag this test makes far above it.
    const test = await open({ MAX_EVENT_LOOP_DELAY_MS: '500' })
    for (let i = 0; i < 3; i++) await request(test.origin, LIST, { 'accept-encoding': 'gzip' })
    expect(test.app.lane.hits).toBe(1)
    // A sustained lag: the loop is blocked 900 ms out of every 910.
    const blocker = setInterval(() => {
      const until = Date.now() + 900
      while (Date.now() < until) {
        // busy
      }
    }, 10)
    try {
      // The signal: the health check reports the lag (sampled every 100 ms, after a start-up grace).
      let health = await test.app.inject({ method: 'GET', url: '/healthz' })
      for (let i = 0; i < 500 && !health.json().busy; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        health = await test.app.inject({ method: 'GET', url: '/healthz' })
      }
      expect(health.json().busy).toBe(true)
      const shed = await request(test.origin, LIST, { 'accept-encoding': 'gzip', ...SITE })
      expect(shed.status).toBe(503)
      expect(JSON.parse(gunzip(shed))).toMatchObject({ error: 'server_busy' })
      expect(test.app.lane.hits).toBe(1)
    } finally {
      clearInterval(blocker)
    }
  })
})
