// Community (docs/protocol.md §7, docs/spec.md §2 "Chart info", §6–§8): likes, ratings and comments on a chart, for the
// app (forms in community/info, values in the body) and the site (status, and values in the query).
// A private chart's community is its owner's alone, like the chart. 401 means: log in (docs/spec.md §6).
import { chartRated, commentPosted } from '../../notifications/events.js'
import {
  CommentListResponseSchema,
  CommentParams,
  CommunityInfoResponseSchema,
  CommunityStatusSchema,
} from '../../../common/api/schemas/levels.js'
import {
  ActionBody,
  CommunitySubmitResponseSchema,
  LocalizationQuery,
  NameParams,
  PageQuery,
} from '../../../common/api/schemas/protocol.js'
import { randomBytes } from 'node:crypto'
import { type ServerForm, type ServerSubmitItemCommunityActionResponse } from '@sonolus/core'
import {
  COMMENT_MAX_LENGTH,
  COMMENT_RATE_LIMIT,
  COMMENT_RATE_WINDOW_MS,
  COMMENTS_PER_PAGE,
  RATING_MAX,
  RATING_MIN,
  TOP_COMMENTS,
} from '../../../common/rules.js'
import { codePointLength, hasForbiddenChars, normalizeNewlines } from '../../../common/text.js'
import { type AppContext } from '../../context.js'
import { type CommentListResponse, type WebComment } from '../../../common/api/community.js'
import { type ChartRow, type CommentRow, type User } from '../../db/repositories/index.js'
import { HttpError, actionDenied, badRequest, emptyField, notFound } from '../../http/errors.js'
import { type RouteModule } from '../types.js'
import { type Built, sendJson } from '../../cache/send.js'
import { cacheTags, commentsChanged, countersChanged } from '../../cache/tags.js'
import { actionValues } from '../values.js'
import { visibleChart } from './access.js'
import { withUser } from './item.js'
import { fileReport, isModerator, moderate, requireModerator } from '../../moderation/service.js'
import { DEFAULT_REPORT_REASON, moderatorForm, reportForm } from '../moderationForms.js'
import { markdownToPlain } from '../../../common/plainText.js'
import { callerOf } from '../../auth/rules.js'

const contentOption = (def = '') => ({
  query: 'content',
  name: '#CONTENT' as const,
  required: true,
  type: 'textArea' as const,
  def,
  placeholder: '#CONTENT_PLACEHOLDER' as const,
  limit: COMMENT_MAX_LENGTH,
  shortcuts: [],
})

/** The rating the form shows: one's own, or the top of the scale. A rating sent without a value is this. */
const ratingDefault = (status: { isRating: boolean; rating: number }) =>
  status.isRating ? status.rating : RATING_MAX

const communityActions = (status: { isLike: boolean; isRating: boolean; rating: number }): ServerForm[] => [
  status.isLike
    ? // Liked: the filled heart says so, and pressing it takes the like back.
      { type: 'dislike', title: '#LIKED', icon: 'heart', requireConfirmation: false, options: [] }
    : { type: 'like', title: '#LIKE', icon: 'heartHollow', requireConfirmation: false, options: [] },
  {
    type: 'rating',
    title: '#RATING',
    icon: 'star',
    requireConfirmation: false,
    options: [
      {
        query: 'rating',
        name: '#RATING',
        // Not required: the official web client sends only values that differ from their default, so
        // an untouched slider is absent, and means its default.
        required: false,
        type: 'slider',
        def: ratingDefault(status),
        min: RATING_MIN,
        max: RATING_MAX,
        step: 1,
      },
    ],
  },
  ...(status.isRating
    ? [
        {
          type: 'unrating',
          title: '#REMOVE',
          icon: 'starHollow',
          requireConfirmation: false,
          options: [],
        },
      ]
    : []),
  {
    type: 'comment',
    title: '#COMMENT',
    icon: 'comment',
    requireConfirmation: false,
    options: [
      { ...contentOption(), query: 'comment', name: '#COMMENT', placeholder: '#COMMENT_PLACEHOLDER' },
    ],
  },
]

