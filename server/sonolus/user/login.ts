// GET /sonolus/user/login: a new web login attempt → {code, sessionId, url} (docs/spec.md §7; docs/protocol.md §11.2).
import { LocalizationQuery } from '../../../common/api/schemas/protocol.js'
import { UserLoginResponseSchema } from '../../../common/api/schemas/user.js'
import { type UserLoginResponse } from '../../../common/api/user.js'
import { type RouteModule } from '../types.js'

export const userLogin: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/user/login',
    {
      schema: {
        querystring: LocalizationQuery,
        response: { 200: UserLoginResponseSchema },
      },
    },
    async (request, reply): Promise<UserLoginResponse> => {
      // The secret must not be cached anywhere between here and the browser.
      reply.header('cache-control', 'no-store')
      return ctx.auth.startWebLogin(request.ip)
    },
  )
}
