// Level results and leaderboards: the rules. The app finishes a play, submits its ReplayItem, and uploads
// the two gzip JSON files we ask for. A record is stored only when every check passes: the files are the
// ones asked for and match their SHA-1, the level is ours, the replay is untagged (tags mark modifiers
// such as auto-play), and the result is one a Sirius play of the chart can produce (common/scoring.ts:
// counts, combo, grade and scores against the note count of the chart's level data; a chart without
// level data takes no results). Each user keeps their best record per board. The routes
// (sonolus/levels/results.ts) read the request and present what these return.
import { createHash, randomBytes } from 'node:crypto'
import { type GameplayResult, type ServerSubmitLevelResultResponse } from '@sonolus/core'
import { STATS_VERSION } from '../../common/chart/index.js'
import { LEADERBOARDS, type LeaderboardName } from '../../common/api/levels.js'
import { SHA1_REGEX, replayBytesFor } from '../../common/rules.js'
import {
  BOARDS,
  checkInputsAgainstResult,
  checkResultAgainstChart,
  resultShapeProblem,
} from '../../common/scoring.js'
import { searchText } from '../../common/text.js'
import { SIRIUS_ENGINE } from '../../engine/item.js'
import { recordsChanged } from '../cache/tags.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type RecordRow, type User } from '../db/repositories/index.js'
import { RuleError, denied, invalid, missing, tooSoon } from '../domain/errors.js'
import { assertActive } from '../moderation/service.js'
import { chartIdOf, visibleChart } from '../policy/chartAccess.js'
import { putBuffer } from '../storage/putFile.js'
import { type InputJudgments } from '../work/tasks.js'
import { WorkLimitError, WorkRefusal, workOwnerOf } from '../work/pool.js'

const UPLOAD_KEY_MS = 10 * 60_000
const HOUR_MS = 60 * 60_000
export const RECORDS_PER_PAGE = 10
const TOP_RECORDS = 10
export const REPLAY_PREFIX = 'replay-'

/** A refused result (docs/spec.md §8's key for failed uploads): 400 upload_failed, "Result rejected: <reason>". */
const rejected = (message: string) => new RuleError('upload_failed', `Result rejected: ${message}`)

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

/** What the submit decided: the chart and the version played, the files asked for. */
type Pending = { chartId: string; version?: number; hashes: [string, string]; title: string }

const boardOf = (name: string): LeaderboardName => {
  if (!(LEADERBOARDS as readonly string[]).includes(name)) throw missing('No such leaderboard')
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

/** RESULTS_PER_CHART_PER_HOUR: one player's results of one chart in an hour, at most. */
const assertResultQuota = async (ctx: AppContext, userId: string, chartId: string, now: number) => {
  const max = ctx.config.limits.resultsPerChartPerHour
  if ((await ctx.repos.leaderboards.countSince(userId, chartId, now - HOUR_MS)) >= max)
    throw tooSoon(`At most ${max} results of one chart an hour; try again later`)
}

/** What the submit needs of the app's ReplayItem. */
export type SubmittedReplay = {
  level?: { name?: string; engine?: { name?: string }; data?: { hash?: string | null } }
  tags?: unknown[]
  data?: { hash?: string }
  configuration?: { hash?: string }
}

/** A finished play the app submits: checked, and answered with a single-use key and the files to upload. */
export const submitResult = async (
  ctx: AppContext,
  user: User,
  replay: SubmittedReplay,
  now: number,
): Promise<ServerSubmitLevelResultResponse> => {
  const chart = await visibleChart(ctx, String(replay.level?.name ?? ''), user, 'action')
  await assertResultQuota(ctx, user.id, chart.id, now)
  const engine = ctx.packs.engine('en').item.name
  if (replay.level?.engine?.name !== engine)
    throw rejected(`the level was not played with this server's engine "${engine}"`)
  if (Array.isArray(replay.tags) && replay.tags.length > 0)
    throw rejected('tagged replays (modifiers such as auto-play) are not ranked')
  const hashes = [replay.data?.hash, replay.configuration?.hash]
  if (!hashes.every((hash) => typeof hash === 'string' && SHA1_REGEX.test(hash)))
    throw invalid('The replay data and configuration need SHA-1 hashes')
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
    expiresTime: now + UPLOAD_KEY_MS,
  })
  return { key, hashes: pending.hashes }
}

/** One uploaded file as it arrives: its name (the hash asked for) and its bytes. */
export type UploadedFile = { name: string; bytes: AsyncIterable<Buffer> }

/** The upload that follows a submit, authorised by its key: the files read within the replay's budget
 *  (`files()`: undefined when the body holds no files), checked, and the record stored. */
