// GET /sonolus/levels/{name}: one level's details (docs/protocol.md §6, §15): description with likes and
// rating, the owner's delete action, community, the seven leaderboards, and other charts by the author.
import { LevelDetailsResponseSchema } from '../../../common/api/schemas/levels.js'
import { LocalizationQuery, NameParams } from '../../../common/api/schemas/protocol.js'
import { type ServerForm, type ServerItemLeaderboard } from '@sonolus/core'
import { LEADERBOARDS, type LeaderboardName } from '../../../common/api/levels.js'
import { type RouteModule } from '../types.js'
import { cacheTags, sendJson } from './cached.js'
import { visibleChart } from './access.js'
import { levelJson, toRawChart } from './item.js'
import { handleOf } from './form.js'
import { replayItem } from './results.js'
import { type ChartModeration } from '../../../common/api/moderation.js'
import { type ChartRow, type User } from '../../db/repositories/index.js'
import { isModerator } from '../../moderation/service.js'
import { chartModeration } from '../../moderation/views.js'
import { hiddenLine } from '../../moderation/notices.js'
import { markdownToPlain } from '../../../common/plainText.js'
import { moderatorForm, reportForm, reviewForm } from '../moderationForms.js'

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

/** What this viewer may do with the chart in the app: the owner deletes it, or asks for a review while it
 *  is hidden; others report it; moderators hide, restore or delete it, with a reason (issue 14). */
const itemActions = (
  row: ChartRow,
  user: User | undefined,
  moderator: boolean,
  moderation: ChartModeration | undefined,
  locale: string,
): ServerForm[] => {
  if (!user) return []
  const owner = user.id === row.authorId
  const actions: ServerForm[] = []
  if (owner) {
    actions.push(deleteAction)
    if (row.hidden && !moderation?.reviewRequested) actions.push(reviewForm)
  } else {
    actions.push(reportForm(locale))
  }
  if (moderator) {
    actions.push(row.hidden ? moderatorForm('restore') : moderatorForm('hide'))
    if (!owner) actions.push(moderatorForm('delete'))
  }
  return actions
}

export const levelsDetails: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/levels/:name',
    {
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        response: { 200: LevelDetailsResponseSchema },
      },
    },
    async (request, reply) => {
      // Shared by visitors, and by signed-in users other than the chart's owner (cached.ts); the owner's and
      // a moderator's are their own.
      const key = `details\n${request.params.name}\n${request.query.localization ?? 'en'}`
      return sendJson(ctx, request, reply, key, async ({ tags, personal }, user) => {
        const { name } = request.params
        const locale = request.query.localization ?? 'en'
        const row = await visibleChart(ctx, name, user, 'page')
        personal.add(row.authorId)
        const owner = user?.id === row.authorId
        const moderator = await isModerator(ctx, user)

        const [others, replays] = await Promise.all([
          ctx.repos.charts.otherByAuthor(row.authorId, row.id, 5),
          // Its best replays (issue 17), when everyone may watch them: a public chart's.
          row.isPublic && !row.hidden
            ? ctx.repos.leaderboards.listReplays({ chartId: row.id }, 0, 5)
            : { rows: [], total: 0 },
        ])
        tags.add(cacheTags.author(row.authorId))
        for (const chart of [row, ...others]) tags.add(cacheTags.chart(chart.id))
        const stats = `♡ ${row.likeNumber}${row.ratingNumber > 0 ? ` · ★ ${row.rating.toFixed(1)} (${row.ratingNumber})` : ''}`
        const hidden = row.hidden ? hiddenLine(row.hiddenReason, locale) : ''
        // Plain text: the app renders no markdown (the site reads rawItem.description and renders it).
        const description = [hidden, markdownToPlain(row.description), stats].filter(Boolean).join('\n\n')
        // The owner and moderators see the chart's moderation state and history (issue 14).
        const moderation = owner || moderator ? await chartModeration(ctx, row, moderator) : undefined
        const level = (chart: typeof row) => levelJson(chart, ctx.packs, locale, ctx.config.publicUrl)
        const body =
          `{"item":${level(row)},"description":${JSON.stringify(description)},"actions":${JSON.stringify(itemActions(row, user, moderator, moderation, locale))},` +
          `"hasCommunity":true,"leaderboards":${JSON.stringify(leaderboards)},` +
          `"sections":[{"title":"#SAME_AUTHOR","icon":"level","itemType":"level","items":[${others.map(level).join(',')}],"searchValues":${JSON.stringify(`type=advanced&user=${encodeURIComponent(handleOf(row.author))}`)},"rawItems":${JSON.stringify(others.map((other) => toRawChart(other, user?.id)))}}` +
          (replays.rows.length
            ? `,{"title":"#REPLAY","icon":"replay","itemType":"replay","items":${JSON.stringify(replays.rows.map((record) => replayItem(ctx, record, row, locale)))},"searchValues":${JSON.stringify(`level=${name}`)}}`
            : '') +
          `],` +
          `"publishTime":${row.publishTime},"rawItem":${JSON.stringify(toRawChart(row, user?.id))}` +
          `${moderation ? `,"moderation":${JSON.stringify(moderation)}` : ''}}`
        return body
      })
    },
  )
}
