// GET /sonolus/levels/{name}: one level's details (protocol doc §6, §15): description with likes and
// rating, the owner's delete action, community, the seven leaderboards, and other charts by the author.
import { type ServerForm, type ServerItemLeaderboard } from '@sonolus/core'
import { LEADERBOARDS, type LeaderboardName } from '../../../common/api/levels.js'
import { type RouteModule } from '../types.js'
import { cacheTags, sendJson } from './cached.js'
import { visibleChart } from './access.js'
import { levelJson, toRawChart } from './item.js'

export const LEADERBOARD_TITLES: Record<LeaderboardName, string> = {
  arcScore: '#ARCADE_SCORE',
  accScore: '#ACCURACY_SCORE',
  combo: '#COMBO',
  perfect: '#PERFECT',
  great: '#GREAT',
  good: '#GOOD',
  miss: '#MISS',
}

const leaderboards: ServerItemLeaderboard[] = LEADERBOARDS.map((name) => ({
  name,
  title: LEADERBOARD_TITLES[name],
}))

const deleteAction: ServerForm = {
  type: 'delete',
  title: '#DELETE',
  icon: 'delete',
  requireConfirmation: true,
  options: [],
}

export const levelsDetails: RouteModule = (app, ctx) => {
  app.get('/sonolus/levels/:name', async (request, reply) => {
    return sendJson(ctx, request, reply, async (tags) => {
      const { name } = request.params as { name: string }
      const locale = (request.query as { localization?: string }).localization ?? 'en'
      const user = await ctx.auth.userOf(request)
      const row = await visibleChart(ctx, name, user, 'page')
      const owner = user?.id === row.authorId

      const others = await ctx.repos.charts.otherByAuthor(row.authorId, row.id, 5)
      tags.add(cacheTags.author(row.authorId))
      for (const chart of [row, ...others]) tags.add(cacheTags.chart(chart.id))
      const stats = `♡ ${row.likeNumber}${row.ratingNumber > 0 ? ` · ★ ${row.rating.toFixed(1)} (${row.ratingNumber})` : ''}`
      const description = [row.description, stats].filter(Boolean).join('\n\n')
      const level = (chart: typeof row) => levelJson(chart, ctx.packs, locale, ctx.config.publicUrl)
      const body =
        `{"item":${level(row)},"description":${JSON.stringify(description)},"actions":${JSON.stringify(owner ? [deleteAction] : [])},` +
        `"hasCommunity":true,"leaderboards":${JSON.stringify(leaderboards)},` +
        `"sections":[{"title":"#LEVEL","icon":"level","itemType":"level","items":[${others.map(level).join(',')}],"rawItems":${JSON.stringify(others.map(toRawChart))}}],` +
        `"publishTime":${row.publishTime},"rawItem":${JSON.stringify(toRawChart(row))}}`
      return body
    })
  })
}
