// POST /sonolus/user/logout: ends this web session on the server (protocol doc §11.2 step 5).
import { Type } from '@sinclair/typebox'
import { type RouteModule } from '../types.js'

export const userLogout: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/user/logout',
    { schema: { response: { 200: Type.Object({ code: Type.Literal(200) }) } } },
    async (request) => {
      await ctx.auth.logout(request)
      return { code: 200 as const }
    },
  )
}
