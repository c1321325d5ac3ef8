// The server's news (docs/protocol.md §15.8): moderators write, edit and delete posts on the
// site; everyone reads them on the site's home page and in the app's posts (posts.ts).
// GET /sonolus/news?page, POST /sonolus/news {title, body}, POST /sonolus/news/{id} {action: edit|delete}.
import { randomBytes } from 'node:crypto'
import {
  NewsActionBody,
  NewsBody,
  NewsListResponseSchema,
  NewsParams,
  NewsSavedResponseSchema,
} from '../../common/api/schemas/people.js'
import { LocalizationQuery, PageQuery } from '../../common/api/schemas/protocol.js'
import { NEWS_BODY_MAX, NEWS_PER_PAGE, NEWS_TITLE_MAX, type NewsItem } from '../../common/api/people.js'
import { codePointLength, hasForbiddenChars, normalizeNewlines } from '../../common/text.js'
import { type NewsRow } from '../db/repositories/index.js'
import { badRequest, emptyField, notFound } from '../http/errors.js'
import { type RouteModule } from './types.js'
import { callerOf } from '../auth/rules.js'

const toNews = (row: NewsRow): NewsItem => ({
  id: row.id,
  title: row.title,
  body: row.body,
  author: row.author,
  createdTime: Number(row.createdTime),
  updatedTime: Number(row.updatedTime),
})

/** A post's title and body: required, bounded in code points, no control characters (line breaks and
 *  tabs in the body). */
const readPost = (input: { title: string; body: string }) => {
  const title = input.title.trim()
  const body = normalizeNewlines(input.body).trim()
  if (!title || !body) throw emptyField()
  if (hasForbiddenChars(title) || hasForbiddenChars(body, 'multiline'))
    throw badRequest('A post may not hold control characters')
  if (codePointLength(title) > NEWS_TITLE_MAX)
    throw badRequest(`A title is at most ${NEWS_TITLE_MAX} characters`)
  if (codePointLength(body) > NEWS_BODY_MAX) throw badRequest(`A post is at most ${NEWS_BODY_MAX} characters`)
  return { title, body }
}

export const news: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/news',
    { schema: { querystring: PageQuery, response: { 200: NewsListResponseSchema } } },
    async (request) => {
      const page = request.query.page ?? 0
      const [rows, total] = await Promise.all([
        ctx.repos.people.listNews(page * NEWS_PER_PAGE, NEWS_PER_PAGE),
        ctx.repos.people.countNews(),
      ])
      return { pageCount: Math.max(1, Math.ceil(total / NEWS_PER_PAGE)), items: rows.map(toNews) }
    },
  )

  app.post(
    '/sonolus/news',
    {
      config: { auth: 'moderator' },
      schema: { querystring: LocalizationQuery, body: NewsBody, response: { 200: NewsSavedResponseSchema } },
    },
    async (request) => {
      const moderator = callerOf(request)
      const post = readPost(request.body)
      const now = Date.now()
      const id = randomBytes(8).toString('hex')
      await ctx.repos.people.addNews({
        id,
        ...post,
        authorId: moderator.id,
        author: `${moderator.name}#${moderator.handle}`,
        createdTime: now,
        updatedTime: now,
      })
      request.log.info({ news: id, moderator: moderator.id }, 'news posted')
      return { code: 200 as const, id }
    },
  )

  app.post(
    '/sonolus/news/:id',
    {
      config: { auth: 'moderator' },
      schema: {
        params: NewsParams,
        querystring: LocalizationQuery,
        body: NewsActionBody,
        response: { 200: NewsSavedResponseSchema },
      },
    },
    async (request) => {
      const moderator = callerOf(request)
      const { id } = request.params
      const body = request.body
      const done =
        body.action === 'delete'
          ? await ctx.repos.people.deleteNews(id)
          : await ctx.repos.people.updateNews(id, { ...readPost(body), updatedTime: Date.now() })
      if (!done) throw notFound('No such post')
      request.log.info({ news: id, moderator: moderator.id, action: body.action }, 'news changed')
      return { code: 200 as const, id }
    },
  )
}
