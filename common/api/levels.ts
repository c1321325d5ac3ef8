// Wire types of the level calls' web extras (spec §3 "Chart", §7; protocol doc §15). The official
// fields are @sonolus/core's; these are additive.
import {
  type LevelItem,
  type ServerItemDetails,
  type ServerItemList,
  type ServerItemSection,
} from '@sonolus/core'
import { type ChartModeration } from './moderation.js'

/** spec §3: one chart row as the site needs it. */
export type RawChart = {
  id: string
  title: string
  artists: string
  composer: string
  /** 'name#handle' */
  author: string
  description: string
  level: number
  isOliver: 0 | 1
  isPublic: 0 | 1
  tags: string[]
  coverHash: string
  backgroundHash: string | null
  musicHash: string | null
  previewHash: string | null
  /** null for anyone but the owner unless the creator allows downloading the SUS (allowSusDownload). */
  susHash: string | null
  /** The creator lets others download the chart's SUS (issue 15; off by default). */
  allowSusDownload: 0 | 1
  dataHash: string | null
  likeNumber: number
  commentNumber: number
  rating: number
  ratingNumber: number
  publishTime: number
  updatedTime: number
}

export type LevelListResponse = ServerItemList<LevelItem> & { rawItems: RawChart[] }

export type LevelDetailsResponse = ServerItemDetails<LevelItem> & {
  publishTime: number
  rawItem: RawChart
  /** For the chart's owner and for moderators (issue 14): whether it is hidden, why, and its audit log. */
  moderation?: ChartModeration
  sections: (ServerItemSection & { rawItems?: RawChart[] })[]
}

/** spec §3 / §7: the seven leaderboards. */
export const LEADERBOARDS = ['arcScore', 'accScore', 'combo', 'perfect', 'great', 'good', 'miss'] as const
export type LeaderboardName = (typeof LEADERBOARDS)[number]

/** The list page size (protocol doc §2.5). */
export const LEVELS_PER_PAGE = 20

/** A leaderboard record as our server sends it: core's fields plus the replay's name (spec §2). */
export type WebRecord = { name: string; rank: string; player: string; value: string; replay: string }
export type RecordListResponse = { pageCount: number; records: WebRecord[] }
