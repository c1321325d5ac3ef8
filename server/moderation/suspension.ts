// A suspended user reads but changes nothing: every call that changes something refuses them
// with 403 `suspended` before its request is validated or handled. The exceptions sign in and out, read, or are checked by
// their handler (an item action may be a review request, which a suspended owner may still send; a result
// upload is authorised by its key, so its handler checks the key's user).
import { type preValidationAsyncHookHandler } from 'fastify'
import { type AppContext } from '../context.js'
import { type App } from '../http/types.js'
import { assertActive } from './service.js'

const EXEMPT = new Set([
  'POST /sonolus/authenticate',
  'POST /sonolus/web/authenticate/:hash',
  'POST /sonolus/web/authenticate',
  'POST /sonolus/user/logout',
  'POST /sonolus/user/mine',
  'POST /sonolus/user/notices/read',
  // Reading one's notifications and choosing which to get change nothing of anyone else's.
  'POST /sonolus/user/notifications/read',
  'POST /sonolus/user/notifications/settings',
  // One's own archive: a suspended person may still take their data.
  'POST /sonolus/user/export',
  'POST /sonolus/takedown',
  'POST /sonolus/levels/:name/submit',
  'POST /sonolus/levels/result/upload',
  // Moderators are never suspended; everyone else is refused there as a non-moderator (401).
  'POST /sonolus/moderation/actions',
  'POST /sonolus/news',
  'POST /sonolus/news/:id',
])
/** Calls that change something though they are GETs: starting an upload. */
const CHANGING_GETS = new Set(['GET /upload/:hash'])

const changes = (method: string, url: string) => {
  const route = `${method} ${url}`
  return method === 'GET' || method === 'HEAD' ? CHANGING_GETS.has(route) : !EXEMPT.has(route)
}

/** Register before the routes: the check is attached to each route that changes something as it is
 *  added, so reads pay nothing for it. */
export const registerSuspensionCheck = (app: App, ctx: AppContext): void => {
  const check: preValidationAsyncHookHandler = async (request) => {
    const user = await ctx.auth.userOf(request)
    if (user) assertActive(user)
  }
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!methods.some((method) => changes(method, route.url))) return
    // Before the request's schema: a suspended user is told so, whatever the request.
    const existing = route.preValidation
    route.preValidation = [check, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])]
  })
}
