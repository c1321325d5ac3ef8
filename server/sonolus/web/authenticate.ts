// POST /sonolus/web/authenticate/{hash}: the app's signed authenticateExternal for a web login attempt
// (docs/protocol.md §11). Answers a ServerMessage that the app shows.
// POST /sonolus/web/authenticate {key}: the official web client's poll for its session (§11.3).
import {
  AuthenticateExternalBody,
  LocalizationQuery,
  MessageResponseSchema,
} from '../../../common/api/schemas/protocol.js'
import {
  WebAuthenticateBody,
  WebAuthenticateResponseSchema,
  WebLoginParams,
} from '../../../common/api/schemas/user.js'
import { type ServiceAuthenticateExternalResponse } from '@sonolus/core'
import { type RouteModule } from '../types.js'

export const webAuthenticate: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/web/authenticate/:hash',
    {
      config: { auth: 'signed' },
      schema: {
        params: WebLoginParams,
        querystring: LocalizationQuery,
        body: AuthenticateExternalBody,
        response: { 200: MessageResponseSchema },
      },
      preValidation: async (request) =>
        ctx.auth.assertSigned(request.rawBody, request.headers['sonolus-signature'] as string | undefined),
    },
    async (request): Promise<Required<ServiceAuthenticateExternalResponse>> => ({
      message: await ctx.auth.completeWebLogin(
        request.params.hash,
        request.rawBody,
        request.headers['sonolus-signature'] as string | undefined,
        request.body,
        request.ip,
      ),
    }),
  )

  app.post(
    '/sonolus/web/authenticate',
    {
      config: { auth: 'secret' as const },
      schema: {
        querystring: LocalizationQuery,
        body: WebAuthenticateBody,
        response: { 200: WebAuthenticateResponseSchema },
      },
    },
    async (request, reply) => {
      // The session must not be cached anywhere between here and the browser.
      reply.header('cache-control', 'no-store')
      return ctx.auth.takeWebLogin(request.body.key)
    },
  )
}
