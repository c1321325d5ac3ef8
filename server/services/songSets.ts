// Charts of one song (difficulties): a creator links their charts of a song into a set, and each chart's
// info, the set's page and the app's details show the others. Only the owner of every chart involved may
// link or unlink; what anyone sees of a set is the charts they may see.
import { SONG_SET_MAX } from '../../common/rules.js'
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
