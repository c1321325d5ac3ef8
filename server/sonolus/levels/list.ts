// GET /sonolus/levels/list: browse, the app's quick/advanced searches, and the spec's title / in=my /
// in=2 (docs/protocol.md §6, §15). Official ServerItemList fields plus rawItems for the site.
import { LEVELS_PER_PAGE } from '../../../common/api/levels.js'
import { notLoggedIn } from '../../http/errors.js'
import { type RouteModule } from '../types.js'
import { cacheTags, sendJson } from './cached.js'
import { advancedSearch } from './forms.js'
import { levelJson, toRawChart } from './item.js'
import { parseLevelList } from './query.js'
import { LevelListQuery, LevelListResponseSchema } from '../../../common/api/schemas/levels.js'

export const levelsList: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/levels/list',
    { schema: { querystring: LevelListQuery, response: { 200: LevelListResponseSchema } } },
    async (request, reply) => {
      return sendJson(ctx, request, reply, async (tags) => {
        const params = request.query
        const user = await ctx.auth.userOf(request)
        const query = parseLevelList(params, user?.id)
        // One creator's charts (issue 17): nobody's when the handle is no one's.
        if (params.user !== undefined)
          query.authorId = (await ctx.repos.users.findByHandle(params.user))?.id ?? ''
        // docs/spec.md §7: mine and liked need a login; 401 makes the app authenticate and the site say not_login.
        if (query.scopeNeedsLogin && !user) throw notLoggedIn()
        const { rows, total } = await ctx.repos.charts.list(query)
        tags.add(cacheTags.lists)
        for (const row of rows) tags.add(cacheTags.chart(row.id))
        const locale = params.localization ?? 'en'
        const pageCount = Math.max(1, Math.ceil(total / LEVELS_PER_PAGE))
        const items = rows.map((row) => levelJson(row, ctx.packs, locale, ctx.config.publicUrl)).join(',')
        const body = `{"pageCount":${pageCount},"items":[${items}],"searches":${JSON.stringify([advancedSearch(!!user, locale)])},"rawItems":${JSON.stringify(rows.map((row) => toRawChart(row, user?.id)))}}`
        return body
      })
    },
  )
}
