// Schemas of the level calls' requests and of their answers with the site's extras (docs/spec.md §3, §7;
// docs/protocol.md §6, §15). The protocol parts are schemas/protocol.ts's.
import { Type } from '@sinclair/typebox'
import {
  CHART_SORTS,
  COMMENT_STATES,
  DIFFICULTY_MAX,
  FEATURE_FILTERS,
  LENGTH_FILTER_MAX,
  NPS_FILTER_MAX,
  OLIVIER_FILTERS,
  TAG_FILTER_MAX,
} from '../../rules.js'
import { LEADERBOARDS, MAX_TAG_LENGTH } from '../constants.js'
import { ChartModerationSchema } from './moderation.js'
import {
  CommunityCommentSchema,
  LevelDetailsSchema,
  LevelItemSchema,
  LevelListSchema,
  ReplayItemSchema,
  ServerFormSchema,
  sectionOf,
} from './protocol.js'

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)])
const Hash = Type.String()

/** A chart's stats (common/chart/stats.ts ChartStats), as the site shows them. */
export const ChartStatsSchema = Type.Object({
  noteCount: Type.Integer({ minimum: 0 }),
  counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  /** Seconds. */
  duration: Type.Number({ minimum: 0 }),
  npsAverage: Type.Number({ minimum: 0 }),
  npsPeak: Type.Number({ minimum: 0 }),
  bpmMin: Type.Union([Type.Number(), Type.Null()]),
  bpmMax: Type.Union([Type.Number(), Type.Null()]),
  hasScratches: Type.Boolean(),
  hasSplitLines: Type.Boolean(),
  hasSpeedChanges: Type.Boolean(),
})

/** One chart as the site needs it (docs/spec.md §3). */
export const RawChartSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  artists: Type.String(),
  composer: Type.String(),
  /** 'name#handle' */
  author: Type.String(),
  /** The accepted co-authors' 'name#handle' texts, in the order they joined. */
  coauthors: Type.Optional(Type.Array(Type.String())),
  description: Type.String(),
  level: Type.Integer(),
  isOliver: Flag,
  isPublic: Flag,
  tags: Type.Array(Type.String()),
  coverHash: Hash,
  backgroundHash: Type.Union([Hash, Type.Null()]),
  musicHash: Type.Union([Hash, Type.Null()]),
  previewHash: Type.Union([Hash, Type.Null()]),
  /** null for anyone but the owner unless the creator allows downloading the SUS (allowSusDownload). */
  susHash: Type.Union([Hash, Type.Null()]),
  /** The creator lets others download the chart's SUS (off by default). */
  allowSusDownload: Flag,
  dataHash: Type.Union([Hash, Type.Null()]),
  likeNumber: Type.Integer({ minimum: 0 }),
  commentNumber: Type.Integer({ minimum: 0 }),
  rating: Type.Number(),
  ratingNumber: Type.Integer({ minimum: 0 }),
  publishTime: Type.Number(),
  updatedTime: Type.Number(),
  /** Accepted results on the chart. */
  playCount: Type.Integer({ minimum: 0 }),
  /** The trending score: the last week's likes, ratings and plays, weighted by age; 0 when none. */
  trending: Type.Number({ minimum: 0 }),
  /** What the level data is like; null without level data, or until its stats are read. */
  stats: Type.Union([ChartStatsSchema, Type.Null()]),
  /** When the chart is to be published; its owner's to see, null for anyone else. */
  scheduledTime: Type.Union([Type.Number(), Type.Null()]),
})

export const LevelListResponseSchema = Type.Composite([
  LevelListSchema,
  Type.Object({ rawItems: Type.Array(RawChartSchema) }),
])

/** A section of levels (info and details), with the site's raw rows where it lists them. */
const LevelSectionSchema = Type.Object({
  title: Type.String(),
  icon: Type.Optional(Type.String()),
  itemType: Type.Literal('level'),
  items: Type.Array(LevelItemSchema),
  /** The list the section starts (the app's "More"): a search's values, URL-encoded. */
  searchValues: Type.Optional(Type.String()),
  rawItems: Type.Optional(Type.Array(RawChartSchema)),
})

export const LevelInfoResponseSchema = Type.Object({
  searches: Type.Optional(Type.Array(ServerFormSchema)),
  sections: Type.Array(LevelSectionSchema),
})

export const LevelDetailsResponseSchema = Type.Composite([
  Type.Omit(LevelDetailsSchema, ['sections']),
  Type.Object({
    publishTime: Type.Number(),
    rawItem: RawChartSchema,
    /** For the chart's owner and for moderators. */
    moderation: Type.Optional(ChartModerationSchema),
    /** Other charts by the author, then its best replays. */
    sections: Type.Array(Type.Union([LevelSectionSchema, sectionOf('replay', ReplayItemSchema)])),
  }),
])

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)))
/** A bound of a range filter: a number in the rules' bounds, or '' (the app's slider cleared). */
const Bound = (schema: ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Number>) =>
  Type.Optional(Type.Union([schema, Type.Literal('')]))
