// Web security (docs/protocol.md §2.3): CORS for the configured origins (@fastify/cors), and security headers
// on every response: the SPA's pages get helmet's document set with the SPA's Content-Security-Policy; the
// API's answers (JSON, files) the set that means something for a response no one renders as a page
// (apiHeaders). Routes that serve something else (a stored file, the split-line fragment) set a stricter
// policy of their own.
// helmet builds the headers once, at start: @fastify/helmet rebuilds its middleware on every request,
// a heavy cost on cheap routes such as /sonolus/info.
import { type IncomingMessage, type ServerResponse } from 'node:http'
import cors from '@fastify/cors'
import helmet, { type HelmetOptions } from 'helmet'
import { type Config } from '../config.js'
import { isApiPath } from './paths.js'
import { type App } from './types.js'

const ALLOWED_HEADERS = [
  'Authorization',
  'Sonolus-Session',
  'Sonolus-Upload-Key',
  'Content-Type',
  'Content-Range',
  // The SPA asks for catalogue error bodies (http/protocolErrors.ts).
  'X-Sirius-Client',
]
const EXPOSED_HEADERS = ['Sonolus-Version', 'X-Request-Id']

/** The SPA's policy. antd's CSS-in-JS injects <style> elements, hence 'unsafe-inline' for styles only;
 *  scripts come from our own files alone. The other configured origins (the China proxy) serve files and
 *  answer calls. */
export const spaPolicyDirectives = (corsOrigins: string[]): Record<string, string[]> => ({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', ...corsOrigins],
  'connect-src': ["'self'", 'blob:', ...corsOrigins],
  // The music of a chart (from either server) and of a file picked on the create page.
  'media-src': ["'self'", 'blob:', ...corsOrigins],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
})

export const registerSecurity = async (app: App, config: Config): Promise<void> => {
  // Only the configured origins, exactly; others get no CORS headers, and their preflights a 404. With none
  // configured (the site and the API on one origin), no request needs the plugin's hooks.
  if (config.corsOrigins.length > 0)
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      allowedHeaders: ALLOWED_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    })
  const headers = documentHeaders(config)
  const api = apiHeaders(headers)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : headers)
    done()
  })
}

/** The SPA's pages' headers (helmet's, for our options). */
const documentHeaders = (config: Config): Record<string, string> => ({
  ...helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: spaPolicyDirectives(config.corsOrigins) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Charts' files are fetched by the app, the official web client and the proxy's origin.
    crossOriginResourcePolicy: false,
    // HTTPS is the operator's: the header is sent only when the public address is https.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 15_552_000 } : false,
  }),
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
})

/** The headers of API answers for this configuration (what the kept-answer lane sets: cache/lane.ts). */
export const apiSecurityHeaders = (config: Config): Record<string, string> =>
  apiHeaders(documentHeaders(config))

/** The API's answers: JSON and stored files are never rendered as our pages, so the document
 *  headers (COOP, Origin-Agent-Cluster, Permissions-Policy, the SPA's policy, X-DNS-Prefetch-Control…)
 *  mean nothing on them and cost every answer about a kilobyte and their handling. What is kept is what
 *  OWASP's REST guidance asks of an API: no sniffing, a policy that runs and frames nothing if one is
 *  opened in a browser, no referrer, and HSTS when the site is served over https. */
export const apiHeaders = (documentHeaders: Record<string, string>): Record<string, string> => {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  }
  const hsts = documentHeaders['strict-transport-security']
  if (hsts) headers['strict-transport-security'] = hsts
  return headers
}

/** The headers helmet's middleware sets for these options, collected once. */
export const helmetHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  }
  let done = false
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true))
  if (!done) throw new Error('helmet did not finish synchronously')
  return headers
}
