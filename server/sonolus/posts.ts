// GET /sonolus/posts/{info,list,{name}}: moderation notices in the app (issue 14). A moderator's action on
// a player's chart, comment or account reaches them as a post addressed to them alone; the server info's
// post button carries the unread count as its badge (core ServerInfoItemButton.badgeCount). Opening the
// list reads them. Visitors see no posts.
import {
  LocalizationQuery,
  NameParams,
  PageQuery,
  PostDetailsSchema,
  PostInfoSchema,
  PostListSchema,
} from '../../common/api/schemas/protocol.js'
import { type PostItem } from '@sonolus/core'
import { LOG_PAGE_SIZE } from '../../common/api/moderation.js'
import { type AppContext } from '../context.js'
import { type LogRow, type User } from '../db/repositories/index.js'
import { notFound } from '../http/errors.js'
import { noticeText, noticeTitle } from '../moderation/notices.js'
import { type RouteModule } from './types.js'

const POST_PREFIX = 'notice-'

const toPost = (ctx: AppContext, row: LogRow, locale: string): PostItem => ({
  name: `${POST_PREFIX}${row.id}`,
  source: ctx.config.publicUrl,
  version: 1,
  title: noticeTitle(row, locale),
  time: Number(row.createdTime),
  author: ctx.config.siteTitle,
  tags: [{ title: '#MODERATOR', icon: 'warning' }],
})

export const posts: RouteModule = (app, ctx) => {
  const notices = (user: User | undefined, offset: number, limit: number) =>
    user ? ctx.repos.moderation.listLog({ subjectUserId: user.id }, offset, limit) : Promise.resolve([])

  app.get(
    '/sonolus/posts/info',
    { schema: { querystring: LocalizationQuery, response: { 200: PostInfoSchema } } },
    async (request) => {
      const user = await ctx.auth.userOf(request)
      const rows = await notices(user, 0, 5)
      const locale = request.query.localization ?? 'en'
      return {
        sections: rows.length
          ? [
              {
                title: '#NOTIFICATION',
                icon: 'bell',
                itemType: 'post',
                items: rows.map((row) => toPost(ctx, row, locale)),
              },
            ]
          : [],
      }
    },
  )

  app.get(
    '/sonolus/posts/list',
    { schema: { querystring: PageQuery, response: { 200: PostListSchema } } },
    async (request) => {
      const user = await ctx.auth.userOf(request)
      const page = request.query.page ?? 0
      const [rows, total] = user
        ? await Promise.all([
            notices(user, page * LOG_PAGE_SIZE, LOG_PAGE_SIZE),
            ctx.repos.moderation.countLog({ subjectUserId: user.id }),
          ])
        : [[], 0]
      // Seen in the list: the badge clears.
      if (user) await ctx.repos.moderation.markNoticesRead(user.id, Date.now())
      const locale = request.query.localization ?? 'en'
      return {
        pageCount: Math.max(1, Math.ceil(total / LOG_PAGE_SIZE)),
        items: rows.map((row) => toPost(ctx, row, locale)),
      }
    },
  )

  app.get(
    '/sonolus/posts/:name',
    { schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: PostDetailsSchema } } },
    async (request) => {
      const { name } = request.params
      const user = await ctx.auth.userOf(request)
      const id = name.startsWith(POST_PREFIX) ? name.slice(POST_PREFIX.length) : ''
      // A notice is its subject's alone.
      const [row] =
        user && id ? await ctx.repos.moderation.listLog({ subjectUserId: user.id, entryId: id }, 0, 1) : []
      if (!row) throw notFound('No such post')
      const locale = request.query.localization ?? 'en'
      return {
        item: toPost(ctx, row, locale),
        description: noticeText(row, locale),
        actions: [],
        hasCommunity: false,
        leaderboards: [],
        sections: [],
      }
    },
  )
}
