// GET /sonolus/server/info: our web extension with the running commit and the storage use (docs/spec.md §3, §7).
import { type ServerInfoResponse } from '../../../common/api/serverInfo.js'
import { LocalizationQuery, ServerInfoResponseSchema } from '../../../common/api/schemas/protocol.js'
import { type RouteModule } from '../types.js'
import { NO_ENGINE_MESSAGE } from '../info.js'

export const serverInfo: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/server/info',
    { schema: { querystring: LocalizationQuery, response: { 200: ServerInfoResponseSchema } } },
    async (): Promise<ServerInfoResponse> => ({
      code: 200,
      git: ctx.git,
      drive: await ctx.blobStore.usage(),
      engine: {
        name: ctx.packs.engineName,
        installed: ctx.packs.engineInstalled,
        message: ctx.packs.engineInstalled
          ? `Engine "${ctx.packs.engineName}" is installed.`
          : NO_ENGINE_MESSAGE,
      },
    }),
  )
}
