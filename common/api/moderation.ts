// Wire types of moderation (issue 14): roles, reports, the moderation queue, moderator actions, the audit
// log, notices, takedown requests and the upload rules. These are our web extensions under the Sonolus
// base URL; the app reaches the same actions through item and comment forms (server/moderation/).

/** What a logged-in user may report, and why (the fixed list a report chooses from). */
export const REPORT_REASONS = ['copyright', 'inappropriate', 'spam', 'broken', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
/** Reports that no user chooses: an owner's request to review a hidden chart. Takedown requests are
 *  reports of reason 'copyright' without a reporter. */
export type ReportKind = ReportReason | 'review'

export const TARGET_TYPES = ['chart', 'comment', 'user'] as const
export type TargetType = (typeof TARGET_TYPES)[number]
/** A chart by its 32-hex id, a comment by its name (id), a user by their handle. */
export type TargetRef = { type: TargetType; id: string }

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

export type Role = 'user' | 'moderator'

/** A user's current suspension: kind 'ban' has no end (until null). */
export type Suspension = { kind: 'suspend' | 'ban'; until: number | null; reason: string }

/** GET /user/mine for a logged-in user (spec §7 plus the role, any suspension and unread notices). */
export type MineExtras = { role: Role; suspension: Suspension | null; unreadNotices: number }

/** POST /reports */
export type ReportRequest = { target: TargetRef; reason: ReportReason; note?: string }
/** `duplicate`: this reporter already had an open report on the target; that one is kept. */
export type ReportResponse = { code: 200; id: string; duplicate: boolean }

/** POST /takedown: from anyone, no account needed. `urls` holds one or more addresses of charts on this
 *  site (chart info pages or level names), separated by white space. */
export type TakedownRequest = {
  claimant: string
  contact: string
  work: string
  urls: string
  statement: string
}
export type TakedownResponse = { code: 200; ids: string[] }

export type ModerationAction =
  'hide' | 'restore' | 'delete' | 'suspend' | 'lift' | 'ban' | 'dismiss' | 'grant' | 'revoke'

/** Which actions apply to which target. */
export const ACTIONS_BY_TARGET: Record<TargetType, readonly ModerationAction[]> = {
  chart: ['hide', 'restore', 'delete', 'dismiss'],
  comment: ['hide', 'restore', 'delete', 'dismiss'],
  user: ['suspend', 'lift', 'ban', 'dismiss', 'grant', 'revoke'],
}

/** POST /moderation/actions. Every action needs a reason (the author sees it). `hours` is the suspension's
 *  length (SUSPEND_MIN_HOURS to SUSPEND_MAX_HOURS). Every action but grant and revoke resolves the
 *  target's open reports; dismiss only does that. */
export type ModerationActionRequest = {
  target: TargetRef
  action: ModerationAction
  reason: string
  hours?: number
}
export type ModerationActionResponse = { code: 200; entry: AuditEntry }

/** One audit-log entry (append-only). `moderator` is 'name#handle' for moderators and null in an author's
 *  own notices. `before`/`after` are the target's moderation state around the action. */
export type AuditEntry = {
  id: string
  time: number
  moderator: string | null
  action: ModerationAction
  target: TargetRef
  /** What the target was when the action was taken: a chart's title, a comment's first words, a user's
   *  name#handle. */
  targetLabel: string
  /** The chart a chart or comment action was about (for links); null for user actions. */
  chartId: string | null
  reason: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}
export type AuditLogResponse = { code: 200; pageCount: number; entries: AuditEntry[] }
/** GET /user/notices: the entries about the caller's own content and account, newest first. */
export type NoticesResponse = AuditLogResponse & { unread: number }

/** One report as moderators see it. `reporter` is 'name#handle', or null for a takedown request. */
export type ReportView = {
  id: string
  reason: ReportKind
  note: string
  reporter: string | null
  time: number
  takedown: TakedownRequest | null
}

/** What a queue group shows of its target. `gone`: the target no longer exists (deleted). */
export type TargetPreview =
  | {
      type: 'chart'
      id: string
      gone: false
      title: string
      author: string
      coverHash: string
      isPublic: boolean
      hidden: boolean
      hiddenReason: string | null
    }
  | {
      type: 'comment'
      id: string
      gone: false
      chartId: string
      chartTitle: string
      author: string
      content: string
      hidden: boolean
    }
  | {
      type: 'user'
      id: string
      gone: false
      name: string
      handle: string
      moderator: boolean
      suspension: Suspension | null
    }
  | { type: TargetType; id: string; gone: true }

export type QueueGroup = {
  target: TargetRef
  preview: TargetPreview
  reports: ReportView[]
  latestTime: number
}
/** GET /moderation/queue?page=N: open reports grouped by target, the newest report's group first. */
export type QueueResponse = { code: 200; pageCount: number; groups: QueueGroup[] }

export type ModeratorView = {
  handle: string
  name: string
  /** 'config': named by ADMIN_HANDLES (cannot be revoked here); 'granted': by another moderator. */
  source: 'config' | 'granted'
  grantedBy: string | null
  time: number | null
}
/** GET /moderation/moderators */
export type ModeratorsResponse = { code: 200; moderators: ModeratorView[] }

/** The level details' web extra for the chart's owner and for moderators. */
export type ChartModeration = {
  hidden: boolean
  reason: string | null
  /** The owner asked for a review and no moderator has acted since. */
  reviewRequested: boolean
  /** Audit entries about this chart, newest first (moderator null for the owner). */
  log: AuditEntry[]
}

/** The `suspended` error body: a suspended user's mutating call (403). */
export type SuspendedErrorBody = {
  code: 403
  error: 'suspended'
  message: string
  until: number | null
  reason: string
}

/** The documents behind /docs/rules (upload rules) and /docs/takedown: operator-editable markdown. */
export const RULES_DOC = 'rules'
export const TAKEDOWN_DOC = 'takedown'
