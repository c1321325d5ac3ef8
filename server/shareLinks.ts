// Share links: the addresses the app's share buttons give, which mirror its endpoints without /sonolus
// (the custom-server specs' deep and share links page), led to the site's page about the same thing.
import { playlistIdOf } from '../common/api/playlists.js'
import { LEVEL_NAME_PREFIX } from '../common/rules.js'

const CHART_NAME = new RegExp(`^${LEVEL_NAME_PREFIX}([0-9a-f]{32})$`)

/** The site's page for a share link's path (query kept), or undefined when the path is not one. */
export const sharedPage = (path: string, query: string): string | undefined => {
  const [, type, name, ...rest] = path.split('/')
  if (!type || !name || rest.length > 0) return undefined
  const chart = CHART_NAME.exec(name)?.[1]
  const decoded = (() => {
    try {
      return decodeURIComponent(name)
    } catch {
      return undefined
    }
  })()
  switch (type) {
    case 'levels':
      if (name === 'list') return `/chart/list${query}`
      return chart ? `/chart/${chart}/info` : undefined
    // A chart's own background is named like its level.
    case 'backgrounds':
      return chart ? `/chart/${chart}/info` : undefined
    case 'playlists': {
      if (name === 'list') return `/playlists${query}`
      const id = decoded === undefined ? undefined : playlistIdOf(decoded)
      return id ? `/playlist/${id}` : undefined
    }
    case 'users':
      return decoded ? `/user/${encodeURIComponent(decoded)}` : undefined
    default:
      return undefined
  }
}
