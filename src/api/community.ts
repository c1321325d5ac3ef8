// Community calls (docs/spec.md §7): status, likes and ratings, comments. Tags: CommunityStatus/{id} for the
// viewer's state, Level/{id} for the counts on the chart (and LevelList for the cards), Comments/{id}.
import {
  type ServerSubmitItemCommunityActionRequest,
  type ServerSubmitItemCommunityCommentActionRequest,
} from '@sonolus/core'
import {
  type CommentListResponse,
  type CommunityStatus,
  type CommunitySubmitResponse,
} from '../../common/api/community'
import { type CommentState, LEVEL_NAME_PREFIX } from '../../common/rules'
import { sonolusApi } from './sonolusApi'

const level = (id: string) => `/levels/${LEVEL_NAME_PREFIX}${id}`

export type CommunityAction =
  | { type: 'like' }
  | { type: 'dislike' }
  | { type: 'rating'; rating: number }
  | { type: 'unrating' }
  | { type: 'comment'; comment: string; moment?: number }

export type CommentAction =
  | { type: 'reply'; content: string; moment?: number }
  | { type: 'edit'; content: string }
  | { type: 'delete' | 'resolve' | 'reopen' }

const encode = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(values).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  ).toString()

export const communityApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getCommunityStatus: build.query<CommunityStatus, string>({
      query: (id) => `${level(id)}/community/status`,
      providesTags: (_result, _error, id) => [{ type: 'CommunityStatus', id }],
    }),
    submitCommunity: build.mutation<CommunitySubmitResponse, { id: string; action: CommunityAction }>({
      // docs/spec.md §7: type (and rating/comment) in the query, with a body {values}; the server merges both.
      query: ({ id, action }) => ({
        url: `${level(id)}/community/submit`,
        method: 'POST',
        params: action,
        body: { values: encode(action) } satisfies ServerSubmitItemCommunityActionRequest,
      }),
      invalidatesTags: (_result, error, { id, action }) =>
        error
          ? []
          : [
              { type: 'CommunityStatus', id },
              { type: 'Level', id },
              ...(action.type === 'comment' ? [{ type: 'Comments' as const, id }] : ['LevelList' as const]),
            ],
    }),
    /** A page of comments: all, or only the open or the resolved ones. */
    getComments: build.query<CommentListResponse, { id: string; page: number; state?: CommentState }>({
      query: ({ id, page, state }) => ({
        url: `${level(id)}/community/comments/list`,
        params: state ? { page, state } : { page },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Comments', id }],
    }),
    submitComment: build.mutation<
      CommunitySubmitResponse,
      { id: string; comment: string; action: CommentAction }
    >({
      query: ({ id, comment, action }) => ({
        url: `${level(id)}/community/comments/${comment}/submit`,
        method: 'POST',
        params: { type: action.type },
        body: { values: encode(action) } satisfies ServerSubmitItemCommunityCommentActionRequest,
      }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Comments', id },
              { type: 'Level', id },
            ],
    }),
  }),
})

export const {
  useGetCommunityStatusQuery,
  useSubmitCommunityMutation,
  useGetCommentsQuery,
  useSubmitCommentMutation,
} = communityApi
