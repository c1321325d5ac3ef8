// POST /sonolus/authenticate: the app's signed authenticateServer → {session, expiration} (docs/protocol.md §10).
import {
  AuthenticateResponseSchema,
  AuthenticateServerBody,
  LocalizationQuery,
} from '../../common/api/schemas/protocol.js'
import { type ServerAuthenticateResponse } from '@sonolus/core'
import { type RouteModule } from './types.js'

export const authenticate: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/authenticate',
    {
      config: { auth: 'signed' },
      schema: {
        querystring: LocalizationQuery,
        body: AuthenticateServerBody,
        response: { 200: AuthenticateResponseSchema },
      },
      preValidation: async (request) =>
        ctx.auth.assertSigned(request.rawBody, request.headers['sonolus-signature'] as string | undefined),
    },
    async (request): Promise<ServerAuthenticateResponse> =>
      ctx.auth.authenticateApp(
        request.rawBody,
        request.headers['sonolus-signature'] as string | undefined,
        request.body,
      ),
  )
}
