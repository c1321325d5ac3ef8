// The kept-answer lane: a request that asks again what was answered from the caches (the same
// address, the same session, the same encoding) is answered before Fastify's pipeline, from the same kept
// answer. Fastify's routing, its request and reply objects, the hooks and the reply's send are a large share
// of what a kept list page costs the server, which this lane saves.
//
// What the lane keeps is not an answer but the way to it: the entries of the caches the route went through
// (the page, the user's own charts in the query) and the session's kept row. A request is answered here only
// while each of those is still the very entry the cache holds, so every change that drops or replaces one
// (a like, a moderator's action, a logout, an expiry, on this instance or announced by another) sends the
// next request through Fastify again, which answers and remembers anew. The lane holds its entries weakly:
// an answer the cache let go is not kept alive here.
//
// It does what the pipeline would for those requests: it counts them against the same rate limits (a request
// that would go over goes through Fastify, which answers 429), steps aside while the server sheds load or
// when a cross-origin request needs CORS's headers, sets the same headers, and logs the request when the log
// level asks for it. Routes opt in (`track`): today the level list (sonolus/levels/list.ts).
import { randomUUID } from 'node:crypto'
import { type IncomingMessage, type ServerResponse } from 'node:http'
import { type FastifyBaseLogger, type FastifyRequest } from 'fastify'
import { sessionHashOf } from '../http/sessionToken.js'
import { type SessionCache } from '../auth/sessionCache.js'
import { setBounded } from '../bounded.js'
import { type Config } from '../config.js'
import { type User } from '../db/repositories/index.js'
import { type ModerationVersion, fresh } from './moderationVersion.js'
import { type SharedAnswer } from './answers.js'
import { type TrustProxy, clientAddresses } from '../http/clientAddress.js'
import { acceptsGzip } from '../http/compression.js'
import { type SharedRateCounter, rateHeaders, rateKeyOf, rateLimitOf } from '../http/protection.js'
import { type CachedResponse, type ResponseCache } from './responseCache.js'

/** The log levels at which Fastify logs every request, and the lane too. */
const LOGGED_LEVELS = new Set(['trace', 'debug', 'info'])

/** Ways to answers remembered at most (the oldest goes first). */
export const LANE_MAX = 2_000

/** A cache entry the answer came through: it holds while the cache still keeps this very entry. */
type Step = { cache: ResponseCache<unknown>; key: string; entry: WeakRef<CachedResponse<unknown>> }

/** What a tracked request went through, gathered as the route answers it. */
export type Trail = {
  lane: KeptLane
  /** The route's rate-limit bucket for this request (a search is counted per user). */
  bucket: string | undefined
  steps: Step[]
  /** Something on the way was built, or not kept: nothing to remember. */
  spoiled: boolean
  /** The user the route answered for. */
  userId?: string
}

type Way = {
  steps: Step[]
  /** The route's template (a metric's label). */
  route: string
  /** The session's kept entry and row, when the request had a session. */
  session?: { entry: WeakRef<object>; user: User }
  /** The rate limit's bucket (a search is counted per user). */
  bucket?: string
  userId?: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route that lets the lane remember its kept answers (cache/lane.ts). */
    laneTrail: Trail | null
  }
}

/** An address's path (what precedes its query). */
const pathOf = (url: string): string => {
  const query = url.indexOf('?')
  return query < 0 ? url : url.slice(0, query)
}

/** A request's remembered way, found. */
type Found = { parts: LaneParts; way: Way; key: string; hash: string | undefined; gzip: boolean }

/** What the lane needs of the app, given once it is built. */
export type LaneParts = {
  config: Config
  sessions: SessionCache
  moderationVersion: ModerationVersion
  counter: SharedRateCounter
  log: FastifyBaseLogger
  /** True while the server sheds load (@fastify/under-pressure). */
  busy: () => boolean
  /** The app's headers for API answers (http/security.ts). */
  securityHeaders: Record<string, string>
  sonolusVersion: string
  /** The two-step gzip (cache/send.ts): an answer served again is made smaller, once. */
  compressHarder: (answer: SharedAnswer) => void
  /** Told of each answer served here, with its route template and time (metrics), when metrics are on. */
  served?: (route: string, seconds: number) => void
}

