// Server-level calls: GET /info (the site title) and GET /server/info (docs/spec.md §7).
import { type ServerInfo } from '@sonolus/core'
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
  }),
})

export const { useGetSiteInfoQuery, useGetServerInfoQuery } = serverApi
