// GET (and POST) /sonolus/user/mine: the logged-in user, or code 401 (docs/spec.md §7, §4: not an error); with the
// user's role, any suspension in force and their unread notices.
import { LocalizationQuery, NoBody } from '../../../common/api/schemas/protocol.js'
import { UserMineResponseSchema } from '../../../common/api/schemas/user.js'
import { type FastifyReply, type FastifyRequest } from 'fastify'
import { type UserMineResponse } from '../../../common/api/user.js'
import { type RouteModule } from '../types.js'
import { roleOf, suspensionOf } from '../../moderation/service.js'
import { unreadNotices } from '../../moderation/views.js'

export const userMine: RouteModule = (app, ctx) => {
  const response = { 200: UserMineResponseSchema, 401: UserMineResponseSchema }
  const mine = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
    const user = await ctx.auth.userOf(request)
    if (!user) return reply.code(401).send({ code: 401 as const })
    const [role, unread] = await Promise.all([roleOf(ctx, user), unreadNotices(ctx, user)])
    const answer: UserMineResponse = {
      code: 200,
      id: user.id,
      handle: user.handle,
      name: user.name,
      role,
      suspension: suspensionOf(user),
      unreadNotices: unread,
    }
    return answer
  }
  // docs/spec.md §7: "Method disagrees between readings: GET or POST": both are served; a POST's body is not read.
  app.get('/sonolus/user/mine', { schema: { querystring: LocalizationQuery, response } }, mine)
  app.post(
    '/sonolus/user/mine',
    { config: { auth: 'anyone' }, schema: { querystring: LocalizationQuery, body: NoBody, response } },
    mine,
  )
}
