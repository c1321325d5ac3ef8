// Wire types of the level calls' web extras (docs/spec.md §3 "Chart", §7; docs/protocol.md §15). The official
// fields are @sonolus/core's; these are additive.
import {
  type LevelItem,
  type ServerItemDetails,
  type ServerItemList,
  type ServerItemSection,
} from '@sonolus/core'
import { type ChartModeration } from './moderation.js'
import { type Static } from '@sinclair/typebox'
import type * as L from './schemas/levels.js'
import type * as P from './schemas/protocol.js'
import { LEADERBOARDS } from './constants.js'

export { LEADERBOARDS }

/** docs/spec.md §3: one chart row as the site needs it. */
export type RawChart = Static<typeof L.RawChartSchema>
/** What a chart's level data is like. */
export type RawChartStats = Static<typeof L.ChartStatsSchema>

export type LevelListResponse = ServerItemList<LevelItem> & { rawItems: RawChart[] }

export type LevelDetailsResponse = ServerItemDetails<LevelItem> & {
  publishTime: number
  rawItem: RawChart
  /** For the chart's owner and for moderators: whether it is hidden, why, and its audit log. */
  moderation?: ChartModeration
  sections: (ServerItemSection & { rawItems?: RawChart[] })[]
}

export type LeaderboardName = (typeof LEADERBOARDS)[number]

/** The list page size (docs/protocol.md §2.5). */
export const LEVELS_PER_PAGE = 20

/** A leaderboard record as our server sends it: core's fields plus the replay's name (docs/spec.md §2). */
export type WebRecord = Static<typeof P.LeaderboardRecordSchema>
export type RecordListResponse = Static<typeof P.RecordListSchema>
/** A chart's level-data versions. */
export type ChartVersions = Static<typeof L.ChartVersionsSchema>
/** The charts of one song (difficulties). */
export type SongSet = Static<typeof L.SongSetSchema>
/** A chart's test links and their feedback, for its creators. */
export type TestLinks = Static<typeof L.TestLinksSchema>
export type TestLink = Static<typeof L.TestLinkCreatedSchema>
export type TestFeedbackBody = Static<typeof L.TestFeedbackBody>
/** A chart's co-authors and where the caller stands. */
export type Coauthors = Static<typeof L.CoauthorsSchema>
/** What one version changed in the notes, with the notes. */
export type VersionChanges = Static<typeof L.VersionChangesSchema>

type Assert<T extends true> = T
type Extends<A, B> = [A] extends [B] ? true : false
// The schemas' forms are checked by shape (schemas/protocol.ts), so the forms are left out here.
export type _ListCheck = Assert<
  Extends<Omit<Static<typeof L.LevelListResponseSchema>, 'searches'>, Omit<LevelListResponse, 'searches'>>
>
export type _DetailsCheck = Assert<
  Extends<Omit<Static<typeof L.LevelDetailsResponseSchema>, 'actions'>, Omit<LevelDetailsResponse, 'actions'>>
>