const Feature = Type.Optional(literals(FEATURE_FILTERS))

/** GET /levels/list: the app's quick and advanced searches and the site's filter bar (docs/protocol.md §6,
 *  §15.8). Open: the app may send more search values; text fields are cut to 100 code points by the route.
 *  A sort or a choice the list does not know, or a bound outside the rules', is a 400 naming the field. */
export const LevelListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  in: Type.Optional(Type.String({ maxLength: 16 })),
  sort: Type.Optional(literals(CHART_SORTS)),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  /** Words over title, artists, composer, author and tags. */
  keywords: Type.Optional(Type.String({ maxLength: 2000 })),
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  artists: Type.Optional(Type.String({ maxLength: 2000 })),
  author: Type.Optional(Type.String({ maxLength: 2000 })),
  /** Words in the tags (the app's text field). */
  tag: Type.Optional(Type.String({ maxLength: 2000 })),
  /** Whole tags, comma-separated (a tag holds no comma): the chart has every one. */
  tags: Type.Optional(Type.String({ maxLength: (MAX_TAG_LENGTH + 1) * TAG_FILTER_MAX * 4 })),
  /** The app's difficulty (common/rules.ts difficultyOf), 1–40. */
  levelMin: Bound(Type.Integer({ minimum: 1, maximum: DIFFICULTY_MAX })),
  levelMax: Bound(Type.Integer({ minimum: 1, maximum: DIFFICULTY_MAX })),
  /** Length in whole seconds; LENGTH_FILTER_MAX as the maximum means no bound. */
  lengthMin: Bound(Type.Integer({ minimum: 0, maximum: LENGTH_FILTER_MAX })),
  lengthMax: Bound(Type.Integer({ minimum: 0, maximum: LENGTH_FILTER_MAX })),
  /** Average notes per second; NPS_FILTER_MAX as the maximum means no bound. */
  npsMin: Bound(Type.Number({ minimum: 0, maximum: NPS_FILTER_MAX })),
  npsMax: Bound(Type.Number({ minimum: 0, maximum: NPS_FILTER_MAX })),
  /** 'only' ('1', the spec's spelling) or 'exclude' ('any' and '' filter nothing). */
  olivier: Type.Optional(Type.Union([literals(OLIVIER_FILTERS), Type.Literal('1'), Type.Literal('')])),
  scratches: Feature,
  splitLines: Feature,
  speedChanges: Feature,
  /** '1': one card per song (its easiest public chart); '' or absent: every chart. */
  songs: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('')])),
  /** One creator's charts, by handle (a user's page and its "More"). */
  user: Type.Optional(Type.String({ maxLength: 128 })),
})

export const LeaderboardNameSchema = Type.Union(LEADERBOARDS.map((name) => Type.Literal(name)))
/** A leaderboard in the path: the level and the board's name (checked by the route: 404 if unknown). */
export const BoardParams = Type.Object({
  name: Type.String({ maxLength: 256 }),
  board: Type.String({ maxLength: 64 }),
})
/** A board's records: a page, and for the site an earlier version's board (the app's is always
 *  the current version's). */
export const RecordListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
})
const BeatSpanSchema = Type.Object({ from: Type.Number(), to: Type.Number() })
/** What a version changed in the notes against the one before it (common/chart/diff.ts). */
const ChangeCountsSchema = Type.Object({
  added: Type.Integer({ minimum: 0 }),
  removed: Type.Integer({ minimum: 0 }),
  moved: Type.Integer({ minimum: 0 }),
  /** Where, as beat ranges. */
  spans: Type.Array(BeatSpanSchema),
})
/** GET /sonolus/levels/{name}/coauthors: the chart's co-authors (with the invitations, for its owner and
 *  co-authors), and where the caller stands. */
export const CoauthorsSchema = Type.Object({
  role: Type.Union([
    Type.Literal('owner'),
    Type.Literal('coauthor'),
    Type.Literal('invited'),
    Type.Literal('none'),
  ]),
  coauthors: Type.Array(
    Type.Object({
      name: Type.String(),
      handle: Type.String(),
      accepted: Type.Boolean(),
    }),
  ),
})
/** A test link as its chart's creators see it. */
const TestLinkSchema = Type.Object({
  id: Type.String(),
  token: Type.String(),
  createdTime: Type.Number(),
  expiresTime: Type.Union([Type.Number(), Type.Null()]),
  revokedTime: Type.Union([Type.Number(), Type.Null()]),
})
/** POST /sonolus/levels/{name}/test-links: a new link, open `days` days (none: until revoked). */
export const TestLinkCreateBody = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
})
export const TestLinkCreatedSchema = TestLinkSchema
/** GET /sonolus/levels/{name}/test-links: the chart's links, newest first, and the feedback sent through
 *  them, newest first. */