/** What this viewer may do with a comment: reply when logged in; edit and delete when it is theirs; report
 *  it when it is not; hide or delete it, with a reason, when they moderate. */
const commentActions = (
  comment: CommentRow,
  user: User | undefined,
  moderator: boolean,
  locale: string | undefined,
): ServerForm[] => {
  if (!user) return []
  const reply: ServerForm = {
    type: 'reply',
    title: '#REPLY',
    icon: 'reply',
    requireConfirmation: false,
    options: [contentOption()],
  }
  if (comment.userId === user.id)
    return [
      reply,
      {
        type: 'edit',
        title: '#EDIT',
        icon: 'edit',
        requireConfirmation: false,
        options: [contentOption(comment.content)],
      },
      { type: 'delete', title: '#DELETE', icon: 'delete', requireConfirmation: true, options: [] },
    ]
  return [reply, reportForm(locale), ...(moderator ? [moderatorForm('hide'), moderatorForm('delete')] : [])]
}

/** A comment as the app shows it (content as plain text: the app renders no markdown) with the site's
 *  extras (its markdown source, parent and edited flag). */
const toComment = (
  comment: CommentRow,
  user: User | undefined,
  moderator: boolean,
  locale: string | undefined,
  publicUrl: string,
): WebComment => ({
  name: comment.id,
  author: comment.author,
  ...withUser('authorUser', comment.author, publicUrl),
  time: Number(comment.createdTime),
  content: markdownToPlain(comment.content),
  markdown: comment.content,
  actions: commentActions(comment, user, moderator, locale),
  parent: comment.parentId,
  edited: comment.editedTime !== null,
})

/** The text of a comment: trimmed, required, at most COMMENT_MAX_LENGTH code points (the site's counter
 *  counts the same, common/text.ts). Line breaks (CR LF becomes LF) and tabs are kept; other control
 *  characters, lone surrogates and noncharacters are refused, not stored. */
const commentText = (value: string | null): string => {
  const text = normalizeNewlines(value ?? '').trim()
  if (!text) throw emptyField()
  if (hasForbiddenChars(text, 'multiline')) throw badRequest('A comment may not hold control characters')
  if (codePointLength(text) > COMMENT_MAX_LENGTH)
    throw badRequest(`A comment is at most ${COMMENT_MAX_LENGTH} characters`)
  return text
}

/** A reply quotes the start of its parent, so it reads well in the app, which has no threads. */
export const replyBody = (parent: CommentRow, text: string): string => {
  const quoted = parent.content.replace(/\s+/g, ' ').trim()
  const excerpt = [...quoted].length > 80 ? `${[...quoted].slice(0, 80).join('')}…` : quoted
  return `> ${parent.author}: ${excerpt}\n\n${text}`
}

const pageOf = (position: number) => Math.max(0, Math.ceil(position / COMMENTS_PER_PAGE) - 1)

