// Builds the Fastify app: protocol routes, the SPA, health, logging and errors. It never listens;
// server/main.ts does, and tests call it through inject().
import { SITE_HEADER, errorShape } from './http/protocolErrors.js'
import { AnyQuery, HealthResponseSchema } from '../common/api/schemas/content.js'
import { randomUUID } from 'node:crypto'
import { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify'
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { type ErrorBody } from '../common/api/errors.js'
import { type AppContext } from './context.js'
import { registerContent } from './content.js'
import { DEFAULT_BODY_LIMIT } from './http/budget.js'
import { acceptsGzip, compressJson, gzip, markGzip } from './http/compression.js'
import { HttpError, fileTooLarge, notFound } from './http/errors.js'
import { RULE_STATUS, RuleError } from './domain/errors.js'
import { jsonTooDeep } from '../common/json.js'
import { JSON_MAX_DEPTH } from '../common/rules.js'
import { KeptLane } from './cache/lane.js'
import { apiSecurityHeaders, registerSecurity } from './http/security.js'
import { compressHarder } from './cache/answers.js'
import { registerProtection } from './http/protection.js'
import { checkResponse, validationError, validatorCompiler } from './http/validation.js'
import { WorkBusyError } from './work/pool.js'
import { registerSonolusRoutes } from './sonolus/routes.js'
import { registerSuspensionCheck } from './moderation/suspension.js'
import { registerUploads } from './uploads/routes.js'
import { type App } from './http/types.js'
import { BlobHashMismatchError, BlobTooLargeError, InvalidHashError } from './storage/index.js'
import { type AuthRule, authRules } from './auth/rules.js'
import { firstPaint } from './firstPaint.js'
import { isApiPath } from './http/paths.js'
import { requestForLog } from './observability/logging.js'
import { looksLikeFile, registerSpa } from './spa.js'
import { sharedPage } from './shareLinks.js'

export type BuildOptions = {
  logger?: FastifyServerOptions['logger']
  /** Where the log goes when `logger` is not given (standard output by default). */
  logStream?: { write: (line: string) => void }
  /** Serve the SPA from config.staticRoot (default true). */
  serveSpa?: boolean
}

const REQUEST_ID_HEADER = 'x-request-id'

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact JSON body bytes, for signature checks. */
    rawBody?: Buffer
  }
  interface FastifyInstance {
    /** Every route registered, with its schemas: what the route-table test walks. */
    routeTable: RouteEntry[]
    /** The kept-answer lane (cache/lane.ts). */
    lane: KeptLane
  }
}

export type RouteEntry = { method: string; url: string; schema: FastifySchema; auth?: AuthRule }

