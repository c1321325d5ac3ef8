// The site's moderation calls (issue 14), under the Sonolus base URL beside the spec's own extras:
// POST /sonolus/reports, POST /sonolus/takedown, GET /sonolus/moderation/{queue,log,moderators},
// POST /sonolus/moderation/actions, GET /sonolus/user/notices, POST /sonolus/user/notices/read.
// Moderation routes answer anyone but a moderator with 401 permission_denied2.
import { Type } from '@sinclair/typebox'
import {
  type ModerationActionResponse,
  type ModeratorsResponse,
  type NoticesResponse,
  type ReportResponse,
  TARGET_TYPES,
  type TakedownResponse,
} from '../../common/api/moderation.js'
import { actionDenied, badRequest } from '../http/errors.js'
import { type App } from './types.js'
import { type AppContext } from '../context.js'
import { fileReport, fileTakedown, moderate, requireModerator } from '../moderation/service.js'
import { logPage, moderatorsList, queuePage, unreadNotices } from '../moderation/views.js'
import { pageParam } from './levels/access.js'
import { CHART_ID_REGEX } from '../../common/rules.js'

const TargetSchema = Type.Object({
  type: Type.String({ maxLength: 16 }),
  id: Type.String({ maxLength: 128 }),
})
const ReportBody = Type.Object({
  target: TargetSchema,
  reason: Type.String({ maxLength: 32 }),
  note: Type.Optional(Type.String({ maxLength: 20_000 })),
})
const ActionBody = Type.Object({
  target: TargetSchema,
  action: Type.String({ maxLength: 16 }),
  reason: Type.String({ maxLength: 20_000 }),
  hours: Type.Optional(Type.Number()),
})
const TakedownBody = Type.Object({
  claimant: Type.String({ maxLength: 20_000 }),
  contact: Type.String({ maxLength: 20_000 }),
  work: Type.String({ maxLength: 20_000 }),
  urls: Type.String({ maxLength: 20_000 }),
  statement: Type.String({ maxLength: 20_000 }),
})
const PageQuery = Type.Object({
  page: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  localization: Type.Optional(Type.String()),
})

export const moderationRoutes = (app: App, ctx: AppContext): void => {
  app.post('/sonolus/reports', { schema: { body: ReportBody } }, async (request): Promise<ReportResponse> => {
    const user = await ctx.auth.userOf(request)
    if (!user) throw actionDenied()
    const filed = await fileReport(ctx, user, request.ip, request.body)
    request.log.info({ report: filed.id, user: user.id, target: request.body.target }, 'report filed')
    return { code: 200, ...filed }
  })

  app.post(
    '/sonolus/takedown',
    { schema: { body: TakedownBody } },
    async (request): Promise<TakedownResponse> => {
      const ids = await fileTakedown(ctx, request.ip, request.body)
      request.log.info({ reports: ids }, 'takedown request filed')
      return { code: 200, ids }
    },
  )

  app.get('/sonolus/moderation/queue', { schema: { querystring: PageQuery } }, async (request, reply) => {
    await requireModerator(ctx, await ctx.auth.userOf(request))
    reply.header('cache-control', 'no-store')
    return queuePage(ctx, pageParam(request.query))
  })

  app.post(
    '/sonolus/moderation/actions',
    { schema: { body: ActionBody } },
    async (request): Promise<ModerationActionResponse> => {
      const moderator = await requireModerator(ctx, await ctx.auth.userOf(request))
      const entry = await moderate(ctx, moderator, request.body as Parameters<typeof moderate>[2])
      request.log.info({ moderator: moderator.id, entry: entry.id, action: entry.action }, 'moderator action')
      return { code: 200, entry }
    },
  )

  app.get('/sonolus/moderation/log', { schema: { querystring: PageQuery } }, async (request, reply) => {
    await requireModerator(ctx, await ctx.auth.userOf(request))
    reply.header('cache-control', 'no-store')
    const { type, id } = request.query
    if ((type === undefined) !== (id === undefined)) throw badRequest('type and id go together')
    if (type !== undefined && !TARGET_TYPES.includes(type as never)) throw badRequest('Unknown target type')
    let filter = {}
    if (type === 'user' && id !== undefined) {
      // Users travel by handle and are logged by id.
      const user = await ctx.repos.users.findByHandle(id)
      filter = { target: { type, id: user?.id ?? '' } }
    } else if (type !== undefined && id !== undefined) {
      if (type === 'chart' && !CHART_ID_REGEX.test(id)) throw badRequest('A chart id is 32 hex characters')
      filter = { target: { type, id } }
    }
    return logPage(ctx, filter, pageParam(request.query), true)
  })

  app.get('/sonolus/moderation/moderators', async (request, reply): Promise<ModeratorsResponse> => {
    await requireModerator(ctx, await ctx.auth.userOf(request))
    reply.header('cache-control', 'no-store')
    return { code: 200, moderators: await moderatorsList(ctx) }
  })

  app.get(
    '/sonolus/user/notices',
    { schema: { querystring: PageQuery } },
    async (request, reply): Promise<NoticesResponse> => {
      const user = await ctx.auth.userOf(request)
      if (!user) throw actionDenied()
      reply.header('cache-control', 'no-store')
      const [page, unread] = await Promise.all([
        logPage(ctx, { subjectUserId: user.id }, pageParam(request.query), false),
        unreadNotices(ctx, user),
      ])
      return { ...page, unread }
    },
  )

  app.post('/sonolus/user/notices/read', async (request) => {
    const user = await ctx.auth.userOf(request)
    if (!user) throw actionDenied()
    await ctx.repos.moderation.markNoticesRead(user.id, Date.now())
    return { code: 200 as const }
  })
}
