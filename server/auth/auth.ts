// Who is asking, and how they log in: the app's signed authenticateServer (docs/protocol.md §10), and the
// web login through the app's signed external-login callback (§11.2). Sessions are stored by the SHA-1
// of their secret; the secret never appears in a URL or a log line.
import { createHash, randomInt } from 'node:crypto'
import { type Static } from '@sinclair/typebox'
import {
  type AuthenticateExternalBody,
  type AuthenticateServerBody,
} from '../../common/api/schemas/protocol.js'
import { type ServerAuthenticateResponse } from '@sonolus/core'
import { type FastifyRequest } from 'fastify'
import { type UserLoginResponse } from '../../common/api/user.js'
import { LOGIN_CODE_DIGITS, LOGIN_CODE_TRIES } from '../../common/rules.js'
import { hasForbiddenChars, stripControl } from '../../common/text.js'
import { type Config } from '../config.js'
import { RELEASED_PREFIX, type Repositories, type User } from '../db/repositories/index.js'
import { HttpError, badRequest } from '../http/errors.js'
import { jsonTooDeep } from '../../common/json.js'
import { SessionCache } from './sessionCache.js'
import { type SignatureVerifier } from './signature.js'
import { newToken, sha1Hex } from '../crypto.js'
import { sessionHashOf } from '../http/sessionToken.js'

/** docs/protocol.md §10: the wiki recommends 30 minutes or less for app sessions. */
export const APP_SESSION_MS = 30 * 60 * 1000
/** docs/spec.md §2/§9: the web session lives as long as its cookie, 30 days. */
export const WEB_SESSION_MS = 30 * 24 * 60 * 60 * 1000
/** Login attempts expire after 5 minutes. */
export const LOGIN_ATTEMPT_MS = 5 * 60 * 1000
/** Signed requests must be this fresh, either way (docs/protocol.md §10 check 4). */
export const SIGNATURE_WINDOW_MS = 60 * 1000
/** The stored userProfile, as JSON, at most (a real one is well under a kilobyte). */
export const MAX_PROFILE_BYTES = 64 * 1024
/** The userProfile's nesting at most (a real one nests 2 deep: favourites). */
export const MAX_PROFILE_DEPTH = 8

const reject = (message: string) => new HttpError(401, 'not_login', message)
/** A login code is kept as the hash of the attempt and the code, never as the code. */
const loginCodeHash = (attemptHash: string, code: string) => sha1Hex(`${attemptHash}:${code}`)
/** A request without a session. */
const NOBODY: Promise<User | undefined> = Promise.resolve(undefined)

type Profile = { id: string; handle: string; name: string }

export class Auth {
  constructor(
    private readonly repos: Repositories,
    private readonly config: Config,
    private readonly verifySignature: SignatureVerifier,
    private readonly now: () => number = Date.now,
    /** Sessions resolved a moment ago; none kept without one. */
    readonly sessions: SessionCache = new SessionCache(0),
    /** Tells the other instances (PostgreSQL's notifications) that a session began or ended (its hash), or
     *  that a user's row changed (`user:{id}[:{handle}]`): they drop what they keep of it. */
    private readonly announce: (message: string) => Promise<void> = async () => undefined,
  ) {}

  /** Each request's user, looked up once: the rate limiter and the handler both ask. */
  private readonly asked = new WeakMap<object, Promise<User | undefined>>()

  /** The logged-in user of a request, or undefined. */
  userOf(request: Pick<FastifyRequest, 'headers'>): Promise<User | undefined> {
    let user = this.asked.get(request)
    if (!user) {
      const hash = sessionHashOf(request)
      user = hash === undefined ? NOBODY : (this.sessions.resolvedUser(hash) ?? this.lookUp(hash))
      this.asked.set(request, user)
    }
    return user
  }

  private async lookUp(hash: string): Promise<User | undefined> {
    const kept = this.sessions.get(hash)
    if (kept?.user) return kept.user
    let userId = kept?.userId
    if (!kept) {
      const session = await this.repos.sessions.findValid(hash, this.now())
      userId = session?.userId
      this.sessions.set(hash, userId, session ? Number(session.expiresTime) : undefined)
    }
    if (userId === undefined) return undefined
    const user = await this.repos.users.findById(userId)
    if (user) this.sessions.setUser(hash, user)
    return user
  }

  /** After a change to a user's row that requests read (their notices marker, a sign-in's name or handle):
   *  their kept sessions are dropped here and on every other instance, and whoever held `handle` before. */
  async userChanged(userId: string, handle?: string): Promise<void> {
    this.sessions.dropUser(userId, handle)
    await this.announce(`user:${userId}${handle === undefined ? '' : `:${handle}`}`)
  }

  async requireUser(request: Pick<FastifyRequest, 'headers'>): Promise<User> {
    const user = await this.userOf(request)
    if (!user) throw reject('You are not logged in, please login with Sonolus and try again')
    return user
  }

  /** docs/protocol.md §10 checks 1–2: the exact bytes received carry Sonolus's signature. The routes run
   *  this before their body schema, so an unsigned request is 401 whatever its shape. */
  assertSigned(rawBody: Buffer | undefined, signature: string | undefined): asserts rawBody is Buffer {
    if (!rawBody || !this.verifySignature(rawBody, signature))
      throw reject('The request is not signed by Sonolus')
  }

