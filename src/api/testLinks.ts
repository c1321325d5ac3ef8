// Test links (docs/protocol.md §15.15): a chart's creators list, make and revoke them (Level/{id} tags the
// list, so a change refreshes it); a tester opens the link's level and sends feedback.
import { type LevelDetailsResponse, type TestLink, type TestLinks } from '../../common/api/levels'
import { LEVEL_NAME_PREFIX, TEST_LEVEL_PREFIX } from '../../common/rules'
import { sonolusApi } from './sonolusApi'

export const testLinksApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getTestLinks: build.query<TestLinks, string>({
      query: (id) => `/levels/${LEVEL_NAME_PREFIX}${id}/test-links`,
      providesTags: (_result, _error, id) => [{ type: 'Level', id }],
    }),
    createTestLink: build.mutation<TestLink, { id: string; days?: number }>({
      query: ({ id, days }) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/test-links`,
        method: 'POST',
        body: days === undefined ? {} : { days },
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Level', id }]),
    }),
    revokeTestLink: build.mutation<unknown, { id: string; link: string }>({
      query: ({ id, link }) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/test-links/${encodeURIComponent(link)}/revoke`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Level', id }]),
    }),
    /** The level a test link opens (never kept by the server). */
    getTestLevel: build.query<LevelDetailsResponse, string>({
      query: (token) => `/levels/${TEST_LEVEL_PREFIX}${encodeURIComponent(token)}`,
    }),
    sendTestFeedback: build.mutation<unknown, { token: string; content: string; moment?: string }>({
      query: ({ token, content, moment }) => ({
        url: `/test-links/${encodeURIComponent(token)}/feedback`,
        method: 'POST',
        body: { content, ...(moment ? { moment } : {}) },
      }),
    }),
  }),
})

export const {
  useGetTestLinksQuery,
  useCreateTestLinkMutation,
  useRevokeTestLinkMutation,
  useGetTestLevelQuery,
  useSendTestFeedbackMutation,
} = testLinksApi
