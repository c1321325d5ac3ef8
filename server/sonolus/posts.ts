// GET /sonolus/posts/{info,list,{name}}: posts in the app.
// - The server's news, which moderators write on the site (/sonolus/news): everyone's.
// - Moderation notices: a moderator's action on a player's chart, comment or account reaches
//   them as a post addressed to them alone.
// - Notifications: a followed creator's new chart, comments and ratings on one's charts,
//   replies to one's comments, and the notices above, each a post addressed to its user; the server info's
//   post button carries the unread count as its badge (core ServerInfoItemButton.badgeCount, Sonolus 1.1).
//   Listing a page of them reads that page; opening one reads it, and its details hold the chart.
// The list takes `kind=news|notices|notifications` (the sections' searchValues); without it, a player's
// notifications and a visitor's news. The app's quick search (`keywords`) narrows each. The server info's
// Notifications button opens the info with `type=notifications`: one's notifications alone.
import { noticesRead } from '../moderation/notices.js'
import {
  LocalizationQuery,
  NameParams,
  PostDetailsSchema,
  PostInfoQuery,
  PostInfoSchema,
  PostListQuery,
  PostListSchema,
} from '../../common/api/schemas/protocol.js'
import { type PostItem } from '@sonolus/core'
import { LOG_PAGE_SIZE } from '../../common/api/moderation.js'
import { NEWS_PER_PAGE } from '../../common/api/people.js'
import { markdownToPlain } from '../../common/plainText.js'
import { searchText } from '../../common/text.js'
import { type AppContext } from '../context.js'
import { type LogRow, type NewsRow, type NotificationRow, type User } from '../db/repositories/index.js'
import { NOTIFICATIONS_PAGES_AHEAD, NOTIFICATIONS_PER_PAGE } from '../../common/api/follows.js'
import { notificationTitle } from '../notifications/texts.js'
import { chartAccess } from '../policy/chartAccess.js'
import { levelJson } from './levels/item.js'
import { notFound } from '../http/errors.js'
import { noticeText, noticeTitle } from '../moderation/notices.js'
import { type RouteModule } from './types.js'
import { ownText } from './texts.js'
import { withUser } from './levels/item.js'

const NOTICE_PREFIX = 'notice-'
const NEWS_PREFIX = 'news-'
const NOTIFICATION_PREFIX = 'notification-'
const KIND_TAGS: Record<string, { title: string; icon: string }> = {
  chart: { title: '#LEVEL', icon: 'level' },
  comment: { title: '#COMMENT', icon: 'comment' },
  reply: { title: '#REPLY', icon: 'reply' },
  rating: { title: '#RATING', icon: 'star' },
  invite: { title: '#COAUTHOR', icon: 'user' },
  coauthor: { title: '#COAUTHOR', icon: 'user' },
  moderation: { title: '#MODERATOR', icon: 'warning' },
}

