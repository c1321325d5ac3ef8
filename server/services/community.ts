// Likes, ratings and comments on a chart: the rules (bounds, the comment rate, who edits what), the
// writes with their notifications, and the kept pages each change drops. The routes (sonolus/levels/
// community.ts) read the request, call one of the use cases at the end of this file, and present the answer;
// each use case first finds the chart the caller may see.
import { randomBytes } from 'node:crypto'
import {
  COMMENT_MAX_LENGTH,
  COMMENT_RATE_LIMIT,
  COMMENT_RATE_WINDOW_MS,
  COMMENTS_PER_PAGE,
  RATING_MAX,
  CHART_LIMITS,
  type CommentState,
  RATING_MIN,
  TOP_COMMENTS,
} from '../../common/rules.js'
import { codePointLength, hasForbiddenChars, normalizeNewlines } from '../../common/text.js'
import { commentsChanged, countersChanged } from '../cache/tags.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type CommentRow, type User } from '../db/repositories/index.js'
import { invalid, missing, required, tooSoon } from '../domain/errors.js'
import { chartRated, commentPosted } from '../notifications/events.js'
import { visibleChart } from '../policy/chartAccess.js'
import { can, permit, viewerOf } from '../policy/can.js'
import { moderate } from '../moderation/service.js'
import { fileReport } from '../moderation/reports.js'

export type CommunityStatus = { isLike: boolean; isRating: boolean; rating: number }
const NO_STATUS: CommunityStatus = { isLike: false, isRating: false, rating: 0 }

/** What the caller has done to the chart; nothing for a visitor. */
const communityStatus = (ctx: AppContext, chart: ChartRow, user: User | undefined) =>
  user ? ctx.repos.community.status(chart.id, user.id) : Promise.resolve(NO_STATUS)

/** The rating the form shows: one's own, or the top of the scale. A rating sent without a value is this. */
const ratingDefault = (status: CommunityStatus): number => (status.isRating ? status.rating : RATING_MAX)

/** The page of comments that holds the `position`th (1-based). */
const pageOf = (position: number): number => Math.max(0, Math.ceil(position / COMMENTS_PER_PAGE) - 1)

/** The caller's status and the newest comments (the app's community info). */
const communityInfo = async (ctx: AppContext, chart: ChartRow, user: User | undefined) => ({
  status: await communityStatus(ctx, chart, user),
  top: await ctx.repos.community.newestComments(chart.id, TOP_COMMENTS),
})

/** A page of the chart's comments, all or only the open or the resolved ones. */
const commentPage = (ctx: AppContext, chart: ChartRow, page: number, state?: CommentState) =>
  ctx.repos.community.listComments(chart.id, page * COMMENTS_PER_PAGE, COMMENTS_PER_PAGE, state)

/** A comment of this chart by its name; none when the name names nothing here. */
const commentOf = async (ctx: AppContext, chart: ChartRow, name: string): Promise<CommentRow> => {
  // A NUL is no comment's name, and PostgreSQL refuses it as text: not found, not a 500.
  const comment = hasForbiddenChars(name) ? undefined : await ctx.repos.community.findComment(name)
  if (!comment || comment.chartId !== chart.id) throw missing('No such comment')
  return comment
}

/** Likes or takes the like back; the chart's like count after it. */
const setLike = async (ctx: AppContext, chart: ChartRow, user: User, like: boolean, now: number) => {
  const likes = await ctx.repos.transaction((trx) => trx.community.setLike(chart.id, user.id, like, now))
  if (likes === undefined) throw missing('No such chart')
  countersChanged(ctx, chart.id)
  return likes
}

/** Rates the chart (`raw`: the form's value; none means the rating the form showed) or, with `rating`
 *  false, takes the rating back. The first rating tells the chart's author. */
