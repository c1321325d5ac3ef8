// Likes, ratings and comments on a chart: the rules (bounds, the comment rate, who edits what), the
// writes with their notifications, and the kept pages each change drops. The routes (sonolus/levels/
// community.ts) read the request and present the answer; the chart is one the caller may see.
import { randomBytes } from 'node:crypto'
import {
  COMMENT_MAX_LENGTH,
  COMMENT_RATE_LIMIT,
  COMMENT_RATE_WINDOW_MS,
  COMMENTS_PER_PAGE,
  RATING_MAX,
  RATING_MIN,
  TOP_COMMENTS,
} from '../../common/rules.js'
import { codePointLength, hasForbiddenChars, normalizeNewlines } from '../../common/text.js'
import { commentsChanged, countersChanged } from '../cache/tags.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type CommentRow, type User } from '../db/repositories/index.js'
import { invalid, missing, notYours, required, tooSoon } from '../domain/errors.js'
import { chartRated, commentPosted } from '../notifications/events.js'

export type CommunityStatus = { isLike: boolean; isRating: boolean; rating: number }
const NO_STATUS: CommunityStatus = { isLike: false, isRating: false, rating: 0 }

/** What the caller has done to the chart; nothing for a visitor. */
export const communityStatus = (ctx: AppContext, chart: ChartRow, user: User | undefined) =>
  user ? ctx.repos.community.status(chart.id, user.id) : Promise.resolve(NO_STATUS)

/** The rating the form shows: one's own, or the top of the scale. A rating sent without a value is this. */
export const ratingDefault = (status: CommunityStatus): number =>
  status.isRating ? status.rating : RATING_MAX

/** The page of comments that holds the `position`th (1-based). */
export const pageOf = (position: number): number => Math.max(0, Math.ceil(position / COMMENTS_PER_PAGE) - 1)

/** The caller's status and the newest comments (the app's community info). */
export const communityInfo = async (ctx: AppContext, chart: ChartRow, user: User | undefined) => ({
  status: await communityStatus(ctx, chart, user),
  top: await ctx.repos.community.newestComments(chart.id, TOP_COMMENTS),
})

/** A page of the chart's comments. */
export const commentPage = (ctx: AppContext, chart: ChartRow, page: number) =>
  ctx.repos.community.listComments(chart.id, page * COMMENTS_PER_PAGE, COMMENTS_PER_PAGE)

/** A comment of this chart by its name; none when the name names nothing here. */
export const commentOf = async (ctx: AppContext, chart: ChartRow, name: string): Promise<CommentRow> => {
  // A NUL is no comment's name, and PostgreSQL refuses it as text: not found, not a 500.
  const comment = hasForbiddenChars(name) ? undefined : await ctx.repos.community.findComment(name)
  if (!comment || comment.chartId !== chart.id) throw missing('No such comment')
  return comment
}

/** Likes or takes the like back; the chart's like count after it. */
export const setLike = async (ctx: AppContext, chart: ChartRow, user: User, like: boolean, now: number) => {
  const likes = await ctx.repos.transaction((trx) => trx.community.setLike(chart.id, user.id, like, now))
  if (likes === undefined) throw missing('No such chart')
  countersChanged(ctx, chart.id)
  return likes
}

/** Rates the chart (`raw`: the form's value; none means the rating the form showed) or, with `rating`
 *  false, takes the rating back. The first rating tells the chart's author. */
export const setRating = async (
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

/** A reply quotes the start of its parent, so it reads well in the app, which has no threads. */
export const replyBody = (parent: CommentRow, text: string): string => {
  const quoted = parent.content.replace(/\s+/g, ' ').trim()
  const excerpt = [...quoted].length > 80 ? `${[...quoted].slice(0, 80).join('')}…` : quoted
  return `> ${parent.author}: ${excerpt}\n\n${text}`
}

/** Adds a comment, or a reply to `parent` quoting it, after the rate limit; returns the chart's live
 *  comment count. */
export const addComment = async (
  ctx: AppContext,
  chart: ChartRow,
  user: User,
  parent: CommentRow | null,
  raw: string | null,
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
    })
    if (live !== undefined) await commentPosted(trx, chart, { id, content, createdTime: now }, parent, user)
    return live
  })
  if (count === undefined) throw missing('No such chart')
  commentsChanged(ctx, chart.id)
  return count
}

/** docs/spec.md §6: comment authors edit and delete their own comments. */
export const editComment = async (
  ctx: AppContext,
  chart: ChartRow,
  comment: CommentRow,
  user: User,
  raw: string | null,
  now: number,
) => {
  if (comment.userId !== user.id) throw notYours()
  await ctx.repos.community.editComment(comment.id, commentText(raw), now)
  commentsChanged(ctx, chart.id)
}

export const deleteComment = async (ctx: AppContext, chart: ChartRow, comment: CommentRow, user: User) => {
  if (comment.userId !== user.id) throw notYours()
  await ctx.repos.transaction((trx) => trx.community.deleteComment(comment))
  commentsChanged(ctx, chart.id)
}