export const buildApp = async (ctx: AppContext, options: BuildOptions = {}): Promise<App> => {
  const app = Fastify({
    logger: options.logger ?? {
      level: ctx.config.logLevel,
      serializers: { req: requestForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Each route's share (http/budget.ts): a call takes what its form can carry, and no more.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Path parameters reach their schemas (which bound them, 256 characters at most) rather than the
    // router's own limit; what the router refuses still answers the one error body.
    routerOptions: { maxParamLength: 512 },
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply
      const statusCode = (error as FastifyError).statusCode ?? 400
      const body: ErrorBody = { code: statusCode, error: 'bad_request', message: error.message }
      reply.code(statusCode).type('application/json; charset=utf-8').send(JSON.stringify(body))
    },
    // Connections cannot be held: a request must arrive whole within requestTimeout, and an
    // idle socket closes after connectionTimeout. request.ip honours TRUST_PROXY.
    requestTimeout: ctx.config.limits.requestTimeoutMs,
    connectionTimeout: ctx.config.limits.connectionTimeoutMs,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // Node checks those deadlines on a timer (30 s by default): often enough that they mean what they say.
    http: { connectionsCheckingInterval: Math.min(1000, Math.ceil(ctx.config.limits.requestTimeoutMs / 4)) },
  }).withTypeProvider<TypeBoxTypeProvider>()
  // Requests are validated by their routes' TypeBox schemas (common/api); answers are serialized with
  // JSON.stringify, so a response schema documents and (in the suites) checks, and never drops a field.
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, schema: route.schema ?? {}, auth: route.config?.auth })
    }
  })
  app.addHook('onRoute', authRules(ctx))
  // Slow headers count against the same deadline.
  app.server.headersTimeout = Math.min(ctx.config.limits.requestTimeoutMs, 60_000)
  // The kept-answer lane (cache/lane.ts) sees each request first; what it does not answer goes on to
  // Fastify's handler, the server's only other listener. (Not serverFactory: the server Fastify makes keeps
  // the timeouts set above and Fastify's own.)
  const lane = new KeptLane()
  app.decorate('lane', lane)
  app.decorateRequest('laneTrail', null)
  const [fastifyHandler] = app.server.listeners('request') as RequestListener[]
  if (fastifyHandler) {
    app.server.removeListener('request', fastifyHandler)
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      lane.handle(request, response, fastifyHandler)
    })
  }
  // Closing, Fastify answers what still arrives with 503 and closes the connection: the lane steps aside first.
  app.addHook('preClose', async () => lane.close())

  // An import by `npm run import-pack` (another process) shows up here within 10 s (scale-out rule: no
  // instance relies on its own memory for shared state).
  const packWatch = setInterval(() => {
    ctx.packs
      .reloadIfChanged()
      .catch((error: unknown) => app.log.error({ err: error }, 'reloading the packs failed'))
  }, 10_000)
  packWatch.unref()
  app.addHook('onClose', async () => {
    clearInterval(packWatch)
    await ctx.close()
  })

  if (ctx.config.sonolusPublicKey) {
    app.log.warn(
      'SONOLUS_PUBLIC_KEY is set: Sonolus sign-ins are checked against a TEST key, not the real Sonolus key',
    )
  }

  // Signed Sonolus requests are verified on the exact bytes received (docs/protocol.md §10), so JSON bodies
  // keep their raw form beside the parsed one.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer
    request.rawBody = raw
    if (raw.length === 0) return done(null, undefined)
    const text = raw.toString('utf8')
    // JSON.parse takes any depth, but what walks the result afterwards recurses (JSON.stringify of a
    // signed profile overflowed the stack at 100,000 levels): bounded before parsing, without recursion.
    if (jsonTooDeep(text, JSON_MAX_DEPTH)) {
      const message = `The body nests deeper than ${JSON_MAX_DEPTH} levels`
      return done(Object.assign(new Error(message), { statusCode: 400 }), undefined)
    }
    try {
      done(null, JSON.parse(text))
    } catch {
      done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined)
    }
  })

  await registerSecurity(app, ctx.config)
  app.addHook('onRequest', async (request) => {
    // A NUL in the path or the query would reach SQL as text (names, ids), which PostgreSQL refuses with an
    // error: nothing is named with a NUL (404), and no parameter holds one (400). Search text strips
    // control characters itself.
    const nul = request.url.indexOf('%00')
    if (nul >= 0 && !isSearchUrl(request.url)) {
      const query = request.url.indexOf('?')
      if (query < 0 || nul < query) throw notFound('Nothing is named with a NUL character')
      throw new HttpError(400, 'bad_request', 'A parameter holds a NUL character')
    }
  })

  if (ctx.metrics.enabled) {
    const metrics = ctx.metrics
    app.addHook('onResponse', (request, reply, done) => {
      // The route's template keeps the label set bounded; an address that matched no route is one label.
      metrics.request(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      )
      done()
    })
  }

  app.addHook('onSend', async (request, reply, payload) => {
    // docs/protocol.md §2.3: Sonolus-Version on every response.
    reply.header('sonolus-version', ctx.config.sonolusVersion)
    reply.header(REQUEST_ID_HEADER, request.id)
    if (ctx.config.checkResponses) checkResponse(request, reply, payload)
    return compressJson(request, reply, payload)
  })

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if ((error as FastifyError).validation) error = validationError(error as FastifyError, request)
    const { statusCode, key, message } = classify(error)
    const extra = error instanceof HttpError || error instanceof RuleError ? error.extra : {}
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed')
    // A failure may follow headers meant for a file; they must not describe the error body.
    for (const header of ['cache-control', 'etag', 'accept-ranges', 'content-length'])
      reply.removeHeader(header)
    if (statusCode !== 416) reply.removeHeader('content-range')
    // Every 429 and 503 says when to try again (the rate limiter and the load shedder set their own), in
    // the header and in the body, where the site reads it for its message.
    let retry: { retryAfter?: number } = {}
    if (statusCode === 429 || statusCode === 503) {
      if (!reply.getHeader('retry-after')) reply.header('retry-after', statusCode === 429 ? '60' : '5')
      retry = { retryAfter: Number(reply.getHeader('retry-after')) || 1 }
    }
    // Protocol routes answer the app and the official web client in the protocol's shape
    // (http/protocolErrors.ts); the site asks for the catalogue body.
    const shape = errorShape(request)
    if (request.url.startsWith('/sonolus/')) reply.header('vary', SITE_HEADER)
    if (shape === 'empty') return reply.code(statusCode).removeHeader('content-type').send()
    if (shape === 'message')
      return reply.code(statusCode).type('application/json; charset=utf-8').send({ message })
    return reply
      .code(statusCode)
      .type('application/json; charset=utf-8')
      .send({ ...extra, ...retry, code: statusCode, error: key, message })
  })

  // Rate limits and load shedding first: they attach to the routes registered after them.
  await registerProtection(app, ctx, trustProxyOption(ctx.config.trustProxy))
  lane.attach(
    {
      config: ctx.config,
      sessions: ctx.auth.sessions,
      moderationVersion: ctx.moderationVersion,
      counter: app.rateCounter,
      log: app.log,
      // Whether Fastify would shed this request now (http/protection.ts): under-pressure's reading, but not
      // during the start-up grace, when its pressure handler lets requests through.
      busy: () => app.loadStatus().busy,
      securityHeaders: apiSecurityHeaders(ctx.config),
      sonolusVersion: ctx.config.sonolusVersion,
      compressHarder,
      ...(ctx.metrics.enabled
        ? {
            served: (route: string, seconds: number) => {
              ctx.metrics.request('GET', route, 200, seconds)
              ctx.metrics.kept(true)
            },
          }
        : {}),
    },
    trustProxyOption(ctx.config.trustProxy) ?? false,
  )

  // Before the routes, so that it guards each of them.
  registerSuspensionCheck(app, ctx)
  registerSonolusRoutes(app, ctx)
  registerContent(app, ctx)
  registerUploads(app, ctx)
  // Media jobs and the janitor run beside the requests, in every instance.
  app.addHook('onReady', async () => ctx.media.start(app.log))
  app.addHook('onClose', async () => ctx.media.stop())

  app.get(
    '/healthz',
    { schema: { querystring: AnyQuery, response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } },
    async (_request, reply) => {
      // Load: the event loop's lag (ms) and the chart workers; busy while new requests are being shed.
      const { eventLoopDelayMs, busy } = app.loadStatus()
      const load = { eventLoopDelayMs, work: ctx.work.stats }
      try {
        await ctx.repos.ping()
        // Still 200 while shedding: the instance is healthy, and a load balancer that pulled it during one
        // client's flood would only move the flood elsewhere.
        return { status: 'ok' as const, busy, ...load }
      } catch (error) {
        app.log.error({ err: error }, 'health check: database did not answer')
        return reply.code(503).send({ status: 'unavailable' as const, ...load })
      }
    },
  )

  const spa = options.serveSpa !== false && (await registerSpa(app, ctx.config.staticRoot))
  const paint = firstPaint(app, ctx.config.staticRoot, () => ctx.config.siteTitle)

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]
    const shared =
      request.method === 'GET' || request.method === 'HEAD'
        ? sharedPage(url!, request.url.slice(url!.length))
        : undefined
    if (shared) return reply.header('cache-control', 'no-cache').redirect(shared, 302)
    if (
      spa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(url) &&
      !looksLikeFile(url)
    ) {
      // The page differs for a signed-in browser (no first paint), which a shared cache must keep apart.
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie').type('text/html; charset=utf-8')
      const painted = await paint(request)
      if (painted === null) return reply.sendFile('index.html')
      reply.header('vary', 'Cookie, Accept-Encoding')
      return acceptsGzip(request) ? markGzip(reply).send(gzip(painted)) : reply.send(painted)
    }
    const shape = errorShape(request)
    if (url.startsWith('/sonolus/')) reply.header('vary', SITE_HEADER)
    if (shape === 'empty') return reply.code(404).send()
    const message = `No route for ${request.method} ${url}`
    if (shape === 'message') return reply.code(404).send({ message })
    return reply.code(404).send({ code: 404, error: 'not_found', message })
  })

  return app
}

