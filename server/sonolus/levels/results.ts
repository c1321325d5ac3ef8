// Level results → leaderboards (docs/protocol.md §5, §9). The app finishes a play, submits its ReplayItem,
// and uploads the two gzip JSON files we ask for. A record is stored only when every check passes:
// the files are the ones asked for and match their SHA-1, the level is ours, the replay is untagged
// (tags mark modifiers such as auto-play), and the result is one a Sirius play of the chart can produce
// (common/scoring.ts: counts, combo, grade and scores against the note count of the chart's level data;
// a chart without level data takes no results). Each user keeps their best record per board.
import { STATS_VERSION } from '../../../common/chart/index.js'
import {
  BoardParams,
  ChartVersionsSchema,
  RecordListQuery,
  RecordParams,
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
import { createHash, randomBytes } from 'node:crypto'
import multipart from '@fastify/multipart'
import { type GameplayResult, type ReplayItem, type ServerSubmitLevelResultResponse } from '@sonolus/core'
import { LEADERBOARDS, type LeaderboardName, type WebRecord } from '../../../common/api/levels.js'
import { MAX_UPLOAD_BYTES, SHA1_REGEX, replayBytesFor } from '../../../common/rules.js'
import { sliceCodePoints, stripControl } from '../../../common/text.js'
import { SIRIUS_ENGINE } from '../../../engine/item.js'
import { type InputJudgments } from '../../work/tasks.js'
import { WorkLimitError, WorkRefusal, workOwnerOf } from '../../work/pool.js'
import {
  ACCURACY_SCORE_MAX,
  BOARDS,
  checkInputsAgainstResult,
  checkResultAgainstChart,
  resultShapeProblem,
} from '../../../common/scoring.js'
import { type AppContext } from '../../context.js'
import { type ChartRow, type RecordRow } from '../../db/repositories/index.js'
import { HttpError, actionDenied, badRequest, notFound } from '../../http/errors.js'
import { putBuffer } from '../../storage/putFile.js'
import { type RouteModule } from '../types.js'
import { visibleChart } from './access.js'
import { assertActive } from '../../moderation/service.js'
import { chartIdOf, levelJson, srl, withUser } from './item.js'
import { cacheTags, recordsChanged } from '../../cache/tags.js'
import { sendJson } from '../../cache/send.js'
import { callerOf } from '../../auth/rules.js'

const UPLOAD_KEY_MS = 10 * 60_000
export const RECORDS_PER_PAGE = 10
const TOP_RECORDS = 10
export const REPLAY_PREFIX = 'replay-'

/** A refused result (docs/spec.md §8's key for failed uploads): 400 upload_failed, "Result rejected: <reason>". */
const rejected = (message: string) => new HttpError(400, 'upload_failed', `Result rejected: ${message}`)

const RECORD_FIELDS: Record<LeaderboardName, keyof RecordRow> = {
  arcScore: 'arcadeScore',
  accScore: 'accuracyScore',
  combo: 'combo',
  perfect: 'perfect',
  great: 'great',
  good: 'good',
  miss: 'miss',
}

/** The result inside ReplayData, checked: its fields' types, then every bound of common/scoring.ts with
 *  the result's own totalCount as the note count. The upload then requires totalCount to be the chart's
 *  note count (noteCountOf), so together the result is checked against the chart. A message for the
 *  first thing wrong. */
export const checkResult = (data: unknown): GameplayResult | string => {
  const result = (data as { result?: unknown } | null)?.result
  const shape = resultShapeProblem(result)
  if (shape) return shape
  const full = result as GameplayResult
  return checkResultAgainstChart(full, full.totalCount) ?? full
}

/** A record's value for people (not `812345.5000`): the accuracy score as a percentage of its
 *  maximum (`98.52%`), every other value a whole number, never rounded up (the app may send a fractional arcade score). */
export const formatValue = (value: number, board: LeaderboardName = 'arcScore'): string =>
  board === 'accScore'
    ? `${(Math.floor((value / ACCURACY_SCORE_MAX) * 10_000) / 100).toFixed(2)}%`
    : String(Math.floor(value))

const toRecord = (record: RecordRow, board: LeaderboardName, rank: number, publicUrl: string): WebRecord => ({
  name: record.id,
  rank: `#${rank}`,
  player: record.player,
  ...withUser('playerUser', record.player, publicUrl),
  value: formatValue(Number(record[RECORD_FIELDS[board]]), board),
  replay: `${REPLAY_PREFIX}${record.id}`,
})

/** A replay's grade as the game shows it, with a core icon (the words are the game's, as on its result
 *  screen, the same in every language). */
const GRADE_TAGS: Record<string, { title: string; icon: string }> = {
  allPerfect: { title: 'ALL PERFECT', icon: 'crown' },
  fullCombo: { title: 'FULL COMBO', icon: 'medal' },
  pass: { title: 'CLEAR', icon: 'check' },
  fail: { title: 'FAILED', icon: 'xMark' },
}
const gradeTag = (grade: string) => GRADE_TAGS[grade] ?? { title: grade }

export const replayItem = (
  ctx: AppContext,
  record: RecordRow,
  chart: ChartRow,
  locale: string,
): ReplayItem => ({
  name: `${REPLAY_PREFIX}${record.id}`,
  source: ctx.config.publicUrl,
  version: 1,
  title: record.replayTitle,
  subtitle: `${formatValue(Number(record.arcadeScore))} · ${formatValue(Number(record.accuracyScore), 'accScore')}`,
  author: record.player,
  ...withUser('authorUser', record.player, ctx.config.publicUrl),
  tags: [gradeTag(record.grade)],
  level: JSON.parse(levelJson(chart, ctx.packs, locale, ctx.config.publicUrl)) as ReplayItem['level'],
  data: srl(record.dataHash),
  configuration: srl(record.configurationHash),
})

/** What the submit decided: the chart and the version played, the files asked for. */
type Pending = { chartId: string; version?: number; hashes: [string, string]; title: string }

const boardOf = (name: string): LeaderboardName => {
  if (!(LEADERBOARDS as readonly string[]).includes(name)) throw notFound('No such leaderboard')
  return name as LeaderboardName
}

/** The chart's note count from its stored level data. A chart without level data cannot be played in
 *  the app (its level has no data to load), and without the count no bound can be checked: the result
 *  is refused, as it is when the stored level data is missing or unreadable. */
const noteCountOf = async (ctx: AppContext, chart: ChartRow, version: number): Promise<number> => {
  if (version !== chart.version) {
    // An earlier version: its count was kept when an edit replaced it.
    const earlier = await ctx.repos.chartVersions.find(chart.id, version)
    if (!earlier) throw rejected('the version played is not known')
    if (earlier.noteCount === null) throw rejected("the earlier version's note count is not known")
    return earlier.noteCount
  }
  if (!chart.dataHash) throw rejected('the chart has no level data, so it cannot have been played')
  // Stored with the level data's stats, by the current stats code: the same count.
  if (chart.noteCount !== null && chart.statsVersion === STATS_VERSION) return chart.noteCount
  const blob = await ctx.blobStore.get(chart.dataHash).catch(() => undefined)
  if (!blob) throw rejected("the chart's level data is missing on the server")
  const chunks: Buffer[] = []
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer)
  try {
    return (await ctx.work.readLevelData(Buffer.concat(chunks))).noteCount
  } catch (error) {
    if (error instanceof WorkRefusal || error instanceof WorkLimitError)
      throw rejected("the chart's level data cannot be read")
    throw error
  }
}