export const TestLinksSchema = Type.Object({
  links: Type.Array(TestLinkSchema),
  feedback: Type.Array(
    Type.Object({
      id: Type.String(),
      linkId: Type.String(),
      author: Type.String(),
      content: Type.String(),
      moment: Type.Union([Type.Number(), Type.Null()]),
      time: Type.Number(),
    }),
  ),
})
export const TestLinkParams = Type.Object({
  name: Type.String({ maxLength: 256 }),
  id: Type.String({ maxLength: 64 }),
})
export const TestTokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) })
/** A test link's revoke, or a tester's feedback, done. */
export const TestLinkDoneSchema = Type.Object({ code: Type.Literal(200) })
export const TestLinkRevokeBody = Type.Object({})
/** POST /sonolus/test-links/{token}/feedback: a tester's note, perhaps at a moment (seconds or m:ss). */
export const TestFeedbackBody = Type.Object({
  content: Type.String({ maxLength: 20_000 }),
  moment: Type.Optional(Type.String({ maxLength: 16 })),
})
/** POST /sonolus/levels/{name}/difficulties: a new difficulty of the chart's song, made from the chart. */
export const NewDifficultyBody = Type.Object({
  level: Type.Integer({ minimum: 1, maximum: 99 }),
  isOliver: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
})
export const NewDifficultySchema = Type.Object({ id: Type.String() })
/** GET /sonolus/levels/{name}/set: the charts of the same song the caller may see, easiest first. */
export const SongSetSchema = Type.Object({ charts: Type.Array(RawChartSchema) })
/** GET /sonolus/levels/{name}/versions/{version}: a version's changes with the notes, for the preview. */
export const VersionChangesSchema = Type.Composite([
  ChangeCountsSchema,
  Type.Object({
    notes: Type.Array(
      Type.Object({
        kind: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('moved')]),
        beat: Type.Number(),
        lane: Type.Number(),
        laneLength: Type.Number(),
        fromBeat: Type.Optional(Type.Number()),
        fromLane: Type.Optional(Type.Number()),
      }),
    ),
    /** More notes changed than are listed. */
    notesCut: Type.Boolean(),
  }),
])
export const VersionParams = Type.Object({
  name: Type.String({ maxLength: 256 }),
  version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
})
const ChartVersionSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  /** What it changed from the version before (absent for the first, and for versions from before this
   *  was kept). */
  changes: Type.Optional(ChangeCountsSchema),
  /** When this version's level data was set. */
  time: Type.Number(),
  /** When an edit replaced it (earlier versions). */
  replacedTime: Type.Optional(Type.Number()),
  /** Players with a record on it. */
  players: Type.Integer({ minimum: 0 }),
  /** Who set its level data ('name#handle'), when an edit did (the owner or a co-author). */
  editor: Type.Optional(Type.String()),
})
/** GET /sonolus/levels/{name}/versions: the current version and the earlier ones, newest first. */
export const ChartVersionsSchema = Type.Object({
  current: ChartVersionSchema,
  earlier: Type.Array(ChartVersionSchema),
})
export const RecordParams = Type.Object({
  name: Type.String({ maxLength: 256 }),
  board: Type.String({ maxLength: 64 }),
  record: Type.String({ maxLength: 128 }),
})

// Community (docs/spec.md §7): the site's status call, and comments with their parent and edited flag.
export const CommunityStatusSchema = Type.Object({
  isLike: Type.Boolean(),
  isRating: Type.Boolean(),
  rating: Type.Number(),
})
export const WebCommentSchema = Type.Composite([
  CommunityCommentSchema,
  Type.Object({
    /** The comment as written (markdown, which the site renders); `content` is its plain text. */
    markdown: Type.String(),
    parent: Type.Union([Type.String(), Type.Null()]),
    edited: Type.Boolean(),
    /** The moment of the chart it is about, in seconds of chart time. */
    moment: Type.Optional(Type.Number({ minimum: 0 })),
    /** The chart's owner marked it resolved. */
    resolved: Type.Optional(Type.Boolean()),
  }),
])
/** A page of comments: all of them, or only the open or the resolved ones. */
export const CommentListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  state: Type.Optional(Type.Union(COMMENT_STATES.map((state) => Type.Literal(state)))),
})
export const CommentListResponseSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  comments: Type.Array(WebCommentSchema),
  total: Type.Integer({ minimum: 0 }),
})
export const CommunityInfoResponseSchema = Type.Object({
  actions: Type.Array(ServerFormSchema),
  topComments: Type.Array(WebCommentSchema),
})
/** A comment's submit: the level and the comment's name. */
export const CommentParams = Type.Object({
  name: Type.String({ maxLength: 256 }),
  comment: Type.String({ maxLength: 128 }),
})
