// POST /sonolus/levels/{name}/submit: item actions on a chart (protocol doc §8, §15).
// - type=delete removes the chart with its likes, ratings, comments and records, then collects the files
//   no chart uses any more.
// - type=edit (the web's update; values carry the create field names) changes the chart. The author
//   cannot change (spec §2).
// Only the owner may, and only while the chart's #handle is theirs (spec §5/§6); anyone else gets 401
// permission_denied2 (spec §8 "401 on submit calls").
import { type ServerSubmitItemActionResponse } from '@sonolus/core'
import { type EditLevelResponse, readEditValues } from '../../../common/api/uploads.js'
import { CHART_FILE_COLUMNS } from '../../db/repositories/files.js'
import { collectFiles } from '../../storage/putFile.js'
import { actionDenied, badRequest } from '../../http/errors.js'
import { type RouteModule } from '../types.js'
import { actionValues } from '../values.js'
import { visibleChart } from './access.js'
import { catalogueChanged } from './cached.js'
import { lockFiles } from './create.js'
import { chartColumns, handleOf, prepareFiles, readLevelForm } from './form.js'

export const levelsSubmit: RouteModule = (app, ctx) => {
  app.post('/sonolus/levels/:name/submit', async (request) => {
    const { name } = request.params as { name: string }
    const values = actionValues(request.body, request.query)
    const user = await ctx.auth.userOf(request)
    if (!user) throw actionDenied()
    const row = await visibleChart(ctx, name, user, 'action')
    if (row.authorId !== user.id || handleOf(row.author) !== user.handle) throw actionDenied()
    const type = values.get('type')
    const before = CHART_FILE_COLUMNS.map((column) => row[column]).filter((hash): hash is string => !!hash)

    if (type === 'delete') {
      // Likes, ratings, comments, records, leaderboard entries and media jobs go with the row (cascade).
      await ctx.repos.charts.delete(row.id)
      catalogueChanged(ctx, row)
      const collected = await collectFiles(ctx.blobStore, ctx.repos, before)
      request.log.info({ chart: row.id, user: user.id, collected }, 'chart deleted by its owner')
      const response: ServerSubmitItemActionResponse = { key: '', hashes: [], shouldRemoveItem: true }
      return response
    }
    if (type !== 'edit') throw badRequest(`Unknown action type "${type ?? ''}"`)

    const form = readLevelForm(readEditValues(values), row)
    const files = await prepareFiles(ctx, form, row)
    const now = Date.now()
    await ctx.repos.transaction(async (trx) => {
      await lockFiles(trx, files)
      await trx.charts.update(row.id, {
        ...chartColumns(form, files),
        // New music plays as uploaded until its re-encode is ready.
        ...(files.musicChanged ? { bgmHash: null, previewHash: null } : {}),
        updatedTime: now,
      })
      if (files.musicChanged && files.musicHash) await trx.uploads.enqueueMedia(row.id, files.musicHash, now)
    })
    catalogueChanged(ctx, row)
    if (files.musicChanged) ctx.media.kick()
    const after = await ctx.repos.charts.findById(row.id)
    const still = new Set(CHART_FILE_COLUMNS.map((column) => after?.[column]))
    await collectFiles(
      ctx.blobStore,
      ctx.repos,
      before.filter((hash) => !still.has(hash)),
    )
    request.log.info({ chart: row.id, user: user.id }, 'chart edited by its owner')
    const response: EditLevelResponse = { code: 200, key: '', hashes: [], shouldUpdateItem: true }
    return response
  })
}
