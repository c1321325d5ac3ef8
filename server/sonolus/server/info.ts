// GET /sonolus/server/info: our web extension with the running commit and the storage use (docs/spec.md §3, §7).
import { type ServerInfoResponse } from '../../../common/api/serverInfo.js'
import { LocalizationQuery, ServerInfoResponseSchema } from '../../../common/api/schemas/protocol.js'
import { type RouteModule } from '../types.js'

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
        installed: true,
        message: engineMessage(ctx.packs.engineName, ctx.packs.configuredEngine),
      },
    }),
  )
}

/** What the levels play on, and why when it is not the engine ENGINE_NAME asks for. */
export const engineMessage = (engine: string, configured: string): string =>
  engine === configured
    ? `Engine "${engine}" is installed.`
    : `ENGINE_NAME asks for "${configured}", which is not installed: levels use the built-in engine "${engine}".`
