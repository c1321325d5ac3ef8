// Schemas of the level calls' requests and of their answers with the site's extras (docs/spec.md §3, §7;
// docs/protocol.md §6, §15). The protocol parts are schemas/protocol.ts's.
import { Type } from '@sinclair/typebox'
import { DIFFICULTY_MAX } from '../../rules.js'
import { LEADERBOARDS } from '../levels.js'
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

/** One chart as the site needs it (docs/spec.md §3). */
export const RawChartSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  artists: Type.String(),
  composer: Type.String(),
  /** 'name#handle' */
  author: Type.String(),
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
  /** The creator lets others download the chart's SUS (issue 15; off by default). */
  allowSusDownload: Flag,
  dataHash: Type.Union([Hash, Type.Null()]),
  likeNumber: Type.Integer({ minimum: 0 }),
  commentNumber: Type.Integer({ minimum: 0 }),
  rating: Type.Number(),
  ratingNumber: Type.Integer({ minimum: 0 }),
  publishTime: Type.Number(),
  updatedTime: Type.Number(),
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
    /** For the chart's owner and for moderators (issue 14). */
    moderation: Type.Optional(ChartModerationSchema),
    /** Other charts by the author, then its best replays (issue 17). */
    sections: Type.Array(Type.Union([LevelSectionSchema, sectionOf('replay', ReplayItemSchema)])),
  }),
])

/** GET /levels/list: the app's quick and advanced searches and the site's title, in=my|2 (docs/protocol.md
 *  §6). Open: the app may send more search values; text fields are cut to 100 code points by the route. */
export const LevelListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  in: Type.Optional(Type.String({ maxLength: 16 })),
  sort: Type.Optional(Type.String({ maxLength: 16 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  keywords: Type.Optional(Type.String({ maxLength: 2000 })),
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  artists: Type.Optional(Type.String({ maxLength: 2000 })),
  author: Type.Optional(Type.String({ maxLength: 2000 })),
  tag: Type.Optional(Type.String({ maxLength: 2000 })),
  /** The app's difficulty (common/rules.ts difficultyOf), 1–40. */
  levelMin: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: DIFFICULTY_MAX }), Type.Literal('')]),
  ),
  levelMax: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: DIFFICULTY_MAX }), Type.Literal('')]),
  ),
  olivier: Type.Optional(Type.String({ maxLength: 16 })),
  /** One creator's charts, by handle (a user's page and its "More"). */
  user: Type.Optional(Type.String({ maxLength: 128 })),
})

export const LeaderboardNameSchema = Type.Union(LEADERBOARDS.map((name) => Type.Literal(name)))
/** A leaderboard in the path: the level and the board's name (checked by the route: 404 if unknown). */
export const BoardParams = Type.Object({
  name: Type.String({ maxLength: 256 }),
  board: Type.String({ maxLength: 64 }),
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
  }),
])
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
