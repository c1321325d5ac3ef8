// The one table of /sonolus routes. Fixed segments register before parameterised ones.
import { type AppContext } from '../context.js'
import { authenticate } from './authenticate.js'
import { info } from './info.js'
import { packItems } from './packItems.js'
import { levelsDetails } from './levels/details.js'
import { levelsInfo } from './levels/info.js'
import { levelsCommunity } from './levels/community.js'
import { levelsCreate } from './levels/create.js'
import { levelsList } from './levels/list.js'
import { levelResults } from './levels/results.js'
import { levelsSubmit } from './levels/submit.js'
import { levelsSet } from './levels/set.js'
import { levelsCoauthors } from './levels/coauthors.js'
import { levelsTestLinks } from './levels/testLinks.js'
import { repository } from './repository.js'
import { serverInfo } from './server/info.js'
import { type App } from '../http/types.js'
import { type RouteModule } from './types.js'
import { userLogin } from './user/login.js'
import { userLoginCode } from './user/loginCode.js'
import { userLogout } from './user/logout.js'
import { userAccount } from './user/account.js'
import { userMine } from './user/mine.js'
import { webAuthenticate } from './web/authenticate.js'
import { moderationRoutes } from './moderation.js'
import { posts } from './posts.js'
import { news } from './news.js'
import { users } from './users.js'
import { follows } from './follows.js'
import { playlists } from './playlists.js'

// Fixed segments (info, list) before /levels/:name (docs/protocol.md §3 routing notes).
const routes: RouteModule[] = [
  info,
  serverInfo,
  authenticate,
  userLogin,
  userLoginCode,
  userMine,
  userLogout,
  userAccount,
  webAuthenticate,
  moderationRoutes,
  posts,
  news,
  users,
  follows,
  playlists,
  levelsInfo,
  levelsList,
  levelsCreate,
  levelResults,
  levelsDetails,
  levelsSubmit,
  levelsSet,
  levelsCoauthors,
  levelsTestLinks,
  levelsCommunity,
  packItems,
  repository,
]

export const registerSonolusRoutes = (app: App, ctx: AppContext): void => {
  for (const route of routes) route(app, ctx)
}
