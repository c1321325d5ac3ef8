// POST /sonolus/user/logout: ends this web session on the server (docs/protocol.md §11.2 step 5).
import { LocalizationQuery, NoBody } from '../../../common/api/schemas/protocol.js'
import { UserLogoutResponseSchema } from '../../../common/api/schemas/user.js'
import { type RouteModule } from '../types.js'

export const userLogout: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/user/logout',
    {
      config: { auth: 'anyone' },
      schema: { querystring: LocalizationQuery, body: NoBody, response: { 200: UserLogoutResponseSchema } },
    },
    async (request) => {
      await ctx.auth.logout(request)
      return { code: 200 as const }
    },
  )
}
