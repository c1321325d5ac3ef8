// Charts of one song (difficulties): a creator links their charts of a song into a set, and each chart's
// info, the set's page and the app's details show the others. Only the owner of every chart involved may
// link or unlink; what anyone sees of a set is the charts they may see.
import { randomBytes } from 'node:crypto'
import { LEVEL_MIN, SONG_SET_MAX, levelMax } from '../../common/rules.js'
import { catalogueChanged } from '../cache/tags.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type User } from '../db/repositories/index.js'
import { invalid, required } from '../domain/errors.js'
import { assertActive } from '../moderation/service.js'
import { chartAccess, visibleChart } from '../policy/chartAccess.js'
import { permit, viewerOf } from '../policy/can.js'

/** The charts of a chart's song that the caller may see, easiest first (the chart alone when it has no set). */
export const songSetOf = async (
  ctx: AppContext,
  name: string,
  user: User | undefined,
): Promise<ChartRow[]> => {
  const chart = await visibleChart(ctx, name, user, 'page')
  if (!chart.songSet) return [chart]
  const charts = await ctx.repos.songSets.charts(chart.songSet, SONG_SET_MAX)
  const seen = await Promise.all(charts.map(async (row) => (await chartAccess(ctx, row, user)) === 'visible'))
  return charts.filter((_, index) => seen[index])
}

/** The public charts of a chart's song besides itself (the app's details section). */
export const publicSiblings = async (ctx: AppContext, chart: ChartRow): Promise<ChartRow[]> =>
  chart.songSet
    ? (await ctx.repos.songSets.charts(chart.songSet, SONG_SET_MAX)).filter(
        (row) => row.id !== chart.id && row.isPublic && !row.hidden,
      )
    : []

/** Links another of the caller's charts to this chart's song (their sets become one). */
export const linkDifficulty = async (
  ctx: AppContext,
  user: User,
  name: string,
  otherName: string,
): Promise<void> => {
  assertActive(user)
  if (!otherName.trim()) throw required()
  const viewer = await viewerOf(ctx, user)
  const chart = await visibleChart(ctx, name, user, 'action')
  const other = await visibleChart(ctx, otherName.trim(), user, 'action')
  permit(viewer, 'edit', { chart })
  permit(viewer, 'edit', { chart: other })
  if (other.id === chart.id) throw invalid('A chart is already a difficulty of its own song')
  const set = chart.songSet ?? other.songSet ?? chart.id
  const changed = await ctx.repos.transaction(async (trx) => {
    await trx.songSets.join([chart.id, other.id], set)
    const charts = await trx.songSets.charts(set, SONG_SET_MAX + 1)
    if (charts.length > SONG_SET_MAX) throw invalid(`A song has at most ${SONG_SET_MAX} difficulties`)
    return charts
  })
  for (const row of changed) catalogueChanged(ctx, row)
}

/** Takes this chart out of its song's set; the others stay together. */
export const unlinkDifficulty = async (ctx: AppContext, user: User, name: string): Promise<void> => {
  assertActive(user)
  const chart = await visibleChart(ctx, name, user, 'action')
  permit(await viewerOf(ctx, user), 'edit', { chart })
  if (!chart.songSet) return
  const others = await ctx.repos.songSets.charts(chart.songSet, SONG_SET_MAX)
  await ctx.repos.songSets.leave(chart.id)
  for (const row of others) catalogueChanged(ctx, row)
}

/** A new difficulty of a chart's song, made from the chart: its music, cover, background and metadata, at
 *  another level, private and without level data until its creator uploads a chart file to it. Its owner
 *  alone makes one (the new chart is theirs, and only the owner of both charts links them). */
export const newDifficulty = async (
  ctx: AppContext,
  user: User,
  name: string,
  wanted: { level: number; isOliver?: 0 | 1 },
): Promise<string> => {
  assertActive(user)
  const chart = await visibleChart(ctx, name, user, 'action')
  permit(await viewerOf(ctx, user), 'edit', { chart })
  if (chart.hidden) throw invalid('A hidden chart makes no new difficulty until it is restored')
  const isOliver = wanted.isOliver ?? 0
  const max = levelMax(isOliver === 1)
  if (!Number.isInteger(wanted.level) || wanted.level < LEVEL_MIN || wanted.level > max)
    throw invalid(`level must be a whole number from ${LEVEL_MIN} to ${max}`)
  const id = randomBytes(16).toString('hex')
  const set = chart.songSet ?? chart.id
  const now = Date.now()
  const files = [
    chart.coverHash,
    chart.backgroundHash,
    chart.musicHash,
    chart.bgmHash,
    chart.previewHash,
  ].filter((hash): hash is string => !!hash)
  const changed = await ctx.repos.transaction(async (trx) => {
    // The files stay while the new chart is written (a collection in between would take an unused one).
    const present = await trx.files.lockExisting(files)
    if (files.some((hash) => !present.has(hash))) throw invalid('A file of the chart is missing')
    await trx.charts.insert({
      id,
      authorId: user.id,
      author: chart.author,
      title: chart.title,
      artists: chart.artists,
      composer: chart.composer,
      description: chart.description,
      level: wanted.level,
      isOliver,
      isPublic: 0,
      tags: chart.tags,
      coverHash: chart.coverHash,
      backgroundHash: chart.backgroundHash,
      musicHash: chart.musicHash,
      bgmHash: chart.bgmHash,
      previewHash: chart.previewHash,
      susHash: null,
      dataHash: null,
      allowSusDownload: chart.allowSusDownload,
      publishTime: now,
      updatedTime: now,
    })
    // Music whose re-encode is not ready yet: the new chart has its own job, as the chart's does.
    if (chart.musicHash && !chart.bgmHash) await trx.uploads.enqueueMedia(id, chart.musicHash, now)
    await trx.songSets.join([chart.id, id], set)
    const charts = await trx.songSets.charts(set, SONG_SET_MAX + 1)
    if (charts.length > SONG_SET_MAX) throw invalid(`A song has at most ${SONG_SET_MAX} difficulties`)
    return charts
  })
  for (const row of changed) catalogueChanged(ctx, row)
  if (chart.musicHash && !chart.bgmHash) ctx.media.kick()
  return id
}
