// POST /sonolus/levels/{name}/submit: item actions on a chart (protocol doc §8). `type=delete` removes the
// chart; only its owner may (spec §6), anyone else gets 401 permission_denied2 (spec §8 "401 on submit
// calls"). Edits arrive with the upload issue. Stored files stay: another chart may share them by hash.
import { type ServerSubmitItemActionResponse } from '@sonolus/core'
import { HttpError, badRequest, notFound } from '../../http/errors.js'
import { type RouteModule } from '../types.js'
import { actionValues } from '../values.js'
import { chartIdOf } from './item.js'

const denied = () =>
  new HttpError(401, 'permission_denied2', 'Sorry, you do not have permission to do this action')

export const levelsSubmit: RouteModule = (app, ctx) => {
  app.post('/sonolus/levels/:name/submit', async (request) => {
    const { name } = request.params as { name: string }
    const values = actionValues(request.body, request.query)
    const user = await ctx.auth.userOf(request)
    if (!user) throw denied()
    const id = chartIdOf(name)
    const row = id ? await ctx.repos.charts.findById(id) : undefined
    if (!row) throw notFound('No such chart')
    if (row.authorId !== user.id) throw denied()
    const type = values.get('type')
    if (type !== 'delete') throw badRequest(`Unknown action type "${type ?? ''}"`)
    await ctx.repos.charts.delete(row.id)
    ctx.cache.clear()
    request.log.info({ chart: row.id, user: user.id }, 'chart deleted by its owner')
    const response: ServerSubmitItemActionResponse = { key: '', hashes: [], shouldRemoveItem: true }
    return response
  })
}
