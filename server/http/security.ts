// Web security (docs/protocol.md §15.7): CORS for the configured origins (@fastify/cors), security headers
// and the SPA's Content-Security-Policy on every response (@fastify/helmet). Routes that serve something
// else (a stored file, the split-line fragment) set a stricter policy of their own.
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import { type Config } from '../config.js'
import { type App } from '../sonolus/types.js'

const ALLOWED_HEADERS = [
  'Authorization',
  'Sonolus-Session',
  'Sonolus-Upload-Key',
  'Content-Type',
  'Content-Range',
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
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
})

export const registerSecurity = async (app: App, config: Config): Promise<void> => {
  // Only the configured origins, exactly; others get no CORS headers, and their preflights a 404.
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  })
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: spaPolicyDirectives(config.corsOrigins) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Charts' files are fetched by the app, the official web client and the proxy's origin.
    crossOriginResourcePolicy: false,
    // HTTPS is the operator's: the header is sent only when the public address is https.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 15_552_000 } : false,
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()')
  })
}
