// POST /sonolus/user/login/code {code}: the browser that started a web login gives the code the Sonolus app
// showed when the user confirmed it, and its session starts (docs/protocol.md §11.2 step 4).
import { LocalizationQuery } from '../../../common/api/schemas/protocol.js'
import { UserLoginCodeBody, UserLoginCodeResponseSchema } from '../../../common/api/schemas/user.js'
import { type UserLoginCodeResponse } from '../../../common/api/user.js'
import { type RouteModule } from '../types.js'

export const userLoginCode: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/user/login/code',
    {
      config: { auth: 'secret' as const },
      schema: {
        querystring: LocalizationQuery,
        body: UserLoginCodeBody,
        response: { 200: UserLoginCodeResponseSchema },
      },
    },
    async (request): Promise<UserLoginCodeResponse> => {
      await ctx.auth.finishWebLogin(request, request.body.code)
      return { code: 200 }
    },
  )
}
