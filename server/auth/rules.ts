// Who may call a route, declared with the route (`config: { auth }`) rather than written out in its handler.
// Who asks comes first: the rule runs before the body is validated (a visitor is refused whatever the body),
// and the handler reads the caller from `callerOf(request)`.
// - 'anyone': visitors too (the handler may still read a session, and decide per action);
// - 'user': a signed-in user, else 401 permission_denied2 (a page's own routes may say 'user-page': 401
//   permission_denied, or 'user-login': 401 not_login);
// - 'moderator': a moderator, else 401 permission_denied2;
// - 'signed': the body carries the Sonolus app's signature, checked by the route on its raw bytes;
// - 'secret': the request carries a secret the route checks (an upload key, a web login's key or code).
// A route open to visitors whose some queries are one's own (one's own list) declares those with `authWhen`:
// they are refused to a visitor as the rule named there refuses one.
// The route table test fails on a route that changes something and declares nothing.
import { type FastifyRequest, type onRouteHookHandler, type preValidationAsyncHookHandler } from 'fastify'
import { type Auth } from './auth.js'
import { type User } from '../db/repositories/index.js'
import { actionDenied, notLoggedIn, pageDenied } from '../http/errors.js'
import { type RoleContext, isModerator } from './roles.js'

export const AUTH_RULES = [
  'anyone',
  'user',
  'user-page',
  'user-login',
  'moderator',
  'signed',
  'secret',
] as const
export type AuthRule = (typeof AUTH_RULES)[number]

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule
    /** The queries of an open route that need a signed-in caller, read before validation. */
    authWhen?: { rule: 'user' | 'user-login'; query: (query: Record<string, unknown>) => boolean }
  }
  interface FastifyRequest {
    /** The signed-in caller, set for routes that require one. */
    viewer?: User
  }
}

const DENIED: Partial<Record<AuthRule, () => Error>> = {
  user: actionDenied,
  'user-page': pageDenied,
  'user-login': notLoggedIn,
  moderator: actionDenied,
}

/** Adds each route's rule before its validation (register before the routes). */
export const authRules =
  (ctx: RoleContext & { auth: Pick<Auth, 'userOf'> }): onRouteHookHandler =>
  (route) => {
    const when = route.config?.authWhen
    const rule = when?.rule ?? route.config?.auth
    const denied = rule && DENIED[rule]
    if (!denied) return
    const check: preValidationAsyncHookHandler = async (request) => {
      if (when && !when.query((request.query ?? {}) as Record<string, unknown>)) return
      const user = await ctx.auth.userOf(request)
      if (!user || (rule === 'moderator' && !(await isModerator(ctx, user)))) throw denied()
      request.viewer = user
    }
    const existing = route.preValidation
    route.preValidation = [check, ...(existing ? [existing].flat() : [])]
  }

/** The caller a route's rule let in. */
export const callerOf = (request: FastifyRequest): User => {
  if (!request.viewer) throw new Error(`${request.routeOptions.url} declares no signed-in caller`)
  return request.viewer
}
