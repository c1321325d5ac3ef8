// POST /sonolus/web/authenticate/{hash}: the app's signed authenticateExternal for a web login attempt
// (protocol doc §11). Answers a ServerMessage that the app shows.
import { Type } from '@sinclair/typebox'
import { type ServiceAuthenticateExternalResponse } from '@sonolus/core'
import { type RouteModule } from '../types.js'

export const webAuthenticate: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/web/authenticate/:hash',
    {
      schema: {
        params: Type.Object({ hash: Type.String() }),
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request): Promise<Required<ServiceAuthenticateExternalResponse>> => ({
      message: await ctx.auth.completeWebLogin(
        request.params.hash,
        request.rawBody,
        request.headers['sonolus-signature'] as string | undefined,
        request.body,
      ),
    }),
  )
}