const HOUR_MS = 60 * 60_000

/** RESULTS_PER_CHART_PER_HOUR: one player's results of one chart in an hour, at most. */
const assertResultQuota = async (ctx: AppContext, userId: string, chartId: string, now: number) => {
  const max = ctx.config.limits.resultsPerChartPerHour
  if ((await ctx.repos.leaderboards.countSince(userId, chartId, now - HOUR_MS)) >= max)
    throw new HttpError(429, 'rate_limited', `At most ${max} results of one chart an hour; try again later`)
}

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
    async (request) => {
      const user = callerOf(request)
      const { replay } = request.body
      const chart = await visibleChart(ctx, String(replay.level?.name ?? ''), user, 'action')
      await assertResultQuota(ctx, user.id, chart.id, Date.now())
      const engine = ctx.packs.engine('en').item.name
      if (replay.level?.engine?.name !== engine)
        throw rejected(`the level was not played with this server's engine "${engine}"`)
      if (Array.isArray(replay.tags) && replay.tags.length > 0)
        throw rejected('tagged replays (modifiers such as auto-play) are not ranked')
      const hashes = [replay.data?.hash, replay.configuration?.hash]
      if (!hashes.every((hash) => typeof hash === 'string' && SHA1_REGEX.test(hash)))
        throw badRequest('The replay data and configuration need SHA-1 hashes')
      // The version played: the level data the app names, the current one if it names none.
      const played = replay.level?.data?.hash
      let version = chart.version
      if (typeof played === 'string' && chart.dataHash !== null && played !== chart.dataHash) {
        const earlier = await ctx.repos.chartVersions.findByData(chart.id, played)
        if (!earlier) throw rejected('the level data played is not a version of this chart')
        version = earlier.version
      }
      const key = randomBytes(24).toString('base64url')
      const pending: Pending = {
        chartId: chart.id,
        version,
        hashes: hashes as [string, string],
        title: chart.title,
      }
      await ctx.repos.leaderboards.createUploadKey({
        key,
        userId: user.id,
        action: 'result',
        payload: JSON.stringify(pending),
        expiresTime: Date.now() + UPLOAD_KEY_MS,
      })
      const response: ServerSubmitLevelResultResponse = { key, hashes: pending.hashes }
      return response
    },
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
        const now = Date.now()
        const claimed = key ? await ctx.repos.leaderboards.claimUploadKey(key, now) : undefined
        if (!claimed || claimed.action !== 'result')
          throw new HttpError(
            401,
            'permission_denied2',
            'Unknown or expired upload key; submit the result again',
          )
        const pending = JSON.parse(claimed.payload) as Pending
        if (!request.isMultipart()) throw badRequest('The upload must be multipart/form-data')
        const chart = await ctx.repos.charts.findById(pending.chartId)
        if (!chart) throw rejected('the chart no longer exists')
        const version = pending.version ?? chart.version
        const notes = await noteCountOf(ctx, chart, version)

        // A replay of this chart is at most so many bytes: more is refused as it arrives, not stored.
        const budget = replayBytesFor(notes)
        let received = 0
        const files = new Map<string, Buffer>()
        for await (const part of request.parts()) {
          if (part.type !== 'file') throw badRequest('Only files are expected')
          const chunks: Buffer[] = []
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            received += chunk.length
            if (received > budget) {
              // The rest of the body is not read: the connection closes after the answer.
              reply.header('connection', 'close')
              throw new HttpError(
                413,
                'file_too_large',
                `Result rejected: a replay of this chart (${notes} notes) is at most ${budget.toLocaleString('en-US')} bytes`,
              )
            }
            chunks.push(chunk)
          }
          const buffer = Buffer.concat(chunks)
          const hash = part.filename
          if (!pending.hashes.includes(hash)) throw rejected(`the file ${hash} was not asked for`)
          if (files.has(hash)) throw rejected(`the file ${hash} came twice`)
          if (createHash('sha1').update(buffer).digest('hex') !== hash)
            throw rejected(`the file ${hash} does not match its SHA-1`)
          files.set(hash, buffer)
        }
        const [dataHash, configurationHash] = pending.hashes
        if (!files.has(dataHash) || !files.has(configurationHash))
          throw rejected('the replay data and configuration are both needed')

        // Inflated (at most REPLAY_MAX_BYTES each), depth-checked and parsed in a worker thread; only the
        // result comes back.
        let replayData: unknown
        let judgments: InputJudgments | undefined
        try {
          ;({ result: replayData, judgments } = await ctx.work.readReplay(
            files.get(dataHash)!,
            files.get(configurationHash)!,
            workOwnerOf(claimed.userId),
          ))
        } catch (error) {
          if (error instanceof WorkRefusal || error instanceof WorkLimitError) throw rejected(error.message)
          throw error
        }
        const result = checkResult(replayData)
        if (typeof result === 'string') throw rejected(result)
        if (notes !== result.totalCount)
          throw rejected(`totalCount (${result.totalCount}) is not the chart's note count (${notes})`)
        // Our engine records a judgment for every note it judged: they must be the result's counts.
        if (ctx.packs.engine('en').item.name === SIRIUS_ENGINE.name) {
          if (!judgments) throw rejected("the replay's inputs are not the per-note judgments of a play")
          const disagreement = checkInputsAgainstResult(judgments, result)
          if (disagreement) throw rejected(disagreement)
        }
        const user = await ctx.repos.users.findById(claimed.userId)
        if (!user) throw actionDenied()
        // Suspended since the submit: the key no longer records anything.
        assertActive(user)
        await assertResultQuota(ctx, user.id, chart.id, now)

        // Derived: collected with the record (its chart deleted), never while a record names it.
        for (const bytes of files.values())
          await putBuffer(ctx.blobStore, ctx.repos, bytes, 'application/gzip', now, 'derived')
        const record: RecordRow = {
          id: randomBytes(16).toString('hex'),
          chartId: chart.id,
          userId: user.id,
          player: `${user.name}#${user.handle}`,
          grade: result.grade,
          arcadeScore: result.arcadeScore,
          accuracyScore: result.accuracyScore,
          combo: result.combo,
          perfect: result.perfect,
          great: result.great,
          good: result.good,
          miss: result.miss,
          totalCount: result.totalCount,
          dataHash,
          configurationHash,
          replayTitle: pending.title,
          createdTime: now,
          version,
        }
        await ctx.repos.transaction((trx) =>
          trx.leaderboards.addRecord(
            record,
            LEADERBOARDS.map((board) => {
              const value = Number(result[BOARDS[board].field])
              return { board, sortKey: BOARDS[board].better === 'higher' ? -value : value }
            }),
          ),
        )
        // The chart's pages show its replays and its plays: drop them.
        recordsChanged(ctx, chart.id)
        request.log.info({ chart: chart.id, user: user.id, record: record.id }, 'level result recorded')
        return {}
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
      const chart = await visibleChart(ctx, name, await ctx.auth.userOf(request), 'page')
      const which = boardOf(board)
      const rows = await ctx.repos.leaderboards.listBoard(chart.id, chart.version, which, 0, TOP_RECORDS)
      const details = {
        topRecords: rows.map((row, i) => toRecord(row, which, i + 1, ctx.config.publicUrl)),
      }
      return details
    },
  )

  app.get(
    '/sonolus/levels/:name/leaderboards/:board/records/list',
    { schema: { params: BoardParams, querystring: RecordListQuery, response: { 200: RecordListSchema } } },
    // The same for everyone who may see the chart: shared (cached.ts), dropped by the chart's changes (a
    // new record among them).
    async (request, reply) =>
      sendJson(
        ctx,
        request,
        reply,
        `records\n${request.params.name}\n${request.params.board}\n${request.query.page ?? 0}\n${request.query.version ?? ''}`,
        async ({ tags }, user) => {
          const { name, board } = request.params
          const chart = await visibleChart(ctx, name, user, 'page')
          tags.add(cacheTags.records(chart.id))
          const which = boardOf(board)
          // The current version's board unless the site asks for an earlier one.
          const version = request.query.version ?? chart.version
          if (version > chart.version) throw notFound('No such version')
          const offset = (request.query.page ?? 0) * RECORDS_PER_PAGE
          const [rows, total] = await Promise.all([
            ctx.repos.leaderboards.listBoard(chart.id, version, which, offset, RECORDS_PER_PAGE),
            ctx.repos.leaderboards.countBoard(chart.id, version, which),
          ])
          const list = {
            pageCount: Math.max(1, Math.ceil(total / RECORDS_PER_PAGE)),
            records: rows.map((row, i) => toRecord(row, which, offset + i + 1, ctx.config.publicUrl)),
          }
          return JSON.stringify(list)
        },
      ),
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
      const chart = await visibleChart(ctx, name, await ctx.auth.userOf(request), 'page')
      boardOf(board)
      const record = await ctx.repos.leaderboards.findRecord(recordId)
      if (!record || record.chartId !== chart.id) throw notFound('No such record')
      const locale = request.query.localization ?? 'en'
      const details = {
        replays: [replayItem(ctx, record, chart, locale)],
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
    async (request) => {
      const chart = await visibleChart(ctx, request.params.name, await ctx.auth.userOf(request), 'page')
      const [earlier, players] = await Promise.all([
        ctx.repos.chartVersions.list(chart.id),
        ctx.repos.leaderboards.playersByVersion(chart.id),
      ])
      return {
        current: {
          version: chart.version,
          time: Number(chart.versionTime) || Number(chart.publishTime),
          players: players.get(chart.version) ?? 0,
        },
        earlier: earlier.map((row) => ({
          version: row.version,
          time: Number(row.createdTime) || Number(chart.publishTime),
          replacedTime: Number(row.replacedTime),
          players: players.get(row.version) ?? 0,
        })),
      }
    },
  )

  // Replays: every public record's, newest first; one level's board (`level=wbs-…`), or one
  // player's best on each chart (`user={handle}`), as the sections' searchValues ask; the app's quick
  // search (`keywords`) narrows any of them.
  const replayPage = async (
    filter: { level?: string; user?: string; keywords?: string },
    page: number,
    limit: number,
    locale: string,
  ) => {
    const chartId = filter.level !== undefined ? (chartIdOf(filter.level) ?? '') : undefined
    const userId =
      filter.user !== undefined ? ((await ctx.repos.users.findByHandle(filter.user))?.id ?? '') : undefined
    // Search text as the other lists take it: no control characters, at most 100 code points.
    const keywords = sliceCodePoints(stripControl(filter.keywords ?? ''), 100)
    const { rows, total } = await ctx.repos.leaderboards.listReplays(
      { chartId, userId, keywords },
      page * limit,
      limit,
    )
    const charts = await ctx.repos.charts.findByIds(rows.map((row) => row.chartId))
    const items = rows.flatMap((row) => {
      const chart = charts.get(row.chartId)
      return chart ? [replayItem(ctx, row, chart, locale)] : []
    })
    return { items, total }
  }

  app.get(
    '/sonolus/replays/info',
    { schema: { querystring: LocalizationQuery, response: { 200: ReplayInfoSchema } } },
    async (request) => {
      const { items } = await replayPage({}, 0, 5, request.query.localization ?? 'en')
      return {
        searches: [],
        sections: items.length
          ? [{ title: '#NEWEST', icon: 'replay', itemType: 'replay' as const, items, searchValues: '' }]
          : [],
      }
    },
  )

  app.get(
    '/sonolus/replays/list',
    { schema: { querystring: ReplayListQuery, response: { 200: ReplayListSchema } } },
    async (request) => {
      const { level, user, keywords, page, localization } = request.query
      const { items, total } = await replayPage(
        { level, user, keywords },
        page ?? 0,
        RECORDS_PER_PAGE,
        localization ?? 'en',
      )
      return { pageCount: Math.max(1, Math.ceil(total / RECORDS_PER_PAGE)), items, searches: [] }
    },
  )

  // The replay itself, which the site's replay button opens in the app ({open-in-app}/replays/{name}).
  // A record on a chart the viewer cannot see is not theirs to watch either (the chart's rule: access.ts).
  app.get(
    '/sonolus/replays/:name',
    {
      schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: ReplayDetailsSchema } },
    },
    async (request) => {
      const { name } = request.params
      const record = name.startsWith(REPLAY_PREFIX)
        ? await ctx.repos.leaderboards.findRecord(name.slice(REPLAY_PREFIX.length))
        : undefined
      if (!record) throw notFound('No such replay')
      const chart = await visibleChart(ctx, `wbs-${record.chartId}`, await ctx.auth.userOf(request), 'page')
      const locale = request.query.localization ?? 'en'
      return {
        item: replayItem(ctx, record, chart, locale),
        actions: [],
        hasCommunity: false,
        leaderboards: [],
        sections: [],
      }
    },
  )
}
