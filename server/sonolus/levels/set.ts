// GET /sonolus/levels/{name}/set: the charts of a chart's song (its difficulties) that the caller may see,
// for chart info and the song's page; POST /sonolus/levels/{name}/difficulties: a new difficulty made from the
// chart. Linking is the item submit's (submit.ts).
import { NewDifficultyBody, NewDifficultySchema, SongSetSchema } from '../../../common/api/schemas/levels.js'
import { LocalizationQuery, NameParams } from '../../../common/api/schemas/protocol.js'
import { newDifficulty, songSetOf } from '../../services/songSets.js'
import { callerOf } from '../../auth/rules.js'
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

  app.post(
    '/sonolus/levels/:name/difficulties',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: NewDifficultyBody,
        response: { 200: NewDifficultySchema },
      },
    },
    async (request) => ({
      id: await newDifficulty(ctx, callerOf(request), request.params.name, request.body),
    }),
  )
}
