// Moderation: who moderates, moderator actions with their audit entries, and what a suspension forbids
// (reports and takedown requests: reports.ts). The site's routes (sonolus/moderation.ts) and the app's
// item and comment forms both come here, so the rules live in one place.
import { maybeAnnounce, moderationLogged } from '../notifications/events.js'
import { randomBytes } from 'node:crypto'
import {
  ACTIONS_BY_TARGET,
  type AuditEntry,
  MODERATION_REASON_MAX,
  type ModerationAction,
  type ModerationActionRequest,
  SUSPEND_MAX_HOURS,
  SUSPEND_MIN_HOURS,
  type Suspension,
  TARGET_TYPES,
  type TargetRef,
  type TargetType,
} from '../../common/api/moderation.js'
import { CHART_ID_REGEX } from '../../common/rules.js'
import { codePointLength, hasForbiddenChars, normalizeNewlines, sliceCodePoints } from '../../common/text.js'
import { type AppContext } from '../context.js'
import {
  type ChartRow,
  type CommentRow,
  type LogRow,
  type Repositories,
  type User,
} from '../db/repositories/index.js'
import { CHART_FILE_COLUMNS } from '../db/repositories/files.js'
import { collectFiles } from '../storage/putFile.js'
import { RuleError, invalid, missing, required as emptyField } from '../domain/errors.js'
import { isModerator } from '../auth/roles.js'

export { isModerator, requireModerator, roleOf } from '../auth/roles.js'

/** A user's suspension in force now, if any. */
export const suspensionOf = (user: User, now = Date.now()): Suspension | null => {
  const reason = user.suspensionReason ?? ''
  if (user.suspensionKind === 'ban') return { kind: 'ban', until: null, reason }
  if (user.suspensionKind === 'suspend' && user.suspendedUntil !== null && Number(user.suspendedUntil) > now)
    return { kind: 'suspend', until: Number(user.suspendedUntil), reason }
  return null
}

/** 403 `suspended`, with the end time and reason in the body (the app shows `message`). */
export const suspendedError = (suspension: Suspension): RuleError =>
  new RuleError(
    'suspended',
    suspension.until === null
      ? `Your account is suspended: ${suspension.reason}`
      : `Your account is suspended until ${new Date(suspension.until).toISOString()}: ${suspension.reason}`,
    { until: suspension.until, reason: suspension.reason },
  )

/** Refuses a suspended user's change. */
export const assertActive = (user: User, now = Date.now()): void => {
  const suspension = suspensionOf(user, now)
  if (suspension) throw suspendedError(suspension)
}

/** Text a person typed into a moderation form: trimmed, without control characters, at most `max` code
 *  points. Required ones that are empty are empty_field. */
export const formText = (value: unknown, max: number, name: string, required: boolean): string => {
  const text = normalizeNewlines(typeof value === 'string' ? value : '').trim()
  if (!text && required) throw emptyField()
  if (hasForbiddenChars(text, 'multiline')) throw invalid(`${name} may not hold control characters`)
  if (codePointLength(text) > max) throw invalid(`${name} is at most ${max} characters`)
  return text
}

const excerpt = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return codePointLength(flat) > max ? `${sliceCodePoints(flat, max)}…` : flat
}

export const newId = () => randomBytes(16).toString('hex')
/** Entries of one instance in the same millisecond keep their order: the log lists them by time, then id. */
let entrySequence = 0
const logEntryId = (now: number) =>
  `${now.toString(36).padStart(9, '0')}${(entrySequence++ % 36 ** 4).toString(36).padStart(4, '0')}${newId()}`

/** A target as found for a moderator: the row and what it is about. */
export type Found =
  | { type: 'chart'; chart: ChartRow }
  | { type: 'comment'; comment: CommentRow; chart: ChartRow }
  | { type: 'user'; user: User }

const labelOf = (found: Found): string =>
  found.type === 'chart'
    ? found.chart.title
    : found.type === 'comment'
      ? excerpt(found.comment.content)
      : `${found.user.name}#${found.user.handle}`

const subjectOf = (found: Found): string =>
  found.type === 'chart'
    ? found.chart.authorId
    : found.type === 'comment'
      ? found.comment.userId
      : found.user.id

/** The id a target is stored under: charts and comments by id, users by user id (handles move). */
export const storedIdOf = (found: Found): string =>
  found.type === 'chart' ? found.chart.id : found.type === 'comment' ? found.comment.id : found.user.id

export const checkTarget = (target: unknown): TargetRef => {
  const ref = target as Partial<TargetRef> | undefined
  if (!ref || !TARGET_TYPES.includes(ref.type as TargetType) || typeof ref.id !== 'string' || !ref.id)
    throw invalid(`target must be {type: ${TARGET_TYPES.join(' | ')}, id}`)
  if (ref.id.length > 128 || hasForbiddenChars(ref.id)) throw missing('No such target')
  return { type: ref.type as TargetType, id: ref.id }
}

