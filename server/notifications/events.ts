// What becomes a notification, written in the transaction of the change itself: a comment on
// one's chart, a reply to one's comment, a new rating of one's chart, an invitation to co-author a chart and
// its acceptance, a moderation notice, and (queued
// here, fanned out by the background work) a followed creator's newly published chart. Nobody is told of
// their own doings.
import { randomBytes } from 'node:crypto'
import { type ChartRow, type CommentRow, type LogRow, type Repositories } from '../db/repositories/index.js'

const newId = () => randomBytes(16).toString('hex')
/** A comment's opening as a notification shows it. */
export const LABEL_MAX = 80
const opening = (text: string) => {
  const points = [...text.replace(/\s+/g, ' ').trim()]
  return points.length > LABEL_MAX ? `${points.slice(0, LABEL_MAX - 1).join('')}…` : points.join('')
}

type Actor = { id: string; name: string; handle: string }
const actorOf = (user: Actor) => `${user.name}#${user.handle}`

/** A new comment: its chart's owner hears of it, and the comment it replies to, its writer (once each:
 *  an owner replied to hears only of the reply). */
export const commentPosted = async (
  repos: Repositories,
  chart: ChartRow,
  comment: Pick<CommentRow, 'id' | 'content' | 'createdTime'>,
  parent: Pick<CommentRow, 'userId'> | null,
  user: Actor,
): Promise<void> => {
  const base = {
    actor: actorOf(user),
    chartId: chart.id,
    // A reply's own words, without the quote of its parent (community.ts replyBody).
    label: opening(parent ? comment.content.slice(comment.content.indexOf('\n\n') + 2) : comment.content),
    commentId: comment.id,
    logId: null,
    createdTime: comment.createdTime,
  }
  if (parent && parent.userId !== user.id)
    await repos.follows.notify({ ...base, id: newId(), userId: parent.userId, kind: 'reply' })
  if (chart.authorId !== user.id && parent?.userId !== chart.authorId)
    await repos.follows.notify({ ...base, id: newId(), userId: chart.authorId, kind: 'comment' })
}

/** A first rating of a chart (a changed one is not news). */
export const chartRated = async (
  repos: Repositories,
  chart: ChartRow,
  user: Actor,
  now: number,
): Promise<void> => {
  if (chart.authorId === user.id) return
  await repos.follows.notify({
    id: newId(),
    userId: chart.authorId,
    kind: 'rating',
    actor: actorOf(user),
    chartId: chart.id,
    label: chart.title,
    commentId: null,
    logId: null,
    createdTime: now,
  })
}

/** A moderation notice: an audit entry about someone's chart, comment or account (a dismissed report
 *  changes nothing of theirs), as the notices list counts them. */
export const moderationLogged = async (repos: Repositories, entry: LogRow): Promise<void> => {
  if (!entry.subjectUserId || entry.action === 'dismiss') return
  await repos.follows.notify({
    id: newId(),
    userId: entry.subjectUserId,
    kind: 'moderation',
    actor: null,
    chartId: entry.chartId,
    label: entry.targetLabel,
    commentId: entry.targetType === 'comment' ? entry.targetId : null,
    logId: entry.id,
    createdTime: entry.createdTime,
  })
}

/** After a chart was stored: if it is now public and visible and was never announced, its followers are
 *  to hear of it (the background work sends it; see worker.ts). True when queued. */
export const maybeAnnounce = async (
  repos: Repositories,
  chart: Pick<ChartRow, 'id' | 'isPublic' | 'hidden' | 'announced'>,
  now: number,
): Promise<boolean> => {
  if (chart.isPublic !== 1 || chart.hidden !== 0 || chart.announced !== 0) return false
  await repos.follows.queueFanout(chart.id, now)
  return true
}

/** An invitation to co-author a chart: the invitee hears of it. */
export const coauthorInvited = async (
  repos: Repositories,
  chart: ChartRow,
  invitee: string,
  owner: Actor,
  now: number,
): Promise<void> => {
  await repos.follows.notify({
    id: newId(),
    userId: invitee,
    kind: 'invite',
    actor: actorOf(owner),
    chartId: chart.id,
    label: chart.title,
    commentId: null,
    logId: null,
    createdTime: now,
  })
}

/** An invitation accepted: the chart's owner hears of it. */
export const coauthorJoined = async (
  repos: Repositories,
  chart: ChartRow,
  coauthor: Actor,
  now: number,
): Promise<void> => {
  await repos.follows.notify({
    id: newId(),
    userId: chart.authorId,
    kind: 'coauthor',
    actor: actorOf(coauthor),
    chartId: chart.id,
    label: chart.title,
    commentId: null,
    logId: null,
    createdTime: now,
  })
}
