// GET /sonolus/levels/{name}/coauthors: a chart's co-authors for chart info, and where the caller stands
// (owner, co-author, invited or none). Inviting and answering are the item submit's (submit.ts).
import { CoauthorsSchema } from '../../../common/api/schemas/levels.js'
import { LocalizationQuery, NameParams } from '../../../common/api/schemas/protocol.js'
import { coauthorsOf } from '../../services/coauthors.js'
import { type RouteModule } from '../types.js'

export const levelsCoauthors: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/levels/:name/coauthors',
    { schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: CoauthorsSchema } } },
    async (request, reply) => {
      const user = await ctx.auth.userOf(request)
      const { role, coauthors } = await coauthorsOf(ctx, request.params.name, user)
      // The caller's standing and the invitations they may see: never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache')
      return {
        role: role ?? ('none' as const),
        coauthors: coauthors.map((row) => ({
          name: row.name,
          handle: row.handle,
          accepted: row.acceptedTime !== null,
        })),
      }
    },
  )
}