/** Finds a target for a moderator: hidden charts and comments included; 404 when it is not there. */
export const findTarget = async (repos: Repositories, ref: TargetRef): Promise<Found> => {
  if (ref.type === 'chart') {
    const chart = CHART_ID_REGEX.test(ref.id) ? await repos.charts.findById(ref.id) : undefined
    if (!chart) throw missing('No such chart')
    return { type: 'chart', chart }
  }
  if (ref.type === 'comment') {
    const comment = await repos.community.findComment(ref.id, { hiddenToo: true })
    const chart = comment && (await repos.charts.findById(comment.chartId))
    if (!comment || !chart) throw missing('No such comment')
    return { type: 'comment', comment, chart }
  }
  const user = await repos.users.findByHandle(ref.id)
  if (!user) throw missing('No such user')
  return { type: 'user', user }
}

/** A log row as the wire's entry; the moderator's name only for moderators. */
export const toAuditEntry = (row: LogRow, forModerator: boolean): AuditEntry => ({
  id: row.id,
  time: Number(row.createdTime),
  moderator: forModerator ? row.moderator : null,
  action: row.action as ModerationAction,
  // A user target travels by handle: the one in its label when the action was taken.
  target: {
    type: row.targetType as TargetType,
    id:
      row.targetType === 'user' ? row.targetLabel.slice(row.targetLabel.lastIndexOf('#') + 1) : row.targetId,
  },
  targetLabel: row.targetLabel,
  chartId: row.chartId,
  reason: row.reason,
  before: row.before ? (JSON.parse(row.before) as Record<string, unknown>) : null,
  after: row.after ? (JSON.parse(row.after) as Record<string, unknown>) : null,
})

type Change = { before: Record<string, unknown> | null; after: Record<string, unknown> | null }

/** Performs a moderator's action: the change, its audit entry and the closing of the target's open reports
 *  in one transaction; then every instance's caches are told (the moderation version). */
export const moderate = async (
  ctx: AppContext,
  moderator: User,
  request: ModerationActionRequest,
  now = Date.now(),
): Promise<AuditEntry> => {
  const target = checkTarget(request.target)
  const action = request.action
  if (!ACTIONS_BY_TARGET[target.type].includes(action))
    throw invalid(`A ${target.type} takes the actions ${ACTIONS_BY_TARGET[target.type].join(', ')}`)
  const reason = formText(request.reason, MODERATION_REASON_MAX, 'The reason', true)
  const found = await findTarget(ctx.repos, target)
  const entryId = logEntryId(now)
  let deletedFiles: string[] = []
  let announce = false
  // Asked before the transaction: on SQLite a query outside it would wait for it to end.
  const targetModerates = found.type === 'user' && (await isModerator(ctx, found.user))

  const row = await ctx.repos.transaction(async (trx): Promise<LogRow> => {
    const context = { adminHandles: ctx.config.adminHandles, targetModerates }
    const change = await apply(context, trx, moderator, found, action, reason, request.hours, now)
    const closes = action !== 'grant' && action !== 'revoke'
    if (
      action === 'dismiss' &&
      (await trx.moderation.countOpenReports({ type: target.type, id: storedIdOf(found) })) === 0
    )
      throw invalid('There is no open report on this target')
    const entry: LogRow = {
      id: entryId,
      createdTime: now,
      moderatorId: moderator.id,
      moderator: `${moderator.name}#${moderator.handle}`,
      action,
      targetType: target.type,
      targetId: storedIdOf(found),
      targetLabel: labelOf(found),
      chartId: found.type === 'user' ? null : found.chart.id,
      subjectUserId: subjectOf(found),
      reason,
      before: change.before ? JSON.stringify(change.before) : null,
      after: change.after ? JSON.stringify(change.after) : null,
    }
    await trx.moderation.appendLog(entry)
    // The notice is a notification too; a restored chart never announced is announced now.
    await moderationLogged(trx, entry)
    if (found.type === 'chart' && action === 'restore')
      announce = await maybeAnnounce(trx, { ...found.chart, hidden: 0 }, now)
    if (closes) await trx.moderation.closeReports({ type: target.type, id: entry.targetId }, entryId, now)
    if (found.type === 'chart' && action === 'delete') {
      deletedFiles = [
        ...CHART_FILE_COLUMNS.map((column) => found.chart[column]).filter((hash): hash is string => !!hash),
        // Its records go with it (cascade), and their replays with them.
        ...(await trx.leaderboards.replayFilesOf(found.chart.id)),
      ]
      await trx.charts.delete(found.chart.id)
    }
    return entry
  })
  await ctx.moderationVersion.bump()
  if (announce) ctx.media.kick()
  if (deletedFiles.length > 0) await collectFiles(ctx.blobStore, ctx.repos, deletedFiles)
  return toAuditEntry(row, true)
}

