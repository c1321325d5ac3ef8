// The one table of /sonolus routes. Fixed segments register before parameterised ones.
import { type AppContext } from '../context.js'
import { authenticate } from './authenticate.js'
import { info } from './info.js'
import { repository } from './repository.js'
import { serverInfo } from './server/info.js'
import { type App, type RouteModule } from './types.js'
import { userLogin } from './user/login.js'
import { userLogout } from './user/logout.js'
import { userMine } from './user/mine.js'
import { webAuthenticate } from './web/authenticate.js'

const routes: RouteModule[] = [
  info,
  serverInfo,
  authenticate,
  userLogin,
  userMine,
  userLogout,
  webAuthenticate,
  repository,
]

export const registerSonolusRoutes = (app: App, ctx: AppContext): void => {
  for (const route of routes) route(app, ctx)
}
