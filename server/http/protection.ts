// What one client may cost: request rate limits (a hook on each counted route) counted in the database
// so that every instance shares them, stricter buckets for the expensive calls, and load shedding
// (@fastify/under-pressure) that answers 503 server_busy while the event loop lags.
import underPressure from '@fastify/under-pressure'
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
} from 'fastify'
import { type Config } from '../config.js'
import { type User } from '../db/repositories/index.js'
import { type RateCountersRepository, type RateDelta } from '../db/repositories/rateCounters.js'
import { type App } from './types.js'
import { isApiPath } from './paths.js'
import { BODY_LIMITS, ClientBudget, type KnownSessions } from './budget.js'
import { type TrustProxy, clientAddresses } from './clientAddress.js'
import { type HttpError, rateLimited, serverBusy } from './errors.js'

export const RATE_WINDOW_MS = 60_000
/** How often the event loop's lag is sampled (ms): never shorter than the threshold, since a window with
 *  no reading at all (the loop stalled through it) reads as an infinite lag. */
const sampleMs = (thresholdMs: number) => Math.max(100, thresholdMs)
/** Seconds a shed request is told to wait. */
export const BUSY_RETRY_AFTER_S = 5

/** The strict buckets: calls that cost CPU, disk or a session, limited per user (per address when
 *  nobody is logged in). `search` applies to list calls that carry a search. */
export type StrictBucket = 'upload' | 'create' | 'result' | 'search' | 'auth'
const STRICT_ROUTES: Record<string, StrictBucket> = {
  'GET /upload/:hash': 'upload',
  'POST /sonolus/levels/create': 'create',
  'POST /sonolus/levels/:name/submit': 'create',
  'POST /sonolus/levels/result/submit': 'result',
  'POST /sonolus/levels/result/upload': 'result',
  'POST /sonolus/authenticate': 'auth',
  'POST /sonolus/web/authenticate/:hash': 'auth',
  'GET /sonolus/user/login': 'auth',
  'POST /sonolus/user/login/code': 'auth',
}
/** List calls with any of these parameters are searches (the app's quick and advanced search). */
const SEARCH_PARAMS = ['keywords', 'title', 'artists', 'author', 'tag', 'composer']
const SEARCHABLE_ROUTES = new Set(['GET /sonolus/levels/list'])

/** Counts requests per key and fixed window. Each instance counts locally and, every `flushMs`, adds its
 *  counts to the database and reads back the totals of every instance, so a limit holds across instances
 *  (one instance is exact; several are at most one flush behind each other). */
export class SharedRateCounter {
  private readonly entries = new Map<
    string,
    { key: string; windowStart: number; local: number; known: number }
  >()
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> | undefined
  private lastPrune = 0

  constructor(
    private readonly counters: RateCountersRepository,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = 1000,
    private readonly maxEntries = 100_000,
  ) {}

  /** Counts one request; answers the count in this window so far and the ms left in it. */
  hit(key: string, now = Date.now()): { current: number; ttl: number } {
    const windowStart = now - (now % RATE_WINDOW_MS)
    const id = `${key}@${windowStart}`
    let entry = this.entries.get(id)
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.evict(windowStart)
      entry = { key, windowStart, local: 0, known: 0 }
      this.entries.set(id, entry)
    }
    entry.local++
    this.schedule()
    return { current: entry.known + entry.local, ttl: windowStart + RATE_WINDOW_MS - now }
  }

  /** The count in this window so far, without counting (the kept-answer lane: cache/lane.ts). */
  peek(key: string, now = Date.now()): number {
    const entry = this.entries.get(`${key}@${now - (now % RATE_WINDOW_MS)}`)
    return entry ? entry.known + entry.local : 0
  }

  /** Drops past windows first; if every entry is current, the oldest (they were counted already). */
  private evict(windowStart: number) {
    for (const [id, entry] of this.entries) if (entry.windowStart < windowStart) this.entries.delete(id)
    if (this.entries.size < this.maxEntries) return
    let drop = Math.ceil(this.maxEntries / 10)
    for (const id of this.entries.keys()) {
      this.entries.delete(id)
      if (--drop === 0) break
    }
  }

  private schedule() {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.flushing = this.flush().finally(() => (this.flushing = undefined))
    }, this.flushMs)
    this.timer.unref()
  }

  /** Adds the local counts to the shared ones and learns the totals. */
  async flush(now = Date.now()): Promise<void> {
    const deltas: RateDelta[] = []
    for (const entry of this.entries.values())
      if (entry.local > 0) deltas.push({ key: entry.key, windowStart: entry.windowStart, delta: entry.local })
    try {
      const totals = await this.counters.add(deltas)
      for (const delta of deltas) {
        const entry = this.entries.get(`${delta.key}@${delta.windowStart}`)
        if (!entry) continue
        entry.local -= delta.delta
        entry.known = totals.get(`${delta.key}@${delta.windowStart}`) ?? entry.known + delta.delta
      }
      const current = now - (now % RATE_WINDOW_MS)
      for (const [id, entry] of this.entries)
        if (entry.windowStart < current && entry.local === 0) this.entries.delete(id)
      if (now - this.lastPrune > RATE_WINDOW_MS) {
        this.lastPrune = now
        await this.counters.prune(current - RATE_WINDOW_MS)
      }
    } catch (error) {
      // The local counts stay and go with the next flush; the limits still hold on this instance.
      this.log.warn({ err: error }, 'rate counters: the shared flush failed')
      this.schedule()
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.flushing
  }
}