export class KeptLane {
  private readonly ways = new Map<string, Way>()
  /** The paths of the routes whose answers are remembered: other requests are not looked up. */
  private readonly paths = new Set<string>()
  private parts: LaneParts | undefined
  /** The headers every answer here carries unchanged (name, value, …), made once at `attach`. */
  private fixedHeaders: string[] = []
  private ipOf: (request: IncomingMessage) => string = (request) => request.socket.remoteAddress ?? ''
  /** Requests answered here (the suites read it). */
  hits = 0

  constructor(private readonly max = LANE_MAX) {}

  /** Arms the lane: until then every request goes through Fastify. */
  attach(parts: LaneParts, trustProxy: TrustProxy): void {
    this.parts = parts
    this.fixedHeaders = [
      'content-type',
      'application/json; charset=utf-8',
      'vary',
      'Accept-Encoding',
      'x-cache',
      'HIT',
      'sonolus-version',
      parts.sonolusVersion,
      ...Object.entries(parts.securityHeaders).flat(),
    ]
    this.ipOf = clientAddresses(trustProxy).of
  }

  /** Disarms the lane and forgets every way (the app closes): every request goes through Fastify. */
  close(): void {
    this.parts = undefined
    this.ways.clear()
  }

  get size(): number {
    return this.ways.size
  }

  /** Lets the lane remember the kept answer this request is about to get, answered for `userId`;
   *  `bucket` is the route's rate bucket for it (http/protection.ts). */
  track(request: FastifyRequest, bucket: string | undefined, userId: string | undefined): void {
    if (this.paths.size >= this.max) this.paths.clear()
    this.paths.add(pathOf(request.url))
    request.laneTrail = { lane: this, bucket, userId, steps: [], spoiled: false }
  }

  /** Notes a cache entry the tracked request's answer came through. */
  static step(
    request: FastifyRequest,
    cache: ResponseCache<unknown>,
    key: string,
    entry: CachedResponse<unknown>,
  ) {
    request.laneTrail?.steps.push({ cache, key, entry: new WeakRef(entry) })
  }

  /** Something on the tracked request's way was built for it: nothing to remember. */
  static spoil(request: FastifyRequest): void {
    if (request.laneTrail) request.laneTrail.spoiled = true
  }

  private keyOf(url: string, hash: string | undefined, gzip: boolean): string {
    return `${gzip ? 'g' : 't'}${hash ?? ''} ${url}`
  }

  /** Remembers how a tracked request was answered (its answer came from the caches, whole). */
  remember(request: FastifyRequest, answer: SharedAnswer): void {
    const trail = request.laneTrail
    const parts = this.parts
    request.laneTrail = null
    if (!trail || trail.spoiled || !parts || trail.steps.length === 0 || request.method !== 'GET') return
    // The answer must be the last step's: what the lane will serve is that entry's body.
    if (trail.steps[trail.steps.length - 1].entry.deref()?.body !== answer) return
    const gzip = acceptsGzip(request)
    if (answer.gzip !== undefined && !gzip) return
    const hash = sessionHashOf(request)
    let session: Way['session']
    if (hash !== undefined) {
      // Only a session whose row is kept, and the row the route answered for.
      const entry = parts.sessions.userEntry(hash)
      if (!entry?.user || entry.user.id !== trail.userId) return
      session = { entry: new WeakRef(entry), user: entry.user }
    } else if (trail.userId !== undefined) return
    setBounded(
      this.ways,
      this.keyOf(request.url, hash, gzip),
      {
        steps: trail.steps,
        route: request.routeOptions.url ?? pathOf(request.url),
        session,
        bucket: trail.bucket,
        userId: trail.userId,
      },
      this.max,
    )
  }

