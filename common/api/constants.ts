// Constants of the wire shapes that both the schemas (schemas/*.ts) and the type files (*.ts beside this one)
// use: kept apart from both, so that neither imports the other's values.

// follows
/** What becomes a notification; each kind can be turned off. */
export const NOTIFICATION_KINDS = [
  'chart',
  'reply',
  'comment',
  'rating',
  'invite',
  'coauthor',
  'moderation',
] as const

// levels
/** docs/spec.md §3 / §7: the seven leaderboards. */
export const LEADERBOARDS = ['arcScore', 'accScore', 'combo', 'perfect', 'great', 'good', 'miss'] as const

// uploads
/** What a file is for. The server checks the bytes against it when the upload completes (docs/spec.md §5). */
export const UPLOAD_KINDS = ['cover', 'background', 'music', 'chart', 'data'] as const
/** Tags: at most this many per chart, each at most this long (the server trims and drops empties). */
export const MAX_TAGS = 10
export const MAX_TAG_LENGTH = 32

// moderation
/** What a logged-in user may report, and why (the fixed list a report chooses from). */
export const REPORT_REASONS = ['copyright', 'inappropriate', 'spam', 'broken', 'other'] as const
export const TARGET_TYPES = ['chart', 'comment', 'user'] as const

// playlists
export const PLAYLIST_TITLE_MAX = 100
export const PLAYLIST_DESCRIPTION_MAX = 2000