export const levelsCommunity: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/levels/:name/community/info',
    {
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        response: { 200: CommunityInfoResponseSchema },
      },
    },
    async (request) => {
      const { name } = request.params
      const user = await ctx.auth.userOf(request)
      const chart = await visibleChart(ctx, name, user, 'page')
      const status = user
        ? await ctx.repos.community.status(chart.id, user.id)
        : { isLike: false, isRating: false, rating: 0 }
      const top = await ctx.repos.community.newestComments(chart.id, TOP_COMMENTS)
      const moderator = await isModerator(ctx, user)
      const info = {
        actions: communityActions(status),
        topComments: top.map((comment) =>
          toComment(comment, user, moderator, request.query.localization, ctx.config.publicUrl),
        ),
      }
      return info
    },
  )

  // The site's status call (docs/spec.md §7): {isLike, isRating, rating}; all false for a visitor.
  app.get(
    '/sonolus/levels/:name/community/status',
    {
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        response: { 200: CommunityStatusSchema },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      const user = await ctx.auth.userOf(request)
      const chart = await visibleChart(ctx, name, user, 'page')
      reply.header('cache-control', 'no-store')
      return user
        ? ctx.repos.community.status(chart.id, user.id)
        : { isLike: false, isRating: false, rating: 0 }
    },
  )

  app.post(
    '/sonolus/levels/:name/community/submit',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: ActionBody,
        response: { 200: CommunitySubmitResponseSchema },
      },
    },
    async (request) => {
      const { name } = request.params
      const user = callerOf(request)
      const chart = await visibleChart(ctx, name, user, 'action')
      const values = actionValues(request.body, request.query)
      const now = Date.now()
      const response: ServerSubmitItemCommunityActionResponse & Record<string, unknown> = {
        key: '',
        hashes: [],
        shouldUpdateCommunity: true,
      }
      const type = values.get('type')
      if (type === 'like' || type === 'dislike') {
        const likes = await ctx.repos.transaction((trx) =>
          trx.community.setLike(chart.id, user.id, type === 'like', now),
        )
        if (likes === undefined) throw notFound('No such chart')
        response.newLike = likes
      } else if (type === 'rating' || type === 'unrating') {
        let rating: number | null = null
        if (type === 'rating') {
          // The form's untouched slider sends nothing: its default, as the form showed it.
          const raw =
            values.get('rating') ?? String(ratingDefault(await ctx.repos.community.status(chart.id, user.id)))
          rating = Number(raw)
          if (!/^\d+$/.test(raw) || rating < RATING_MIN || rating > RATING_MAX)
            throw badRequest(`rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
        }
        const result = await ctx.repos.transaction(async (trx) => {
          const first = rating !== null && !(await trx.community.status(chart.id, user.id)).isRating
          const set = await trx.community.setRating(chart.id, user.id, rating, now)
          if (set && first) await chartRated(trx, chart, user, now)
          return set
        })
        if (!result) throw notFound('No such chart')
        response.newRating = result.rating
        response.newRatingNumber = result.ratingNumber
      } else if (type === 'comment') {
        const text = commentText(values.get('comment') ?? values.get('content'))
        const count = await postComment(ctx, chart, user, null, text, now)
        response.shouldUpdateComments = true
        response.shouldNavigateCommentsToPage = pageOf(count)
      } else {
        throw badRequest(`Unknown community action "${type ?? ''}"`)
      }
      // A change to a chart's community drops the pages that show it, here and on the other instances.
      if (type === 'comment') commentsChanged(ctx, chart.id)
      else countersChanged(ctx, chart.id)
      return response
    },
  )

  // Anonymous pages come from the short-lived response cache (dropped by every community change to the
  // chart here).
  app.get(
    '/sonolus/levels/:name/community/comments/list',
    { schema: { params: NameParams, querystring: PageQuery, response: { 200: CommentListResponseSchema } } },
    async (request, reply) =>
      sendJson(
        ctx,
        request,
        reply,
        `comments\n${request.params.name}\n${request.query.page ?? 0}\n${request.query.localization ?? 'en'}`,
        async (built, user) =>
          JSON.stringify(
            await commentPage(
              request.params.name,
              request.query.page ?? 0,
              request.query.localization,
              built,
              user,
            ),
          ),
      ),
  )

  const commentPage = async (
    name: string,
    page: number,
    localization: string | undefined,
    { tags, personal }: Built,
    user: User | undefined,
  ) => {
    const chart = await visibleChart(ctx, name, user, 'page')
    tags.add(cacheTags.comments(chart.id))
    const rows = await ctx.repos.community.listComments(chart.id, page * COMMENTS_PER_PAGE, COMMENTS_PER_PAGE)
    // A comment's author edits and deletes it: the page signed-in users share is not theirs.
    for (const comment of rows) personal.add(comment.userId)
    const moderator = await isModerator(ctx, user)
    const total = Number(chart.commentNumber)
    const list: CommentListResponse = {
      pageCount: Math.max(1, Math.ceil(total / COMMENTS_PER_PAGE)),
      comments: rows.map((comment) =>
        toComment(comment, user, moderator, localization, ctx.config.publicUrl),
      ),
      total,
    }
    return list
  }

  app.post(
    '/sonolus/levels/:name/community/comments/:comment/submit',
    {
      config: { auth: 'user' },
      schema: {
        params: CommentParams,
        querystring: LocalizationQuery,
        body: ActionBody,
        response: { 200: CommunitySubmitResponseSchema },
      },
    },
    async (request) => {
      const { name, comment: commentName } = request.params
      const user = callerOf(request)
      const chart = await visibleChart(ctx, name, user, 'action')
      // A NUL is no comment's name, and PostgreSQL refuses it as text: not found, not a 500.
      const comment = hasForbiddenChars(commentName)
        ? undefined
        : await ctx.repos.community.findComment(commentName)
      if (!comment || comment.chartId !== chart.id) throw notFound('No such comment')
      const values = actionValues(request.body, request.query)
      const now = Date.now()
      const response: ServerSubmitItemCommunityActionResponse = {
        key: '',
        hashes: [],
        shouldUpdateComments: true,
        shouldUpdateCommunity: true,
      }
      const type = values.get('type')
      const target = { type: 'comment' as const, id: comment.id }
      if (type === 'report') {
        await fileReport(ctx, user, request.ip, {
          target,
          reason: values.get('reason') ?? DEFAULT_REPORT_REASON,
          note: values.get('note') ?? '',
        })
        return { key: '', hashes: [] }
      }
      // A moderator hides or deletes someone else's comment, with a reason.
      if (type === 'hide' || (type === 'delete' && comment.userId !== user.id)) {
        const moderator = await requireModerator(ctx, user)
        await moderate(ctx, moderator, { target, action: type, reason: values.get('reason') ?? '' })
        return response
      }
      if (type === 'reply') {
        const text = commentText(values.get('content'))
        const count = await postComment(ctx, chart, user, comment, replyBody(comment, text), now)
        response.shouldNavigateCommentsToPage = pageOf(count)
      } else if (type === 'edit' || type === 'delete') {
        // docs/spec.md §6: comment authors edit and delete their own comments.
        if (comment.userId !== user.id) throw actionDenied()
        if (type === 'edit')
          await ctx.repos.community.editComment(comment.id, commentText(values.get('content')), now)
        else await ctx.repos.transaction((trx) => trx.community.deleteComment(comment))
      } else {
        throw badRequest(`Unknown comment action "${type ?? ''}"`)
      }
      commentsChanged(ctx, chart.id)
      return response
    },
  )
}

/** Adds a comment (or a reply to `parent`) after the rate limit; returns the chart's live comment count. */
const postComment = async (
  ctx: AppContext,
  chart: ChartRow,
  user: User,
  parent: CommentRow | null,
  content: string,
  now: number,
): Promise<number> => {
  await rateLimitComments(ctx, user.id, now)
  const id = randomBytes(16).toString('hex')
  const count = await ctx.repos.transaction(async (trx) => {
    const live = await trx.community.addComment({
      id,
      chartId: chart.id,
      userId: user.id,
      author: `${user.name}#${user.handle}`,
      parentId: parent?.id ?? null,
      content,
      createdTime: now,
    })
    if (live !== undefined) await commentPosted(trx, chart, { id, content, createdTime: now }, parent, user)
    return live
  })
  if (count === undefined) throw notFound('No such chart')
  return count
}

const rateLimitComments = async (ctx: AppContext, userId: string, now: number) => {
  const recent = await ctx.repos.community.countUserCommentsSince(userId, now - COMMENT_RATE_WINDOW_MS)
  if (recent >= COMMENT_RATE_LIMIT)
    throw new HttpError(
      429,
      'rate_limited',
      `At most ${COMMENT_RATE_LIMIT} comments a minute; wait a moment and try again`,
    )
}
