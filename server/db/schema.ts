// Long because it is every table, in one place, as the migrations leave them.
// Kysely table types. Columns are snake_case in SQL and camelCase here (CamelCasePlugin).
// Times are ms since the epoch, stored as BIGINT (parsed to number on PostgreSQL, see database.ts).
import { type Generated } from 'kysely'

export type UsersTable = {
  /** The Sonolus user id from the app's signed userProfile. */
  id: string
  handle: string
  name: string
  /** The latest ServiceUserProfile as JSON, for avatars later. */
  profile: string
  createdTime: number
  updatedTime: number
  /** 'suspend' or 'ban' while the user is suspended; a suspension past its end no longer counts. */
  suspensionKind: Generated<string | null>
  /** When a suspension ends (ms); null for a ban. */
  suspendedUntil: Generated<number | null>
  suspensionReason: Generated<string | null>
  /** Notices (audit entries about the user) after this time are unread. */
  noticesReadTime: Generated<number>
  /** Comma-separated notification kinds the user turned off. */
  notificationsOff: Generated<string>
}

export type SessionsTable = {
  /** SHA-1 hex of the session secret: the secret itself is never stored. A web session's hash is the
   *  one its login URL carried (docs/protocol.md §11.2). */
  idHash: string
  userId: string
  /** 'app' (POST /sonolus/authenticate) or 'web' (external login). */
  kind: string
  createdTime: number
  expiresTime: number
}

/** docs/spec.md §3 "Chart", plus what the server needs to own and order charts. */
export type ChartsTable = {
  /** 32 hex characters; the level name is 'wbs-' + id. */
  id: string
  authorId: string
  /** 'name#handle' (docs/spec.md §3). */
  author: string
  title: string
  artists: string
  composer: string
  description: string
  level: number
  isOliver: number
  isPublic: number
  /** JSON array of strings. */
  tags: string
  /** The tags as space-separated words, for search (set by the repository). */
  tagsText: Generated<string>
  coverHash: string
  backgroundHash: string | null
  musicHash: string | null
  previewHash: string | null
  /** The music re-encoded to CBR mp3 (a media job sets it); the level's bgm when present. */
  bgmHash: Generated<string | null>
  susHash: string | null
  dataHash: string | null
  likeNumber: Generated<number>
  commentNumber: Generated<number>
  rating: Generated<number>
  ratingNumber: Generated<number>
  publishTime: number
  updatedTime: number
  /** 1 while a moderator keeps the chart from everyone but its owner and moderators. */
  hidden: Generated<number>
  hiddenReason: Generated<string | null>
  /** 1 when the chart was hidden by its author's ban (lifting the ban shows it again). */
  hiddenByBan: Generated<number>
  /** 1 when the creator lets others download the SUS; its hash is the owner's alone otherwise. */
  allowSusDownload: Generated<number>
  // What the chart is like (common/chart/stats.ts): null until its level data was read.
  noteCount: Generated<number | null>
  /** JSON: notes by kind (NOTE_KINDS). */
  noteCounts: Generated<string | null>
  /** Seconds. */
  duration: Generated<number | null>
  npsAverage: Generated<number | null>
  npsPeak: Generated<number | null>
  bpmMin: Generated<number | null>
  bpmMax: Generated<number | null>
  hasScratches: Generated<number>
  hasSplitLines: Generated<number>
  hasSpeedChanges: Generated<number>
  /** The STATS_VERSION that computed the stats; 0 (or older) and level data: the back-fill's to do. */
  statsVersion: Generated<number>
  /** Accepted results on the chart. */
  playCount: Generated<number>
  /** Likes, ratings and plays of the last week, weighted by age; recomputed off the request path. */
  trending: Generated<number>
  /** 1 once the chart's followers were told it was published. */
  announced: Generated<number>
  /** When the chart is to be published; it stays private until the background work does it. */
  scheduledTime: Generated<number | null>
  /** The level data's version: 1, raised by each edit that replaces the data. */
  version: Generated<number>
  /** When the current level data was set (0 for a chart inserted without it: its publish time). */
  versionTime: Generated<number>
  /** The set of charts of the same song it belongs to (difficulties); null for none. */
  songSet: Generated<string | null>
  /** The accepted co-authors' 'name#handle', one per line, in the order they accepted ('' for none). */
  coauthors: Generated<string>
  /** Who set the current level data ('name#handle'), when not the owner at its creation. */
  versionEditor: Generated<string>
}

/** A user invited to co-author a chart; accepted once `acceptedTime` is set. */
export type ChartCoauthorsTable = {
  chartId: string
  userId: string
  invitedTime: number
  acceptedTime: number | null
}

