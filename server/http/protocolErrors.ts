// What an error looks like on a protocol route (docs/protocol.md §15.6).
//
// The Sonolus app and the official web client (Sonolus/sonolus-server-web) call the same /sonolus routes as
// our site, and they read error answers differently:
// - The wiki (custom-server-specs, misc/server-message.md) says a ServerMessage `{message}` "can be
//   optionally returned" for error responses; sonolus-express (src/routes/error.ts) answers a bare status
//   with an empty body, or `{message}` where the handler gives a text.
// - The official web client parses any JSON body as the item it asked for (src/views/BaseView.vue) and
//   shows its error screen only when the body is not JSON; its web-login poll takes any JSON body as a
//   login (src/auth.ts).
// So, unless the site asks for our catalogue body (the SITE_HEADER it sends on every call):
// - a protocol GET (info, list, details, community, leaderboards, files) answers a bare status with an
//   empty body: the app shows its own error for the status, and the web client its error screen;
// - a protocol POST (authenticate, submits, uploads) answers `{message}`, which the app shows;
// - the official client's login poll answers a bare status, so that it keeps polling.
// The site's own calls (/sonolus/user/…, /server/…, /moderation/…, reports, takedown, news, community status)
// always answer the catalogue body `{code, error, message, …}`.
import { type FastifyRequest } from 'fastify'
import { SITE_CLIENT_HEADER, SITE_CLIENT_VALUE } from '../../common/api/errorKeys.js'

export const SITE_HEADER = SITE_CLIENT_HEADER

/** Routes under /sonolus that only the site calls. */
const SITE_ROUTES = [
  /^\/sonolus\/(user|server|moderation)\//,
  /^\/sonolus\/(reports|takedown)$/,
  /^\/sonolus\/news(\/|$)/,
  /^\/sonolus\/levels\/[^/]+\/community\/status$/,
]

export type ErrorShape = 'catalogue' | 'message' | 'empty'

export const errorShape = (request: FastifyRequest): ErrorShape => {
  const path = request.url.split('?')[0]
  if (!path.startsWith('/sonolus/') || SITE_ROUTES.some((route) => route.test(path))) return 'catalogue'
  if (request.headers[SITE_HEADER] === SITE_CLIENT_VALUE) return 'catalogue'
  if (request.method === 'GET' || request.method === 'HEAD') return 'empty'
  return path === '/sonolus/web/authenticate' ? 'empty' : 'message'
}
