// A chart's co-authors (docs/protocol.md §15.14): who they are and where the viewer stands, and the item
// submit's co-author actions. Each action refreshes the chart (Level/{id}: its card and info show the
// co-authors) and the lists that show it.
import { type ServerSubmitItemActionRequest, type ServerSubmitItemActionResponse } from '@sonolus/core'
import { type Coauthors } from '../../common/api/levels'
import { LEVEL_NAME_PREFIX } from '../../common/rules'
import { sonolusApi } from './sonolusApi'

/** invite and removeCoauthor name a handle (removeCoauthor without one: oneself); accept and decline answer
 *  an invitation. */
export type CoauthorAction =
  | { type: 'invite'; handle: string }
  | { type: 'removeCoauthor'; handle?: string }
  | { type: 'accept' | 'decline' }

export const coauthorsApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getCoauthors: build.query<Coauthors, string>({
      query: (id) => `/levels/${LEVEL_NAME_PREFIX}${id}/coauthors`,
      providesTags: (_result, _error, id) => [{ type: 'Level', id }],
    }),
    coauthorAction: build.mutation<ServerSubmitItemActionResponse, { id: string; action: CoauthorAction }>({
      query: ({ id, action }) => {
        const values = new URLSearchParams({ type: action.type })
        if ('handle' in action && action.handle) values.set('handle', action.handle)
        return {
          url: `/levels/${LEVEL_NAME_PREFIX}${id}/submit`,
          method: 'POST',
          params: { type: action.type },
          body: { values: values.toString() } satisfies ServerSubmitItemActionRequest,
        }
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Level', id }, 'LevelList']),
    }),
  }),
})

export const { useGetCoauthorsQuery, useCoauthorActionMutation } = coauthorsApi