/** An unlisted link to a chart for testers (migration 0026). */
export type TestLinksTable = {
  id: string
  chartId: string
  token: string
  createdBy: string
  createdTime: number
  expiresTime: number | null
  revokedTime: number | null
}

/** Feedback sent through a test link: the chart's creators read it, nobody else. */
export type TestFeedbackTable = {
  id: string
  linkId: string
  chartId: string
  userId: string
  /** 'name#handle' when sent. */
  author: string
  content: string
  /** Seconds of chart time, when the feedback is about a moment. */
  moment: number | null
  createdTime: number
}

/** A playlist: an ordered list of charts; `staff-picks` is the moderators' (no owner). */
export type PlaylistsTable = {
  id: string
  ownerId: string | null
  /** 'name#handle' when made ('' for the staff picks). */
  owner: string
  title: string
  description: string
  isPublic: number
  chartCount: Generated<number>
  createdTime: number
  updatedTime: number
}

export type PlaylistChartsTable = {
  playlistId: string
  chartId: string
  /** Order in the playlist: ascending. */
  position: number
  addedTime: number
}

/** An earlier version of a chart's level data: its records stay with it. */
export type ChartVersionsTable = {
  chartId: string
  version: number
  dataHash: string | null
  noteCount: number | null
  createdTime: number
  replacedTime: number
  /** Who set this version's level data ('name#handle'; '' for the owner at the chart's creation). */
  editor: Generated<string>
}

/** What a new version changed in the notes (common/chart/diff.ts); `spans` and `notes` are JSON. */
export type ChartVersionChangesTable = {
  chartId: string
  /** The version these changes led to. */
  version: number
  added: number
  removed: number
  moved: number
  /** The times where, as JSON `{from, to}[]`. */
  spans: string
  /** JSON `{notes, notesCut}`: the changed notes, for the preview. */
  notes: string
}

export type FilesTable = {
  /** SHA-1 hex of the bytes. */
  hash: string
  size: number
  contentType: string
  createdTime: number
  /** 'system' (packs, demo: never collected), 'upload' or 'derived' (collected once no chart uses them). */
  origin: Generated<string>
}

/** Who has uploaded a file (each proved it by sending its bytes): they may be told it is stored. */
export type FileOwnersTable = {
  hash: string
  userId: string
  createdTime: number
}

export type LoginAttemptsTable = {
  /** sha1 hex of the browser's secret sessionId. */
  hash: string
  /** Ours: 'pending' until the Sonolus app confirms, then 'bound' until the browser gives the code the app
   *  showed, then 'done' (or 'void' after too many wrong codes). The official web client's (a hash we did
   *  not issue): 'external' once the app confirms, 'taken' once its poll took the session. */
  state: string
  userId: string | null
  ip: string
  createdTime: number
  expiresTime: number
  /** sha1 of the attempt's hash and the code the app showed; null until the app confirms. */
  codeHash: string | null
  /** Wrong codes given so far. */
  codeTries: Generated<number>
}

export type LikesTable = {
  chartId: string
  userId: string
  createdTime: number
}

/** Items imported from Sonolus packs: engines, skins, backgrounds, effects, particles. */
export type PackItemsTable = {
  /** 'engine' | 'skin' | 'background' | 'effect' | 'particle' */
  type: string
  name: string
  /** The Database*Item JSON (LocalizationText fields, related items by name). */
  item: string
  createdTime: number
}

export type MetaTable = {
  key: string
  value: string
}

export type RatingsTable = {
  chartId: string
  userId: string
  rating: number
  updatedTime: number
}

export type CommentsTable = {
  id: string
  chartId: string
  userId: string
  /** 'name#handle' when written. */
  author: string
  /** The comment this one replies to. */
  parentId: string | null
  content: string
  createdTime: number
  editedTime: number | null
  /** 1 once deleted (soft). */
  deleted: Generated<number>
  /** 1 while a moderator hides it: not listed, not counted. */
  hidden: Generated<number>
  /** The moment of the chart it is about, in seconds of chart time; null for none. */
  moment: number | null
  /** When the chart's owner marked it resolved; null while open. */
  resolvedTime: number | null
}

export type UploadKeysTable = {
  key: string
  userId: string
  /** What the upload completes: 'result'. */
  action: string
  /** JSON: what the submit step decided (the chart, the hashes asked for, the replay's title). */
  payload: string
  expiresTime: number
}

export type RecordsTable = {
  id: string
  chartId: string
  userId: string
  /** 'name#handle' when submitted. */
  player: string
  grade: string
  arcadeScore: number
  accuracyScore: number
  combo: number
  perfect: number
  great: number
  good: number
  miss: number
  totalCount: number
  dataHash: string
  configurationHash: string
  replayTitle: string
  createdTime: number
  /** The chart version it was played on. */
  version: Generated<number>
}

