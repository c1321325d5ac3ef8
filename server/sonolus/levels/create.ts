// POST /sonolus/levels/create: the web create (docs/protocol.md §15). The body is the chart object whose files
// were uploaded already through /upload; every field and file is checked again here, the SUS converted
// here, and the chart row written in one transaction that locks the files it uses. Answers {code, id}.
// The app's own create (a `values` string) is not offered: charts are made on the website (docs/protocol.md §6).
import { AnyQuery } from '../../../common/api/schemas/content.js'
import { CreateLevelBodySchema, CreateLevelResponseSchema } from '../../../common/api/schemas/uploads.js'
import { randomBytes } from 'node:crypto'
import { maybeAnnounce } from '../../notifications/events.js'
import { type CreateLevelResponse } from '../../../common/api/uploads.js'
import { type AppContext } from '../../context.js'
import { badRequest, emptyField } from '../../http/errors.js'
import { type RouteModule } from '../types.js'
import { catalogueChanged } from '../../cache/tags.js'
import {
  type ChartFiles,
  authorOf,
  chartColumns,
  createRejected,
  fileHashes,
  prepareFiles,
  readLevelForm,
} from './chartForm.js'
import { callerOf } from '../../auth/rules.js'

/** Inside the chart's transaction: every file it uses must still be there (and stays, locked). */
export const lockFiles = async (trx: AppContext['repos'], files: ChartFiles): Promise<void> => {
  const hashes = fileHashes(files)
  const present = await trx.files.lockExisting(hashes)
  if (hashes.some((hash) => !present.has(hash))) throw createRejected('A file is missing; upload it again')
}

export const levelsCreate: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/levels/create',
    {
      schema: {
        querystring: AnyQuery,
        body: CreateLevelBodySchema,
        response: { 200: CreateLevelResponseSchema },
      },
      // A malformed form is create_failed (docs/spec.md §8); a required field left out, empty_field.
      // docs/spec.md §8: 401 on create is permission_denied, whatever the body.
      config: { invalidKey: 'create_failed', auth: 'user-page' },
      // The app's own create form sends `values`: answered before the web form's schema refuses it.
      preValidation: async (request) => {
        const body: unknown = request.body
        if (body && typeof body === 'object' && 'values' in body && typeof body.values === 'string')
          throw badRequest('Charts are created on the website')
      },
    },
    async (request) => {
      const body = request.body
      const user = callerOf(request)
      // The creator accepts the upload rules (/docs/rules) with every new chart.
      if (body.rulesAccepted !== true) throw emptyField()
      const form = readLevelForm(body)
      const files = await prepareFiles(ctx, form, undefined, user)
      const id = randomBytes(16).toString('hex')
      const now = Date.now()
      const columns = chartColumns(form, files)
      await ctx.repos.transaction(async (trx) => {
        await lockFiles(trx, files)
        await trx.charts.insert({
          id,
          authorId: user.id,
          author: authorOf(form, user),
          ...columns,
          previewHash: null,
          publishTime: now,
          updatedTime: now,
        })
        if (files.musicHash) await trx.uploads.enqueueMedia(id, files.musicHash, now)
        // A public chart: its creator's followers hear of it, from the background work.
        await maybeAnnounce(trx, { id, isPublic: columns.isPublic, hidden: 0, announced: 0 }, now)
      })
      catalogueChanged(ctx, { id, authorId: user.id })
      ctx.media.kick()
      request.log.info({ chart: id, user: user.id }, 'chart created')
      const response: CreateLevelResponse = { code: 200, id }
      return response
    },
  )
}