const setRating = async (
  ctx: AppContext,
  chart: ChartRow,
  user: User,
  rate: { raw: string | null } | false,
  now: number,
) => {
  let rating: number | null = null
  if (rate) {
    const raw = rate.raw ?? String(ratingDefault(await ctx.repos.community.status(chart.id, user.id)))
    rating = Number(raw)
    if (!/^\d+$/.test(raw) || rating < RATING_MIN || rating > RATING_MAX)
      throw invalid(`rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
  }
  const result = await ctx.repos.transaction(async (trx) => {
    const first = rating !== null && !(await trx.community.status(chart.id, user.id)).isRating
    const set = await trx.community.setRating(chart.id, user.id, rating, now)
    if (set && first) await chartRated(trx, chart, user, now)
    return set
  })
  if (!result) throw missing('No such chart')
  countersChanged(ctx, chart.id)
  return result
}

/** The text of a comment: trimmed, required, at most COMMENT_MAX_LENGTH code points (the site's counter
 *  counts the same, common/text.ts). Line breaks (CR LF becomes LF) and tabs are kept; other control
 *  characters, lone surrogates and noncharacters are refused, not stored. */
export const commentText = (value: string | null): string => {
  const text = normalizeNewlines(value ?? '').trim()
  if (!text) throw required()
  if (hasForbiddenChars(text, 'multiline')) throw invalid('A comment may not hold control characters')
  if (codePointLength(text) > COMMENT_MAX_LENGTH)
    throw invalid(`A comment is at most ${COMMENT_MAX_LENGTH} characters`)
  return text
}

/** The moment a comment is about: seconds of chart time as the site sends them (`83.5`), or minutes and
 *  seconds as people type them in the app (`1:23.5`); at most the longest chart; none when absent or empty. */
export const commentMoment = (value: string | null | undefined): number | null => {
  const text = value?.trim() ?? ''
  if (text === '') return null
  const clock = /^(\d{1,4}):([0-5]\d)(\.\d{1,3})?$/.exec(text)
  const moment = clock
    ? Number(clock[1]) * 60 + Number(clock[2]) + Number(clock[3] ?? 0)
    : /^\d{1,6}(\.\d{1,3})?$/.test(text)
      ? Number(text)
      : Number.NaN
  if (!(moment <= CHART_LIMITS.beats))
    throw invalid(
      `moment must be a time from 0 to ${CHART_LIMITS.beats} seconds, as seconds (83.5) or minutes and seconds (1:23.5)`,
    )
  return moment
}

/** A reply quotes the start of its parent, so it reads well in the app, which has no threads. */
export const replyBody = (parent: CommentRow, text: string): string => {
  const quoted = parent.content.replace(/\s+/g, ' ').trim()
  const excerpt = [...quoted].length > 80 ? `${[...quoted].slice(0, 80).join('')}…` : quoted
  return `> ${parent.author}: ${excerpt}\n\n${text}`
}

/** Adds a comment, or a reply to `parent` quoting it, after the rate limit; returns the chart's live
 *  comment count. */
const addComment = async (
  ctx: AppContext,
  chart: ChartRow,
  user: User,
  parent: CommentRow | null,
  raw: string | null,
  moment: number | null,
  now: number,
): Promise<number> => {
  const text = commentText(raw)
  const content = parent ? replyBody(parent, text) : text
  const recent = await ctx.repos.community.countUserCommentsSince(user.id, now - COMMENT_RATE_WINDOW_MS)
  if (recent >= COMMENT_RATE_LIMIT)
    throw tooSoon(`At most ${COMMENT_RATE_LIMIT} comments a minute; wait a moment and try again`)
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
      moment,
    })
    if (live !== undefined) await commentPosted(trx, chart, { id, content, createdTime: now }, parent, user)
    return live
  })
  if (count === undefined) throw missing('No such chart')
  commentsChanged(ctx, chart.id)
  return count
}

/** docs/spec.md §6: comment authors edit and delete their own comments. */
const editComment = async (
  ctx: AppContext,
  chart: ChartRow,
  comment: CommentRow,
  user: User,
  raw: string | null,
  now: number,
) => {
  permit(await viewerOf(ctx, user), 'edit', { comment })
  await ctx.repos.community.editComment(comment.id, commentText(raw), now)
  commentsChanged(ctx, chart.id)
}

/** The chart's owner marks feedback resolved, or open again. */
const resolveComment = async (
  ctx: AppContext,
  chart: ChartRow,
  comment: CommentRow,
  user: User,
  resolved: boolean,
  now: number,
) => {
  permit(await viewerOf(ctx, user), 'resolve', { comment, chart })
  await ctx.repos.community.setResolved(comment.id, resolved ? now : null)
  commentsChanged(ctx, chart.id)
}

const deleteComment = async (ctx: AppContext, chart: ChartRow, comment: CommentRow, user: User) => {
  permit(await viewerOf(ctx, user), 'delete', { comment })
  await ctx.repos.transaction((trx) => trx.community.deleteComment(comment))
  commentsChanged(ctx, chart.id)
}

/** What a community form sent: its type and values (a report's reason already defaulted by the form). */
export type CommunityAct = {
  type: string | undefined
  rating?: string | null
  content?: string | null
  /** The moment a new comment or reply is about (seconds of chart time). */
  moment?: string | null
  reason?: string
  note?: string
  ip: string
  now: number
}

/** The app's community info on a chart the caller may see: their status and the newest comments, with who
 *  asks (the comments' actions depend on it). */
export const chartCommunity = async (ctx: AppContext, name: string, user: User | undefined) => {
  const chart = await visibleChart(ctx, name, user, 'page')
  const [{ status, top }, viewer] = await Promise.all([communityInfo(ctx, chart, user), viewerOf(ctx, user)])
  return { chart, status, top, viewer, formRating: ratingDefault(status) }
}

/** The caller's status on a chart they may see. */
export const chartCommunityStatus = async (ctx: AppContext, name: string, user: User | undefined) =>
  communityStatus(ctx, await visibleChart(ctx, name, user, 'page'), user)

/** A page of comments on a chart the caller may see (all, or the open or the resolved ones), with the chart
 *  and who asks. */
export const chartComments = async (
  ctx: AppContext,
  name: string,
  page: number,
  user: User | undefined,
  state?: CommentState,
) => {
  const chart = await visibleChart(ctx, name, user, 'page')
  const [rows, viewer, total] = await Promise.all([
    commentPage(ctx, chart, page, state),
    viewerOf(ctx, user),
    state ? ctx.repos.community.countComments(chart.id, state) : Number(chart.commentNumber),
  ])
  return { chart, rows, viewer, total }
}

/** Likes, rates or comments on a chart the caller may see: the chart's likes or rating after it, or the page
 *  of comments that holds the new one. */
export const actOnChart = async (
  ctx: AppContext,
  name: string,
  user: User,
  act: CommunityAct,
): Promise<
  | { type: 'like'; likes: number }
  | { type: 'rating'; rating: number; ratingNumber: number }
  | { type: 'comment'; page: number }
> => {
  const chart = await visibleChart(ctx, name, user, 'action')
  if (act.type === 'like' || act.type === 'dislike')
    return { type: 'like', likes: await setLike(ctx, chart, user, act.type === 'like', act.now) }
  if (act.type === 'rating' || act.type === 'unrating') {
    const rate = act.type === 'rating' && { raw: act.rating ?? null }
    const { rating, ratingNumber } = await setRating(ctx, chart, user, rate, act.now)
    return { type: 'rating', rating, ratingNumber }
  }
  if (act.type === 'comment')
    return {
      type: 'comment',
      page: pageOf(
        await addComment(ctx, chart, user, null, act.content ?? null, commentMoment(act.moment), act.now),
      ),
    }
  throw invalid(`Unknown community action "${act.type ?? ''}"`)
}

/** Replies to, edits, deletes or reports a comment on a chart the caller may see; a moderator hides or
 *  deletes someone else's, with a reason; the chart's owner resolves or reopens it. A reply says which page
 *  of comments holds it. */
export const actOnComment = async (
  ctx: AppContext,
  name: string,
  commentName: string,
  user: User,
  act: CommunityAct,
): Promise<
  { type: 'reported' | 'moderated' | 'edited' | 'deleted' | 'resolved' } | { type: 'replied'; page: number }
> => {
  const chart = await visibleChart(ctx, name, user, 'action')
  const comment = await commentOf(ctx, chart, commentName)
  const target = { type: 'comment' as const, id: comment.id }
  if (act.type === 'report') {
    await fileReport(ctx, user, act.ip, { target, reason: act.reason, note: act.note ?? '' })
    return { type: 'reported' }
  }
  const viewer = await viewerOf(ctx, user)
  if (act.type === 'hide' || (act.type === 'delete' && !can(viewer, 'delete', { comment }))) {
    permit(viewer, 'moderate', { comment })
    await moderate(ctx, user, { target, action: act.type, reason: act.reason ?? '' })
    return { type: 'moderated' }
  }
  if (act.type === 'reply')
    return {
      type: 'replied',
      page: pageOf(
        await addComment(ctx, chart, user, comment, act.content ?? null, commentMoment(act.moment), act.now),
      ),
    }
  if (act.type === 'resolve' || act.type === 'reopen') {
    await resolveComment(ctx, chart, comment, user, act.type === 'resolve', act.now)
    return { type: 'resolved' }
  }
  if (act.type === 'edit') {
    await editComment(ctx, chart, comment, user, act.content ?? null, act.now)
    return { type: 'edited' }
  }
  if (act.type === 'delete') {
    await deleteComment(ctx, chart, comment, user)
    return { type: 'deleted' }
  }
  throw invalid(`Unknown comment action "${act.type ?? ''}"`)
}
