// Wire types and rules of playlists (docs/protocol.md §15.11): the schemas of schemas/playlists.ts.
import { type Static } from '@sinclair/typebox'
import type * as S from './schemas/playlists.js'
import { CHART_ID_REGEX } from '../rules.js'
import { PLAYLIST_TITLE_MAX, PLAYLIST_DESCRIPTION_MAX } from './constants.js'

export { PLAYLIST_TITLE_MAX, PLAYLIST_DESCRIPTION_MAX }

export type RawPlaylist = Static<typeof S.RawPlaylistSchema>
export type PlaylistListResponse = Static<typeof S.PlaylistListSchema>
export type PlaylistDetailsResponse = Static<typeof S.PlaylistDetailsSchema>
export type PlaylistForm = Static<typeof S.PlaylistCreateBody>
export type PlaylistEdit = Static<typeof S.PlaylistEditBody>
export type MyPlaylists = Static<typeof S.MyPlaylistsSchema>

/** A playlist's Sonolus name: this prefix and its id (`wbp-staff-picks` for the staff picks). */
export const PLAYLIST_NAME_PREFIX = 'wbp-'
export const STAFF_PICKS = 'staff-picks'
/** Charts in one playlist at most. */
export const PLAYLIST_CHARTS_MAX = 500
/** Playlists one user may own. */
export const PLAYLISTS_PER_USER_MAX = 200
/** Playlists per list page. */
export const PLAYLISTS_PER_PAGE = 20
/** Levels a playlist carries in a list or a section (its details carry all of them). */
export const PLAYLIST_LIST_LEVELS = 10
/** Covers a playlist's cover is made of. */
export const PLAYLIST_COVERS = 4

export const playlistName = (id: string): string => `${PLAYLIST_NAME_PREFIX}${id}`
/** The id a playlist name names: 32 hex characters, or the staff picks. */
export const playlistIdOf = (name: string): string | undefined => {
  if (!name.startsWith(PLAYLIST_NAME_PREFIX)) return undefined
  const id = name.slice(PLAYLIST_NAME_PREFIX.length)
  return CHART_ID_REGEX.test(id) || id === STAFF_PICKS ? id : undefined
}
