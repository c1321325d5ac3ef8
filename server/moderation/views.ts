// What moderators and authors read: the queue of open reports grouped by target, the audit
// log, a user's notices, the moderators, and a chart's own moderation state.
import {
  type ChartModeration,
  LOG_PAGE_SIZE,
  type ModeratorView,
  QUEUE_PAGE_SIZE,
  type QueueGroup,
  type ReportKind,
  type TakedownRequest,
  type TargetPreview,
  type TargetType,
  type UserModerationResponse,
} from '../../common/api/moderation.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type LogFilter, type User } from '../db/repositories/index.js'
import { notFound } from '../http/errors.js'
import { suspensionOf, toAuditEntry } from './service.js'

const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size))

/** One page of the queue: targets with open reports, the newest report's first. */
export const queuePage = async (ctx: AppContext, page: number) => {
  const [targets, total] = await Promise.all([
    ctx.repos.moderation.queueTargets(page * QUEUE_PAGE_SIZE, QUEUE_PAGE_SIZE),
    ctx.repos.moderation.countQueueTargets(),
  ])
  const refs = targets.map((target) => ({ type: target.targetType, id: target.targetId }))
  const reports = await ctx.repos.moderation.openReportsOf(refs)
  const groups: QueueGroup[] = []
  for (const target of targets) {
    const preview = await previewOf(ctx, target.targetType as TargetType, target.targetId)
    groups.push({
      target: { type: preview.type, id: preview.id },
      preview,
      latestTime: Number(target.latestTime),
      reports: reports
        .filter((report) => report.targetType === target.targetType && report.targetId === target.targetId)
        .map((report) => ({
          id: report.id,
          reason: report.reason as ReportKind,
          note: report.note,
          reporter: report.reporterId
            ? `${report.reporterName ?? '?'}#${report.reporterHandle ?? '?'}`
            : null,
          time: Number(report.createdTime),
          takedown: report.details ? (JSON.parse(report.details) as TakedownRequest) : null,
        })),
    })
  }
  return { code: 200 as const, pageCount: pageCountOf(total, QUEUE_PAGE_SIZE), groups }
}

/** Whether a user moderates: named by the configuration, or granted the role. */
const moderates = async (ctx: AppContext, user: User): Promise<boolean> =>
  ctx.config.adminHandles.includes(user.handle) || (await ctx.repos.moderation.isGranted(user.id))

/** What the queue shows of a chart's or comment's author, to act on them from the group. */
const authorStateOf = async (ctx: AppContext, userId: string) => {
  const author = await ctx.repos.users.findById(userId)
  return {
    authorSuspension: author ? suspensionOf(author) : null,
    authorModerator: author ? await moderates(ctx, author) : false,
  }
}

/** A target as the queue shows it; users travel by handle. */
const previewOf = async (ctx: AppContext, type: TargetType, id: string): Promise<TargetPreview> => {
  if (type === 'chart') {
    const chart = await ctx.repos.charts.findById(id)
    if (!chart) return { type, id, gone: true }
    return {
      type,
      id,
      gone: false,
      title: chart.title,
      author: chart.author,
      coverHash: chart.coverHash,
      isPublic: chart.isPublic === 1,
      hidden: chart.hidden === 1,
      hiddenReason: chart.hiddenReason,
      ...(await authorStateOf(ctx, chart.authorId)),
    }
  }
  if (type === 'comment') {
    const comment = await ctx.repos.community.findComment(id, { hiddenToo: true })
    const chart = comment && (await ctx.repos.charts.findById(comment.chartId))
    if (!comment || !chart) return { type, id, gone: true }
    return {
      type,
      id,
      gone: false,
      chartId: chart.id,
      chartTitle: chart.title,
      author: comment.author,
      content: comment.content,
      hidden: comment.hidden === 1,
      ...(await authorStateOf(ctx, comment.userId)),
    }
  }
  const user = await ctx.repos.users.findById(id)
  if (!user) return { type, id, gone: true }
  return {
    type,
    id: user.handle,
    gone: false,
    name: user.name,
    handle: user.handle,
    moderator: await moderates(ctx, user),
    suspension: suspensionOf(user),
  }
}

/** A user's account as moderators act on it from the user's page: found by handle whether or not they
 *  have anything public (a ban hides their charts, and the page must still offer to lift it). */
export const userModeration = async (ctx: AppContext, handle: string): Promise<UserModerationResponse> => {
  const user = await ctx.repos.users.findByHandle(handle)
  if (!user) throw notFound('No such user')
  return {
    code: 200,
    handle: user.handle,
    name: user.name,
    moderator: await moderates(ctx, user),
    suspension: suspensionOf(user),
  }
}

/** A page of the audit log (moderators see who acted; an author's notices do not say). */
export const logPage = async (ctx: AppContext, filter: LogFilter, page: number, forModerator: boolean) => {
  const [rows, total] = await Promise.all([
    ctx.repos.moderation.listLog(filter, page * LOG_PAGE_SIZE, LOG_PAGE_SIZE),
    ctx.repos.moderation.countLog(filter),
  ])
  return {
    code: 200 as const,
    pageCount: pageCountOf(total, LOG_PAGE_SIZE),
    entries: rows.map((row) => toAuditEntry(row, forModerator)),
  }
}

/** Notices a user has not read: audit entries about them after they last read their notices. */
export const unreadNotices = (ctx: AppContext, user: { id: string; noticesReadTime: number }) =>
  ctx.repos.moderation.countLog({ subjectUserId: user.id }, Number(user.noticesReadTime))

export const moderatorsList = async (ctx: AppContext): Promise<ModeratorView[]> => {
  const configured: ModeratorView[] = []
  for (const handle of ctx.config.adminHandles) {
    const user = await ctx.repos.users.findByHandle(handle)
    configured.push({ handle, name: user?.name ?? '', source: 'config', grantedBy: null, time: null })
  }
  const granted = (await ctx.repos.moderation.listGranted())
    .filter((row) => !ctx.config.adminHandles.includes(row.handle))
    .map((row): ModeratorView => ({
      handle: row.handle,
      name: row.name,
      source: 'granted',
      grantedBy: row.granterHandle ? `${row.granterName}#${row.granterHandle}` : null,
      time: Number(row.grantedTime),
    }))
  return [...configured, ...granted]
}

/** Shown to a chart's owner and to moderators: hidden or not, why, a pending review, its history. */
export const chartModeration = async (
  ctx: AppContext,
  chart: ChartRow,
  forModerator: boolean,
): Promise<ChartModeration> => {
  const [rows, reviews] = await Promise.all([
    ctx.repos.moderation.listLog(
      { chartId: chart.id, target: { type: 'chart', id: chart.id } },
      0,
      LOG_PAGE_SIZE,
    ),
    ctx.repos.moderation.countOpenReports({ type: 'chart', id: chart.id }, 'review'),
  ])
  return {
    hidden: chart.hidden === 1,
    reason: chart.hiddenReason,
    reviewRequested: reviews > 0,
    log: rows
      .filter((row) => forModerator || row.action !== 'dismiss')
      .map((row) => toAuditEntry(row, forModerator)),
  }
}
