// The site's moderation calls, under the Sonolus base URL beside the spec's own extras:
// POST /sonolus/reports, GET and POST /sonolus/takedown, GET /sonolus/moderation/{queue,log,moderators},
// GET /sonolus/moderation/users/{handle}, POST /sonolus/moderation/actions, GET /sonolus/user/notices,
// POST /sonolus/user/notices/read.
// Moderation routes answer anyone but a moderator with 401 permission_denied2.
import { noticesRead } from '../moderation/notices.js'
import {
  type ModerationActionResponse,
  type ModeratorsResponse,
  type NoticesResponse,
  type ReportResponse,
  TARGET_TYPES,
  type TakedownInfoResponse,
  type TakedownResponse,
  type UserModerationResponse,
} from '../../common/api/moderation.js'
import { badRequest } from '../http/errors.js'
import { type App } from '../http/types.js'
import { type AppContext } from '../context.js'
import { moderate } from '../moderation/service.js'
import { fileReport, fileTakedown } from '../moderation/reports.js'
import { logPage, moderatorsList, queuePage, unreadNotices, userModeration } from '../moderation/views.js'
import {
  AuditLogResponseSchema,
  ModerationActionRequestSchema,
  ModerationActionResponseSchema,
  ModerationPageQuery,
  ModeratorsResponseSchema,
  NoticesReadResponseSchema,
  NoticesResponseSchema,
  QueueResponseSchema,
  ReportRequestSchema,
  ReportResponseSchema,
  TakedownInfoResponseSchema,
  TakedownRequestSchema,
  TakedownResponseSchema,
  UserModerationParams,
  UserModerationResponseSchema,
} from '../../common/api/schemas/moderation.js'
import { AnyQuery } from '../../common/api/schemas/content.js'
import { NoBody } from '../../common/api/schemas/protocol.js'
import { CHART_ID_REGEX } from '../../common/rules.js'
import { callerOf } from '../auth/rules.js'

export const moderationRoutes = (app: App, ctx: AppContext): void => {
  app.post(
    '/sonolus/reports',
    {
      config: { auth: 'user' },
      schema: { querystring: AnyQuery, body: ReportRequestSchema, response: { 200: ReportResponseSchema } },
    },
    async (request): Promise<ReportResponse> => {
      const user = callerOf(request)
      const filed = await fileReport(ctx, user, request.ip, request.body)
      request.log.info({ report: filed.id, user: user.id, target: request.body.target }, 'report filed')
      return { code: 200, ...filed }
    },
  )

  app.post(
    '/sonolus/takedown',
    {
      config: { auth: 'anyone' },
      schema: {
        querystring: AnyQuery,
        body: TakedownRequestSchema,
        response: { 200: TakedownResponseSchema },
      },
    },
    async (request): Promise<TakedownResponse> => {
      const ids = await fileTakedown(ctx, request.ip, request.body)
      request.log.info({ reports: ids }, 'takedown request filed')
      return { code: 200, ids }
    },
  )

  // The takedown page's contact beside its document: configuration, so no visitor reads a placeholder.
  app.get(
    '/sonolus/takedown',
    { schema: { querystring: AnyQuery, response: { 200: TakedownInfoResponseSchema } } },
    async (): Promise<TakedownInfoResponse> => ({ code: 200, contact: ctx.config.takedownContact }),
  )

  app.get(
    '/sonolus/moderation/queue',
    {
      config: { auth: 'moderator' },
      schema: { querystring: ModerationPageQuery, response: { 200: QueueResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return queuePage(ctx, request.query.page ?? 0)
    },
  )

  app.post(
    '/sonolus/moderation/actions',
    {
      config: { auth: 'moderator' },
      schema: {
        querystring: AnyQuery,
        body: ModerationActionRequestSchema,
        response: { 200: ModerationActionResponseSchema },
      },
    },
    async (request): Promise<ModerationActionResponse> => {
      const moderator = callerOf(request)
      const entry = await moderate(ctx, moderator, request.body)
      request.log.info({ moderator: moderator.id, entry: entry.id, action: entry.action }, 'moderator action')
      return { code: 200, entry }
    },
  )

  app.get(
    '/sonolus/moderation/log',
    {
      config: { auth: 'moderator' },
      schema: { querystring: ModerationPageQuery, response: { 200: AuditLogResponseSchema } },
    },
    async (request, reply) => {
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
      return logPage(ctx, filter, request.query.page ?? 0, true)
    },
  )

  app.get(
    '/sonolus/moderation/users/:handle',
    {
      config: { auth: 'moderator' },
      schema: {
        params: UserModerationParams,
        querystring: AnyQuery,
        response: { 200: UserModerationResponseSchema },
      },
    },
    async (request, reply): Promise<UserModerationResponse> => {
      reply.header('cache-control', 'no-store')
      return userModeration(ctx, request.params.handle)
    },
  )

  app.get(
    '/sonolus/moderation/moderators',
    {
      config: { auth: 'moderator' },
      schema: { querystring: AnyQuery, response: { 200: ModeratorsResponseSchema } },
    },
    async (_request, reply): Promise<ModeratorsResponse> => {
      reply.header('cache-control', 'no-store')
      return { code: 200, moderators: await moderatorsList(ctx) }
    },
  )

  app.get(
    '/sonolus/user/notices',
    {
      config: { auth: 'user' },
      schema: { querystring: ModerationPageQuery, response: { 200: NoticesResponseSchema } },
    },
    async (request, reply): Promise<NoticesResponse> => {
      const user = callerOf(request)
      reply.header('cache-control', 'no-store')
      const [page, unread] = await Promise.all([
        logPage(ctx, { subjectUserId: user.id }, request.query.page ?? 0, false),
        unreadNotices(ctx, user),
      ])
      return { ...page, unread }
    },
  )

  app.post(
    '/sonolus/user/notices/read',
    {
      config: { auth: 'user' },
      schema: { querystring: AnyQuery, body: NoBody, response: { 200: NoticesReadResponseSchema } },
    },
    async (request) => {
      const user = callerOf(request)
      await noticesRead(ctx, user.id, Date.now())
      return { code: 200 as const }
    },
  )
}
