// docs/spec.md §2 "Routes": every route in the table; '/' goes to /home and anything else is '404 Not Found'.
import { lazy } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { AppShell } from './AppShell'
import { ROUTE_PATHS, type RouteName, routeNameOf } from '../app/routes'

// Each screen is its own chunk, so a page loads only the code it shows.
const PAGE_CHUNKS = {
  home: () => import('../features/home/HomePage'),
  settings: () => import('../features/settings/ServerSettingsPage'),
  preview: () => import('../features/preview/ChartPreviewPage'),
  login: () => import('../features/login/LoginSettingsPage'),
  notFound: () => import('../features/notFound/NotFoundPage'),
  list: () => import('../features/charts/ChartListPage'),
  info: () => import('../features/chartInfo/ChartInfoPage'),
  song: () => import('../features/chartInfo/SongPage'),
  test: () => import('../features/testLink/TestLinkPage'),
  docs: () => import('../features/docs/DocsPage'),
  playlists: () => import('../features/playlists/PlaylistsPage'),
  playlist: () => import('../features/playlists/PlaylistPage'),
  form: () => import('../features/create/ChartFormPage'),
  notices: () => import('../features/notices/NoticesPage'),
  notifications: () => import('../features/notifications/NotificationsPage'),
  moderation: () => import('../features/moderation/ModerationPage'),
  user: () => import('../features/user/UserPage'),
}

const CHUNK_OF: Record<RouteName, keyof typeof PAGE_CHUNKS> = {
  home: 'home',
  chart_info: 'info',
  chart_list: 'list',
  chart_mine: 'list',
  chart_like: 'list',
  chart_create: 'form',
  chart_edit: 'form',
  chart_song: 'song',
  chart_test: 'test',
  chart_preview: 'preview',
  settings_server: 'settings',
  settings_sonolus: 'login',
  docs: 'docs',
  notices: 'notices',
  notifications: 'notifications',
  moderation_queue: 'moderation',
  moderation_log: 'moderation',
  moderation_moderators: 'moderation',
  user: 'user',
  playlists: 'playlists',
  playlist: 'playlist',
  not_found: 'notFound',
}

/** Starts loading the first page's chunk while the app itself starts, rather than after its first render
 *  (on a slow network that is one round trip and a download saved). */
export const preloadPage = (pathname: string): Promise<unknown> => {
  const name = pathname === '/' ? 'home' : routeNameOf(pathname)
  return PAGE_CHUNKS[CHUNK_OF[name]]().catch(() => undefined)
}

const HomePage = lazy(PAGE_CHUNKS.home)
const ServerSettingsPage = lazy(PAGE_CHUNKS.settings)
const ChartPreviewPage = lazy(PAGE_CHUNKS.preview)
const LoginSettingsPage = lazy(PAGE_CHUNKS.login)
const NotFoundPage = lazy(PAGE_CHUNKS.notFound)
const ChartListPage = lazy(PAGE_CHUNKS.list)
const ChartInfoPage = lazy(PAGE_CHUNKS.info)
const SongPage = lazy(PAGE_CHUNKS.song)
const TestLinkPage = lazy(PAGE_CHUNKS.test)
const DocsRoute = lazy(PAGE_CHUNKS.docs)
const PlaylistsRoute = lazy(PAGE_CHUNKS.playlists)
const PlaylistRoute = lazy(PAGE_CHUNKS.playlist)
const ChartFormPage = lazy(PAGE_CHUNKS.form)
const NoticesPage = lazy(PAGE_CHUNKS.notices)
const NotificationsPage = lazy(PAGE_CHUNKS.notifications)
const ModerationPage = lazy(PAGE_CHUNKS.moderation)
const UserPage = lazy(PAGE_CHUNKS.user)

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
      <Route path={ROUTE_PATHS.chart_song} element={<SongPage />} />
      <Route path={ROUTE_PATHS.chart_test} element={<TestLinkPage />} />
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
