// POST /sonolus/levels/{name}/submit: item actions on a chart (protocol doc §8). `type=delete` removes the
// chart; only its owner may (spec §6), anyone else gets 401 permission_denied2 (spec §8 "401 on submit
// calls"). Edits arrive with the upload issue. Stored files stay: another chart may share them by hash.
import { type ServerSubmitItemActionResponse } from '@sonolus/core'
import { actionDenied, badRequest } from '../../http/errors.js'
import { type RouteModule } from '../types.js'
import { actionValues } from '../values.js'
import { visibleChart } from './access.js'

export const levelsSubmit: RouteModule = (app, ctx) => {
  app.post('/sonolus/levels/:name/submit', async (request) => {
    const { name } = request.params as { name: string }
    const values = actionValues(request.body, request.query)
    const user = await ctx.auth.userOf(request)
    if (!user) throw actionDenied()
    const row = await visibleChart(ctx, name, user, 'action')
    if (row.authorId !== user.id) throw actionDenied()
    const type = values.get('type')
    if (type !== 'delete') throw badRequest(`Unknown action type "${type ?? ''}"`)
    await ctx.repos.charts.delete(row.id)
    ctx.cache.clear()
    request.log.info({ chart: row.id, user: user.id }, 'chart deleted by its owner')
    const response: ServerSubmitItemActionResponse = { key: '', hashes: [], shouldRemoveItem: true }
    return response
  })
}