  private checkSigned(
    rawBody: Buffer | undefined,
    signature: string | undefined,
    time: number,
  ): asserts rawBody is Buffer {
    this.assertSigned(rawBody, signature)
    if (Math.abs(this.now() - time) > SIGNATURE_WINDOW_MS)
      throw reject('The request is too old; check the clock and try again')
  }

  /** A signed request is good once, on every instance: its bytes are recorded until its time window
   *  ends, and a replay is refused. Keyed by the signed bytes, not the signature: an ECDSA signature has
   *  a twin, (r, n − s), that verifies the same bytes. */
  private async claimSignature(rawBody: Buffer, time: number): Promise<void> {
    const hash = createHash('sha256').update(rawBody).digest('hex')
    if (!(await this.repos.seenSignatures.claim(hash, time + SIGNATURE_WINDOW_MS, this.now())))
      throw reject('This signed request was used already; sign in again')
  }

  /** The user row's fields from a signed userProfile, bounded before it is stored: 400 when it nests or
   *  weighs more than a real profile could, or its id or handle holds control characters (the name is
   *  stripped of them instead). */
  private profileRow(rawBody: Buffer, profile: Profile, full: unknown): Profile & { profile: string } {
    // The body is the request's object around the profile: one level more.
    if (jsonTooDeep(rawBody.toString('utf8'), MAX_PROFILE_DEPTH + 1))
      throw badRequest(`The user profile nests deeper than ${MAX_PROFILE_DEPTH} levels`)
    const json = JSON.stringify(full)
    if (Buffer.byteLength(json) > MAX_PROFILE_BYTES)
      throw badRequest(`The user profile is larger than ${MAX_PROFILE_BYTES} bytes`)
    if (hasForbiddenChars(profile.id) || hasForbiddenChars(profile.handle))
      throw badRequest('The user profile holds a control character in its id or handle')
    // Handles given up to another user id read '~{id}' (users.ts); no signed handle may look like one.
    if (profile.handle.startsWith(RELEASED_PREFIX)) throw badRequest('The user profile has an invalid handle')
    return { id: profile.id, handle: profile.handle, name: stripControl(profile.name).trim(), profile: json }
  }

  /** POST /sonolus/authenticate: a signed authenticateServer from the app. */
  async authenticateApp(
    rawBody: Buffer | undefined,
    signature: string | undefined,
    body: Static<typeof AuthenticateServerBody>,
  ): Promise<ServerAuthenticateResponse> {
    if (body.type !== 'authenticateServer') throw reject('Not an authenticateServer request')
    this.checkSigned(rawBody, signature, body.time)
    // §10 check 3: the address must be ours exactly (scheme, host, path prefix).
    if (body.address !== this.config.publicUrl)
      throw reject(`This server's address is ${this.config.publicUrl}`)
    const row = this.profileRow(rawBody, body.userProfile, (body as { userProfile: unknown }).userProfile)
    await this.claimSignature(rawBody, body.time)
    const session = newToken()
    const now = this.now()
    const expiration = now + APP_SESSION_MS
    await this.repos.transaction(async (trx) => {
      const user = await trx.users.upsert(row, now)
      await trx.sessions.create({
        idHash: sha1Hex(session),
        userId: user.id,
        kind: 'app',
        createdTime: now,
        expiresTime: expiration,
      })
    })
    await this.userChanged(row.id, row.handle)
    return { session, expiration }
  }

  /** The callback URL the app will POST to for a login attempt: our address + the attempt's hash. */
  callbackUrl(hash: string): string {
    return `${this.config.publicUrl}/sonolus/web/authenticate/${hash}`
  }

  /** GET /sonolus/user/login: a new attempt; the link carries only sha1(sessionId). */
  async startWebLogin(ip: string): Promise<UserLoginResponse> {
    const now = this.now()
    // Per address, per minute (LOGIN_ATTEMPTS_PER_MINUTE, 10 by default).
    const limit = this.config.limits.loginAttemptsPerMinute
    if ((await this.repos.loginAttempts.countSince(ip, now - 60_000)) >= limit) {
      throw new HttpError(429, 'rate_limited', 'Too many login attempts; wait a minute and try again')
    }
    await this.repos.loginAttempts.deleteStale(now, now - 60 * 60 * 1000)
    const sessionId = newToken()
    const hash = sha1Hex(sessionId)
    await this.repos.loginAttempts.create({ hash, ip, createdTime: now, expiresTime: now + LOGIN_ATTEMPT_MS })
    const callback = new URL(this.callbackUrl(hash))
    // docs/protocol.md §11.1: https://open.sonolus.com/external-login/{host}/{path}
    const url = `https://open.sonolus.com/external-login/${callback.host}${callback.pathname}`
    return { code: 200, sessionId, url }
  }

