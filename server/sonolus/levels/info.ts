// GET /sonolus/levels/info: sections Newest, Most liked, Trending, Random, and (logged in) My
// charts; the search forms.
import { type RouteModule } from '../types.js'
import { LevelInfoResponseSchema } from '../../../common/api/schemas/levels.js'
import { LocalizationQuery } from '../../../common/api/schemas/protocol.js'
import { cacheTags } from '../../cache/tags.js'
import { sendVisitorJson } from '../../cache/send.js'
import { advancedSearch } from './searchForms.js'
import { ownText } from '../texts.js'
import { levelJson } from './item.js'
import { type ChartRow } from '../../db/repositories/index.js'

const SECTION_SIZE = 5

export const levelsInfo: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/levels/info',
    { schema: { querystring: LocalizationQuery, response: { 200: LevelInfoResponseSchema } } },
    async (request, reply) => {
      return sendVisitorJson(ctx, request, reply, async (tags) => {
        const locale = request.query.localization ?? 'en'
        const user = await ctx.auth.userOf(request)
        const rows = (sort: 'newest' | 'likes' | 'trending', scope: 'all' | 'mine' = 'all', offset = 0) =>
          ctx.repos.chartList.listRows({
            viewerId: user?.id,
            scope,
            sort,
            offset,
            limit: SECTION_SIZE,
            trendingOnly: sort === 'trending',
          })
        // A random window of the catalogue: one count and one cheap page rather than ORDER BY RANDOM().
        const total = await ctx.repos.chartList.count({ viewerId: user?.id, scope: 'all' })
        const randomOffset = Math.floor(Math.random() * Math.max(0, total - SECTION_SIZE + 1))
        // Each section but Random says which list it is the start of (searchValues: the advanced search's
        // values), so the app's "More" opens the whole of it.
        const sections: [string, string, ChartRow[], string | undefined][] = [
          ['#NEWEST', 'clock', await rows('newest'), 'type=advanced&sort=newest'],
          ['#POPULAR', 'heart', await rows('likes'), 'type=advanced&sort=likes'],
          [ownText('trending', locale), 'arrowUp', await rows('trending'), 'type=advanced&sort=trending'],
          ['#RANDOM', 'shuffle', await rows('newest', 'all', randomOffset), undefined],
        ]
        if (user)
          sections.push([
            ownText('myCharts', locale),
            'user',
            await rows('newest', 'mine'),
            'type=advanced&in=my',
          ])
        tags.add(cacheTags.lists)
        for (const [, , shown] of sections) for (const row of shown) tags.add(cacheTags.chart(row.id))
        const json = (rows: ChartRow[]) =>
          `[${rows.map((row) => levelJson(row, ctx.packs, locale, ctx.config.publicUrl)).join(',')}]`
        const body = `{"searches":${JSON.stringify([advancedSearch(!!user, locale)])},"sections":[${sections
          .filter(([, , rows]) => rows.length > 0)
          .map(
            ([title, icon, rows, searchValues]) =>
              `{"title":${JSON.stringify(title)},"icon":"${icon}","itemType":"level","items":${json(rows)}` +
              `${searchValues ? `,"searchValues":${JSON.stringify(searchValues)}` : ''}}`,
          )
          .join(',')}]}`
        return body
      })
    },
  )
}
