// Validation constants and business limits from the product spec (docs/spec.md §5, §9). The SPA and the server
// both read them from here so that the browser's checks and the server's re-checks cannot drift.

/** docs/spec.md §5: '#' plus exactly 6 hex digits, case-insensitive. */
export const COLOR_REGEX = /^#[0-9a-f]{6}$/i
/** docs/spec.md §9: the custom colour field counts 7 characters. */
export const COLOR_MAX_LENGTH = 7
/** docs/spec.md §3 Settings: default primary colour. */
export const DEFAULT_PRIMARY_COLOR = '#6200ee'

/** docs/spec.md §5: uploaded files at most 20 MB. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
/** docs/spec.md §9: uploads go in 320 KiB chunks. */
export const UPLOAD_CHUNK_BYTES = 327_680

/** docs/spec.md §9: the background is a 1920×1180 canvas with the cover drawn 450×450 at (741, 169); the rest is
 *  the cover scaled to cover the canvas and darkened (BACKGROUND_DIM is the black overlay's opacity). */
export const BACKGROUND_WIDTH = 1920
export const BACKGROUND_HEIGHT = 1180
export const BACKGROUND_COVER_SIZE = 450
export const BACKGROUND_COVER_LEFT = 741
export const BACKGROUND_COVER_TOP = 169
export const BACKGROUND_DIM = 0.55

/** docs/spec.md §5: level 1-30; 1-10 when Olivier. */
export const LEVEL_MIN = 1
export const LEVEL_MAX = 30
export const OLIVIER_LEVEL_MAX = 10
/** One difficulty scale for the app's display and its search: a chart's level, and 30 + level
 *  for Olivier charts (Stellarity's convention: Olivier I–X above Lv. 30), so 1–40. */
export const OLIVIER_DIFFICULTY_OFFSET = 30
export const DIFFICULTY_MAX = OLIVIER_DIFFICULTY_OFFSET + OLIVIER_LEVEL_MAX
export const difficultyOf = (level: number, isOlivier: boolean): number =>
  isOlivier ? OLIVIER_DIFFICULTY_OFFSET + level : level
/** docs/spec.md §5: rating 1-5, step 1. */
export const RATING_MIN = 1
export const RATING_MAX = 5

/** docs/spec.md §4/§9: messages appear 500 ms after the trigger and stay 5000 ms. */
export const MESSAGE_DELAY_MS = 500
export const MESSAGE_VISIBLE_MS = 5000
/** docs/spec.md §9: redirect delays. */
export const REDIRECT_AFTER_SAVE_MS = 3000
export const REDIRECT_AFTER_DELETE_MS = 1000
/** docs/spec.md §9: login polling and cookie lifetime. */
export const LOGIN_POLL_MS = 1000
export const RELOAD_AFTER_LOGIN_MS = 2000
export const SESSION_COOKIE_DAYS = 30
/** The browser's session cookie (the SPA writes it; the server's first paint reads whether it is there). */
export const SESSION_COOKIE_NAME = 'sessionId'
export const QR_CODE_SIZE = 192
/** The web login's confirmation code: the app shows it once the user confirms, and the browser that started
 *  the login must give it (docs/protocol.md §11.2), in at most LOGIN_CODE_TRIES tries. */
export const LOGIN_CODE_DIGITS = 6
export const LOGIN_CODE_TRIES = 5

/** docs/spec.md §9: visible pages in the paginators. */
export const LIST_VISIBLE_PAGES = 7
export const COMMENT_VISIBLE_PAGES = 5
export const LEADERBOARD_VISIBLE_PAGES = 5

/** docs/spec.md §9: gzip level for level data. */
export const GZIP_LEVEL = 9

/** docs/spec.md §2: a route id is the chart name without its 'wbs-' prefix. */
export const LEVEL_NAME_PREFIX = 'wbs-'
/** Chart ids are 32 lower-case hex characters (docs/protocol.md §12.1). */
export const CHART_ID_REGEX = /^[0-9a-f]{32}$/
/** Content-addressed files are named by their SHA-1 hex. */
export const SHA1_REGEX = /^[0-9a-f]{40}$/

export const isValidColor = (value: string): boolean => COLOR_REGEX.test(value)

export const levelMax = (isOlivier: boolean): number => (isOlivier ? OLIVIER_LEVEL_MAX : LEVEL_MAX)

/** Comments: at most this many characters (stated in the docs), 10 a page, and 10 a minute per user. */
export const COMMENT_MAX_LENGTH = 2000
export const COMMENTS_PER_PAGE = 10
export const COMMENT_RATE_LIMIT = 10
export const COMMENT_RATE_WINDOW_MS = 60_000
/** The app's topComments: the newest few. */
export const TOP_COMMENTS = 3
/** Charts of one song (difficulties) a set holds at most. */
export const SONG_SET_MAX = 12
/** Co-authors and waiting invitations a chart holds at most. */
export const COAUTHOR_MAX = 8
/** Test links: open links a chart has at most, the longest expiry in days, and the feedback one tester
 *  sends through one link at most. Its level name in the app is the prefix and the link's token. */