  /** POST /sonolus/web/authenticate/{hash}: the app's signed authenticateExternal for one attempt. A
   *  hash we issued is our site's login: the web session is made here, under the hash. A hash we have
   *  not seen is the official web client's (docs/protocol.md §11.3): it is recorded bound to the user,
   *  for the client's poll to take once (takeWebLogin). */
  async completeWebLogin(
    hash: string,
    rawBody: Buffer | undefined,
    signature: string | undefined,
    body: Static<typeof AuthenticateExternalBody>,
    ip = '',
  ): Promise<string> {
    if (!/^[0-9a-f]{40}$/.test(hash)) throw reject('Unknown login')
    if (body.type !== 'authenticateExternal') throw reject('Not an authenticateExternal request')
    this.checkSigned(rawBody, signature, body.time)
    if (body.url !== this.callbackUrl(hash)) throw reject('This login link is not for this server')
    const row = this.profileRow(rawBody, body.userProfile, (body as { userProfile: unknown }).userProfile)
    await this.claimSignature(rawBody, body.time)
    const now = this.now()
    const done = await this.repos.transaction(async (trx) => {
      const user = await trx.users.upsert(row, now)
      if (
        !(await trx.loginAttempts.find(hash)) &&
        (await trx.loginAttempts.createExternal({
          hash,
          userId: user.id,
          // Not the browser's address: kept apart from the per-address count of our own attempts.
          ip: `app:${ip}`,
          createdTime: now,
          expiresTime: now + LOGIN_ATTEMPT_MS,
        }))
      )
        return `Logged in as ${user.name}#${user.handle}. Return to your browser.`
      // Ours: the browser that started the login finishes it with the code shown here, so that a login
      // link someone else started and sent cannot log their browser in as whoever confirms it.
      const code = String(randomInt(0, 10 ** LOGIN_CODE_DIGITS)).padStart(LOGIN_CODE_DIGITS, '0')
      if (
        !(await trx.loginAttempts.bind(hash, user.id, now, loginCodeHash(hash, code), now + LOGIN_ATTEMPT_MS))
      )
        throw reject('This login has expired or was already used; start again in the browser')
      return (
        `Confirmed as ${user.name}#${user.handle}. To finish, enter this code in the browser where you ` +
        `started the login: ${code}. If you did not start a login on this site, do not enter it anywhere.`
      )
    })
    await this.userChanged(row.id, row.handle)
    return done
  }

  /** POST /sonolus/user/login/code: the browser holding the attempt's secret gives the code the app
   *  showed; the web session starts under the attempt's hash. 400 for a wrong code (LOGIN_CODE_TRIES in
   *  all); 401 when there is nothing to finish: unknown, not confirmed yet, expired, or out of tries. */
  async finishWebLogin(request: Pick<FastifyRequest, 'headers'>, given: string): Promise<void> {
    const hash = sessionHashOf(request)
    const code = given.replace(/[\s-]/g, '')
    if (hash === undefined) throw reject('You are not logged in, please login with Sonolus and try again')
    const now = this.now()
    const outcome = await this.repos.transaction(async (trx) => {
      const attempt = await trx.loginAttempts.spendCodeTry(hash, now, LOGIN_CODE_TRIES)
      if (!attempt) return 'none' as const
      if (!/^\d+$/.test(code) || loginCodeHash(hash, code) !== attempt.codeHash) return 'wrong' as const
      if (!(await trx.loginAttempts.finish(hash))) return 'none' as const
      await trx.sessions.create({
        idHash: hash,
        userId: attempt.userId,
        kind: 'web',
        createdTime: now,
        expiresTime: now + WEB_SESSION_MS,
      })
      return 'done' as const
    })
    if (outcome === 'none')
      throw reject('This login is not confirmed in Sonolus, has expired or had too many wrong codes')
    if (outcome === 'wrong')
      throw new HttpError(400, 'login_code', 'That is not the code Sonolus showed for this login')
    // The browser asked with this session while it waited: it was kept as unknown, here and elsewhere.
    this.sessions.drop(hash)
    await this.announce(hash)
  }

  /** POST /sonolus/web/authenticate {key}: the official web client's poll. Once the app confirmed
   *  sha1(key), the first poll gets a new web session; 401 before that, and after it was taken. */
  async takeWebLogin(key: string): Promise<{ title: string; session: string; expiration: number }> {
    const now = this.now()
    const session = newToken()
    const expiration = now + WEB_SESSION_MS
    const user = await this.repos.transaction(async (trx) => {
      const userId = await trx.loginAttempts.takeExternal(sha1Hex(key), now)
      const user = userId ? await trx.users.findById(userId) : undefined
      if (!user) return undefined
      await trx.sessions.create({
        idHash: sha1Hex(session),
        userId: user.id,
        kind: 'web',
        createdTime: now,
        expiresTime: expiration,
      })
      return user
    })
    if (!user) throw reject('Not confirmed in Sonolus yet, or this login was already used')
    return { title: `${user.name}#${user.handle}`, session, expiration }
  }

  async logout(request: Pick<FastifyRequest, 'headers'>): Promise<void> {
    const hash = sessionHashOf(request)
    if (hash === undefined) return
    await this.repos.sessions.delete(hash)
    this.sessions.drop(hash)
    await this.announce(hash)
  }
}
