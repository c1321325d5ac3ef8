// A suspended user reads but changes nothing (issue 14): every call that changes something refuses them
// with 403 `suspended` before its handler runs. The exceptions sign in and out, read, or are checked by
// their handler (an item action may be a review request, which a suspended owner may still send; a result
// upload is authorised by its key, so its handler checks the key's user).
import { type AppContext } from '../context.js'
import { type App } from '../sonolus/types.js'
import { assertActive } from './service.js'

const EXEMPT = new Set([
  'POST /sonolus/authenticate',
  'POST /sonolus/web/authenticate/:hash',
  'POST /sonolus/user/logout',
  'POST /sonolus/user/mine',
  'POST /sonolus/user/notices/read',
  'POST /sonolus/takedown',
  'POST /sonolus/levels/:name/submit',
  'POST /sonolus/levels/result/upload',
  // Moderators are never suspended; everyone else is refused there as a non-moderator (401).
  'POST /sonolus/moderation/actions',
])
/** Calls that change something though they are GETs: starting an upload. */
const CHANGING_GETS = new Set(['GET /upload/:hash'])

export const registerSuspensionCheck = (app: App, ctx: AppContext): void => {
  app.addHook('preHandler', async (request) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`
    const changes =
      request.method === 'GET' || request.method === 'HEAD' ? CHANGING_GETS.has(route) : !EXEMPT.has(route)
    if (!changes) return
    const user = await ctx.auth.userOf(request)
    if (user) assertActive(user)
  })
}
