// Level results and leaderboards for the app and the site (docs/protocol.md §5, §9): the submit, the
// upload its key authorises, boards, records, versions and replays. The rules are services/results.ts.
import {
  BoardParams,
  ChartVersionsSchema,
  RecordListQuery,
  RecordParams,
  VersionChangesSchema,
  VersionParams,
} from '../../../common/api/schemas/levels.js'
import {
  EmptyObjectSchema,
  LeaderboardDetailsSchema,
  LocalizationQuery,
  MultipartBody,
  NameParams,
  RecordDetailsSchema,
  RecordListSchema,
  ReplayDetailsSchema,
  ReplayInfoSchema,
  ReplayListQuery,
  ReplayListSchema,
  ResultInfoSchema,
  ResultSubmitBody,
  ResultSubmitResponseSchema,
} from '../../../common/api/schemas/protocol.js'
import multipart from '@fastify/multipart'
import { type FastifyRequest } from 'fastify'
import { MAX_UPLOAD_BYTES } from '../../../common/rules.js'
import { RuleError } from '../../domain/errors.js'
import { badRequest } from '../../http/errors.js'
import { type RouteModule } from '../types.js'
import { chartVersions, versionChanges } from '../../services/versions.js'
import { cacheTags } from '../../cache/tags.js'
import { sendJson } from '../../cache/send.js'
import { callerOf } from '../../auth/rules.js'
import {
  RECORDS_PER_PAGE,
  type UploadedFile,
  recordOf,
  recordPage,
  recordResult,
  replayOf,
  replayPage,
  submitResult,
  topRecords,
} from '../../services/results.js'
import { replayItem, toRecord } from './replayItems.js'

/** The multipart body's files, as the service reads them; another kind of part is refused. */
async function* filesOf(request: FastifyRequest): AsyncIterable<UploadedFile> {
  for await (const part of request.parts()) {
    if (part.type !== 'file') throw badRequest('Only files are expected')
    yield { name: part.filename, bytes: part.file as AsyncIterable<Buffer> }
  }
}

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / RECORDS_PER_PAGE))

