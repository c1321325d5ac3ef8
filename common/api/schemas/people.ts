// Schemas of the people and news calls: a user's details with the site's extras, and the
// server's news that moderators write (docs/protocol.md §15.8).
import { Type } from '@sinclair/typebox'
import { ReplayItemSchema, ServerFormSchema, UserItemSchema, sectionOf } from './protocol.js'
import { LevelItemSchema } from './protocol.js'
import { RawChartSchema } from './levels.js'
import { FollowStateSchema } from './follows.js'

/** What the app gave us of a player's profile, for their page: name, handle, about-me and avatar. */
export const ProfileSchema = Type.Object({
  handle: Type.String(),
  name: Type.String(),
  aboutMe: Type.String(),
  avatar: Type.Object({
    type: Type.String(),
    foregroundType: Type.String(),
    foregroundColor: Type.String(),
    backgroundType: Type.String(),
    backgroundColor: Type.String(),
  }),
})
export const PersonStatsSchema = Type.Object({
  charts: Type.Integer({ minimum: 0 }),
  likes: Type.Integer({ minimum: 0 }),
  comments: Type.Integer({ minimum: 0 }),
  records: Type.Integer({ minimum: 0 }),
  plays: Type.Integer({ minimum: 0 }),
  /** Ratings their public charts received, and their average (null without any). */
  ratings: Type.Integer({ minimum: 0 }),
  ratingAverage: Type.Union([Type.Number(), Type.Null()]),
})
/** A best record as the site lists it on a player's page. */
export const PersonRecordSchema = Type.Object({
  replay: Type.String(),
  chartId: Type.String(),
  title: Type.String(),
  grade: Type.String(),
  arcadeScore: Type.String(),
  accuracyScore: Type.String(),
  time: Type.Integer({ minimum: 0 }),
})

const levelSection = Type.Composite([
  sectionOf('level', LevelItemSchema),
  Type.Object({ rawItems: Type.Optional(Type.Array(RawChartSchema)) }),
])
const replaySection = sectionOf('replay', ReplayItemSchema)

export const UserDetailsResponseSchema = Type.Object({
  item: UserItemSchema,
  description: Type.Optional(Type.String()),
  actions: Type.Array(ServerFormSchema),
  hasCommunity: Type.Boolean(),
  leaderboards: Type.Array(Type.Object({ name: Type.String(), title: Type.String() })),
  sections: Type.Array(Type.Union([levelSection, replaySection])),
  // The site's extras.
  profile: ProfileSchema,
  stats: PersonStatsSchema,
  records: Type.Array(PersonRecordSchema),
  /** Followers, following, and the viewer's follow. */
  follow: FollowStateSchema,
})

// News (site calls).
export const NewsItemSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** Markdown, rendered by the site with raw HTML off. */
  body: Type.String(),
  author: Type.String(),
  createdTime: Type.Integer({ minimum: 0 }),
  updatedTime: Type.Integer({ minimum: 0 }),
})
export const NewsListResponseSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  items: Type.Array(NewsItemSchema),
})
export const NewsParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
export const NewsBody = Type.Object(
  {
    title: Type.String({ maxLength: 1000 }),
    body: Type.String({ maxLength: 50_000 }),
  },
  { additionalProperties: false },
)
export const NewsActionBody = Type.Union([
  Type.Object(
    {
      action: Type.Literal('edit'),
      title: Type.String({ maxLength: 1000 }),
      body: Type.String({ maxLength: 50_000 }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ action: Type.Literal('delete') }, { additionalProperties: false }),
])
export const NewsSavedResponseSchema = Type.Object({ code: Type.Literal(200), id: Type.String() })
