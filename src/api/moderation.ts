// Moderation calls (common/api/moderation.ts is the wire contract): reports and takedown
// requests, the moderators' queue, actions, audit log and list, a user's notices, and an owner's request
// to review a hidden chart, the takedown page's contact, and a user's account as moderators act on it.
// Tags: ModerationQueue, AuditLog and Moderators for the moderators' views, Notices for the user's own,
// UserDetails/{handle} for a person's page and their account; an action also refreshes what it changed
// (the chart, its comments, a user).
import { type ServerSubmitItemActionRequest, type ServerSubmitItemActionResponse } from '@sonolus/core'
import {
  type AuditLogResponse,
  type ModerationActionRequest,
  type ModerationActionResponse,
  type ModeratorsResponse,
  type NoticesResponse,
  type QueueResponse,
  type ReportRequest,
  type ReportResponse,
  type TakedownInfoResponse,
  type TakedownRequest,
  type TakedownResponse,
  type UserModerationResponse,
} from '../../common/api/moderation'
import { LEVEL_NAME_PREFIX } from '../../common/rules'
import { sonolusApi } from './sonolusApi'

export type AuditLogArgs = { page: number; type?: 'chart'; id?: string }

/** What an action changed besides the moderators' views: the chart (its details show whether it is
 *  hidden; lists drop or show it again), comments, or a user. */
const touched = ({ target }: ModerationActionRequest) => {
  if (target.type === 'chart') return [{ type: 'Level' as const, id: target.id }, 'LevelList' as const]
  if (target.type === 'comment') return ['Comments' as const]
  // Their page too: a ban hides their charts, and the page shows their suspension.
  return ['User' as const, { type: 'UserDetails' as const, id: target.id }]
}

export const moderationApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    report: build.mutation<ReportResponse, ReportRequest>({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['ModerationQueue']),
    }),
    takedown: build.mutation<TakedownResponse, TakedownRequest>({
      query: (body) => ({ url: '/takedown', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['ModerationQueue']),
    }),
    getTakedownInfo: build.query<TakedownInfoResponse, void>({
      query: () => '/takedown',
    }),
    getQueue: build.query<QueueResponse, number>({
      query: (page) => ({ url: '/moderation/queue', params: { page } }),
      providesTags: ['ModerationQueue'],
    }),
    moderate: build.mutation<ModerationActionResponse, ModerationActionRequest>({
      query: (body) => ({ url: '/moderation/actions', method: 'POST', body }),
      invalidatesTags: (_result, error, request) =>
        error ? [] : ['ModerationQueue', 'AuditLog', 'Moderators', ...touched(request)],
    }),
    getAuditLog: build.query<AuditLogResponse, AuditLogArgs>({
      query: ({ page, type, id }) => ({
        url: '/moderation/log',
        params: type && id ? { page, type, id } : { page },
      }),
      providesTags: ['AuditLog'],
    }),
    getUserModeration: build.query<UserModerationResponse, string>({
      query: (handle) => `/moderation/users/${encodeURIComponent(handle)}`,
      providesTags: (_result, _error, handle) => [{ type: 'UserDetails', id: handle }],
    }),
    getModerators: build.query<ModeratorsResponse, void>({
      query: () => '/moderation/moderators',
      providesTags: ['Moderators'],
    }),
    getNotices: build.query<NoticesResponse, number>({
      query: (page) => ({ url: '/user/notices', params: { page } }),
      providesTags: ['Notices'],
    }),
    // The unread count lives on /user/mine (the drawer's badge): refetch it.
    markNoticesRead: build.mutation<{ code: 200 }, void>({
      query: () => ({ url: '/user/notices/read', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
    // The item's submit action, as edit and delete are (docs/protocol.md §15).
    requestReview: build.mutation<ServerSubmitItemActionResponse, string>({
      query: (id) => ({
        url: `/levels/${LEVEL_NAME_PREFIX}${id}/submit`,
        method: 'POST',
        params: { type: 'review' },
        body: { values: '' } satisfies ServerSubmitItemActionRequest,
      }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Level', id }, 'ModerationQueue']),
    }),
  }),
})

export const {
  useReportMutation,
  useTakedownMutation,
  useGetTakedownInfoQuery,
  useGetQueueQuery,
  useModerateMutation,
  useGetAuditLogQuery,
  useGetUserModerationQuery,
  useGetModeratorsQuery,
  useGetNoticesQuery,
  useMarkNoticesReadMutation,
  useRequestReviewMutation,
} = moderationApi