/** A notification as a post: a notice's words for a moderation one (its audit entry in `log`). */
const notificationPost = (
  ctx: AppContext,
  row: NotificationRow,
  log: Map<string, LogRow>,
  locale: string,
): PostItem => {
  const entry = row.logId ? log.get(row.logId) : undefined
  return {
    name: `${NOTIFICATION_PREFIX}${row.id}`,
    source: ctx.config.publicUrl,
    version: 1,
    title: entry ? noticeTitle(entry, locale) : notificationTitle(row, locale),
    time: Number(row.createdTime),
    author: row.actor ?? ctx.config.siteTitle,
    ...(row.actor ? withUser('authorUser', row.actor, ctx.config.publicUrl) : {}),
    tags: [
      ...(row.readTime === null ? [{ title: ownText('unread', locale), icon: 'bell' }] : []),
      KIND_TAGS[row.kind] ?? { title: '#NOTIFICATION', icon: 'bell' },
    ],
  }
}

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
  const notices = (user: User | undefined, offset: number, limit: number, keywords: string) =>
    user
      ? ctx.repos.moderation.listLog({ subjectUserId: user.id, keywords }, offset, limit)
      : Promise.resolve([])
  /** Reads a page of notifications; the notices' own marker follows once no notice is left unread. */
  const readPage = async (user: User, rows: NotificationRow[]) => {
    const now = Date.now()
    await ctx.repos.follows.markRead(user.id, now, { ids: rows.map((row) => row.id) })
    if (
      rows.some((row) => row.kind === 'moderation') &&
      (await ctx.repos.follows.countUnread(user.id, 'moderation')) === 0
    )
      await noticesRead(ctx, user.id, now)
  }
  /** A page of a user's notifications as posts. */
  const notificationPosts = async (
    user: User | undefined,
    offset: number,
    limit: number,
    locale: string,
    keywords = '',
  ) => {
    if (!user) return { rows: [], items: [] }
    const rows = await ctx.repos.follows.list(user.id, offset, limit, keywords)
    const log = await ctx.repos.moderation.logEntries(rows.flatMap((row) => (row.logId ? [row.logId] : [])))
    return { rows, items: rows.map((row) => notificationPost(ctx, row, log, locale)) }
  }

  app.get(
    '/sonolus/posts/info',
    { schema: { querystring: PostInfoQuery, response: { 200: PostInfoSchema } } },
    async (request) => {
      const user = await ctx.auth.userOf(request)
      const locale = request.query.localization ?? 'en'
      const notificationsOnly = request.query.type === 'notifications'
      const [news, mine] = await Promise.all([
        notificationsOnly ? [] : ctx.repos.people.listNews(0, 5),
        notificationPosts(user, 0, 5, locale),
      ])
      const sections = []
      if (news.length)
        sections.push({
          title: '#ANNOUNCEMENT',
          icon: 'announcement',
          itemType: 'post' as const,
          items: news.map((row) => newsPost(ctx, row)),
          searchValues: 'kind=news',
        })
      if (mine.items.length)
        sections.push({
          title: '#NOTIFICATION',
          icon: 'bell',
          itemType: 'post' as const,
          items: mine.items,
          searchValues: 'kind=notifications',
        })
      // The app's own quick search (keywords), no form of ours.
      return { ...(notificationsOnly ? { title: '#NOTIFICATION' } : {}), searches: [], sections }
    },
  )

  app.get(
    '/sonolus/posts/list',
    { schema: { querystring: PostListQuery, response: { 200: PostListSchema } } },
    async (request) => {
      const user = await ctx.auth.userOf(request)
      const page = request.query.page ?? 0
      const kind = request.query.kind ?? (user ? 'notifications' : 'news')
      const locale = request.query.localization ?? 'en'
      // Search text as the other lists take it: no control characters, at most 100 code points.
      const keywords = searchText(request.query.keywords)
      if (kind === 'news') {
        const [rows, total] = await Promise.all([
          ctx.repos.people.listNews(page * NEWS_PER_PAGE, NEWS_PER_PAGE, keywords),
          ctx.repos.people.countNews(keywords),
        ])
        return {
          pageCount: Math.max(1, Math.ceil(total / NEWS_PER_PAGE)),
          items: rows.map((row) => newsPost(ctx, row)),
          searches: [],
        }
      }
      if (kind === 'notifications') {
        const [page0, total] = await Promise.all([
          notificationPosts(user, page * NOTIFICATIONS_PER_PAGE, NOTIFICATIONS_PER_PAGE, locale, keywords),
          user
            ? ctx.repos.follows.count(
                user.id,
                (page + 1 + NOTIFICATIONS_PAGES_AHEAD) * NOTIFICATIONS_PER_PAGE,
                keywords,
              )
            : Promise.resolve(0),
        ])
        // Seen in the list: this page's are read (the badge counts the rest).
        if (user) await readPage(user, page0.rows)
        return {
          pageCount: Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE)),
          items: page0.items,
          searches: [],
        }
      }
      const [rows, total] = user
        ? await Promise.all([
            notices(user, page * LOG_PAGE_SIZE, LOG_PAGE_SIZE, keywords),
            ctx.repos.moderation.countLog({ subjectUserId: user.id, keywords }),
          ])
        : [[], 0]
      // Seen in the list: the notices' badge clears (not by a search, which shows only some of them).
      if (user && !keywords.trim()) await noticesRead(ctx, user.id, Date.now())
      return {
        pageCount: Math.max(1, Math.ceil(total / LOG_PAGE_SIZE)),
        items: rows.map((row) => noticePost(ctx, row, locale)),
        searches: [],
      }
    },
  )

  /** One of the user's notifications (anyone else's is a 404): opening it reads it; its chart, if the
   *  user may see it, is a level section the app opens. */
  const notificationDetails = async (user: User | undefined, name: string, locale: string) => {
    const row = user
      ? await ctx.repos.follows.find(user.id, name.slice(NOTIFICATION_PREFIX.length))
      : undefined
    if (!user || !row) throw notFound('No such post')
    if (row.readTime === null) await readPage(user, [row])
    const log = await ctx.repos.moderation.logEntries(row.logId ? [row.logId] : [])
    const entry = row.logId ? log.get(row.logId) : undefined
    const chart = row.chartId ? await ctx.repos.charts.findById(row.chartId) : undefined
    const visible = chart && (await chartAccess(ctx, chart, user)) === 'visible'
    return {
      ...details(
        notificationPost(ctx, { ...row, readTime: row.readTime ?? Date.now() }, log, locale),
        entry ? noticeText(entry, locale) : notificationTitle(row, locale),
      ),
      sections: visible
        ? [
            {
              title: '#LEVEL',
              icon: 'level',
              itemType: 'level',
              items: [JSON.parse(levelJson(chart, ctx.packs, locale, ctx.config.publicUrl)) as unknown],
            },
          ]
        : [],
    }
  }

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
      const locale = request.query.localization ?? 'en'
      if (name.startsWith(NOTIFICATION_PREFIX)) return notificationDetails(user, name, locale)
      const id = name.startsWith(NOTICE_PREFIX) ? name.slice(NOTICE_PREFIX.length) : ''
      // A notice is its subject's alone.
      const [row] =
        user && id ? await ctx.repos.moderation.listLog({ subjectUserId: user.id, entryId: id }, 0, 1) : []
      if (!row) throw notFound('No such post')
      return details(noticePost(ctx, row, locale), noticeText(row, locale))
    },
  )
}