/** A request's rate key: per address; in a strict bucket (a search is one), per user when signed in. */
export const rateKeyOf = (bucket: string | undefined, userId: string | undefined, ip: string): string =>
  !bucket ? `ip:${ip}` : userId !== undefined ? `${bucket}:user:${userId}` : `${bucket}:ip:${ip}`

/** The limit of a rate key's bucket, per minute. */
export const rateLimitOf = (limits: Config['limits'], key: string): number =>
  key.startsWith('ip:') ? limits.ratePerMinute : limits.strictRatePerMinute

/** The headers every counted answer carries: the limit, what is left, and the seconds to the window's end. */
export const rateHeaders = (max: number, current: number, ttlMs: number) => ({
  limit: max,
  remaining: Math.max(0, max - current),
  reset: Math.max(1, Math.ceil(ttlMs / 1000)),
})

export const hasSearch = (request: Pick<FastifyRequest, 'query'>): boolean => {
  // Runs before validation: the query is still whatever was parsed.
  const query: unknown = request.query
  if (!query || typeof query !== 'object') return false
  const fields = query as Record<string, unknown>
  return SEARCH_PARAMS.some((name) => typeof fields[name] === 'string' && fields[name] !== '')
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The event loop's lag (ms, when measured) and whether new requests are being shed. */
    loadStatus: () => { eventLoopDelayMs: number | undefined; busy: boolean }
    /** This instance's share of the rate counters (flush() sends it to the database now). */
    rateCounter: SharedRateCounter
    /** What each client holds at once (http/budget.ts). */
    budget: ClientBudget
  }
}

/** Content types whose bodies are read whole into memory before the handler runs. */
const BUFFERED_BODY = /^\s*(application\/json|multipart\/form-data)\b/i

/** What protection needs: the limits, the shared rate counts, and whose session a request carries. */
export type ProtectionContext = {
  config: Pick<Config, 'limits'>
  repos: { rateCounters: RateCountersRepository }
  auth: { sessions: KnownSessions; userOf: (request: FastifyRequest) => Promise<User | undefined> }
}

