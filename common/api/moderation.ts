// Wire types of moderation: roles, reports, the moderation queue, moderator actions, the audit
// log, notices, takedown requests and the upload rules. These are our web extensions under the Sonolus
// base URL; the app reaches the same actions through item and comment forms (server/moderation/).
// The shapes are the schemas of schemas/moderation.ts (imported as types only, so the SPA bundles no
// TypeBox); the constants live here.
import { type Static } from '@sinclair/typebox'
import type * as S from './schemas/moderation.js'
import { REPORT_REASONS, TARGET_TYPES } from './constants.js'

export { REPORT_REASONS, TARGET_TYPES }

export type ReportReason = (typeof REPORT_REASONS)[number]
/** Reports that no user chooses: an owner's request to review a hidden chart. Takedown requests are
 *  reports of reason 'copyright' without a reporter. */
export type ReportKind = Static<typeof S.ReportKindSchema>

export type TargetType = (typeof TARGET_TYPES)[number]
/** A chart by its 32-hex id, a comment by its name (id), a user by their handle. */
export type TargetRef = Static<typeof S.TargetRefSchema>

/** Bounds of what people type into moderation forms (code points). */
export const REPORT_NOTE_MAX = 1000
export const MODERATION_REASON_MAX = 500
export const TAKEDOWN_LIMITS = {
  claimant: 200,
  contact: 200,
  work: 500,
  urls: 2000,
  statement: 5000,
} as const
/** Reports a user may file in REPORT_RATE_WINDOW_MS; takedown requests an address may send in the same. */
export const REPORT_RATE_LIMIT = 20
export const TAKEDOWN_RATE_LIMIT = 5
export const REPORT_RATE_WINDOW_MS = 60 * 60 * 1000
/** A suspension lasts 1 hour to a year; a ban has no end. */
export const SUSPEND_MIN_HOURS = 1
export const SUSPEND_MAX_HOURS = 24 * 365
/** The durations the site and the app offer (hours). */
export const SUSPEND_CHOICES_HOURS = [1, 24, 72, 168, 720] as const
/** Groups on a page of the queue; entries on a page of the audit log and of notices. */
export const QUEUE_PAGE_SIZE = 20
export const LOG_PAGE_SIZE = 20

export type Role = Static<typeof S.RoleSchema>

/** A user's current suspension: kind 'ban' has no end (until null). */
export type Suspension = Static<typeof S.SuspensionSchema>

/** GET /user/mine for a logged-in user (docs/spec.md §7 plus the role, any suspension and unread notices). */
export type MineExtras = Static<typeof S.MineExtrasSchema>

/** POST /reports */
export type ReportRequest = Static<typeof S.ReportRequestSchema>
/** `duplicate`: this reporter already had an open report on the target; that one is kept. */
export type ReportResponse = Static<typeof S.ReportResponseSchema>

/** POST /takedown: from anyone, no account needed. `urls` holds one or more addresses of charts on this
 *  site (chart info pages or level names), separated by white space. */
export type TakedownRequest = Static<typeof S.TakedownRequestSchema>
export type TakedownResponse = Static<typeof S.TakedownResponseSchema>

export type ModerationAction = Static<typeof S.ModerationActionSchema>

/** Which actions apply to which target. */
export const ACTIONS_BY_TARGET: Record<TargetType, readonly ModerationAction[]> = {
  chart: ['hide', 'restore', 'delete', 'dismiss'],
  comment: ['hide', 'restore', 'delete', 'dismiss'],
  user: ['suspend', 'lift', 'change', 'ban', 'dismiss', 'grant', 'revoke'],
}

/** POST /moderation/actions. Every action needs a reason (the author sees it). `hours` is the suspension's
 *  length (SUSPEND_MIN_HOURS to SUSPEND_MAX_HOURS), for suspend and change. Suspend and ban start from an
 *  account in good standing (ban also from a suspension); change replaces a suspension or ban in force
 *  with one of `hours` from now; lift ends it. Every action but grant and revoke resolves the
 *  target's open reports; dismiss only does that. */
export type ModerationActionRequest = Static<typeof S.ModerationActionRequestSchema>
export type ModerationActionResponse = Static<typeof S.ModerationActionResponseSchema>

/** One audit-log entry (append-only). `moderator` is 'name#handle' for moderators and null in an author's
 *  own notices. `before`/`after` are the target's moderation state around the action. */
export type AuditEntry = Static<typeof S.AuditEntrySchema>
export type AuditLogResponse = Static<typeof S.AuditLogResponseSchema>
/** GET /user/notices: the entries about the caller's own content and account, newest first. */
export type NoticesResponse = Static<typeof S.NoticesResponseSchema>

/** One report as moderators see it. `reporter` is 'name#handle', or null for a takedown request. */
export type ReportView = Static<typeof S.ReportViewSchema>

/** What a queue group shows of its target. `gone`: the target no longer exists (deleted). */
export type TargetPreview = Static<typeof S.TargetPreviewSchema>

export type QueueGroup = Static<typeof S.QueueGroupSchema>
/** GET /moderation/queue?page=N: open reports grouped by target, the newest report's group first. */
export type QueueResponse = Static<typeof S.QueueResponseSchema>

export type ModeratorView = Static<typeof S.ModeratorViewSchema>
/** GET /moderation/moderators */
export type ModeratorsResponse = Static<typeof S.ModeratorsResponseSchema>

/** The level details' web extra for the chart's owner and for moderators. */
export type ChartModeration = Static<typeof S.ChartModerationSchema>

/** GET /moderation/users/{handle} (moderators only). */
export type UserModerationResponse = Static<typeof S.UserModerationResponseSchema>
/** GET /takedown (anyone): the operator's contact for takedown questions, or null when none is set. */
export type TakedownInfoResponse = Static<typeof S.TakedownInfoResponseSchema>

/** The `suspended` error body: a suspended user's mutating call (403). */
export type SuspendedErrorBody = Static<typeof S.SuspendedErrorBodySchema>

/** The documents behind /docs/rules (upload rules) and /docs/takedown: operator-editable markdown. */
export const RULES_DOC = 'rules'
export const TAKEDOWN_DOC = 'takedown'
