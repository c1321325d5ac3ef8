// GET /sonolus/info: the server's ServerInfo, the first call the Sonolus app makes.
import { type Static } from '@sinclair/typebox'
import { LocalizationQuery, ServerInfoSchema } from '../../common/api/schemas/protocol.js'
import { type RouteModule } from './types.js'
import { unreadNotices } from '../moderation/views.js'

export const NO_ENGINE_MESSAGE =
  'The Sirius engine is not installed on this server yet, so charts cannot be played. ' +
  'The operator imports it with: npm run import-pack -- <file.scp | pack folder>'

/** The same, in the app's languages we localise (issue 15: the banner was English everywhere). */
const NO_ENGINE_MESSAGES: Record<string, string> = {
  en: NO_ENGINE_MESSAGE,
  ja:
    'このサーバーにはまだ Sirius エンジンがインストールされていないため、譜面をプレイできません。' +
    '運営者は npm run import-pack -- <file.scp | パックのフォルダー> でインポートします。',
  zhs:
    '本服务器尚未安装 Sirius 引擎，因此还不能游玩谱面。' +
    '运营者可用 npm run import-pack -- <file.scp | 资源包文件夹> 导入。',
}
export const noEngineMessage = (localization: string | undefined): string =>
  NO_ENGINE_MESSAGES[localization ?? 'en'] ?? NO_ENGINE_MESSAGE

export const info: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/info',
    { schema: { querystring: LocalizationQuery, response: { 200: ServerInfoSchema } } },
    async (request): Promise<Static<typeof ServerInfoSchema>> => {
      const user = await ctx.auth.userOf(request)
      // Moderation notices (issue 14) are posts; their unread count is the post button's badge.
      const unread = user ? await unreadNotices(ctx, user) : 0
      return {
        title: ctx.config.siteTitle,
        // The app's server banner text: says plainly when no engine is installed.
        description: ctx.packs.engineInstalled
          ? 'Community charts for the Sirius engine.'
          : noEngineMessage(request.query.localization),
        // docs/protocol.md §3.2: only the buttons for item types we actually serve; 'authentication' offers
        // login in the app.
        buttons: [
          { type: 'authentication' },
          { type: 'level' },
          { type: 'post', ...(unread > 0 ? { badgeCount: unread } : {}) },
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
