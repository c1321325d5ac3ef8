// docs/spec.md §2 "Routes": every path, its name (for the title bar) and the drawer's menu groups.
import { matchPath } from 'react-router-dom'
import { DOC_TYPES, type DocType } from '../../common/api/content'
import { type MessageId } from '../messageIds'

export type RouteName =
  | 'home'
  | 'chart_info'
  | 'chart_list'
  | 'chart_mine'
  | 'chart_like'
  | 'chart_create'
  | 'chart_edit'
  | 'chart_song'
  | 'chart_test'
  | 'chart_preview'
  | 'settings_server'
  | 'settings_sonolus'
  | 'docs'
  | 'notices'
  | 'notifications'
  | 'moderation_queue'
  | 'moderation_log'
  | 'moderation_moderators'
  | 'user'
  | 'playlists'
  | 'playlist'
  | 'not_found'

export const ROUTE_PATHS: Record<Exclude<RouteName, 'not_found'>, string> = {
  home: '/home',
  chart_info: '/chart/:id/info',
  chart_list: '/chart/list',
  chart_mine: '/chart/mine',
  chart_like: '/chart/like',
  chart_create: '/chart/create',
  chart_edit: '/chart/:id/edit',
  chart_song: '/chart/:id/song',
  chart_test: '/test/:token',
  chart_preview: '/chart/preview',
  settings_server: '/settings/server',
  settings_sonolus: '/settings/sonolus',
  docs: '/docs/:type',
  notices: '/notices',
  notifications: '/notifications',
  moderation_queue: '/moderation',
  moderation_log: '/moderation/log',
  moderation_moderators: '/moderation/moderators',
  user: '/user/:handle',
  playlists: '/playlists',
  playlist: '/playlist/:id',
}

export { DOC_TYPES, type DocType }

export const chartInfoPath = (id: string): string => `/chart/${id}/info`
export const chartEditPath = (id: string): string => `/chart/${id}/edit`
/** The page of a chart's song: its difficulties. */
export const chartSongPath = (id: string): string => `/chart/${id}/song`
/** The page a test link opens. */
export const testLinkPath = (token: string): string => `/test/${token}`
export const docsPath = (type: DocType): string => `/docs/${type}`
/** A person's page, named by their handle. */
export const userPath = (handle: string): string => `/user/${encodeURIComponent(handle)}`
/** A playlist's page. */
export const playlistPath = (id: string): string => `/playlist/${id}`

/** Who sees a drawer entry: everyone (absent), logged-in users, or moderators. */
export type Audience = 'user' | 'moderator'
export type MenuEntry = { path: string; labelId: MessageId; audience?: Audience }
export type MenuGroup = { key: string; labelId: MessageId; entries: MenuEntry[]; audience?: Audience }

/** docs/spec.md §2 "Layout": Home; Chart group; Docs group; Settings group; also the user's notices
 *  and notifications and, for moderators, the Moderation group. */
export const MENU: (MenuEntry | MenuGroup)[] = [
  { path: '/home', labelId: 'menu.home' },
  { path: '/notifications', labelId: 'menu.notifications', audience: 'user' },
  { path: '/notices', labelId: 'menu.notices', audience: 'user' },
  {
    key: 'chart',
    labelId: 'menu.chart',
    entries: [
      { path: '/chart/list', labelId: 'menu.chart_list' },
      { path: '/chart/mine', labelId: 'menu.chart_mine' },
      { path: '/chart/create', labelId: 'menu.chart_create' },
      { path: '/chart/like', labelId: 'menu.chart_like' },
      { path: '/chart/preview', labelId: 'menu.chart_preview' },
      { path: '/playlists', labelId: 'menu.playlists' },
    ],
  },
  {
    key: 'docs',
    labelId: 'menu.docs',
    entries: DOC_TYPES.map((type) => ({ path: docsPath(type), labelId: `menu.docs_${type}` })),
  },
  {
    key: 'moderation',
    labelId: 'menu.moderation',
    audience: 'moderator',
    entries: [
      { path: '/moderation', labelId: 'menu.moderation_queue', audience: 'moderator' },
      { path: '/moderation/log', labelId: 'menu.moderation_log', audience: 'moderator' },
      { path: '/moderation/moderators', labelId: 'menu.moderation_moderators', audience: 'moderator' },
    ],
  },
  {
    key: 'settings',
    labelId: 'menu.settings',
    entries: [
      { path: '/settings/server', labelId: 'menu.settings_server' },
      { path: '/settings/sonolus', labelId: 'menu.settings_sonolus' },
    ],
  },
]

export const isMenuGroup = (item: MenuEntry | MenuGroup): item is MenuGroup => 'entries' in item

/** The menu's pages in drawer order. */
export const MENU_ORDER: MenuEntry[] = MENU.flatMap((item) => (isMenuGroup(item) ? item.entries : [item]))

export const routeNameOf = (pathname: string): RouteName => {
  for (const [name, pattern] of Object.entries(ROUTE_PATHS)) {
    if (matchPath(pattern, pathname)) {
      // /docs/{type} with an unknown type is not a page.
      if (name === 'docs' && !DOC_TYPES.some((type) => pathname === docsPath(type))) return 'not_found'
      return name as RouteName
    }
  }
  return 'not_found'
}

/** The i18n id of the title-bar name of a path: docs pages are named by their type. */
export const routeTitleId = (pathname: string): MessageId => {
  const name = routeNameOf(pathname)
  const doc = name === 'docs' ? DOC_TYPES.find((type) => pathname === docsPath(type)) : undefined
  return doc ? `menu.docs_${doc}` : `route.${name}`
}

/** Whether a viewer with this standing sees an entry or group of the drawer. */
export const canSee = (item: { audience?: Audience }, viewer: { loggedIn: boolean; moderator: boolean }) =>
  item.audience === undefined ||
  (item.audience === 'user' && viewer.loggedIn) ||
  (item.audience === 'moderator' && viewer.moderator)

/** Previous and next pages in the drawer's order, for the scaffold's buttons: among the pages of the same
 *  audience, so a public page never points at a page its viewer may not see (the scaffold does not ask
 *  who is viewing). */
export const menuNeighbours = (pathname: string): { prev?: MenuEntry; next?: MenuEntry } => {
  const current = MENU_ORDER.find((entry) => entry.path === pathname)
  if (!current) return {}
  const order = MENU_ORDER.filter((entry) => entry.audience === current.audience)
  const index = order.indexOf(current)
  return { prev: order[index - 1], next: order[index + 1] }
}
