// GET /sonolus/levels/{name}/set: the charts of a chart's song (its difficulties) that the caller may see,
// for chart info and the song's page. Linking is the item submit's (submit.ts).
import { SongSetSchema } from '../../../common/api/schemas/levels.js'
import { LocalizationQuery, NameParams } from '../../../common/api/schemas/protocol.js'
import { songSetOf } from '../../services/songSets.js'
import { type RouteModule } from '../types.js'
import { toRawChart } from './item.js'

export const levelsSet: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/levels/:name/set',
    { schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: SongSetSchema } } },
    async (request, reply) => {
      const user = await ctx.auth.userOf(request)
      const charts = await songSetOf(ctx, request.params.name, user)
      // What a set shows depends on who asks (their private charts): never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache')
      return { charts: charts.map((chart) => toRawChart(chart, user?.id)) }
    },
  )
}
