// Community (docs/protocol.md §7, docs/spec.md §2 "Chart info", §6–§8): likes, ratings and comments on a chart, for the
// app (forms in community/info, values in the body) and the site (status, and values in the query).
// A private chart's community is its owner's alone, like the chart. 401 means: log in (docs/spec.md §6).
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
import { type ServerForm, type ServerSubmitItemCommunityActionResponse } from '@sonolus/core'
import { COMMENT_MAX_LENGTH, COMMENTS_PER_PAGE, RATING_MAX, RATING_MIN } from '../../../common/rules.js'
import { type CommentListResponse, type WebComment } from '../../../common/api/community.js'
import { type CommentRow, type User } from '../../db/repositories/index.js'
import { badRequest } from '../../http/errors.js'
import { type RouteModule } from '../types.js'
import { type Built, sendJson } from '../../cache/send.js'
import {
  addComment,
  commentOf,
  commentPage,
  communityInfo,
  communityStatus,
  deleteComment,
  editComment,
  pageOf,
  ratingDefault,
  setLike,
  setRating,
} from '../../services/community.js'
import { cacheTags } from '../../cache/tags.js'
import { actionValues } from '../values.js'
import { visibleChart } from '../../policy/chartAccess.js'
import { withUser } from './item.js'
import { isModerator, moderate, requireModerator } from '../../moderation/service.js'
import { fileReport } from '../../moderation/reports.js'
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
      const { status, top } = await communityInfo(ctx, chart, user)
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
      return communityStatus(ctx, chart, user)
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
        response.newLike = await setLike(ctx, chart, user, type === 'like', now)
      } else if (type === 'rating' || type === 'unrating') {
        const result = await setRating(
          ctx,
          chart,
          user,
          type === 'rating' && { raw: values.get('rating') },
          now,
        )
        response.newRating = result.rating
        response.newRatingNumber = result.ratingNumber
      } else if (type === 'comment') {
        const count = await addComment(
          ctx,
          chart,
          user,
          null,
          values.get('comment') ?? values.get('content'),
          now,
        )
        response.shouldUpdateComments = true
        response.shouldNavigateCommentsToPage = pageOf(count)
      } else {
        throw badRequest(`Unknown community action "${type ?? ''}"`)
      }
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
            await commentsOf(
              request.params.name,
              request.query.page ?? 0,
              request.query.localization,
              built,
              user,
            ),
          ),
      ),
  )

  const commentsOf = async (
    name: string,
    page: number,
    localization: string | undefined,
    { tags, personal }: Built,
    user: User | undefined,
  ) => {
    const chart = await visibleChart(ctx, name, user, 'page')
    tags.add(cacheTags.comments(chart.id))
    const rows = await commentPage(ctx, chart, page)
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
      const comment = await commentOf(ctx, chart, commentName)
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
        const count = await addComment(ctx, chart, user, comment, values.get('content'), now)
        response.shouldNavigateCommentsToPage = pageOf(count)
      } else if (type === 'edit') {
        await editComment(ctx, chart, comment, user, values.get('content'), now)
      } else if (type === 'delete') {
        await deleteComment(ctx, chart, comment, user)
      } else {
        throw badRequest(`Unknown comment action "${type ?? ''}"`)
      }
      return response
    },
  )
}
