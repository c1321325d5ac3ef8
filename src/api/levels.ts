// Chart calls (docs/spec.md §7): the list (page, title, in=my|2) and the details, and the owner's edit and delete.
// Cache tags: each chart is Level/{id}; every list is LevelList, so a delete (or a like) refreshes the lists
// that show it.
import { type ServerSubmitItemActionRequest, type ServerSubmitItemActionResponse } from '@sonolus/core'
import { type LevelDetailsResponse, type LevelListResponse, type SongSet } from '../../common/api/levels'
import { type EditLevelResponse, type LevelFormBody, editValues } from '../../common/api/uploads'
import { LEVEL_NAME_PREFIX } from '../../common/rules'
import { sonolusApi } from './sonolusApi'

export type ChartScope = 'all' | 'mine' | 'liked'

/** `filters`: the list's filter and sort parameters, already under the API's names. */
export type LevelListArgs = {
  page: number
  title?: string
  scope: ChartScope
  filters?: Record<string, string>
}

const SCOPE_QUERY: Record<ChartScope, string | undefined> = { all: undefined, mine: 'my', liked: '2' }

export const levelListParams = ({ page, title, scope, filters }: LevelListArgs): Record<string, string> => {
  const params: Record<string, string> = { ...filters, page: String(page) }
  if (title && title.trim()) params.title = title.trim()
  const scopeValue = SCOPE_QUERY[scope]
  if (scopeValue) params.in = scopeValue
  return params
}

export const levelsApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getLevelList: build.query<LevelListResponse, LevelListArgs>({
      query: (args) => ({ url: '/levels/list', params: levelListParams(args) }),
      providesTags: (result) => [
        'LevelList',
        ...(result?.rawItems ?? []).map((chart) => ({ type: 'Level' as const, id: chart.id })),
      ],
    }),
    getLevel: build.query<LevelDetailsResponse, string>({
      query: (id) => `/levels/${LEVEL_NAME_PREFIX}${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Level', id }],
    }),
    deleteLevel: build.mutation<ServerSubmitItemActionResponse, string>({
      query: (id) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/submit`,
        method: 'POST',
        params: { type: 'delete' },
        body: { values: 'type=delete' } satisfies ServerSubmitItemActionRequest,
      }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Level', id }, 'LevelList'],
    }),
    /** The charts of a chart's song that the viewer may see, easiest first. */
    getSongSet: build.query<SongSet, string>({
      query: (id) => `/levels/${LEVEL_NAME_PREFIX}${id}/set`,
      providesTags: (result, _error, id) => [
        { type: 'Level', id },
        ...(result?.charts ?? []).map((chart) => ({ type: 'Level' as const, id: chart.id })),
      ],
    }),
    /** Links another of the owner's charts (`other`) as a difficulty of this chart's song. */
    linkDifficulty: build.mutation<ServerSubmitItemActionResponse, { id: string; other: string }>({
      query: ({ id, other }) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/submit`,
        method: 'POST',
        params: { type: 'linkSet' },
        body: {
          values: `type=linkSet&level=${LEVEL_NAME_PREFIX}${other}`,
        } satisfies ServerSubmitItemActionRequest,
      }),
      invalidatesTags: (_result, error, { id, other }) =>
        error
          ? []
          : [
              { type: 'Level', id },
              { type: 'Level', id: other },
            ],
    }),
    /** A new difficulty of this chart's song, made from it (private, without level data yet). */
    newDifficulty: build.mutation<{ id: string }, { id: string; level: number; isOliver: 0 | 1 }>({
      query: ({ id, level, isOliver }) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/difficulties`,
        method: 'POST',
        body: { level, isOliver },
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Level', id }, 'LevelList']),
    }),
    /** Takes this chart out of its song. */
    unlinkDifficulty: build.mutation<ServerSubmitItemActionResponse, string>({
      query: (id) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/submit`,
        method: 'POST',
        params: { type: 'unlinkSet' },
        body: { values: 'type=unlinkSet' } satisfies ServerSubmitItemActionRequest,
      }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Level', id }]),
    }),
    // docs/protocol.md §15: an edit is the item's submit action with type=edit and the form's fields.
    editLevel: build.mutation<EditLevelResponse, { id: string; form: LevelFormBody }>({
      query: ({ id, form }) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/submit`,
        method: 'POST',
        params: { type: 'edit' },
        body: { values: editValues(form) } satisfies ServerSubmitItemActionRequest,
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Level', id }, 'LevelList'],
    }),
  }),
})

export const {
  useGetLevelListQuery,
  useGetLevelQuery,
  useDeleteLevelMutation,
  useEditLevelMutation,
  useGetSongSetQuery,
  useLinkDifficultyMutation,
  useUnlinkDifficultyMutation,
  useNewDifficultyMutation,
} = levelsApi
