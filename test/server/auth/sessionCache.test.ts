// Sessions kept a moment: whose a session is is looked up once per SESSION_CACHE_MS
// (never past the session's own expiry), bounded in count; a logout ends it at once on the instance that
// took it and, on PostgreSQL, on every other instance when its notice arrives; a web login the browser was
// already asking with counts at once there too. The two-instance tests keep entries for a minute, so only
// the notice can explain what they see.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SessionCache } from '../../../server/auth/sessionCache'
import { signBody, testPublicKeyEnv, userProfile } from '../../fixtures/keys/sign'
import { DIALECTS, openSecondInstance, openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession, giveLoginCode, postSigned } from '../helpers/sessions'
import { loginCodeIn } from '../../../scripts/dev-app-login'

type App = Awaited<ReturnType<typeof openTestApp>>['app']

const mine = (app: App, session: string) =>
  app.inject({ method: 'GET', url: '/sonolus/user/mine', headers: { authorization: session } })
const logout = (app: App, session: string) =>
  app.inject({
    method: 'POST',
    url: '/sonolus/user/logout',
    headers: { authorization: session },
    payload: {},
  })
/** Asks until `status` comes, at most 10 s: the notice travels through the database. */
const until = async (ask: () => Promise<{ statusCode: number }>, status: number) => {
  const deadline = Date.now() + 10_000
  let last = await ask()
  while (last.statusCode !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    last = await ask()
  }
  return last.statusCode
}

describe('the session cache', () => {
  it('answers a kept user as one settled promise until the entry changes, ends or is dropped', async () => {
    let now = 1_000
    const cache = new SessionCache(10_000, 10, () => now)
    const alice = { id: 'alice', handle: '1', name: 'Alice' } as never
    cache.set('a', 'alice', 5_000)
    // Whose it is, but not the row yet: the lookup reads it.
    expect(cache.resolvedUser('a')).toBeUndefined()
    cache.setUser('a', alice)
    const first = cache.resolvedUser('a')
    expect(await first).toBe(alice)
    expect(cache.resolvedUser('a')).toBe(first)
    const renamed = { id: 'alice', handle: '1', name: 'Alice B' } as never
    cache.setUser('a', renamed)
    expect(await cache.resolvedUser('a')).toBe(renamed)
    cache.drop('a')
    expect(cache.resolvedUser('a')).toBeUndefined()
    cache.set('a', 'alice', 5_000)
    cache.setUser('a', alice)
    now = 5_000
    expect(cache.resolvedUser('a')).toBeUndefined()
    expect(cache.get('a')).toBeUndefined()
  })

  it('keeps an answer for its time, never past the session’s expiry, and forgets the oldest first', () => {
    let now = 1_000
    const cache = new SessionCache(10_000, 3, () => now)
    cache.set('a', 'alice', 5_000)
    cache.set('b', undefined)
    expect(cache.get('a')).toEqual({ userId: 'alice' })
    // An unknown session is kept as unknown (a flood of made-up tokens costs a lookup each per period).
    expect(cache.get('b')).toEqual({ userId: undefined })
    expect(cache.get('c')).toBeUndefined()
    now = 5_000
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toEqual({ userId: undefined })
    now = 11_000
    expect(cache.get('b')).toBeUndefined()
    for (const key of ['c', 'd', 'e', 'f']) cache.set(key, key)
    expect(cache.size).toBe(3)
    expect(cache.get('c')).toBeUndefined()
    expect(cache.get('f')).toEqual({ userId: 'f' })
    cache.drop('f')
    expect(cache.get('f')).toBeUndefined()
    expect(new SessionCache(0).size).toBe(0)
    const off = new SessionCache(0)
    off.set('a', 'alice')
    expect(off.get('a')).toBeUndefined()
  })

  it('keeps nothing while the instances channel does not listen, and keeps again once it does', () => {
    let listening = false
    const cache = new SessionCache(10_000, 10, Date.now, () => listening)
    cache.set('a', 'alice')
    expect(cache.get('a')).toBeUndefined()
    listening = true
    cache.set('a', 'alice')
    expect(cache.get('a')).toEqual({ userId: 'alice' })
  })
})

describe.each(DIALECTS)('kept sessions on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL, SESSION_CACHE_MS: '60000' },
    })
  })
  afterAll(() => test.cleanup())

  it('looks a session up once, then answers from what it keeps; a logout ends it at once', async () => {
    const session = await appSession(test.app, { id: 'kept', handle: '9101', name: 'Kept' })
    const lookups = vi.spyOn(test.ctx.repos.sessions, 'findValid')
    try {
      for (let i = 0; i < 3; i++) expect((await mine(test.app, session)).json()).toMatchObject({ id: 'kept' })
      expect(lookups).toHaveBeenCalledTimes(1)
      expect((await logout(test.app, session)).statusCode).toBe(200)
      expect((await mine(test.app, session)).statusCode).toBe(401)
    } finally {
      lookups.mockRestore()
    }
  })
})

// Two instances share sessions only through PostgreSQL (one SQLite file is one instance's).
if (DIALECTS.includes('postgres'))
  describe('kept sessions across two instances on postgres', () => {
    let test: Awaited<ReturnType<typeof openTestApp>>
    beforeAll(async () => {
      test = await openTestApp('postgres', {
        env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL, SESSION_CACHE_MS: '60000' },
      })
    })
    afterAll(() => test.cleanup())

    it('a logout on one instance ends the session on another that kept it', async () => {
      const other = await openSecondInstance(test)
      try {
        const session = await appSession(test.app, { id: 'roamer', handle: '9102', name: 'Roamer' })
        expect((await mine(other.app, session)).statusCode).toBe(200)
        expect((await logout(test.app, session)).statusCode).toBe(200)
        expect(await until(() => mine(other.app, session), 401)).toBe(401)
      } finally {
        await other.close()
      }
    })

    it('a web login finished on one instance counts at once on another that kept the session as unknown', async () => {
      const other = await openSecondInstance(test)
      try {
        const started = await test.app.inject({
          method: 'GET',
          url: '/sonolus/user/login',
          remoteAddress: '10.9.9.9',
        })
        const { sessionId, url } = started.json() as { sessionId: string; url: string }
        const hash = url.split('/').at(-1)!
        // The browser asks while it waits: unknown, and kept so on the other instance.
        expect((await mine(other.app, sessionId)).statusCode).toBe(401)
        const body = JSON.stringify({
          type: 'authenticateExternal',
          url: `${TEST_PUBLIC_URL}/sonolus/web/authenticate/${hash}`,
          time: Date.now(),
          userProfile: userProfile({ id: 'browser', handle: '9103', name: 'Browser' }),
        })
        const confirmed = await postSigned(
          test.app,
          `/sonolus/web/authenticate/${hash}`,
          body,
          signBody(body),
        )
        expect(confirmed.statusCode).toBe(200)
        const code = loginCodeIn((confirmed.json() as { message: string }).message)!
        expect((await giveLoginCode(test.app, sessionId, code)).statusCode).toBe(200)
        expect(await until(() => mine(other.app, sessionId), 200)).toBe(200)
      } finally {
        await other.close()
      }
    })
  })
