// Community (docs/protocol.md §7, docs/spec.md §2 "Chart info", §6–§8): likes, ratings and comments on a chart, for the
// app (forms in community/info, values in the body) and the site (status, and values in the query).
// A private chart's community is its owner's alone, like the chart. 401 means: log in (docs/spec.md §6).
import {
  CommentListQuery,
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
} from '../../../common/api/schemas/protocol.js'
import { type ServerForm, type ServerSubmitItemCommunityActionResponse } from '@sonolus/core'
import {
  COMMENT_MAX_LENGTH,
  COMMENTS_PER_PAGE,
  type CommentState,
  RATING_MAX,
  RATING_MIN,
} from '../../../common/rules.js'
import { type CommentListResponse, type WebComment } from '../../../common/api/community.js'
import { type ChartRow, type CommentRow, type User } from '../../db/repositories/index.js'
import { type RouteModule } from '../types.js'
import { type Built, sendJson } from '../../cache/send.js'
import {
  type CommunityAct,
  actOnChart,
  actOnComment,
  chartComments,
  chartCommunity,
  chartCommunityStatus,
  type CommunityStatus,
} from '../../services/community.js'
import { cacheTags } from '../../cache/tags.js'
import { actionValues } from '../values.js'
import { type Viewer, can } from '../../policy/can.js'
import { type FastifyRequest } from 'fastify'
import { withUser } from './item.js'
import { DEFAULT_REPORT_REASON, moderatorForm, reportForm } from '../moderationForms.js'
import { markdownToPlain } from '../../../common/plainText.js'
import { formatMoment } from '../../../common/format.js'
import { ownText } from '../texts.js'
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

const momentOption = {
  query: 'moment',
  name: '#TIME' as const,
  required: false,
  type: 'text' as const,
  def: '',
  placeholder: '#TIME_PLACEHOLDER' as const,
  limit: 12,
  shortcuts: [],
}

const communityActions = (status: CommunityStatus, formRating: number): ServerForm[] => [
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
        def: formRating,
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
      // The moment of the chart it is about, if any (m:ss).
      momentOption,
    ],
  },
]

/** The chart's owner marks feedback resolved, or open again. */
const resolveForm = (comment: CommentRow, locale: string | undefined): ServerForm =>
  comment.resolvedTime === null
    ? {
        type: 'resolve',
        title: ownText('markResolved', locale),
        icon: 'check',
        requireConfirmation: false,
        options: [],
      }
    : {
        type: 'reopen',
        title: ownText('reopen', locale),
        icon: 'restore',
        requireConfirmation: false,
        options: [],
      }

/** What this viewer may do with a comment: reply when logged in; edit and delete when it is theirs; report
 *  it when it is not; hide or delete it, with a reason, when they moderate; resolve or reopen it when the
 *  chart is theirs. */
const commentActions = (
  comment: CommentRow,
  chart: ChartRow,
  viewer: Viewer,
  locale: string | undefined,
): ServerForm[] => {
  const resolve = can(viewer, 'resolve', { comment, chart }) ? [resolveForm(comment, locale)] : []
  return [...ownActions(comment, viewer, locale), ...resolve]
}

const ownActions = (comment: CommentRow, viewer: Viewer, locale: string | undefined): ServerForm[] => {
  if (!can(viewer, 'reply', { comment })) return []
  const reply: ServerForm = {
    type: 'reply',
    title: '#REPLY',
    icon: 'reply',
    requireConfirmation: false,
    options: [contentOption()],
  }
  if (can(viewer, 'edit', { comment }))
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
  const moderates = can(viewer, 'moderate', { comment })
  return [reply, reportForm(locale), ...(moderates ? [moderatorForm('hide'), moderatorForm('delete')] : [])]
}

/** A comment as the app shows it (content as plain text: the app renders no markdown) with the site's
 *  extras (its markdown source, parent and edited flag). */
