// A person's own data (docs/protocol.md §15.16): POST /sonolus/user/export gives a single-use link to their
// archive, GET /sonolus/user/export/:key streams it (the link carries no session: it opens one download), and
// POST /sonolus/user/delete deletes their account after they type their handle.
import { AnyQuery } from '../../../common/api/schemas/content.js'
import { LocalizationQuery, NoBody } from '../../../common/api/schemas/protocol.js'
import {
  UserDeleteBody,
  UserDeleteResponseSchema,
  UserExportParams,
  UserExportResponseSchema,
} from '../../../common/api/schemas/user.js'
import { type UserDeleteResponse, type UserExportResponse } from '../../../common/api/user.js'
import { callerOf } from '../../auth/rules.js'
import { badRequest } from '../../http/errors.js'
import { deleteAccount, exportKey, openArchive } from '../../services/accounts.js'
import { type RouteModule } from '../types.js'

export const userAccount: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/user/export',
    {
      config: { auth: 'user' },
      schema: { querystring: LocalizationQuery, body: NoBody, response: { 200: UserExportResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { key, expiration } = await exportKey(ctx, callerOf(request))
      const answer: UserExportResponse = {
        code: 200,
        url: `${ctx.config.publicUrl}/sonolus/user/export/${key}`,
        expiration,
      }
      return answer
    },
  )

  app.get(
    '/sonolus/user/export/:key',
    // A zip, not JSON: no response schema applies.
    {
      config: { auth: 'secret' },
      // A HEAD would build the archive to throw it away, and use up the link.
      exposeHeadRoute: false,
      schema: { params: UserExportParams, querystring: AnyQuery },
    },
    async (request, reply) => {
      const { stream, filename } = await openArchive(ctx, request.params.key)
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
        .type('application/zip')
        .send(stream)
    },
  )

  app.post(
    '/sonolus/user/delete',
    {
      config: { auth: 'user' },
      schema: {
        querystring: LocalizationQuery,
        body: UserDeleteBody,
        response: { 200: UserDeleteResponseSchema },
      },
    },
    async (request) => {
      const user = callerOf(request)
      const typed = request.body.handle.trim().replace(/^#/, '')
      if (typed !== user.handle) throw badRequest(`Type your handle (#${user.handle}) to confirm`)
      const outcome = await deleteAccount(ctx, user, { keepCharts: request.body.charts === 'keep' })
      const answer: UserDeleteResponse = { code: 200, ...outcome }
      return answer
    },
  )
}