/** Server news that moderators write: on the site's home page and in the app's posts. */
export type NewsTable = {
  id: string
  title: string
  /** Markdown. */
  body: string
  authorId: string | null
  /** 'name#handle' when written. */
  author: string
  createdTime: number
  updatedTime: number
}

export type LeaderboardEntriesTable = {
  chartId: string
  /** The chart version the record was played on. */
  version: number
  board: string
  userId: string
  recordId: string
  sortKey: number
  arcadeKey: number
  createdTime: number
}

/** A chunked upload in progress (docs/spec.md §4): its chunks' bytes are scratch objects in the blob store. */
export type UploadSessionsTable = {
  id: string
  userId: string
  hash: string
  size: number
  /** UploadKind: what the bytes must be. */
  kind: string
  /** HMAC key of this session's bearer tokens. */
  secret: string
  createdTime: number
  /** Moves forward with every chunk; a session past it is abandoned and collected. */
  expiresTime: number
}

export type UploadChunksTable = {
  uploadId: string
  /** Inclusive byte range. */
  start: number
  end: number
}

/** Music waiting to be re-encoded (CBR mp3 and a preview clip), one per chart. */
export type MediaJobsTable = {
  chartId: string
  musicHash: string
  attempts: Generated<number>
  leaseUntil: Generated<number>
  error: string | null
  createdTime: number
}

/** Signed Sonolus requests already accepted (migration 0008): each is accepted once. */
export type SeenSignaturesTable = {
  /** SHA-256 hex of the signed bytes. */
  hash: string
  /** When the request's time window ends; the row may go after that. */
  expiresTime: number
}

/** SQLite only: the FTS5 index of charts (migration 0003). Queried through `match`, joined on rowid. */
/** Shared request counters: one row per rate-limit key per fixed window, added to by every
 *  instance, so a limit holds across instances. */
export type RateCountersTable = {
  key: string
  windowStart: number
  count: number
}

/** Moderators granted by another moderator (ADMIN_HANDLES are moderators besides these). */
export type ModeratorsTable = {
  userId: string
  grantedBy: string
  grantedTime: number
}

/** Reports of charts, comments and users; takedown requests are reports without a reporter. */
export type ReportsTable = {
  id: string
  targetType: string
  targetId: string
  reporterId: string | null
  ip: string
  reason: string
  note: string
  details: string | null
  state: string
  createdTime: number
  closedTime: number | null
  closedEntry: string | null
}

/** The append-only audit log of moderator actions (the database refuses updates and deletes). */
export type ModerationLogTable = {
  id: string
  createdTime: number
  moderatorId: string
  moderator: string
  action: string
  targetType: string
  targetId: string
  targetLabel: string
  chartId: string | null
  subjectUserId: string | null
  reason: string
  before: string | null
  after: string | null
}

/** Who follows whom. */
export type FollowsTable = {
  followerId: string
  followeeId: string
  createdTime: number
}

/** One notification of one user (migration 0014). */
export type NotificationsTable = {
  id: string
  userId: string
  kind: string
  actor: string | null
  chartId: string | null
  label: string
  commentId: string | null
  logId: string | null
  createdTime: number
  readTime: number | null
}

/** Charts published whose followers are still to be told (the background work's queue). */
export type FanoutsTable = {
  chartId: string
  createdTime: number
}

export type ChartsFtsTable = {
  rowid: number
}

export type Database = {
  users: UsersTable
  sessions: SessionsTable
  charts: ChartsTable
  files: FilesTable
  fileOwners: FileOwnersTable
  meta: MetaTable
  loginAttempts: LoginAttemptsTable
  likes: LikesTable
  packItems: PackItemsTable
  chartsFts: ChartsFtsTable
  ratings: RatingsTable
  comments: CommentsTable
  uploadKeys: UploadKeysTable
  records: RecordsTable
  leaderboardEntries: LeaderboardEntriesTable
  chartVersions: ChartVersionsTable
  chartVersionChanges: ChartVersionChangesTable
  chartCoauthors: ChartCoauthorsTable
  testLinks: TestLinksTable
  testFeedback: TestFeedbackTable
  playlists: PlaylistsTable
  playlistCharts: PlaylistChartsTable
  uploadSessions: UploadSessionsTable
  uploadChunks: UploadChunksTable
  mediaJobs: MediaJobsTable
  seenSignatures: SeenSignaturesTable
  rateCounters: RateCountersTable
  moderators: ModeratorsTable
  reports: ReportsTable
  moderationLog: ModerationLogTable
  news: NewsTable
  follows: FollowsTable
  notifications: NotificationsTable
  fanouts: FanoutsTable
}
