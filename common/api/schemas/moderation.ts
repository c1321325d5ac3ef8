// Schemas of the moderation calls (docs/protocol.md §15): requests and answers.
import { type TSchema, Type } from '@sinclair/typebox'
import { REPORT_REASONS, TARGET_TYPES } from '../constants.js'

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)))

export const TargetTypeSchema = literals(TARGET_TYPES)
export const TargetRefSchema = Type.Object({ type: TargetTypeSchema, id: Type.String({ maxLength: 128 }) })
export const ReportReasonSchema = literals(REPORT_REASONS)
export const ModerationActionSchema = literals([
  'hide',
  'restore',
  'delete',
  'suspend',
  'change',
  'lift',
  'ban',
  'dismiss',
  'grant',
  'revoke',
] as const)
export const RoleSchema = literals(['user', 'moderator'] as const)
export const SuspensionSchema = Type.Object({
  kind: literals(['suspend', 'ban'] as const),
  until: Type.Union([Type.Number(), Type.Null()]),
  reason: Type.String(),
})
export const MineExtrasSchema = Type.Object({
  role: RoleSchema,
  suspension: Type.Union([SuspensionSchema, Type.Null()]),
  unreadNotices: Type.Integer({ minimum: 0 }),
})

// Requests. Text lengths are checked by the service (code points, with the catalogue's messages); the
// bounds here only stop a huge value before it is read.
export const ReportRequestSchema = Type.Object(
  {
    target: TargetRefSchema,
    reason: ReportReasonSchema,
    note: Type.Optional(Type.String({ maxLength: 20_000 })),
  },
  { additionalProperties: false },
)
export const ReportResponseSchema = Type.Object({
  code: Type.Literal(200),
  id: Type.String(),
  duplicate: Type.Boolean(),
})
export const TakedownRequestSchema = Type.Object(
  {
    claimant: Type.String({ maxLength: 20_000 }),
    contact: Type.String({ maxLength: 20_000 }),
    work: Type.String({ maxLength: 20_000 }),
    urls: Type.String({ maxLength: 20_000 }),
    statement: Type.String({ maxLength: 20_000 }),
  },
  { additionalProperties: false },
)
export const TakedownResponseSchema = Type.Object({ code: Type.Literal(200), ids: Type.Array(Type.String()) })
export const ModerationActionRequestSchema = Type.Object(
  {
    target: TargetRefSchema,
    action: ModerationActionSchema,
    reason: Type.String({ maxLength: 20_000 }),
    hours: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
)
/** The moderators' pages and a user's notices: a page, and for the log a target to filter by. */
export const ModerationPageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
    type: Type.Optional(Type.String({ maxLength: 16 })),
    id: Type.Optional(Type.String({ maxLength: 128 })),
    localization: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
)

// Answers.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  time: Type.Number(),
  moderator: Nullable(Type.String()),
  action: ModerationActionSchema,
  target: TargetRefSchema,
  targetLabel: Type.String(),
  chartId: Nullable(Type.String()),
  reason: Type.String(),
  before: Nullable(Type.Record(Type.String(), Type.Unknown())),
  after: Nullable(Type.Record(Type.String(), Type.Unknown())),
})
export const ModerationActionResponseSchema = Type.Object({
  code: Type.Literal(200),
  entry: AuditEntrySchema,
})
export const AuditLogResponseSchema = Type.Object({
  code: Type.Literal(200),
  pageCount: Type.Integer({ minimum: 1 }),
  entries: Type.Array(AuditEntrySchema),
})
export const NoticesResponseSchema = Type.Composite([
  AuditLogResponseSchema,
  Type.Object({ unread: Type.Integer({ minimum: 0 }) }),
])
export const ReportKindSchema = Type.Union([ReportReasonSchema, Type.Literal('review')])
export const ReportViewSchema = Type.Object({
  id: Type.String(),
  reason: ReportKindSchema,
  note: Type.String(),
  reporter: Nullable(Type.String()),
  time: Type.Number(),
  takedown: Nullable(TakedownRequestSchema),
})
/** A chart's or comment's author as the queue acts on them: their suspension now, and whether they
 *  moderate (a moderator cannot be suspended). */
const authorState = {
  authorSuspension: Nullable(SuspensionSchema),
  authorModerator: Type.Boolean(),
}
export const TargetPreviewSchema = Type.Union([
  Type.Object({
    type: Type.Literal('chart'),
    id: Type.String(),
    gone: Type.Literal(false),
    title: Type.String(),
    author: Type.String(),
    coverHash: Type.String(),
    isPublic: Type.Boolean(),
    hidden: Type.Boolean(),
    hiddenReason: Nullable(Type.String()),
    ...authorState,
  }),
  Type.Object({
    type: Type.Literal('comment'),
    id: Type.String(),
    gone: Type.Literal(false),
    chartId: Type.String(),
    chartTitle: Type.String(),
    author: Type.String(),
    content: Type.String(),
    hidden: Type.Boolean(),
    ...authorState,
  }),
  Type.Object({
    type: Type.Literal('user'),
    id: Type.String(),
    gone: Type.Literal(false),
    name: Type.String(),
    handle: Type.String(),
    moderator: Type.Boolean(),
    suspension: Nullable(SuspensionSchema),
  }),
  Type.Object({ type: TargetTypeSchema, id: Type.String(), gone: Type.Literal(true) }),
])
export const QueueGroupSchema = Type.Object({
  target: TargetRefSchema,
  preview: TargetPreviewSchema,
  reports: Type.Array(ReportViewSchema),
  latestTime: Type.Number(),
})
export const QueueResponseSchema = Type.Object({
  code: Type.Literal(200),
  pageCount: Type.Integer({ minimum: 1 }),
  groups: Type.Array(QueueGroupSchema),
})
export const ModeratorViewSchema = Type.Object({
  handle: Type.String(),
  name: Type.String(),
  source: literals(['config', 'granted'] as const),
  grantedBy: Nullable(Type.String()),
  time: Nullable(Type.Number()),
})
export const ModeratorsResponseSchema = Type.Object({
  code: Type.Literal(200),
  moderators: Type.Array(ModeratorViewSchema),
})
export const ChartModerationSchema = Type.Object({
  hidden: Type.Boolean(),
  reason: Nullable(Type.String()),
  reviewRequested: Type.Boolean(),
  log: Type.Array(AuditEntrySchema),
})
export const SuspendedErrorBodySchema = Type.Object({
  code: Type.Literal(403),
  error: Type.Literal('suspended'),
  message: Type.String(),
  until: Nullable(Type.Number()),
  reason: Type.String(),
})
/** GET /moderation/users/{handle}: a user's account as moderators act on it (the user page). */
export const UserModerationParams = Type.Object({ handle: Type.String({ minLength: 1, maxLength: 128 }) })
export const UserModerationResponseSchema = Type.Object({
  code: Type.Literal(200),
  handle: Type.String(),
  name: Type.String(),
  moderator: Type.Boolean(),
  suspension: Nullable(SuspensionSchema),
})
/** GET /takedown: what the takedown page shows beside its document (TAKEDOWN_CONTACT, or null). */
export const TakedownInfoResponseSchema = Type.Object({
  code: Type.Literal(200),
  contact: Nullable(Type.String()),
})
export const NoticesReadResponseSchema = Type.Object({ code: Type.Literal(200) })