  /** Answers the request here when a way to its answer is remembered and still holds; else hands it to
   *  `next` (Fastify). On PostgreSQL the moderation version is read first, as for every kept answer
   *  (cached.ts): the request waits for that read, then is answered here or handed on. */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    next: (request: IncomingMessage, response: ServerResponse) => void,
  ): void {
    const found = this.find(request)
    if (!found) return next(request, response)
    const checked = found.parts.moderationVersion.check()
    if (fresh(checked)) {
      if (!this.answer(request, response, found)) next(request, response)
      return
    }
    checked.then(
      () => {
        if (!this.answer(request, response, found)) next(request, response)
      },
      () => next(request, response),
    )
  }

  /** The way remembered for this request, if any. */
  private find(request: IncomingMessage): Found | undefined {
    const parts = this.parts
    if (!parts || request.method !== 'GET' || this.ways.size === 0) return undefined
    const { headers } = request
    // A body, or CORS's headers to add: the pipeline's.
    if (headers['content-length'] || headers['transfer-encoding']) return undefined
    if (headers.origin !== undefined && parts.config.corsOrigins.length > 0) return undefined
    const url = request.url ?? ''
    if (!this.paths.has(pathOf(url))) return undefined
    const hash = sessionHashOf(request)
    const gzip = acceptsGzip(request)
    const key = this.keyOf(url, hash, gzip)
    const way = this.ways.get(key)
    return way && { parts, way, key, hash, gzip }
  }

  /** Answers the request if its way still holds; false if it must go through Fastify. */
  private answer(request: IncomingMessage, response: ServerResponse, found: Found): boolean {
    const { parts, way, key, hash, gzip } = found
    try {
      const answer = this.holds(way, hash, parts)
      if (!answer || (answer.gzip !== undefined && !gzip)) {
        if (this.ways.get(key) === way) this.ways.delete(key)
        return false
      }
      if (parts.busy()) return false
      // The rate limit, as the route's hook counts it; a request that would go over is the hook's to refuse.
      const rateKey = rateKeyOf(way.bucket, way.userId, this.ipOf(request))
      const max = rateLimitOf(parts.config.limits, rateKey)
      if (parts.counter.peek(rateKey) >= max) return false
      const { current, ttl } = parts.counter.hit(rateKey)
      const rate = rateHeaders(max, current, ttl)
      // The two-step gzip (cached.ts): an answer served again is made smaller after this turn, once.
      if (answer.light) parts.compressHarder(answer)
      const body = answer.gzip ?? answer.text ?? ''
      const id = randomUUID()
      const out = [
        ...this.fixedHeaders,
        'x-ratelimit-limit',
        String(rate.limit),
        'x-ratelimit-remaining',
        String(rate.remaining),
        'x-ratelimit-reset',
        String(rate.reset),
        'x-request-id',
        id,
        'content-length',
        String(Buffer.byteLength(body)),
      ]
      if (answer.gzip) out.push('content-encoding', 'gzip')
      const logged = LOGGED_LEVELS.has(parts.log.level)
      const started = logged || parts.served ? performance.now() : 0
      response.writeHead(200, out)
      response.end(body)
      this.hits++
      parts.served?.(way.route, (performance.now() - started) / 1000)
      if (logged)
        parts.log.info(
          {
            reqId: id,
            req: { method: 'GET', url: request.url, remoteAddress: request.socket.remoteAddress },
            res: { statusCode: 200 },
            responseTime: performance.now() - started,
            kept: true,
          },
          'request completed',
        )
      return true
    } catch (error) {
      // Never a request lost to the lane: what it cannot answer, Fastify does.
      parts.log.error({ err: error }, 'the kept-answer lane failed; the request goes through Fastify')
      if (this.ways.get(key) === way) this.ways.delete(key)
      return response.headersSent
    }
  }

  /** The answer, when every step of the way is still what its cache keeps and the session's row is still
   *  the one kept (the moderation version was read: a moderator's action dropped the caches). */
  private holds(way: Way, hash: string | undefined, parts: LaneParts): SharedAnswer | undefined {
    if (way.session) {
      const entry = parts.sessions.userEntry(hash!)
      if (!entry || entry !== way.session.entry.deref() || entry.user !== way.session.user) return undefined
    }
    let body: unknown
    for (const step of way.steps) {
      const live = step.cache.get(step.key)
      if (!live || live !== step.entry.deref()) return undefined
      body = live.body
    }
    return body as SharedAnswer
  }
}