export const registerProtection = async (
  app: App,
  ctx: ProtectionContext,
  trustProxy: TrustProxy,
): Promise<void> => {
  const { limits } = ctx.config
  app.server.maxConnections = limits.maxConnections

  // Bounds at an instant, before the rates: connections per address, requests in flight per address and
  // user, and the memory that bodies take while they arrive (each route's bodyLimit sizes its share).
  const budget = new ClientBudget(limits, clientAddresses(trustProxy), ctx.auth.sessions)
  app.decorate('budget', budget)
  budget.watchConnections(app.server)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const limit = methods.map((method) => BODY_LIMITS[`${method} ${route.url}`]).find(Boolean)
    if (limit !== undefined && route.bodyLimit === undefined) route.bodyLimit = limit
  })
  app.addHook('onRequest', (request, reply, done) => done(budget.admit(request, reply)))
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!BUFFERED_BODY.test(request.headers['content-type'] ?? '')) return done(null, payload)
    const refused = budget.reserveBody(request, reply, request.routeOptions.bodyLimit ?? 0)
    done(refused ?? null, payload)
  })

  const counter = new SharedRateCounter(ctx.repos.rateCounters, app.log)
  app.decorate('rateCounter', counter)
  app.addHook('onClose', async () => counter.close())

  // Each counted route gets a hook of its own that counts the request under its key (per address, or per
  // user in a strict bucket) and answers 429 over the limit. Not @fastify/rate-limit: its hook awaits three
  // times per request (the key, the limit, the store), a large share of a kept answer's cost;
  // this one is synchronous unless the key needs the user.
  const byAddress = (request: FastifyRequest) => rateKeyOf(undefined, undefined, request.ip)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const id = methods.map((method) => `${method} ${route.url}`)
    const bucket = id.map((entry) => STRICT_ROUTES[entry]).find(Boolean)
    const searchable = id.some((entry) => SEARCHABLE_ROUTES.has(entry))
    // The health check, and the site's own files (immutable, cached by browsers, no database work), are
    // not counted: a page load fetches a dozen of them, and a school behind one address many page loads.
    if (route.url === '/healthz' || !isApiPath(route.url)) return
    const keyOf =
      bucket || searchable
        ? // Per user when logged in (a bogus session is nobody), else per address.
          (request: FastifyRequest): string | Promise<string> => {
            const which = bucket ?? (hasSearch(request) ? 'search' : undefined)
            if (!which) return byAddress(request)
            return ctx.auth.userOf(request).then(
              (user) => rateKeyOf(which, user?.id, request.ip),
              () => rateKeyOf(which, undefined, request.ip),
            )
          }
        : byAddress
    const count = (reply: FastifyReply, key: string): HttpError | undefined => {
      const max = rateLimitOf(limits, key)
      const { current, ttl } = counter.hit(key)
      const { remaining, reset } = rateHeaders(max, current, ttl)
      reply.header('x-ratelimit-limit', max)
      reply.header('x-ratelimit-remaining', remaining)
      reply.header('x-ratelimit-reset', reset)
      if (current <= max) return undefined
      reply.header('retry-after', reset)
      return rateLimited(reset)
    }
    const limit: onRequestHookHandler = (request, reply, done) => {
      const key = keyOf(request)
      if (typeof key === 'string') return done(count(reply, key))
      key.then((resolved) => done(count(reply, resolved)), done)
    }
    const existing = route.onRequest
    route.onRequest = [...(existing ? (Array.isArray(existing) ? existing : [existing]) : []), limit]
  })

  // Start-up (migrations, the demo seed) blocks the loop once, and the first sample after it would read as
  // lag: shedding starts a few samples after the app is ready.
  let armedAt = Number.POSITIVE_INFINITY
  app.addHook('onReady', async () => {
    armedAt = Date.now() + 3 * sampleMs(limits.maxEventLoopDelayMs)
  })
  // The mean lag of the last window (under-pressure's reading). A window with no reading at all (the loop
  // stalled through it) reads as Infinity; it is reported as the window's length, a lower bound.
  const rawLag = (): number | undefined =>
    'memoryUsage' in app
      ? (app as unknown as { memoryUsage: () => { eventLoopDelay: number } }).memoryUsage().eventLoopDelay
      : undefined
  app.decorate('loadStatus', () => {
    const lag = rawLag()
    const busy =
      limits.maxEventLoopDelayMs > 0 &&
      Date.now() >= armedAt &&
      lag !== undefined &&
      lag > limits.maxEventLoopDelayMs
    const eventLoopDelayMs =
      lag === undefined
        ? undefined
        : Number.isFinite(lag)
          ? Math.round(lag)
          : sampleMs(limits.maxEventLoopDelayMs)
    return { eventLoopDelayMs, busy }
  })

  if (limits.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      sampleInterval: sampleMs(limits.maxEventLoopDelayMs),
      retryAfter: BUSY_RETRY_AFTER_S,
      pressureHandler: (request, reply, type, value) => {
        // /healthz answers anyway, and says so (a load balancer reads its status).
        if (request.url === '/healthz' || Date.now() < armedAt) return undefined
        reply.header('retry-after', String(BUSY_RETRY_AFTER_S))
        // A rejection goes through the app's error handler: {code: 503, error: 'server_busy', …}.
        return Promise.reject(
          serverBusy(
            `The server is busy (${type} ${Math.round(Number(value) || 0)}); try again in ${BUSY_RETRY_AFTER_S} s`,
          ),
        )
      },
    })
  }
}
