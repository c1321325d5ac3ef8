// Server-level calls: GET /info (the site title) and GET /server/info (docs/spec.md §7), and an engine's item.
import { type EngineItem, type ServerInfo, type ServerItemDetails } from '@sonolus/core'
import { type ServerInfoResponse } from '../../common/api/serverInfo'
import { sonolusApi } from './sonolusApi'

export const serverApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getSiteInfo: build.query<ServerInfo, void>({
      query: () => '/info',
      providesTags: ['SiteInfo'],
    }),
    getServerInfo: build.query<ServerInfoResponse, void>({
      query: () => '/server/info',
      providesTags: ['ServerInfo'],
    }),
    /** An engine's item (the create page's player watches a chart not yet made with it). */
    getEngine: build.query<ServerItemDetails<EngineItem>, string>({
      query: (name) => `/engines/${encodeURIComponent(name)}`,
    }),
  }),
})

export const { useGetSiteInfoQuery, useGetServerInfoQuery, useGetEngineQuery } = serverApi
