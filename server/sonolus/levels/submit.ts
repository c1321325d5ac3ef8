// POST /sonolus/levels/{name}/submit: item actions on a chart (docs/protocol.md §8, §15).
// - type=delete removes the chart with its likes, ratings, comments and records, then collects the files
//   no chart uses any more.
// - type=edit (the web's update; values carry the create field names) changes the chart. The author
//   cannot change (docs/spec.md §2).
// Only the owner may, and only while the chart's #handle is theirs (docs/spec.md §5/§6); anyone else gets 401
// permission_denied2 (docs/spec.md §8 "401 on submit calls").
// type=linkSet&level=wbs-… links another of the owner's charts as a difficulty of the same song;
// type=unlinkSet takes this one out of its set.
// Co-authors: type=invite&handle=… (the owner), type=accept|decline (the invitee), type=removeCoauthor
// (the owner, naming a handle; anyone on the chart, themselves without one). A co-author may edit too.
// Moderation arrives here from the app too: type=report (anyone logged in), type=review (the
// owner of a hidden chart), type=hide|restore and a non-owner's type=delete (moderators, with a reason).
import {
  ActionBody,
  LocalizationQuery,
  NameParams,
  SubmitResponseSchema,
} from '../../../common/api/schemas/protocol.js'
import { LevelFormBodySchema } from '../../../common/api/schemas/uploads.js'
import { parseShape } from '../../http/validation.js'
import { type ServerSubmitItemActionResponse } from '@sonolus/core'
import { type EditLevelResponse, readEditValues } from '../../../common/api/uploads.js'
import { CHART_FILE_COLUMNS } from '../../db/repositories/files.js'
import { collectFiles } from '../../storage/putFile.js'
import { badRequest } from '../../http/errors.js'
import { notYours } from '../../domain/errors.js'
import { type RouteModule } from '../types.js'
import { DEFAULT_REPORT_REASON } from '../moderationForms.js'
import { actionValues } from '../values.js'
import { visibleChart } from '../../policy/chartAccess.js'
import { can, permit, viewerOf } from '../../policy/can.js'
import { catalogueChanged } from '../../cache/tags.js'
import { maybeAnnounce } from '../../notifications/events.js'
import { lockFiles } from './create.js'
import { chartColumns, prepareFiles, readLevelForm } from './chartForm.js'
import { assertActive, moderate } from '../../moderation/service.js'
import { fileReport, requestReview } from '../../moderation/reports.js'
import { callerOf } from '../../auth/rules.js'
import { compareVersions } from '../../services/versions.js'
import { linkDifficulty, unlinkDifficulty } from '../../services/songSets.js'
import { answerInvitation, inviteCoauthor, permitEdit, removeCoauthor } from '../../services/coauthors.js'
import { workOwnerOf } from '../../work/pool.js'