/** The state change of one action (inside the transaction); answers the target's state around it. */
const apply = async (
  ctx: { adminHandles: string[]; targetModerates: boolean },
  trx: Repositories,
  moderator: User,
  found: Found,
  action: ModerationAction,
  reason: string,
  hours: number | undefined,
  now: number,
): Promise<Change> => {
  if (action === 'dismiss') return { before: null, after: null }
  if (found.type === 'chart') {
    const chart = found.chart
    const state = { hidden: chart.hidden === 1, reason: chart.hiddenReason }
    if (action === 'hide' || action === 'restore') {
      if ((action === 'hide') === state.hidden)
        throw invalid(action === 'hide' ? 'The chart is hidden already' : 'The chart is not hidden')
      await trx.moderation.setChartHidden(chart.id, action === 'hide', reason)
      return { before: state, after: action === 'hide' ? { hidden: true, reason } : { hidden: false } }
    }
    // delete
    return {
      before: { ...state, title: chart.title, author: chart.author, isPublic: chart.isPublic === 1 },
      after: null,
    }
  }
  if (found.type === 'comment') {
    const comment = found.comment
    const state = { hidden: comment.hidden === 1 }
    if (action === 'hide' || action === 'restore') {
      if ((action === 'hide') === state.hidden)
        throw invalid(action === 'hide' ? 'The comment is hidden already' : 'The comment is not hidden')
      await trx.community.setCommentHidden(comment, action === 'hide')
      return { before: state, after: { hidden: action === 'hide' } }
    }
    await trx.community.deleteComment(comment)
    return { before: { ...state, content: comment.content, author: comment.author }, after: null }
  }

  const user = found.user
  const suspension = suspensionOf(user, now)
  const moderatorNow = ctx.targetModerates
  if (action === 'grant' || action === 'revoke') {
    if (action === 'grant' && moderatorNow) throw invalid('This user is a moderator already')
    if (action === 'revoke') {
      if (ctx.adminHandles.includes(user.handle))
        throw invalid(
          "This moderator is named by the server's ADMIN_HANDLES; the operator removes them there",
        )
      if (!(await trx.moderation.revoke(user.id))) throw invalid('This user is not a moderator')
    } else {
      await trx.moderation.grant(user.id, moderator.id, now)
    }
    return { before: { moderator: action === 'revoke' }, after: { moderator: action === 'grant' } }
  }
  if (action === 'suspend' || action === 'ban' || action === 'change') {
    if (user.id === moderator.id) throw invalid('Moderators cannot suspend themselves')
    if (moderatorNow) throw invalid('A moderator cannot be suspended; revoke the role first')
    // Each action names the state it starts from, so two moderators acting at once cannot silently
    // overwrite each other's suspension: a second one is told what is in force.
    if (action === 'suspend' && suspension)
      throw invalid('This user is suspended already; change or lift the suspension')
    if (action === 'ban' && suspension?.kind === 'ban') throw invalid('This user is banned already')
    if (action === 'change' && !suspension) throw invalid('This user is not suspended')
    let until: number | null = null
    if (action !== 'ban') {
      if (!Number.isInteger(hours) || hours! < SUSPEND_MIN_HOURS || hours! > SUSPEND_MAX_HOURS)
        throw invalid(`hours must be a whole number from ${SUSPEND_MIN_HOURS} to ${SUSPEND_MAX_HOURS}`)
      until = now + hours! * 60 * 60 * 1000
    }
    const next: Suspension = { kind: action === 'ban' ? 'ban' : 'suspend', until, reason }
    await trx.moderation.setSuspension(user.id, next)
    // A ban hides the user's charts too; a ban changed into a suspension shows the ones it hid again.
    const hiddenCharts = action === 'ban' ? await trx.moderation.hideByBan(user.id, reason) : []
    const shownCharts =
      action === 'change' && suspension?.kind === 'ban' ? await trx.moderation.unhideByBan(user.id) : []
    return {
      before: { suspension },
      after: {
        suspension: next,
        ...(hiddenCharts.length ? { hiddenCharts } : {}),
        ...(shownCharts.length ? { shownCharts } : {}),
      },
    }
  }
  // lift
  if (!suspension) throw invalid('This user is not suspended')
  await trx.moderation.setSuspension(user.id, null)
  const shownCharts = suspension.kind === 'ban' ? await trx.moderation.unhideByBan(user.id) : []
  return {
    before: { suspension },
    after: { suspension: null, ...(shownCharts.length ? { shownCharts } : {}) },
  }
}
