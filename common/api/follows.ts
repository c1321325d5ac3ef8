// Wire types of the follow and notification calls: the schemas of schemas/follows.ts.
import { type Static } from '@sinclair/typebox'
import type * as S from './schemas/follows.js'
import { NOTIFICATION_KINDS } from './constants.js'

export { NOTIFICATION_KINDS }

export type NotificationKind = Static<typeof S.NotificationKindSchema>
export type FollowState = Static<typeof S.FollowStateSchema>
export type Notification = Static<typeof S.NotificationSchema>
export type NotificationsResponse = Static<typeof S.NotificationsResponseSchema>
export type NotificationSettings = Static<typeof S.NotificationSettingsSchema>
export type FollowResponse = Static<typeof S.FollowResponseSchema>

/** Notifications per page on the site and in the app. */
export const NOTIFICATIONS_PER_PAGE = 20
/** A list's page count reaches this many pages past the one asked for (the count stops there). */
export const NOTIFICATIONS_PAGES_AHEAD = 10
/** How often the site asks for the unread count (ms). */
export const NOTIFICATIONS_POLL_MS = 60_000
/** How long a read notification is kept (90 days), and any notification (a year). */
export const NOTIFICATION_READ_KEEP_MS = 90 * 24 * 60 * 60_000
export const NOTIFICATION_KEEP_MS = 365 * 24 * 60 * 60_000