const toComment = (
  comment: CommentRow,
  chart: ChartRow,
  viewer: Viewer,
  locale: string | undefined,
  publicUrl: string,
): WebComment => ({
  name: comment.id,
  author: comment.author,
  ...withUser('authorUser', comment.author, publicUrl),
  time: Number(comment.createdTime),
  // The app shows no moment of its own: the text names it.
  content: `${comment.moment === null ? '' : `[${formatMoment(comment.moment)}] `}${markdownToPlain(comment.content)}`,
  markdown: comment.content,
  actions: commentActions(comment, chart, viewer, locale),
  parent: comment.parentId,
  edited: comment.editedTime !== null,
  ...(comment.moment === null ? {} : { moment: comment.moment }),
  ...(comment.resolvedTime === null ? {} : { resolved: true }),
})

/** What a community form sent (the app's values in the body, the site's in the query). */
const actOf = (request: FastifyRequest): CommunityAct => {
  const values = actionValues(request.body, request.query)
  return {
    type: values.get('type') ?? undefined,
    rating: values.get('rating'),
    // The app's comment form names its text `comment`; the others, and the site, `content`.
    content: values.get('comment') ?? values.get('content'),
    moment: values.get('moment'),
    reason: values.get('reason') ?? DEFAULT_REPORT_REASON,
    note: values.get('note') ?? '',
    ip: request.ip,
    now: Date.now(),
  }
}

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
      const { chart, status, top, viewer, formRating } = await chartCommunity(
        ctx,
        request.params.name,
        await ctx.auth.userOf(request),
      )
      const info = {
        actions: communityActions(status, formRating),
        topComments: top.map((comment) =>
          toComment(comment, chart, viewer, request.query.localization, ctx.config.publicUrl),
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
      const status = await chartCommunityStatus(ctx, request.params.name, await ctx.auth.userOf(request))
      reply.header('cache-control', 'no-store')
      return status
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
      const result = await actOnChart(ctx, request.params.name, callerOf(request), actOf(request))
      const response: ServerSubmitItemCommunityActionResponse & Record<string, unknown> = {
        key: '',
        hashes: [],
        shouldUpdateCommunity: true,
      }
      if (result.type === 'like') response.newLike = result.likes
      if (result.type === 'rating') {
        response.newRating = result.rating
        response.newRatingNumber = result.ratingNumber
      }
      if (result.type === 'comment') {
        response.shouldUpdateComments = true
        response.shouldNavigateCommentsToPage = result.page
      }
      return response
    },
  )

  // Anonymous pages come from the short-lived response cache (dropped by every community change to the
  // chart here).
  app.get(
    '/sonolus/levels/:name/community/comments/list',
    {
      schema: {
        params: NameParams,
        querystring: CommentListQuery,
        response: { 200: CommentListResponseSchema },
      },
    },
    async (request, reply) =>
      sendJson(
        ctx,
        request,
        reply,
        `comments\n${request.params.name}\n${request.query.page ?? 0}\n${request.query.localization ?? 'en'}\n${request.query.state ?? ''}`,
        async (built, user) =>
          JSON.stringify(
            await commentsOf(
              request.params.name,
              request.query.page ?? 0,
              request.query.localization,
              request.query.state,
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
    state: CommentState | undefined,
    { tags, personal }: Built,
    user: User | undefined,
  ) => {
    const { chart, rows, viewer, total } = await chartComments(ctx, name, page, user, state)
    tags.add(cacheTags.comments(chart.id))
    // A comment's author edits and deletes it, and the chart's owner resolves it: the page signed-in users
    // share is not theirs.
    for (const comment of rows) personal.add(comment.userId)
    if (chart.authorId) personal.add(chart.authorId)
    const list: CommentListResponse = {
      pageCount: Math.max(1, Math.ceil(total / COMMENTS_PER_PAGE)),
      comments: rows.map((comment) => toComment(comment, chart, viewer, localization, ctx.config.publicUrl)),
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
      const { name, comment } = request.params
      const result = await actOnComment(ctx, name, comment, callerOf(request), actOf(request))
      if (result.type === 'reported') return { key: '', hashes: [] }
      const response: ServerSubmitItemCommunityActionResponse = {
        key: '',
        hashes: [],
        shouldUpdateComments: true,
        shouldUpdateCommunity: true,
      }
      if (result.type === 'replied') response.shouldNavigateCommentsToPage = result.page
      return response
    },
  )
}
