// Leaderboard records (docs/spec.md §7): GET /levels/wbs-{id}/leaderboards/{board}/records/list?page. Tagged per
// chart and board, so a new record of this chart refreshes its boards.
import { type LeaderboardName, type RecordListResponse } from '../../common/api/levels'
import { LEVEL_NAME_PREFIX } from '../../common/rules'
import { sonolusApi } from './sonolusApi'

export const leaderboardsApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getRecords: build.query<RecordListResponse, { id: string; board: LeaderboardName; page: number }>({
      query: ({ id, board, page }) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/leaderboards/${board}/records/list`,
        params: { page },
      }),
      providesTags: (_result, _error, { id, board }) => [{ type: 'Leaderboard', id: `${id}/${board}` }],
    }),
  }),
})

export const { useGetRecordsQuery } = leaderboardsApi
