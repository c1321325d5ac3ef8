// App authentication and web login (docs/protocol.md §10, §11), with a generated test key standing in for
// the Sonolus app's signing key. Every rejection leaves no user and no session behind.
import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signBody, testPublicKeyEnv, userProfile } from '../../fixtures/keys/sign'
import { DIALECTS, openTestApp } from '../helpers/context'
import { giveLoginCode, postSigned } from '../helpers/sessions'
import { loginCodeIn } from '../../../scripts/dev-app-login'

const PUBLIC_URL = 'https://charts.example.com'
const player = { id: 'user-1', handle: '123456', name: 'Player One' }

describe.each(DIALECTS)('authentication on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const count = async (table: 'users' | 'sessions') =>
    Number(
      (
        await test.ctx.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    test = await openTestApp(dialect, { env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL } })
  })
  afterAll(async () => test.cleanup())

  const appBody = (overrides: Record<string, unknown> = {}) =>
    JSON.stringify({
      type: 'authenticateServer',
      address: PUBLIC_URL,
      time: Date.now(),
      userProfile: userProfile(player),
      ...overrides,
    })
  const post = (url: string, payload: string, signature: string | undefined) =>
    postSigned(test.app, url, payload, signature)
  const mine = (headers: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: '/sonolus/user/mine', headers })

  describe('POST /sonolus/authenticate', () => {
    it('accepts a request signed by the app and returns a 30-minute session', async () => {
      const body = appBody()
      const response = await post('/sonolus/authenticate', body, signBody(body))
      expect(response.statusCode).toBe(200)
      const { session, expiration } = response.json()
      expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(expiration - Date.now()).toBeGreaterThan(29 * 60 * 1000)
      expect(expiration - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000)
      // The server keeps only a hash of the session.
      const stored = await test.ctx.db.db.selectFrom('sessions').select('idHash').execute()
      expect(stored.map((row) => row.idHash)).toContain(createHash('sha1').update(session).digest('hex'))
      expect(stored.map((row) => row.idHash)).not.toContain(session)
      // Every endpoint takes the session in Sonolus-Session or Authorization.
      for (const headers of [{ 'sonolus-session': session }, { authorization: session }] as Record<
        string,
        string
      >[]) {
        const me = await mine(headers)
        expect(me.statusCode).toBe(200)
        expect(me.json()).toEqual({
          code: 200,
          id: 'user-1',
          handle: '123456',
          name: 'Player One',
          role: 'user',
          suspension: null,
          unreadNotices: 0,
        })
      }
      // Sonolus-Session wins over Authorization.
      expect((await mine({ 'sonolus-session': session, authorization: 'nonsense' })).statusCode).toBe(200)
    })

    it('refreshes the user’s handle and name from a later sign-in', async () => {
      const body = appBody({ userProfile: userProfile({ ...player, name: 'Player Renamed' }) })
      expect((await post('/sonolus/authenticate', body, signBody(body))).statusCode).toBe(200)
      expect((await test.ctx.repos.users.findById('user-1'))?.name).toBe('Player Renamed')
    })

    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    const forge = (body: string) =>
      sign('sha256', Buffer.from(body), { key: otherKey, dsaEncoding: 'ieee-p1363' }).toString('base64')
    const stranger = userProfile({ id: 'intruder', handle: '999', name: 'Intruder' })

    it.each([
      [
        'a forged signature',
        () => {
          const b = appBody({ userProfile: stranger })
          return [b, forge(b)]
        },
      ],
      ['no signature', () => [appBody({ userProfile: stranger }), undefined]],
      [
        'a DER signature of the right key',
        () => {
          const b = appBody({ userProfile: stranger })
          return [b, 'MEUCIQ' + signBody(b).slice(6)]
        },
      ],
      [
        'a body changed after signing',
        () => {
          const b = appBody({ userProfile: stranger })
          return [b.replace('Intruder', 'Intruders'), signBody(b)]
        },
      ],
      [
        'the wrong type',
        () => {
          const b = appBody({ type: 'authenticateExternal', userProfile: stranger })
          return [b, signBody(b)]
        },
      ],
      [
        'the wrong address',
        () => {
          const b = appBody({ address: 'https://evil.example.com', userProfile: stranger })
          return [b, signBody(b)]
        },
      ],
      [
        'an address with a trailing slash',
        () => {
          const b = appBody({ address: `${PUBLIC_URL}/`, userProfile: stranger })
          return [b, signBody(b)]
        },
      ],
      [
        'a stale time',
        () => {
          const b = appBody({ time: Date.now() - 61_000, userProfile: stranger })
          return [b, signBody(b)]
        },
      ],
      [
        'a time in the future',
        () => {
          const b = appBody({ time: Date.now() + 61_000, userProfile: stranger })
          return [b, signBody(b)]
        },
      ],
    ] as [string, () => [string, string | undefined]][])(
      'rejects %s with 401 and creates nothing',
      async (_label, make) => {
        const users = await count('users')
        const sessions = await count('sessions')
        const [body, signature] = make()
        const response = await post('/sonolus/authenticate', body, signature)
        expect(response.statusCode).toBe(401)
        expect(response.json().message).toEqual(expect.any(String))
        expect(await count('users')).toBe(users)
        expect(await count('sessions')).toBe(sessions)
        expect(await test.ctx.repos.users.findById('intruder')).toBeUndefined()
      },
    )

    it('refuses a session after it expires', async () => {
      const body = appBody()
      const { session } = (await post('/sonolus/authenticate', body, signBody(body))).json()
      expect((await mine({ 'sonolus-session': session })).statusCode).toBe(200)
      const hash = createHash('sha1').update(session).digest('hex')
      await test.ctx.db.db
        .updateTable('sessions')
        .set({ expiresTime: Date.now() - 1 })
        .where('idHash', '=', hash)
        .execute()
      // The server keeps whose a session is until its stored expiry at the latest (the session cache's own
      // test); a row edited by hand is news to it, as to no running server.
      test.ctx.auth.sessions.clear()
      const after = await mine({ 'sonolus-session': session })
      expect(after.statusCode).toBe(401)
      expect(after.json()).toEqual({ code: 401 })
    })
  })

  describe('web login through the app (GET /user/login, POST /web/authenticate/{hash}, /user/mine)', () => {
    const startLogin = async () => {
      const response = await test.app.inject({
        method: 'GET',
        url: '/sonolus/user/login',
        remoteAddress: `10.0.0.${Math.floor(Math.random() * 200)}`,
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      return response.json() as { code: number; sessionId: string; url: string }
    }
    const giveCode = (sessionId: string, code: string) =>
      giveLoginCode(test.app, sessionId, code, `10.1.0.${Math.floor(Math.random() * 200)}`)
    /** The code in the app's message. */
    const codeIn = (message: string) => loginCodeIn(message)!
    const callbackBody = (hash: string, overrides: Record<string, unknown> = {}) =>
      JSON.stringify({
        type: 'authenticateExternal',
        url: `${PUBLIC_URL}/sonolus/web/authenticate/${hash}`,
        time: Date.now(),
        userProfile: userProfile({ id: 'web-user', handle: '424242', name: 'Web Player' }),
        ...overrides,
      })

    it('logs the browser in once the app confirms; the link carries only a hash of the secret', async () => {
      const { code, sessionId, url } = await startLogin()
      expect(code).toBe(200)
      const hash = createHash('sha1').update(sessionId).digest('hex')
      expect(url).toBe(
        `https://open.sonolus.com/external-login/charts.example.com/sonolus/web/authenticate/${hash}`,
      )
      expect(url).not.toContain(sessionId)

      const pending = await mine({ authorization: sessionId })
      expect(pending.statusCode).toBe(401)
      expect(pending.json()).toEqual({ code: 401 })
      // Knowing the hash from the QR code is not enough to act as the session.
      expect((await mine({ authorization: hash })).statusCode).toBe(401)

      const body = callbackBody(hash)
      const confirmed = await post(`/sonolus/web/authenticate/${hash}`, body, signBody(body))
      expect(confirmed.statusCode).toBe(200)
      const message = (confirmed.json() as { message: string }).message
      expect(message).toMatch(
        /^Confirmed as Web Player#424242\. To finish, enter this code in the browser where you started the login: \d{6}\. If you did not start a login on this site, do not enter it anywhere\.$/,
      )
      // Confirmed in the app, but not finished: the browser has not given the code yet.
      expect((await mine({ authorization: sessionId })).statusCode).toBe(401)
      expect((await giveCode(sessionId, codeIn(message))).json()).toEqual({ code: 200 })

      const me = await mine({ authorization: sessionId })
      expect(me.statusCode).toBe(200)
      expect(me.json()).toEqual({
        code: 200,
        id: 'web-user',
        handle: '424242',
        name: 'Web Player',
        role: 'user',
        suspension: null,
        unreadNotices: 0,
      })
      expect((await mine({ authorization: hash })).statusCode).toBe(401)

      // A second confirmation of the same attempt is refused.
      const again = callbackBody(hash, {
        userProfile: userProfile({ id: 'other', handle: '1', name: 'Other' }),
      })
      expect((await post(`/sonolus/web/authenticate/${hash}`, again, signBody(again))).statusCode).toBe(401)
      expect((await mine({ authorization: sessionId })).json().id).toBe('web-user')

      // Logout ends the session on the server.
      expect(
        (
          await test.app.inject({
            method: 'POST',
            url: '/sonolus/user/logout',
            headers: { authorization: sessionId },
          })
        ).json(),
      ).toEqual({ code: 200 })
      expect((await mine({ authorization: sessionId })).statusCode).toBe(401)
    })

    it('finishes a web login only in the browser that has the code the app showed: the one that started it cannot without it', async () => {
      // An attacker starts a login and sends the link; the victim confirms it in the app.
      const attacker = await startLogin()
      const hash = createHash('sha1').update(attacker.sessionId).digest('hex')
      const body = callbackBody(hash, {
        userProfile: userProfile({ id: 'victim', handle: '515151', name: 'Victim' }),
      })
      const confirmed = await post(`/sonolus/web/authenticate/${hash}`, body, signBody(body))
      expect(confirmed.statusCode).toBe(200)
      const code = codeIn((confirmed.json() as { message: string }).message)
      // The attacker's browser holds the secret but not the code: it stays logged out.
      expect((await mine({ authorization: attacker.sessionId })).statusCode).toBe(401)
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      const guess = await giveCode(attacker.sessionId, wrong)
      expect(guess.statusCode).toBe(400)
      expect(guess.json()).toMatchObject({ error: 'login_code' })
      // Without the secret, the code alone is nothing either.
      const other = await startLogin()
      expect((await giveCode(other.sessionId, code)).statusCode).toBe(401)
      expect((await giveCode(hash, code)).statusCode).toBe(401)
      expect((await mine({ authorization: attacker.sessionId })).statusCode).toBe(401)
      expect(
        await test.ctx.db.db.selectFrom('sessions').select('idHash').where('idHash', '=', hash).execute(),
      ).toEqual([])
      // The code is stored only as a hash.
      const row = await test.ctx.repos.loginAttempts.find(hash)
      expect(row?.codeHash).toMatch(/^[0-9a-f]{40}$/)
      expect(JSON.stringify(row)).not.toContain(`"${code}"`)
    })

    it('takes at most five codes for a login, even at once, then refuses the right one too', async () => {
      const { sessionId } = await startLogin()
      const hash = createHash('sha1').update(sessionId).digest('hex')
      const body = callbackBody(hash)
      const code = codeIn(
        (
          (await post(`/sonolus/web/authenticate/${hash}`, body, signBody(body))).json() as {
            message: string
          }
        ).message,
      )
      const wrong = Array.from({ length: 8 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      )
      const answers = await Promise.all(wrong.map((guess) => giveCode(sessionId, guess)))
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
        400, 400, 400, 400, 400, 401, 401, 401,
      ])
      expect((await giveCode(sessionId, code)).statusCode).toBe(401)
      expect((await mine({ authorization: sessionId })).statusCode).toBe(401)
    })

    it('refuses a code before the app confirms, after the login expired, and a second time', async () => {
      const { sessionId } = await startLogin()
      const hash = createHash('sha1').update(sessionId).digest('hex')
      expect((await giveCode(sessionId, '000000')).statusCode).toBe(401)
      const body = callbackBody(hash)
      const code = codeIn(
        (
          (await post(`/sonolus/web/authenticate/${hash}`, body, signBody(body))).json() as {
            message: string
          }
        ).message,
      )
      // Spaces and a dash, as people copy a code, are fine.
      expect((await giveCode(sessionId, `${code.slice(0, 3)} ${code.slice(3)}`)).statusCode).toBe(200)
      expect((await giveCode(sessionId, code)).statusCode).toBe(401)

      const late = await startLogin()
      const lateHash = createHash('sha1').update(late.sessionId).digest('hex')
      const lateBody = callbackBody(lateHash)
      const lateCode = codeIn(
        (
          (await post(`/sonolus/web/authenticate/${lateHash}`, lateBody, signBody(lateBody))).json() as {
            message: string
          }
        ).message,
      )
      await test.ctx.db.db
        .updateTable('loginAttempts')
        .set({ expiresTime: Date.now() - 1 })
        .where('hash', '=', lateHash)
        .execute()
      expect((await giveCode(late.sessionId, lateCode)).statusCode).toBe(401)
      expect((await mine({ authorization: late.sessionId })).statusCode).toBe(401)
    })

    it('answers POST /user/mine like GET', async () => {
      const response = await test.app.inject({ method: 'POST', url: '/sonolus/user/mine' })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ code: 401 })
    })

    it.each([
      [
        'a url for another attempt',
        (hash: string) =>
          callbackBody(hash, { url: `${PUBLIC_URL}/sonolus/web/authenticate/${'0'.repeat(40)}` }),
      ],
      [
        'a url on another server',
        (hash: string) =>
          callbackBody(hash, { url: `https://evil.example.com/sonolus/web/authenticate/${hash}` }),
      ],
      ['the wrong type', (hash: string) => callbackBody(hash, { type: 'authenticateServer' })],
      ['a stale time', (hash: string) => callbackBody(hash, { time: Date.now() - 120_000 })],
    ])('rejects a callback with %s, and the browser stays logged out', async (_label, make) => {
      const { sessionId } = await startLogin()
      const hash = createHash('sha1').update(sessionId).digest('hex')
      const sessions = await count('sessions')
      const body = make(hash)
      expect((await post(`/sonolus/web/authenticate/${hash}`, body, signBody(body))).statusCode).toBe(401)
      expect(await count('sessions')).toBe(sessions)
      expect((await mine({ authorization: sessionId })).statusCode).toBe(401)
    })

    it('rejects an unsigned callback and one for an expired attempt', async () => {
      const { sessionId } = await startLogin()
      const hash = createHash('sha1').update(sessionId).digest('hex')
      const body = callbackBody(hash)
      expect((await post(`/sonolus/web/authenticate/${hash}`, body, undefined)).statusCode).toBe(401)
      await test.ctx.db.db
        .updateTable('loginAttempts')
        .set({ expiresTime: Date.now() - 1 })
        .where('hash', '=', hash)
        .execute()
      expect((await post(`/sonolus/web/authenticate/${hash}`, body, signBody(body))).statusCode).toBe(401)
      expect(await test.ctx.repos.users.findById('web-user-expired')).toBeUndefined()
    })

    it('logs the official web client in: its own key, a hash we never issued, one poll takes the session', async () => {
      // Sonolus/sonolus-server-web makes its key k and shows the link for sha1(k) (docs/protocol.md §11.3).
      const key = 'c9f0c7b2-2d6a-4a8e-9a55-0d1f4e6b7a21'
      const hash = createHash('sha1').update(key).digest('hex')
      // As the client sends it: without our site's header.
      const poll = () =>
        test.app.inject({
          method: 'POST',
          url: '/sonolus/web/authenticate',
          payload: { key },
          headers: { 'x-sirius-client': undefined },
        })
      const sessions = await count('sessions')

      // Before the app confirms: 401 with no body, nothing made. The client takes any JSON body for its
      // login, so only a body that is not JSON keeps it polling (server/http/protocolErrors.ts).
      const early = await poll()
      expect(early.statusCode).toBe(401)
      expect(early.body).toBe('')

      const body = callbackBody(hash, {
        userProfile: userProfile({ id: 'client-user', handle: '777', name: 'Client Player' }),
      })
      const confirmed = await post(`/sonolus/web/authenticate/${hash}`, body, signBody(body))
      expect(confirmed.statusCode).toBe(200)
      expect(confirmed.json()).toEqual({ message: 'Logged in as Client Player#777. Return to your browser.' })
      // Confirming is not a session yet: neither the key nor the hash is one.
      expect(await count('sessions')).toBe(sessions)
      expect((await mine({ authorization: key })).statusCode).toBe(401)

      const taken = await poll()
      expect(taken.statusCode).toBe(200)
      expect(taken.headers['cache-control']).toBe('no-store')
      const answer = taken.json() as { title: string; session: string; expiration: number }
      expect(Object.keys(answer).sort()).toEqual(['expiration', 'session', 'title'])
      expect(answer.title).toBe('Client Player#777')
      expect(answer.session).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(answer.session).not.toBe(key)
      expect(answer.expiration - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000)
      const me = await mine({ 'sonolus-session': answer.session })
      expect(me.json()).toMatchObject({ code: 200, id: 'client-user', handle: '777' })

      // Single use: the next poll is refused, and the app cannot confirm the same hash again.
      expect((await poll()).statusCode).toBe(401)
      const again = callbackBody(hash, { userProfile: userProfile({ id: 'other', handle: '1', name: 'O' }) })
      expect((await post(`/sonolus/web/authenticate/${hash}`, again, signBody(again))).statusCode).toBe(401)
      expect((await mine({ 'sonolus-session': answer.session })).json().id).toBe('client-user')

      // Our own site's attempt cannot be taken by the poll (its session is made when the code is given).
      const own = await startLogin()
      const ownHash = createHash('sha1').update(own.sessionId).digest('hex')
      const ownBody = callbackBody(ownHash)
      const ownConfirmed = await post(`/sonolus/web/authenticate/${ownHash}`, ownBody, signBody(ownBody))
      expect(ownConfirmed.statusCode).toBe(200)
      const stolen = await test.app.inject({
        method: 'POST',
        url: '/sonolus/web/authenticate',
        payload: { key: own.sessionId },
      })
      expect(stolen.statusCode).toBe(401)
      expect((await mine({ authorization: own.sessionId })).statusCode).toBe(401)
      const ownCode = codeIn((ownConfirmed.json() as { message: string }).message)
      expect((await giveCode(own.sessionId, ownCode)).statusCode).toBe(200)
      expect((await mine({ authorization: own.sessionId })).statusCode).toBe(200)
    })

    it('expires an unclaimed official-client login like ours', async () => {
      const key = 'expiring-key'
      const hash = createHash('sha1').update(key).digest('hex')
      const body = callbackBody(hash)
      expect((await post(`/sonolus/web/authenticate/${hash}`, body, signBody(body))).statusCode).toBe(200)
      await test.ctx.db.db
        .updateTable('loginAttempts')
        .set({ expiresTime: Date.now() - 1 })
        .where('hash', '=', hash)
        .execute()
      const late = await test.app.inject({
        method: 'POST',
        url: '/sonolus/web/authenticate',
        payload: { key },
      })
      expect(late.statusCode).toBe(401)
    })

    it('limits login attempts per address', async () => {
      const from = (ip: string) =>
        test.app.inject({ method: 'GET', url: '/sonolus/user/login', remoteAddress: ip })
      for (let i = 0; i < 10; i++) expect((await from('192.0.2.7')).statusCode).toBe(200)
      const limited = await from('192.0.2.7')
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ code: 429, error: 'rate_limited' })
      expect((await from('192.0.2.8')).statusCode).toBe(200)
    })
  })
})
