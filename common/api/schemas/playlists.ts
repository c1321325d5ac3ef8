// Schemas of the playlist calls (docs/protocol.md §15.11): the app's playlist info, list and
// details (core PlaylistItem, checked below), and the site's extras and edits.
import { type Static, Type } from '@sinclair/typebox'
import { type PlaylistItem, type ServerItemDetails } from '@sonolus/core'
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_TITLE_MAX } from '../constants.js'
import { RawChartSchema } from './levels.js'
import {
  LevelItemSchema,
  ServerFormSchema,
  SrlSchema,
  TagSchema,
  UserItemSchema,
  sectionOf,
} from './protocol.js'

type Assert<T extends true> = T
type Extends<A, B> = [A] extends [B] ? true : false

export const PlaylistItemSchema = Type.Object({
  name: Type.String(),
  source: Type.Optional(Type.String()),
  version: Type.Literal(1),
  title: Type.String(),
  subtitle: Type.String(),
  author: Type.String(),
  authorUser: Type.Optional(UserItemSchema),
  tags: Type.Array(TagSchema),
  levels: Type.Array(LevelItemSchema),
  thumbnail: Type.Optional(SrlSchema),
})
export type _PlaylistCheck = Assert<Extends<Static<typeof PlaylistItemSchema>, PlaylistItem>>

/** A playlist as the site shows it. */
export const RawPlaylistSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  isPublic: Type.Boolean(),
  /** 'name#handle'; '' for the staff picks. */
  owner: Type.String(),
  /** The moderators' staff picks. */
  staff: Type.Boolean(),
  chartCount: Type.Integer({ minimum: 0 }),
  /** The first charts' covers (file hashes): the playlist's cover. */
  covers: Type.Array(Type.String()),
  updatedTime: Type.Number(),
  /** Whether the viewer may edit it (its owner; moderators for the staff picks). */
  canEdit: Type.Boolean(),
})

/** `searches: []` offers the app's own quick search and nothing more. */
export const PlaylistInfoSchema = Type.Object({
  searches: Type.Optional(Type.Array(ServerFormSchema)),
  sections: Type.Array(sectionOf('playlist', PlaylistItemSchema)),
})
export const PlaylistListSchema = Type.Object({
  pageCount: Type.Integer({ minimum: 1 }),
  items: Type.Array(PlaylistItemSchema),
  searches: Type.Optional(Type.Array(ServerFormSchema)),
  rawItems: Type.Array(RawPlaylistSchema),
})
export const PlaylistListQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  /** Cut to 100 code points by the route, as the other lists' search text (the app sets no limit). */
  keywords: Type.Optional(Type.String({ maxLength: 2000 })),
  /** `mine`: the viewer's own playlists (private ones too). `quick`: the app's quick search, which sends
   *  `type=quick&keywords=…` (the keywords do the searching). */
  type: Type.Optional(Type.Union([Type.Literal('mine'), Type.Literal('all'), Type.Literal('quick')])),
  /** One person's public playlists, by handle. */
  user: Type.Optional(Type.String({ maxLength: 128 })),
})
/** `view=site`: the site's page, which reads rawCharts and not the app's levels (each carries the engine:
 *  a 500-chart playlist's levels are megabytes). The app's answer carries the levels and no rawCharts. */
export const PlaylistDetailsQuery = Type.Object({
  localization: Type.Optional(Type.String({ maxLength: 64 })),
  view: Type.Optional(Type.Literal('site')),
})
export const PlaylistDetailsSchema = Type.Object({
  item: PlaylistItemSchema,
  description: Type.Optional(Type.String()),
  actions: Type.Array(ServerFormSchema),
  hasCommunity: Type.Boolean(),
  leaderboards: Type.Array(Type.Object({ name: Type.String(), title: Type.String() })),
  sections: Type.Array(sectionOf('level', LevelItemSchema)),
  rawItem: RawPlaylistSchema,
  /** The charts the viewer may see, in order (for `view=site`; empty for the app). */
  rawCharts: Type.Array(RawChartSchema),
})
export type _PlaylistDetailsCheck = Assert<
  Extends<
    Omit<Static<typeof PlaylistDetailsSchema>, 'rawItem' | 'rawCharts'>,
    ServerItemDetails<PlaylistItem>
  >
>

export const PlaylistCreateBody = Type.Object({
  title: Type.String({ maxLength: PLAYLIST_TITLE_MAX * 4 }),
  description: Type.String({ maxLength: PLAYLIST_DESCRIPTION_MAX * 4 }),
  isPublic: Type.Boolean(),
})
/** The whole playlist as its editor saves it: the charts in their new order (a reorder, a removal). */
export const PlaylistEditBody = Type.Object({
  title: Type.String({ maxLength: PLAYLIST_TITLE_MAX * 4 }),
  description: Type.String({ maxLength: PLAYLIST_DESCRIPTION_MAX * 4 }),
  isPublic: Type.Boolean(),
  chartIds: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 2000 }),
})
export const PlaylistAddBody = Type.Object({ chartId: Type.String({ maxLength: 64 }) })
export const PlaylistSavedSchema = Type.Object({ code: Type.Literal(200), id: Type.String() })

/** The viewer's playlists for the "add to playlist" menu: each, and whether it holds the chart asked of. */
export const MyPlaylistsSchema = Type.Object({
  playlists: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      isPublic: Type.Boolean(),
      staff: Type.Boolean(),
      chartCount: Type.Integer({ minimum: 0 }),
      hasChart: Type.Boolean(),
    }),
  ),
})
export const MyPlaylistsQuery = Type.Object({ chart: Type.Optional(Type.String({ maxLength: 64 })) })
