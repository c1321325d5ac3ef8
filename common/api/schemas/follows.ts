// Schemas of the follow and notification calls (docs/protocol.md §15.10).
import { Type } from '@sinclair/typebox'
import { NOTIFICATION_KINDS } from '../constants.js'

export const NotificationKindSchema = Type.Union(NOTIFICATION_KINDS.map((kind) => Type.Literal(kind)))

/** A user's follow state as their page shows it. */
export const FollowStateSchema = Type.Object({
  followers: Type.Integer({ minimum: 0 }),
  following: Type.Integer({ minimum: 0 }),
  /** Whether the viewer follows them (false when logged out or themselves). */
  isFollowing: Type.Boolean(),
  /** Whether the viewer may follow them: logged in, and not themselves. */
  canFollow: Type.Boolean(),
})

export const NotificationSchema = Type.Object({
  id: Type.String(),
  kind: NotificationKindSchema,
  time: Type.Integer({ minimum: 0 }),
  read: Type.Boolean(),
  /** Who did it, 'name#handle'; null for a moderation notice. */
  actor: Type.Union([Type.String(), Type.Null()]),
  chartId: Type.Union([Type.String(), Type.Null()]),
  /** The chart's title or the comment's opening, when it happened. */
  label: Type.String(),
  commentId: Type.Union([Type.String(), Type.Null()]),
})

export const NotificationsQuery = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })) },
  { additionalProperties: true },
)
export const NotificationsResponseSchema = Type.Object({
  unread: Type.Integer({ minimum: 0 }),
  pageCount: Type.Integer({ minimum: 1 }),
  items: Type.Array(NotificationSchema),
})
export const UnreadResponseSchema = Type.Object({ unread: Type.Integer({ minimum: 0 }) })
/** Marks the named notifications read, or all of them without ids. */
export const ReadBodySchema = Type.Object(
  { ids: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })) },
  { additionalProperties: false },
)
export const ReadResponseSchema = Type.Object({
  code: Type.Literal(200),
  unread: Type.Integer({ minimum: 0 }),
})
/** The kinds a user turned off. */
export const NotificationSettingsSchema = Type.Object(
  { off: Type.Array(NotificationKindSchema, { maxItems: NOTIFICATION_KINDS.length }) },
  { additionalProperties: false },
)
/** The site's follow call: follow (true) or unfollow (false). */
export const FollowBodySchema = Type.Object({ follow: Type.Boolean() }, { additionalProperties: false })
export const FollowResponseSchema = Type.Composite([
  Type.Object({ code: Type.Literal(200) }),
  FollowStateSchema,
])