export const levelsSubmit: RouteModule = (app, ctx) => {
  app.post(
    '/sonolus/levels/:name/submit',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: ActionBody,
        response: { 200: SubmitResponseSchema },
      },
    },
    async (request) => {
      const { name } = request.params
      const values = actionValues(request.body, request.query)
      const user = callerOf(request)
      const row = await visibleChart(ctx, name, user, 'action')
      const viewer = await viewerOf(ctx, user)
      const chart = { chart: row }
      const type = values.get('type')
      const target = { type: 'chart' as const, id: row.id }

      // The owner of a hidden chart asks for a review, suspended or not (it is their appeal).
      if (type === 'review') {
        permit(viewer, 'review', chart)
        await requestReview(ctx, user, row, request.ip)
        return { code: 200, key: '', hashes: [], shouldUpdateItem: true }
      }
      assertActive(user)
      if (type === 'report') {
        const reason = values.get('reason') ?? DEFAULT_REPORT_REASON
        await fileReport(ctx, user, request.ip, { target, reason, note: values.get('note') ?? '' })
        const response: ServerSubmitItemActionResponse = { key: '', hashes: [] }
        return response
      }
      // The charts of one song: this chart joins another of the owner's (`level`), or leaves its set.
      if (type === 'linkSet' || type === 'unlinkSet') {
        if (type === 'linkSet') await linkDifficulty(ctx, user, name, values.get('level') ?? '')
        else await unlinkDifficulty(ctx, user, name)
        const response: ServerSubmitItemActionResponse = { key: '', hashes: [], shouldUpdateItem: true }
        return response
      }
      if (type === 'invite' || type === 'accept' || type === 'decline' || type === 'removeCoauthor') {
        const handle = values.get('handle') ?? ''
        if (type === 'invite') await inviteCoauthor(ctx, user, name, handle)
        else if (type === 'removeCoauthor') await removeCoauthor(ctx, user, name, handle)
        else await answerInvitation(ctx, user, name, type === 'accept')
        const response: ServerSubmitItemActionResponse = { key: '', hashes: [], shouldUpdateItem: true }
        return response
      }
      if (type === 'hide' || type === 'restore' || (type === 'delete' && !can(viewer, 'delete', chart))) {
        permit(viewer, 'moderate', chart)
        await moderate(ctx, user, { target, action: type, reason: values.get('reason') ?? '' })
        const response: ServerSubmitItemActionResponse =
          type === 'delete'
            ? { key: '', hashes: [], shouldRemoveItem: true }
            : { key: '', hashes: [], shouldUpdateItem: true }
        return response
      }
      if (type === 'delete') permit(viewer, 'delete', chart)
      const coauthor = type !== 'delete' && (await permitEdit(ctx, user, row)) === 'coauthor'
      const before = CHART_FILE_COLUMNS.map((column) => row[column]).filter((hash): hash is string => !!hash)

      if (type === 'delete') {
        // Likes, ratings, comments, records, leaderboard entries and media jobs go with the row (cascade);
        // the records' replays are collected with the chart's files.
        before.push(...(await ctx.repos.leaderboards.replayFilesOf(row.id)))
        await ctx.repos.charts.delete(row.id)
        catalogueChanged(ctx, row)
        const collected = await collectFiles(ctx.blobStore, ctx.repos, before)
        request.log.info({ chart: row.id, user: user.id, collected }, 'chart deleted by its owner')
        const response: ServerSubmitItemActionResponse = { key: '', hashes: [], shouldRemoveItem: true }
        return response
      }
      if (type !== 'edit') throw badRequest(`Unknown action type "${type ?? ''}"`)

      const form = readLevelForm(
        parseShape(LevelFormBodySchema, readEditValues(values), 'create_failed'),
        row,
      )
      const files = await prepareFiles(ctx, form, row, user)
      const now = Date.now()
      const columns = chartColumns(form, files, row)
      // New level data is a new version: the old one's records stay with it. Only the metadata,
      // or the same data again, keeps the version.
      const newVersion = row.dataHash !== null && columns.dataHash !== row.dataHash
      // What the new version changes, told while the old level data is still stored.
      const changes =
        newVersion && files.data
          ? await compareVersions(ctx, row.dataHash!, files.data, workOwnerOf(user.id), request.log)
          : undefined
      const announce = await ctx.repos.transaction(async (trx) => {
        // Removed while the files were checked: the edit is no longer theirs.
        if (coauthor && (await trx.coauthors.roleOf(row.id, user.id)) !== 'coauthor') throw notYours()
        await lockFiles(trx, files)
        if (newVersion) {
          const version = await trx.chartVersions.archive(row.id, now, `${user.name}#${user.handle}`)
          if (changes) await trx.chartVersions.saveChanges(row.id, version, changes)
        }
        await trx.charts.update(row.id, {
          ...columns,
          // New music plays as uploaded until its re-encode is ready.
          ...(files.musicChanged ? { bgmHash: null, previewHash: null } : {}),
          updatedTime: now,
        })
        if (files.musicChanged && files.musicHash)
          await trx.uploads.enqueueMedia(row.id, files.musicHash, now)
        // Made public for the first time: its creator's followers hear of it now. The fan-out
        // checks the chart again when it sends.
        return maybeAnnounce(trx, { ...row, isPublic: columns.isPublic }, now)
      })
      catalogueChanged(ctx, row)
      if (files.musicChanged || announce) ctx.media.kick()
      const after = await ctx.repos.charts.findById(row.id)
      const still = new Set(CHART_FILE_COLUMNS.map((column) => after?.[column]))
      await collectFiles(
        ctx.blobStore,
        ctx.repos,
        before.filter((hash) => !still.has(hash)),
      )
      request.log.info({ chart: row.id, user: user.id, newVersion }, 'chart edited')
      const response: EditLevelResponse = { code: 200, key: '', hashes: [], shouldUpdateItem: true }
      return response
    },
  )
}
