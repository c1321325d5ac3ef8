// GET (and POST) /sonolus/user/mine: the logged-in user, or code 401 (spec §7, §4: not an error); with the
// user's role, any suspension in force and their unread notices (issue 14).
import { Type } from '@sinclair/typebox'
import { type RouteModule } from '../types.js'
import { roleOf, suspensionOf } from '../../moderation/service.js'
import { unreadNotices } from '../../moderation/views.js'

const SuspensionSchema = Type.Object({
  kind: Type.Union([Type.Literal('suspend'), Type.Literal('ban')]),
  until: Type.Union([Type.Number(), Type.Null()]),
  reason: Type.String(),
})
const MineSchema = Type.Union([
  Type.Object({
    code: Type.Literal(200),
    id: Type.String(),
    handle: Type.String(),
    name: Type.String(),
    role: Type.Union([Type.Literal('user'), Type.Literal('moderator')]),
    suspension: Type.Union([SuspensionSchema, Type.Null()]),
    unreadNotices: Type.Number(),
  }),
  Type.Object({ code: Type.Literal(401) }),
])

export const userMine: RouteModule = (app, ctx) => {
  app.route({
    // spec §7: "Method disagrees between readings: GET or POST" — both are served.
    method: ['GET', 'POST'],
    url: '/sonolus/user/mine',
    schema: { response: { 200: MineSchema, 401: MineSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await ctx.auth.userOf(request)
      if (!user) return reply.code(401).send({ code: 401 as const })
      const [role, unread] = await Promise.all([roleOf(ctx, user), unreadNotices(ctx, user)])
      return {
        code: 200 as const,
        id: user.id,
        handle: user.handle,
        name: user.name,
        role,
        suspension: suspensionOf(user),
        unreadNotices: unread,
      }
    },
  })
}