export const TEST_LINK_MAX = 5
export const TEST_LINK_DAYS_MAX = 90
export const TEST_FEEDBACK_PER_TESTER = 20
export const TEST_LEVEL_PREFIX = 'wbt-'
/** Feedback's states: the chart's owner marks a comment resolved, and the list can show either. */
export const COMMENT_STATES = ['open', 'resolved'] as const
export type CommentState = (typeof COMMENT_STATES)[number]

/** Chart limits: bounds on what one chart may cost to read (hostile input). The converters and
 *  the level-data reader check them while they parse, not after, and fail at the first one exceeded with
 *  a ChartLimitError that names the limit and the line. The browser's form, the server and the docs page
 *  /docs/error all read them from here. */
export const CHART_LIMITS = {
  /** Lines in a SUS or TXT file. */
  lines: 100_000,
  /** Characters in one line. */
  lineLength: 10_000,
  /** Notes in a SUS file: every tap, air and slide point (and BPM change). */
  notes: 30_000,
  /** Slides in a SUS file (slide starts). */
  slides: 5_000,
  /** The highest measure number (SUS data lines have 3 digits; TIL entries are held to the same). */
  measure: 999,
  /** Beats in one measure (#mmm02). */
  beatsPerMeasure: 64,
  /** Level-data entities: the converters' output (hold eighths included), TXT rows, and the reader's input. */
  entities: 60_000,
  /** Level data after decompression, in bytes. */
  levelDataBytes: 16 * 1024 * 1024,
  /** Seconds from the music's start to any note, line or change: a chart is a song, and what draws it
   *  (the preview, the player) grows with its length. */
  seconds: 3600,
  /** #WAVEOFFSET (or TXT's offset), seconds either way. */
  waveOffset: 300,
  /** A BPM value, at most (BPM_MIN is the least). */
  bpm: 100_000,
  /** A hi-speed (time-scale) value, either way. */
  hiSpeed: 1000,
  /** The last beat of level data (2 beats make one column of the preview): 10,000 columns at most. */
  beats: 20_000,
  /** #REQUEST "ticks_per_beat N". */
  ticksPerBeat: 100_000,
} as const
/** The lowest BPM value a chart may use. */
export const BPM_MIN = 0.001
export type ChartLimitName = keyof typeof CHART_LIMITS

/** A replay's two files as uploaded (gzip), at most this plus REPLAY_BYTES_PER_NOTE for each note of the
 *  chart: a replay holds a judgment a note and the touches that made them. */
export const REPLAY_BYTES_BASE = 256 * 1024
export const REPLAY_BYTES_PER_NOTE = 512
export const replayBytesFor = (noteCount: number): number =>
  REPLAY_BYTES_BASE + REPLAY_BYTES_PER_NOTE * Math.max(0, noteCount)
/** Replays: the data and configuration files after decompression, in bytes. */
export const REPLAY_MAX_BYTES = 32 * 1024 * 1024
/** JSON read from users (request bodies, level data, replays, profiles) nests at most this deep. */
export const JSON_MAX_DEPTH = 64

/** Finding charts: the list's orders, as the site's filter bar and the app's advanced search
 *  name them (newest, popular, top rated, trending, most played, title; and from the level data, longest
 *  and densest first). */
export const CHART_SORTS = [
  'newest',
  'likes',
  'rating',
  'trending',
  'plays',
  'title',
  'length',
  'nps',
] as const
export type ChartSort = (typeof CHART_SORTS)[number]
/** The Olivier filter: any chart, Olivier charts only, or none of them ('1' is the spec's old spelling of
 *  'only'). */
export const OLIVIER_FILTERS = ['any', 'only', 'exclude'] as const
/** A feature filter (scratches, split lines, speed changes): any, with it, or without it. */
export const FEATURE_FILTERS = ['any', 'with', 'without'] as const
export type FeatureFilter = (typeof FEATURE_FILTERS)[number]
/** Length filter bounds, whole seconds: a maximum of LENGTH_FILTER_MAX means "no upper bound" (the app's
 *  slider at its end), as DIFFICULTY_MAX does for levels. */
export const LENGTH_FILTER_MAX = 600
/** Notes-per-second filter bounds (the average over the chart), in steps of NPS_FILTER_STEP; a maximum
 *  of NPS_FILTER_MAX means "no upper bound". */
export const NPS_FILTER_MAX = 30
export const NPS_FILTER_STEP = 0.5
/** Tags one filter may ask for (every one must be on the chart). */
export const TAG_FILTER_MAX = 5
/** Trending: likes, ratings and plays of the last TRENDING_WINDOW_MS, each weighing less as it
 *  ages (linearly, to nothing at the window's end); recomputed every TRENDING_INTERVAL_MS off the request
 *  path. */
export const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60_000
export const TRENDING_INTERVAL_MS = 10 * 60_000
