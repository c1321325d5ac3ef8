// Leaderboard records (docs/spec.md §7): GET /levels/wbs-{id}/leaderboards/{board}/records/list?page. Tagged per
// chart and board, so a new record of this chart refreshes its boards; and by the chart, so an edit that
// makes a new version refreshes them and the versions list.
import {
  type ChartVersions,
  type LeaderboardName,
  type RecordListResponse,
  type VersionChanges,
} from '../../common/api/levels'
import { LEVEL_NAME_PREFIX } from '../../common/rules'
import { sonolusApi } from './sonolusApi'

export const leaderboardsApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getRecords: build.query<
      RecordListResponse,
      { id: string; board: LeaderboardName; page: number; version?: number }
    >({
      query: ({ id, board, page, version }) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/leaderboards/${board}/records/list`,
        params: version === undefined ? { page } : { page, version },
      }),
      providesTags: (_result, _error, { id, board }) => [
        { type: 'Leaderboard', id: `${id}/${board}` },
        { type: 'Level', id },
      ],
    }),
    /** The chart's current version and its earlier ones. */
    getVersions: build.query<ChartVersions, string>({
      query: (id) => `/levels/${LEVEL_NAME_PREFIX}${id}/versions`,
      providesTags: (_result, _error, id) => [{ type: 'Level', id }],
    }),
    /** What one version changed in the notes, with the notes (the preview marks them). */
    getVersionChanges: build.query<VersionChanges, { id: string; version: number }>({
      query: ({ id, version }) => `/levels/${LEVEL_NAME_PREFIX}${id}/versions/${version}`,
      providesTags: (_result, _error, { id }) => [{ type: 'Level', id }],
    }),
  }),
})

export const { useGetRecordsQuery, useGetVersionsQuery, useGetVersionChangesQuery } = leaderboardsApi
