// POST /sonolus/authenticate: the app's signed authenticateServer → {session, expiration} (protocol doc §10).
import { Type } from '@sinclair/typebox'
import { type ServerAuthenticateResponse } from '@sonolus/core'
import { type RouteModule } from './types.js'

export const authenticate: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/authenticate',
    { schema: { response: { 200: Type.Object({ session: Type.String(), expiration: Type.Number() }) } } },
    async (request): Promise<ServerAuthenticateResponse> =>
      ctx.auth.authenticateApp(
        request.rawBody,
        request.headers['sonolus-signature'] as string | undefined,
        request.body,
      ),
  )
}
