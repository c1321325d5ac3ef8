// The one table of /sonolus routes. Fixed segments register before parameterised ones.
import { type AppContext } from '../context.js'
import { info } from './info.js'
import { repository } from './repository.js'
import { serverInfo } from './server/info.js'
import { type App, type RouteModule } from './types.js'

const routes: RouteModule[] = [info, serverInfo, repository]

export const registerSonolusRoutes = (app: App, ctx: AppContext): void => {
  for (const route of routes) route(app, ctx)
}
