// Following and notifications (common/api/follows.ts is the wire contract): follow or unfollow a
// creator, one's notifications (the bell polls the unread count), reading them, and the kinds one wants.
// Tags: Notifications for the list and the count, NotificationSettings; a follow refreshes the person's
// page (UserDetails/{handle}).
import {
  type FollowResponse,
  type FollowState,
  NOTIFICATIONS_POLL_MS,
  type NotificationSettings,
  type NotificationsResponse,
} from '../../common/api/follows'
import { sonolusApi } from './sonolusApi'

export { NOTIFICATIONS_POLL_MS }

export const followsApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    follow: build.mutation<FollowResponse, { handle: string; follow: boolean }>({
      query: ({ handle, follow }) => ({
        url: `/users/${encodeURIComponent(handle)}/follow`,
        method: 'POST',
        body: { follow },
      }),
      invalidatesTags: (_result, error, { handle }) => (error ? [] : [{ type: 'UserDetails', id: handle }]),
    }),
    getFollowState: build.query<FollowState, string>({
      query: (handle) => `/users/${encodeURIComponent(handle)}/follow`,
      providesTags: (_result, _error, handle) => [{ type: 'UserDetails', id: handle }],
    }),
    getNotifications: build.query<NotificationsResponse, number>({
      query: (page) => ({ url: '/user/notifications', params: { page } }),
      providesTags: ['Notifications'],
    }),
    getUnreadNotifications: build.query<{ unread: number }, void>({
      query: () => '/user/notifications/unread',
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<{ code: 200; unread: number }, { ids?: string[] }>({
      query: (body) => ({ url: '/user/notifications/read', method: 'POST', body }),
      // The notices' own badge (on /user/mine) may clear too.
      invalidatesTags: (_result, error) => (error ? [] : ['Notifications', 'User', 'Notices']),
    }),
    getNotificationSettings: build.query<NotificationSettings, void>({
      query: () => '/user/notifications/settings',
      providesTags: ['NotificationSettings'],
    }),
    setNotificationSettings: build.mutation<NotificationSettings, NotificationSettings>({
      query: (body) => ({ url: '/user/notifications/settings', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['NotificationSettings']),
    }),
  }),
})

export const {
  useFollowMutation,
  useGetFollowStateQuery,
  useGetNotificationsQuery,
  useGetUnreadNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useSetNotificationSettingsMutation,
} = followsApi
