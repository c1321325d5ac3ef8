// docs/spec.md §2 "Routes": every route in the table; '/' goes to /home and anything else is '404 Not Found'.
import { lazy } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { AppShell } from './AppShell'
import { ROUTE_PATHS } from './routes'

// Each screen is its own chunk, so a page loads only the code it shows.
const HomePage = lazy(() => import('../features/home/HomePage'))
const ServerSettingsPage = lazy(() => import('../features/settings/ServerSettingsPage'))
const ChartPreviewPage = lazy(() => import('../features/preview/ChartPreviewPage'))
const LoginSettingsPage = lazy(() => import('../features/login/LoginSettingsPage'))
const NotFoundPage = lazy(() => import('../features/notFound/NotFoundPage'))
const ChartListPage = lazy(() => import('../features/charts/ChartListPage'))
const ChartInfoPage = lazy(() => import('../features/chartInfo/ChartInfoPage'))
const DocsRoute = lazy(() => import('../features/docs/DocsPage'))
const PlaylistsRoute = lazy(() => import('../features/playlists/PlaylistsPage'))
const PlaylistRoute = lazy(() => import('../features/playlists/PlaylistPage'))
const ChartFormPage = lazy(() => import('../features/create/ChartFormPage'))
const NoticesPage = lazy(() => import('../features/notices/NoticesPage'))
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'))
const ModerationPage = lazy(() => import('../features/moderation/ModerationPage'))
const UserPage = lazy(() => import('../features/user/UserPage'))

export const AppRoutes = () => (
  <Routes>
    <Route element={<AppShell />}>
      <Route index element={<Navigate to="/home" replace />} />
      <Route path={ROUTE_PATHS.home} element={<HomePage />} />
      <Route path={ROUTE_PATHS.chart_list} element={<ChartListPage scope="all" />} />
      <Route path={ROUTE_PATHS.chart_mine} element={<ChartListPage scope="mine" />} />
      <Route path={ROUTE_PATHS.chart_like} element={<ChartListPage scope="liked" />} />
      <Route path={ROUTE_PATHS.chart_create} element={<ChartFormPage mode="create" />} />
      <Route path={ROUTE_PATHS.chart_preview} element={<ChartPreviewPage />} />
      <Route path={ROUTE_PATHS.chart_info} element={<ChartInfoPage />} />
      <Route path={ROUTE_PATHS.chart_edit} element={<ChartFormPage mode="edit" />} />
      <Route path={ROUTE_PATHS.settings_server} element={<ServerSettingsPage />} />
      <Route path={ROUTE_PATHS.settings_sonolus} element={<LoginSettingsPage />} />
      <Route path={ROUTE_PATHS.docs} element={<DocsRoute />} />
      <Route path={ROUTE_PATHS.notices} element={<NoticesPage />} />
      <Route path={ROUTE_PATHS.notifications} element={<NotificationsPage />} />
      <Route path={ROUTE_PATHS.moderation_queue} element={<ModerationPage view="queue" />} />
      <Route path={ROUTE_PATHS.moderation_log} element={<ModerationPage view="log" />} />
      <Route path={ROUTE_PATHS.moderation_moderators} element={<ModerationPage view="moderators" />} />
      <Route path={ROUTE_PATHS.user} element={<UserPage />} />
      <Route path={ROUTE_PATHS.playlists} element={<PlaylistsRoute />} />
      <Route path={ROUTE_PATHS.playlist} element={<PlaylistRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </Routes>
)