export const recordResult = async (
  ctx: AppContext,
  key: string,
  files: () => AsyncIterable<UploadedFile> | undefined,
  now: number,
): Promise<RecordRow> => {
  const claimed = key ? await ctx.repos.leaderboards.claimUploadKey(key, now) : undefined
  if (!claimed || claimed.action !== 'result')
    throw new RuleError('permission_denied2', 'Unknown or expired upload key; submit the result again')
  const pending = JSON.parse(claimed.payload) as Pending
  const parts = files()
  if (!parts) throw invalid('The upload must be multipart/form-data')
  const chart = await ctx.repos.charts.findById(pending.chartId)
  if (!chart) throw rejected('the chart no longer exists')
  const version = pending.version ?? chart.version
  const notes = await noteCountOf(ctx, chart, version)

  // A replay of this chart is at most so many bytes: more is refused as it arrives, not stored.
  const budget = replayBytesFor(notes)
  let received = 0
  const uploaded = new Map<string, Buffer>()
  for await (const part of parts) {
    const chunks: Buffer[] = []
    for await (const chunk of part.bytes) {
      received += chunk.length
      if (received > budget)
        throw new RuleError(
          'file_too_large',
          `Result rejected: a replay of this chart (${notes} notes) is at most ${budget.toLocaleString('en-US')} bytes`,
        )
      chunks.push(chunk)
    }
    const buffer = Buffer.concat(chunks)
    const hash = part.name
    if (!pending.hashes.includes(hash)) throw rejected(`the file ${hash} was not asked for`)
    if (uploaded.has(hash)) throw rejected(`the file ${hash} came twice`)
    if (createHash('sha1').update(buffer).digest('hex') !== hash)
      throw rejected(`the file ${hash} does not match its SHA-1`)
    uploaded.set(hash, buffer)
  }
  const [dataHash, configurationHash] = pending.hashes
  if (!uploaded.has(dataHash) || !uploaded.has(configurationHash))
    throw rejected('the replay data and configuration are both needed')

  // Inflated (at most REPLAY_MAX_BYTES each), depth-checked and parsed in a worker thread; only the
  // result comes back.
  let replayData: unknown
  let judgments: InputJudgments | undefined
  try {
    ;({ result: replayData, judgments } = await ctx.work.readReplay(
      uploaded.get(dataHash)!,
      uploaded.get(configurationHash)!,
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
  if (!user) throw denied('action')
  // Suspended since the submit: the key no longer records anything.
  assertActive(user)
  await assertResultQuota(ctx, user.id, chart.id, now)

  // Derived: collected with the record (its chart deleted), never while a record names it.
  for (const bytes of uploaded.values())
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
  return record
}

/** A board's best records, for the chart's leaderboard in the app. */
export const topRecords = async (ctx: AppContext, name: string, board: string, user: User | undefined) => {
  const chart = await visibleChart(ctx, name, user, 'page')
  const which = boardOf(board)
  const rows = await ctx.repos.leaderboards.listBoard(chart.id, chart.version, which, 0, TOP_RECORDS)
  return { board: which, rows }
}

/** A page of a board: the current version's unless an earlier one is asked for. */
export const recordPage = async (
  ctx: AppContext,
  name: string,
  board: string,
  page: number,
  version: number | undefined,
  user: User | undefined,
) => {
  const chart = await visibleChart(ctx, name, user, 'page')
  const which = boardOf(board)
  const played = version ?? chart.version
  if (played > chart.version) throw missing('No such version')
  const offset = page * RECORDS_PER_PAGE
  const [rows, total] = await Promise.all([
    ctx.repos.leaderboards.listBoard(chart.id, played, which, offset, RECORDS_PER_PAGE),
    ctx.repos.leaderboards.countBoard(chart.id, played, which),
  ])
  return { chart, board: which, rows, offset, total }
}

/** One record of a board, with its chart. */
export const recordOf = async (
  ctx: AppContext,
  name: string,
  board: string,
  recordId: string,
  user: User | undefined,
) => {
  const chart = await visibleChart(ctx, name, user, 'page')
  boardOf(board)
  const record = await ctx.repos.leaderboards.findRecord(recordId)
  if (!record || record.chartId !== chart.id) throw missing('No such record')
  return { chart, record }
}

/** Replays: every public record's, newest first; one level's board (`level=wbs-…`), or one player's best
 *  on each chart (`user={handle}`); `keywords` narrows any of them. Each with its chart. */
export const replayPage = async (
  ctx: AppContext,
  filter: { level?: string; user?: string; keywords?: string },
  page: number,
  limit: number,
): Promise<{ replays: { record: RecordRow; chart: ChartRow }[]; total: number }> => {
  const chartId = filter.level !== undefined ? (chartIdOf(filter.level) ?? '') : undefined
  const userId =
    filter.user !== undefined ? ((await ctx.repos.users.findByHandle(filter.user))?.id ?? '') : undefined
  const keywords = searchText(filter.keywords)
  const { rows, total } = await ctx.repos.leaderboards.listReplays(
    { chartId, userId, keywords },
    page * limit,
    limit,
  )
  const charts = await ctx.repos.charts.findByIds(rows.map((row) => row.chartId))
  const replays = rows.flatMap((record) => {
    const chart = charts.get(record.chartId)
    return chart ? [{ record, chart }] : []
  })
  return { replays, total }
}

/** A replay by its name, which the site's replay button opens in the app. A record on a chart the
 *  viewer cannot see is not theirs to watch either. */
export const replayOf = async (ctx: AppContext, name: string, user: User | undefined) => {
  const record = name.startsWith(REPLAY_PREFIX)
    ? await ctx.repos.leaderboards.findRecord(name.slice(REPLAY_PREFIX.length))
    : undefined
  if (!record) throw missing('No such replay')
  const chart = await visibleChart(ctx, `wbs-${record.chartId}`, user, 'page')
  return { record, chart }
}
