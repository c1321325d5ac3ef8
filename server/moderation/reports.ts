// Reports and takedown requests: what users and rights holders file for the moderators. A report names a
// target the reporter can see; each is rate-limited by user and address, and a takedown files one
// copyright report per chart it names.
import {
  REPORT_NOTE_MAX,
  REPORT_RATE_LIMIT,
  REPORT_RATE_WINDOW_MS,
  REPORT_REASONS,
  type ReportReason,
  TAKEDOWN_LIMITS,
  TAKEDOWN_RATE_LIMIT,
  type TakedownRequest,
} from '../../common/api/moderation.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type User } from '../db/repositories/index.js'
import { invalid, missing, tooSoon } from '../domain/errors.js'
import { chartAccess } from '../policy/chartAccess.js'
import { chartChanged } from '../cache/tags.js'

import { checkTarget, findTarget, formText, newId, storedIdOf } from './service.js'

/** Files a logged-in user's report. The target must be one the reporter can see. */
export const fileReport = async (
  ctx: AppContext,
  reporter: User,
  ip: string,
  request: { target: unknown; reason: unknown; note?: unknown },
  now = Date.now(),
): Promise<{ id: string; duplicate: boolean }> => {
  const target = checkTarget(request.target)
  if (!REPORT_REASONS.includes(request.reason as ReportReason))
    throw invalid(`reason must be one of ${REPORT_REASONS.join(', ')}`)
  const note = formText(request.note, REPORT_NOTE_MAX, 'The note', false)
  const found = await findTarget(ctx.repos, target)
  // What the reporter cannot see does not exist for them (a private chart too: 404, not 401).
  const seen = found.type === 'user' || (await chartAccess(ctx, found.chart, reporter)) === 'visible'
  if (!seen || (found.type === 'comment' && found.comment.hidden === 1))
    throw missing(`No such ${target.type}`)
  // A report asks a moderator to look at someone else's work: one's own can be edited or deleted.
  const owner =
    found.type === 'user'
      ? found.user.id
      : found.type === 'comment'
        ? found.comment.userId
        : found.chart.authorId
  if (owner === reporter.id) throw invalid(`You cannot report your own ${target.type}`)
  if (
    (await ctx.repos.moderation.countReportsSince(
      { reporterId: reporter.id },
      now - REPORT_RATE_WINDOW_MS,
    )) >= REPORT_RATE_LIMIT
  )
    throw tooSoon(`At most ${REPORT_RATE_LIMIT} reports an hour; try again later`)
  return fileRow(
    ctx,
    { type: target.type, id: storedIdOf(found) },
    reporter.id,
    ip,
    request.reason as ReportReason,
    note,
    null,
    now,
  )
}

const fileRow = (
  ctx: AppContext,
  target: { type: string; id: string },
  reporterId: string | null,
  ip: string,
  reason: string,
  note: string,
  details: TakedownRequest | null,
  now: number,
) =>
  ctx.repos.moderation.fileReport({
    id: newId(),
    targetType: target.type,
    targetId: target.id,
    reporterId,
    ip,
    reason,
    note,
    details: details ? JSON.stringify(details) : null,
    state: 'open',
    createdTime: now,
    closedTime: null,
    closedEntry: null,
  })

/** The owner of a hidden chart asks the moderators to look again: a report of kind 'review'. */
export const requestReview = async (
  ctx: AppContext,
  owner: User,
  chart: ChartRow,
  ip: string,
  now = Date.now(),
) => {
  if (chart.hidden !== 1) throw invalid('Only a hidden chart can be reviewed')
  const filed = await fileRow(ctx, { type: 'chart', id: chart.id }, owner.id, ip, 'review', '', null, now)
  // The owner's own details show that a review was asked for (their answer is kept).
  chartChanged(ctx, chart.id)
  return filed
}

/** The charts a takedown request names: chart info addresses or level names of this site. */
const TAKEDOWN_MAX_CHARTS = 20
const chartIdsIn = (urls: string): string[] => {
  const ids = new Set<string>()
  for (const match of urls.matchAll(/(?:\/chart\/|wbs-)([0-9a-f]{32})(?![0-9a-f])/g)) ids.add(match[1])
  return [...ids]
}

/** A takedown request from anyone: one copyright report per chart it names. */
export const fileTakedown = async (
  ctx: AppContext,
  ip: string,
  body: unknown,
  now = Date.now(),
): Promise<string[]> => {
  const raw = (body ?? {}) as Record<string, unknown>
  const request = Object.fromEntries(
    (Object.keys(TAKEDOWN_LIMITS) as (keyof TakedownRequest)[]).map((field) => [
      field,
      formText(raw[field], TAKEDOWN_LIMITS[field], field, true),
    ]),
  ) as TakedownRequest
  const ids = chartIdsIn(request.urls)
  if (ids.length === 0) throw invalid('urls: name at least one chart of this site (its address)')
  if (ids.length > TAKEDOWN_MAX_CHARTS) throw invalid(`urls: at most ${TAKEDOWN_MAX_CHARTS} charts a request`)
  if (
    (await ctx.repos.moderation.countReportsSince({ ip }, now - REPORT_RATE_WINDOW_MS)) >= TAKEDOWN_RATE_LIMIT
  )
    throw tooSoon(`At most ${TAKEDOWN_RATE_LIMIT} takedown requests an hour; try again later`)
  const charts = await Promise.all(ids.map((id) => ctx.repos.charts.findById(id)))
  const found = charts.filter((chart): chart is ChartRow => chart !== undefined)
  if (found.length === 0) throw missing('urls: none of these addresses is a chart on this site')
  const filed: string[] = []
  for (const chart of found) {
    const { id } = await fileRow(
      ctx,
      { type: 'chart', id: chart.id },
      null,
      ip,
      'copyright',
      '',
      request,
      now,
    )
    filed.push(id)
  }
  return filed
}