export const levelResults: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/levels/result/info',
    { schema: { querystring: LocalizationQuery, response: { 200: ResultInfoSchema } } },
    async () => {
      const info = {
        submits: [
          { type: 'submit', title: '#SUBMIT', icon: 'ranking', requireConfirmation: false, options: [] },
        ],
      }
      return info
    },
  )

  app.post(
    '/sonolus/levels/result/submit',
    {
      config: { auth: 'user' },
      schema: {
        querystring: LocalizationQuery,
        body: ResultSubmitBody,
        response: { 200: ResultSubmitResponseSchema },
      },
    },
    async (request) => submitResult(ctx, callerOf(request), request.body.replay, Date.now()),
  )

  // The upload is authorised by its single-use key, not the session (docs/protocol.md §5).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 0, parts: 2, fieldSize: 0 },
    })
    scope.post(
      '/sonolus/levels/result/upload',
      {
        config: { auth: 'secret' },
        schema: { querystring: LocalizationQuery, body: MultipartBody, response: { 200: EmptyObjectSchema } },
      },
      async (request, reply) => {
        const key = String(request.headers['sonolus-upload-key'] ?? '')
        try {
          const record = await recordResult(
            ctx,
            key,
            () => (request.isMultipart() ? filesOf(request) : undefined),
            Date.now(),
          )
          request.log.info(
            { chart: record.chartId, user: record.userId, record: record.id },
            'level result recorded',
          )
          return {}
        } catch (error) {
          // The rest of a body over its budget is not read: the connection closes after the answer.
          if (error instanceof RuleError && error.key === 'file_too_large')
            reply.header('connection', 'close')
          throw error
        }
      },
    )
  })

  app.get(
    '/sonolus/levels/:name/leaderboards/:board',
    {
      schema: {
        params: BoardParams,
        querystring: LocalizationQuery,
        response: { 200: LeaderboardDetailsSchema },
      },
    },
    async (request) => {
      const { name, board } = request.params
      const top = await topRecords(ctx, name, board, await ctx.auth.userOf(request))
      const details = {
        topRecords: top.rows.map((row, i) => toRecord(row, top.board, i + 1, ctx.config.publicUrl)),
      }
      return details
    },
  )

  app.get(
    '/sonolus/levels/:name/leaderboards/:board/records/list',
    { schema: { params: BoardParams, querystring: RecordListQuery, response: { 200: RecordListSchema } } },
    // The same for everyone who may see the chart: shared, dropped by the chart's changes (a new record
    // among them).
    async (request, reply) => {
      const { name, board } = request.params
      const { page = 0, version } = request.query
      return sendJson(
        ctx,
        request,
        reply,
        `records\n${name}\n${board}\n${page}\n${version ?? ''}`,
        async ({ tags }, user) => {
          const found = await recordPage(ctx, name, board, page, version, user)
          tags.add(cacheTags.records(found.chart.id))
          const list = {
            pageCount: pageCountOf(found.total),
            records: found.rows.map((row, i) =>
              toRecord(row, found.board, found.offset + i + 1, ctx.config.publicUrl),
            ),
          }
          return JSON.stringify(list)
        },
      )
    },
  )

  app.get(
    '/sonolus/levels/:name/leaderboards/:board/records/:record',
    {
      schema: {
        params: RecordParams,
        querystring: LocalizationQuery,
        response: { 200: RecordDetailsSchema },
      },
    },
    async (request) => {
      const { name, board, record: recordId } = request.params
      const { chart, record } = await recordOf(ctx, name, board, recordId, await ctx.auth.userOf(request))
      const details = {
        replays: [replayItem(ctx, record, chart, request.query.localization ?? 'en')],
      }
      return details
    },
  )

  // A chart's versions: chart info lists the earlier ones with their dates and boards.
  app.get(
    '/sonolus/levels/:name/versions',
    {
      schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: ChartVersionsSchema } },
    },
    async (request) => chartVersions(ctx, request.params.name, await ctx.auth.userOf(request)),
  )
  // One version's changes with the notes: the preview marks them.
  app.get(
    '/sonolus/levels/:name/versions/:version',
    {
      schema: {
        params: VersionParams,
        querystring: LocalizationQuery,
        response: { 200: VersionChangesSchema },
      },
    },
    async (request) =>
      versionChanges(ctx, request.params.name, request.params.version, await ctx.auth.userOf(request)),
  )

  app.get(
    '/sonolus/replays/info',
    { schema: { querystring: LocalizationQuery, response: { 200: ReplayInfoSchema } } },
    async (request) => {
      const locale = request.query.localization ?? 'en'
      const { replays } = await replayPage(ctx, {}, 0, 5)
      const items = replays.map(({ record, chart }) => replayItem(ctx, record, chart, locale))
      return {
        searches: [],
        sections: items.length
          ? [{ title: '#NEWEST', icon: 'replay', itemType: 'replay' as const, items, searchValues: '' }]
          : [],
      }
    },
  )

  // The sections' searchValues ask for one level's board or one player's best; the app's quick search
  // (`keywords`) narrows any of them.
  app.get(
    '/sonolus/replays/list',
    { schema: { querystring: ReplayListQuery, response: { 200: ReplayListSchema } } },
    async (request) => {
      const { level, user, keywords, page, localization } = request.query
      const locale = localization ?? 'en'
      const { replays, total } = await replayPage(ctx, { level, user, keywords }, page ?? 0, RECORDS_PER_PAGE)
      const items = replays.map(({ record, chart }) => replayItem(ctx, record, chart, locale))
      return { pageCount: pageCountOf(total), items, searches: [] }
    },
  )

  app.get(
    '/sonolus/replays/:name',
    {
      schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: ReplayDetailsSchema } },
    },
    async (request) => {
      const { record, chart } = await replayOf(ctx, request.params.name, await ctx.auth.userOf(request))
      return {
        item: replayItem(ctx, record, chart, request.query.localization ?? 'en'),
        actions: [],
        hasCommunity: false,
        leaderboards: [],
        sections: [],
      }
    },
  )
}
