// GET /sonolus/posts/{info,list,{name}}: posts in the app.
// - The server's news (issue 17), which moderators write on the site (/sonolus/news): everyone's.
// - Moderation notices (issue 14): a moderator's action on a player's chart, comment or account reaches
//   them as a post addressed to them alone; the server info's post button carries the unread count as its
//   badge (core ServerInfoItemButton.badgeCount). Listing them reads them.
// The list takes `kind=news|notices` (the sections' searchValues); without it, a player's notices and a
// visitor's news.
import {
  LocalizationQuery,
  NameParams,
  PostDetailsSchema,
  PostInfoSchema,
  PostListQuery,
  PostListSchema,
} from '../../common/api/schemas/protocol.js'
import { type PostItem } from '@sonolus/core'
import { LOG_PAGE_SIZE } from '../../common/api/moderation.js'
import { NEWS_PER_PAGE } from '../../common/api/people.js'
import { markdownToPlain } from '../../common/plainText.js'
import { type AppContext } from '../context.js'
import { type LogRow, type NewsRow, type User } from '../db/repositories/index.js'
import { notFound } from '../http/errors.js'
import { noticeText, noticeTitle } from '../moderation/notices.js'
import { type RouteModule } from './types.js'
import { withUser } from './levels/item.js'

const NOTICE_PREFIX = 'notice-'
const NEWS_PREFIX = 'news-'

const noticePost = (ctx: AppContext, row: LogRow, locale: string): PostItem => ({
  name: `${NOTICE_PREFIX}${row.id}`,
  source: ctx.config.publicUrl,
  version: 1,
  title: noticeTitle(row, locale),
  time: Number(row.createdTime),
  author: ctx.config.siteTitle,
  tags: [{ title: '#MODERATOR', icon: 'warning' }],
})

export const newsPost = (ctx: AppContext, row: NewsRow): PostItem => ({
  name: `${NEWS_PREFIX}${row.id}`,
  source: ctx.config.publicUrl,
  version: 1,
  title: row.title,
  time: Number(row.createdTime),
  author: row.author,
  ...withUser('authorUser', row.author, ctx.config.publicUrl),
  tags: [{ title: '#ANNOUNCEMENT', icon: 'announcement' }],
})

const details = (item: PostItem, description: string) => ({
  item,
  description,
  actions: [],
  hasCommunity: false,
  leaderboards: [],
  sections: [],
})

export const posts: RouteModule = (app, ctx) => {
  const notices = (user: User | undefined, offset: number, limit: number) =>
    user ? ctx.repos.moderation.listLog({ subjectUserId: user.id }, offset, limit) : Promise.resolve([])

  app.get(
    '/sonolus/posts/info',
    { schema: { querystring: LocalizationQuery, response: { 200: PostInfoSchema } } },
    async (request) => {
      const user = await ctx.auth.userOf(request)
      const [news, mine] = await Promise.all([ctx.repos.people.listNews(0, 5), notices(user, 0, 5)])
      const locale = request.query.localization ?? 'en'
      const sections = []
      if (news.length)
        sections.push({
          title: '#ANNOUNCEMENT',
          icon: 'announcement',
          itemType: 'post' as const,
          items: news.map((row) => newsPost(ctx, row)),
          searchValues: 'kind=news',
        })
      if (mine.length)
        sections.push({
          title: '#NOTIFICATION',
          icon: 'bell',
          itemType: 'post' as const,
          items: mine.map((row) => noticePost(ctx, row, locale)),
          searchValues: 'kind=notices',
        })
      return { sections }
    },
  )

  app.get(
    '/sonolus/posts/list',
    { schema: { querystring: PostListQuery, response: { 200: PostListSchema } } },
    async (request) => {
      const user = await ctx.auth.userOf(request)
      const page = request.query.page ?? 0
      const kind = request.query.kind ?? (user ? 'notices' : 'news')
      if (kind === 'news') {
        const [rows, total] = await Promise.all([
          ctx.repos.people.listNews(page * NEWS_PER_PAGE, NEWS_PER_PAGE),
          ctx.repos.people.countNews(),
        ])
        return {
          pageCount: Math.max(1, Math.ceil(total / NEWS_PER_PAGE)),
          items: rows.map((row) => newsPost(ctx, row)),
        }
      }
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
        items: rows.map((row) => noticePost(ctx, row, locale)),
      }
    },
  )

  app.get(
    '/sonolus/posts/:name',
    { schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: PostDetailsSchema } } },
    async (request) => {
      const { name } = request.params
      if (name.startsWith(NEWS_PREFIX)) {
        const row = await ctx.repos.people.findNews(name.slice(NEWS_PREFIX.length))
        if (!row) throw notFound('No such post')
        // Plain text: the app renders no markdown.
        return details(newsPost(ctx, row), markdownToPlain(row.body))
      }
      const user = await ctx.auth.userOf(request)
      const id = name.startsWith(NOTICE_PREFIX) ? name.slice(NOTICE_PREFIX.length) : ''
      // A notice is its subject's alone.
      const [row] =
        user && id ? await ctx.repos.moderation.listLog({ subjectUserId: user.id, entryId: id }, 0, 1) : []
      if (!row) throw notFound('No such post')
      const locale = request.query.localization ?? 'en'
      return details(noticePost(ctx, row, locale), noticeText(row, locale))
    },
  )
}
