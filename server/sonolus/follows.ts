// Following and notifications (docs/protocol.md §15.10):
// - GET /sonolus/users/:name/follow: followers, following and the viewer's follow (chart info's button);
// - POST /sonolus/users/:name/follow {follow}: the site's follow button (a user page, chart info);
// - POST /sonolus/users/:name/submit (values type=follow|unfollow): the same as the app's user action;
// - GET /sonolus/user/notifications?page, GET /sonolus/user/notifications/unread (the bell's poll),
//   POST /sonolus/user/notifications/read {ids?}, GET|POST /sonolus/user/notifications/settings {off}.
import { noticesRead } from '../moderation/notices.js'
import { type ServerForm } from '@sonolus/core'
import {
  type FollowResponse,
  type FollowState,
  NOTIFICATIONS_PAGES_AHEAD,
  NOTIFICATIONS_PER_PAGE,
  type Notification,
  type NotificationKind,
  type NotificationsResponse,
} from '../../common/api/follows.js'
import {
  FollowBodySchema,
  FollowResponseSchema,
  FollowStateSchema,
  NotificationSettingsSchema,
  NotificationsQuery,
  NotificationsResponseSchema,
  ReadBodySchema,
  ReadResponseSchema,
  UnreadResponseSchema,
} from '../../common/api/schemas/follows.js'
import { AnyQuery } from '../../common/api/schemas/content.js'
import {
  ActionBody,
  LocalizationQuery,
  NameParams,
  SubmitResponseSchema,
} from '../../common/api/schemas/protocol.js'
import { type AppContext } from '../context.js'
import { type NotificationRow, type User } from '../db/repositories/index.js'
import { badRequest, notFound } from '../http/errors.js'
import { sendJsonText } from '../http/jsonText.js'
import { type RouteModule } from './types.js'
import { actionValues } from './values.js'
import { callerOf } from '../auth/rules.js'

/** A user's follow state as `viewer` sees it. */
export const followState = async (
  ctx: AppContext,
  person: Pick<User, 'id'>,
  viewer: Pick<User, 'id'> | undefined,
): Promise<FollowState> => {
  const self = viewer?.id === person.id
  const [counts, isFollowing] = await Promise.all([
    ctx.repos.follows.counts(person.id),
    viewer && !self ? ctx.repos.follows.isFollowing(viewer.id, person.id) : Promise.resolve(false),
  ])
  return { ...counts, isFollowing, canFollow: viewer !== undefined && !self }
}

/** The app's follow or unfollow form on a user's details, for a signed-in viewer other than them; core's
 *  words, which the app translates. */
export const followForm = (state: FollowState): ServerForm[] =>
  state.canFollow
    ? [
        state.isFollowing
          ? {
              type: 'unfollow',
              title: '#UNFOLLOW',
              icon: 'bellSlash',
              requireConfirmation: false,
              options: [],
            }
          : {
              type: 'follow',
              title: '#FOLLOW',
              icon: 'bell',
              requireConfirmation: false,
              options: [],
            },
      ]
    : []

const setFollow = async (ctx: AppContext, user: User, handle: string, follow: boolean) => {
  const person = await ctx.repos.users.findByHandle(handle)
  if (!person) throw notFound('No such user')
  if (person.id === user.id) throw badRequest('You cannot follow yourself')
  if (follow) await ctx.repos.follows.follow(user.id, person.id, Date.now())
  else await ctx.repos.follows.unfollow(user.id, person.id)
  return { user, person }
}

const wire = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  time: Number(row.createdTime),
  read: row.readTime !== null,
  actor: row.actor,
  chartId: row.chartId,
  label: row.label,
  commentId: row.commentId,
})

