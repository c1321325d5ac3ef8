// GET /sonolus/info: the server's ServerInfo, the first call the Sonolus app makes.
import { type Static } from '@sinclair/typebox'
import { ServerInfoSchema } from './schemas.js'
import { type RouteModule } from './types.js'

export const info: RouteModule = (app, ctx) => {
  // Typed by the schema, which schemas.ts checks against core's ServerInfo.
  const body: Static<typeof ServerInfoSchema> = {
    title: ctx.config.siteTitle,
    description: 'Community charts for the Sirius engine.',
    // protocol doc §3.2: only the buttons for item types we actually serve; 'authentication' offers
    // login in the app.
    buttons: [{ type: 'authentication' }, { type: 'level' }],
    configuration: { options: [] },
  }
  app.get('/sonolus/info', { schema: { response: { 200: ServerInfoSchema } } }, async () => body)
}