/** Fastify's trustProxy. Fastify 5 ignores a bare hop count (it cannot tell a direct client from the
 *  proxy), so a count becomes the function proxy-addr would use: the nearest `hops` addresses are
 *  proxies. Use it only when clients cannot reach the server except through the proxies. */
const trustProxyOption = (value: boolean | number | string[]): FastifyServerOptions['trustProxy'] =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value

/** Level lists take search text, which strips control characters (NUL included) itself. */
const isSearchUrl = (url: string) => url.startsWith('/sonolus/levels/list?')

const classify = (error: FastifyError | Error): { statusCode: number; key: string; message: string } => {
  if (error instanceof HttpError)
    return { statusCode: error.statusCode, key: error.key, message: error.message }
  if (error instanceof RuleError)
    return { statusCode: RULE_STATUS[error.key], key: error.key, message: error.message }
  if (error instanceof WorkBusyError) return { statusCode: 503, key: 'server_busy', message: error.message }
  if (error instanceof BlobTooLargeError)
    return { statusCode: 413, key: 'file_too_large', message: error.message }
  if (error instanceof BlobHashMismatchError || error instanceof InvalidHashError) {
    return { statusCode: 400, key: 'bad_request', message: error.message }
  }
  const fastifyError = error as FastifyError
  if (fastifyError.statusCode === 408)
    return { statusCode: 408, key: 'request_timeout', message: 'The request did not arrive in time' }
  // A body or file over its limit (Fastify's bodyLimit, multipart's fileSize): the catalogue's key.
  if (fastifyError.statusCode === 413) return classify(fileTooLarge())
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
    return { statusCode: fastifyError.statusCode, key: 'bad_request', message: fastifyError.message }
  }
  return { statusCode: 500, key: 'internal_error', message: 'Internal server error' }
}
