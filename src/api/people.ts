// People and news calls (common/api/people.ts is the wire contract): a person's details for the
// /user/{handle} page, and the server's news that moderators write. Tags: UserDetails/{handle} for a
// person's page (and Level/{id} for each chart it shows, so a like or a delete refreshes it), News for
// every page of news.
import {
  type NewsListResponse,
  type NewsSavedResponse,
  type UserDetailsResponse,
} from '../../common/api/people'
import { statusOf } from './errors'
import { sonolusApi } from './sonolusApi'

export type NewsPost = { title: string; body: string }

/** The charts a person's details list: their own ('#LEVEL'), the ones they co-author ('#COAUTHOR'), or
 *  both. */
export const chartsOf = (details: UserDetailsResponse, title?: '#LEVEL' | '#COAUTHOR') =>
  details.sections.flatMap((section) =>
    section.itemType === 'level' && (!title || section.title === title) ? (section.rawItems ?? []) : [],
  )

/** A change that worked, or a post that is gone meanwhile (404): either way the list is stale. */
const newsChanged = (error: unknown) => (!error || statusOf(error) === 404 ? ['News' as const] : [])

export const peopleApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getUserDetails: build.query<UserDetailsResponse, string>({
      query: (handle) => `/users/${encodeURIComponent(handle)}`,
      providesTags: (result, _error, handle) => [
        { type: 'UserDetails', id: handle },
        ...(result ? chartsOf(result) : []).map((chart) => ({ type: 'Level' as const, id: chart.id })),
      ],
    }),
    getNews: build.query<NewsListResponse, number>({
      query: (page) => ({ url: '/news', params: { page } }),
      providesTags: ['News'],
    }),
    createNews: build.mutation<NewsSavedResponse, NewsPost>({
      query: (body) => ({ url: '/news', method: 'POST', body }),
      invalidatesTags: (_result, error) => newsChanged(error),
    }),
    editNews: build.mutation<NewsSavedResponse, NewsPost & { id: string }>({
      query: ({ id, title, body }) => ({
        url: `/news/${encodeURIComponent(id)}`,
        method: 'POST',
        body: { action: 'edit', title, body },
      }),
      invalidatesTags: (_result, error) => newsChanged(error),
    }),
    deleteNews: build.mutation<NewsSavedResponse, string>({
      query: (id) => ({ url: `/news/${encodeURIComponent(id)}`, method: 'POST', body: { action: 'delete' } }),
      invalidatesTags: (_result, error) => newsChanged(error),
    }),
  }),
})

export const {
  useGetUserDetailsQuery,
  useGetNewsQuery,
  useCreateNewsMutation,
  useEditNewsMutation,
  useDeleteNewsMutation,
} = peopleApi