export const follows: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/users/:name/follow',
    { schema: { params: NameParams, querystring: AnyQuery, response: { 200: FollowStateSchema } } },
    async (request, reply): Promise<FollowState> => {
      const person = await ctx.repos.users.findByHandle(request.params.name)
      if (!person) throw notFound('No such user')
      reply.header('cache-control', 'no-store')
      return followState(ctx, person, await ctx.auth.userOf(request))
    },
  )

  app.post(
    '/sonolus/users/:name/follow',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: AnyQuery,
        body: FollowBodySchema,
        response: { 200: FollowResponseSchema },
      },
    },
    async (request): Promise<FollowResponse> => {
      const { user, person } = await setFollow(
        ctx,
        callerOf(request),
        request.params.name,
        request.body.follow,
      )
      return { code: 200, ...(await followState(ctx, person, user)) }
    },
  )

  app.post(
    '/sonolus/users/:name/submit',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: ActionBody,
        response: { 200: SubmitResponseSchema },
      },
    },
    async (request) => {
      const type = actionValues(request.body, request.query).get('type')
      if (type !== 'follow' && type !== 'unfollow') throw badRequest(`Unknown action type "${type ?? ''}"`)
      await setFollow(ctx, callerOf(request), request.params.name, type === 'follow')
      return { key: '', hashes: [], shouldUpdateItem: true }
    },
  )

  app.get(
    '/sonolus/user/notifications',
    {
      config: { auth: 'user' },
      schema: { querystring: NotificationsQuery, response: { 200: NotificationsResponseSchema } },
    },
    async (request, reply) => {
      const user = callerOf(request)
      const page = request.query.page ?? 0
      const [rows, { total, unread }] = await Promise.all([
        ctx.repos.follows.list(user.id, page * NOTIFICATIONS_PER_PAGE, NOTIFICATIONS_PER_PAGE),
        // Counted as far as ten pages on: the pager grows as one pages on.
        ctx.repos.follows.pageCounts(
          user.id,
          (page + 1 + NOTIFICATIONS_PAGES_AHEAD) * NOTIFICATIONS_PER_PAGE,
        ),
      ])
      const body: NotificationsResponse = {
        unread,
        pageCount: Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE)),
        items: rows.map(wire),
      }
      // JSON.stringify, not the schema's serializer: its nullable fields cost a check per branch per item
      // (the suites still check the answer against the schema).
      return sendJsonText(reply, JSON.stringify(body))
    },
  )

  app.get(
    '/sonolus/user/notifications/unread',
    { config: { auth: 'user' }, schema: { querystring: AnyQuery, response: { 200: UnreadResponseSchema } } },
    async (request, reply) => {
      const user = callerOf(request)
      reply.header('cache-control', 'no-store')
      return { unread: await ctx.repos.follows.countUnread(user.id) }
    },
  )

  app.post(
    '/sonolus/user/notifications/read',
    {
      config: { auth: 'user' },
      schema: { querystring: AnyQuery, body: ReadBodySchema, response: { 200: ReadResponseSchema } },
    },
    async (request) => {
      const user = callerOf(request)
      const now = Date.now()
      const ids = request.body.ids
      await ctx.repos.follows.markRead(user.id, now, ids ? { ids } : {})
      // The moderation notices' own page reads as read once they all are (the notices' own marker).
      if (!ids) await noticesRead(ctx, user.id, now)
      return { code: 200 as const, unread: await ctx.repos.follows.countUnread(user.id) }
    },
  )

  app.get(
    '/sonolus/user/notifications/settings',
    {
      config: { auth: 'user' },
      schema: { querystring: AnyQuery, response: { 200: NotificationSettingsSchema } },
    },
    async (request, reply) => {
      const user = callerOf(request)
      reply.header('cache-control', 'no-store')
      return { off: (await ctx.repos.follows.off(user.id)) as NotificationKind[] }
    },
  )

  app.post(
    '/sonolus/user/notifications/settings',
    {
      config: { auth: 'user' },
      schema: {
        querystring: AnyQuery,
        body: NotificationSettingsSchema,
        response: { 200: NotificationSettingsSchema },
      },
    },
    async (request) => {
      const user = callerOf(request)
      await ctx.repos.follows.setOff(user.id, request.body.off)
      return { off: (await ctx.repos.follows.off(user.id)) as NotificationKind[] }
    },
  )
}
