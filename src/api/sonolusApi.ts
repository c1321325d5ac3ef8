// The one RTK Query API for everything the SPA calls. Resource files inject their endpoints
// (ARCHITECTURE.md, src/api/); this file holds the base query and every cache tag type.
import { SITE_CLIENT_HEADER, SITE_CLIENT_VALUE } from '../../common/api/errorKeys'
import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  createApi,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react'
import { SERVERS, type ServerId } from './servers'
import { getSession } from './session'

export const TAG_TYPES = [
  'ServerInfo',
  'SiteInfo',
  'User',
  'Level',
  'LevelList',
  'CommunityStatus',
  'Comments',
  'Leaderboard',
  'SplitLine',
  'Docs',
  // Moderation: the queue, the audit log, the moderators and a user's notices.
  'ModerationQueue',
  'AuditLog',
  'Moderators',
  'Notices',
  // People and news: a person's page by handle, and the server's news.
  'UserDetails',
  'News',
  // Following and notifications: one's notifications (and their unread count) and settings.
  'Notifications',
  'NotificationSettings',
  // Playlists: one playlist, and the lists and the add menu.
  'Playlist',
  'PlaylistList',
] as const

type StateWithServer = { settings: { server: ServerId } }

/** Which base a request goes to; the default is the Sonolus base URL. */
export type BaseName = 'sonolus' | 'masterData' | 'docs' | 'upload'
export type ApiArgs = FetchArgs & { base?: BaseName }

// docs/spec.md §7: calls go to the selected server's base with Authorization set to the session id.
// The base URL is absolute: Node's Request (jsdom tests) rejects relative URLs.
const dynamicBaseQuery: BaseQueryFn<
  string | ApiArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = (args, api, extraOptions) => {
  const state = api.getState() as StateWithServer
  const bases = SERVERS[state.settings.server].bases()
  const request: ApiArgs = typeof args === 'string' ? { url: args } : args
  const baseUrl = bases[request.base ?? 'sonolus']
  return fetchBaseQuery({
    baseUrl,
    prepareHeaders: (headers) => {
      const sessionId = getSession()
      if (sessionId && !headers.has('authorization')) headers.set('authorization', sessionId)
      // Catalogue error bodies on protocol routes too (their `error` key picks our message).
      headers.set(SITE_CLIENT_HEADER, SITE_CLIENT_VALUE)
      return headers
    },
  })({ ...request, url: request.url }, api, extraOptions)
}

export const sonolusApi = createApi({
  reducerPath: 'sonolusApi',
  baseQuery: dynamicBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
})
