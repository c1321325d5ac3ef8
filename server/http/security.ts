// Web security (Sonolus server issue §8): CORS for the configured origins on the API, security headers on
// every response, and a Content-Security-Policy for the SPA's pages.
import { type FastifyReply, type FastifyRequest } from 'fastify'
import { isApiPath } from '../spa.js'

const ALLOWED_HEADERS = 'Authorization, Sonolus-Session, Sonolus-Upload-Key, Content-Type, Content-Range'
const EXPOSED_HEADERS = 'Sonolus-Version, X-Request-Id'

/** The SPA's policy. antd's CSS-in-JS injects <style> elements, hence 'unsafe-inline' for styles only;
 *  scripts come from our own files alone. */
export const spaContentSecurityPolicy = (corsOrigins: string[]): string => {
  const others = corsOrigins.join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${others}`.trim(),
    `connect-src 'self' blob: ${others}`.trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export const securityHeaders = (reply: FastifyReply) => {
  reply.header('x-content-type-options', 'nosniff')
  // Nothing in our URLs is secret, but no page should tell another site where the user was.
  reply.header('referrer-policy', 'no-referrer')
  reply.header('cross-origin-opener-policy', 'same-origin')
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()')
}

/** Adds CORS headers for an allowed origin; answers true when the request was a preflight it handled. */
export const applyCors = (request: FastifyRequest, reply: FastifyReply, corsOrigins: string[]): boolean => {
  const origin = request.headers.origin
  if (!origin || !isApiPath(request.url)) return false
  reply.header('vary', 'Origin')
  if (!corsOrigins.includes(origin)) return false
  reply.header('access-control-allow-origin', origin)
  reply.header('access-control-expose-headers', EXPOSED_HEADERS)
  if (request.method === 'OPTIONS') {
    reply
      .header('access-control-allow-methods', 'GET, POST, PUT, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '600')
    return true
  }
  return false
}
