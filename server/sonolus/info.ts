// GET /sonolus/info: the server's ServerInfo, the first call the Sonolus app makes.
import { type Static } from '@sinclair/typebox'
import { LocalizationQuery, ServerInfoSchema } from '../../common/api/schemas/protocol.js'
import { type RouteModule } from './types.js'

export const info: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/info',
    { schema: { querystring: LocalizationQuery, response: { 200: ServerInfoSchema } } },
    async (request): Promise<Static<typeof ServerInfoSchema>> => {
      const user = await ctx.auth.userOf(request)
      // Notifications (moderation notices among them) are posts; a signed-in player's have a
      // button of their own, which opens the posts' info on them alone (infoType) and carries the unread
      // count as its badge.
      const unread = user ? await ctx.repos.follows.countUnread(user.id) : 0
      return {
        title: ctx.config.siteTitle,
        description: 'Community charts for the Sirius engine.',
        // docs/protocol.md §3.2: only the buttons for item types we actually serve; 'authentication' offers
        // login in the app.
        buttons: [
          { type: 'authentication' },
          { type: 'level' },
          // Playlists: anyone's, and the staff picks.
          { type: 'playlist' },
          { type: 'post' },
          ...(user
            ? [
                {
                  type: 'post' as const,
                  title: '#NOTIFICATION',
                  icon: 'bell',
                  infoType: 'notifications',
                  ...(unread > 0 ? { badgeCount: unread } : {}),
                },
              ]
            : []),
          // Replays and the people behind charts and records.
          { type: 'replay' },
          { type: 'user' },
          { type: 'engine' },
          { type: 'skin' },
          { type: 'background' },
          { type: 'effect' },
          { type: 'particle' },
        ],
        configuration: { options: [] },
      }
    },
  )
}
