// GET /sonolus/levels/{name}: one level's details (docs/protocol.md §6, §15): description with likes and
// rating, the owner's delete action, community, the seven leaderboards, and other charts by the author.
import { LevelDetailsResponseSchema } from '../../../common/api/schemas/levels.js'
import { LocalizationQuery, NameParams } from '../../../common/api/schemas/protocol.js'
import { type ServerForm, type ServerItemLeaderboard } from '@sonolus/core'
import { type ChartRole, roleIn } from '../../services/coauthors.js'
import { coauthorActions } from '../coauthorForms.js'
import { testTokenOf } from '../../services/testLinks.js'
import { testLevelDetails } from './testLinks.js'
import { LEADERBOARDS, type LeaderboardName } from '../../../common/api/levels.js'
import { type RouteModule } from '../types.js'
import { cacheTags } from '../../cache/tags.js'
import { sendJson } from '../../cache/send.js'
import {
  type Template,
  fillGzip,
  jsonText,
  templateBytes,
  templateOf,
  textSlot,
  valueSlot,
} from '../../cache/template.js'
import { ResponseCache } from '../../cache/responseCache.js'
import { SOMEONE } from '../../auth/someone.js'
import { visibleChart } from '../../policy/chartAccess.js'
import { levelJson, toRawChart } from './item.js'
import { authorHandleOf } from '../../policy/can.js'
import { replayItem } from './replayItems.js'
import { type ChartModeration } from '../../../common/api/moderation.js'
import {
  type ChartCounters,
  type ChartRow,
  type CoauthorRow,
  type User,
} from '../../db/repositories/index.js'
import { isModerator } from '../../moderation/service.js'
import { chartModeration } from '../../moderation/views.js'
import { hiddenLine } from '../../moderation/notices.js'
import { markdownToPlain } from '../../../common/plainText.js'
import { moderatorForm, reportForm, reviewForm } from '../moderationForms.js'
import { ownText, publishingLine } from '../texts.js'
import { publicSiblings } from '../../services/songSets.js'

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
 *  is hidden; others report it; moderators hide, restore or delete it, with a reason. Before these, the
 *  co-author forms for the owner, an invitee or a co-author (coauthorForms.ts). */
const itemActions = (
  row: ChartRow,
  user: User | undefined,
  moderator: boolean,
  moderation: ChartModeration | undefined,
  locale: string,
  role: ChartRole,
  coauthors: CoauthorRow[],
): ServerForm[] => {
  if (!user) return []
  const owner = user.id === row.authorId
  // A hidden chart takes no new co-authors (coauthors.ts): no invite form meanwhile.
  const actions: ServerForm[] =
    row.hidden && role === 'owner' ? [] : [...coauthorActions(role, coauthors, locale)]
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

/** A details page kept with slots for its chart's counters (template.ts), and what the page shows. */
type DetailsTemplate = {
  template: Template
  chartId: string
  /** Whether the level shows its rating (a ★ tag): the template holds that tag or not. */
  rated: boolean
  tags: string[]
  personal: string[]
}

/** The counters as the page shows them, for its slots. */
const counterValues = (counters: ChartCounters): Record<string, string> => ({
  likes: jsonText(`${counters.likeNumber}`),
  rating: jsonText(counters.rating.toFixed(1)),
  stats: jsonText(
    `♡ ${counters.likeNumber}${counters.ratingNumber > 0 ? ` · ★ ${counters.rating.toFixed(1)} (${counters.ratingNumber})` : ''}`,
  ),
  likeNumber: JSON.stringify(counters.likeNumber),
  commentNumber: JSON.stringify(counters.commentNumber),
  ratingValue: JSON.stringify(counters.rating),
  ratingNumber: JSON.stringify(counters.ratingNumber),
  playCount: JSON.stringify(counters.playCount),
  trending: JSON.stringify(counters.trending),
})

export const levelsDetails: RouteModule = (app, ctx) => {
  // Templates kept a moment (they follow the response cache: dropped with it, by tags). A like or a rating
  // drops the chart's kept answers but not its template; the next answer fills in the new counters.
  const templates = new ResponseCache<DetailsTemplate>(
    ctx.config.limits.responseCacheMs,
    1000,
    8 * 1024 * 1024,
    (kept) => templateBytes(kept.template) + 32 * kept.tags.length,
  )
  ctx.cache.follow(templates as ResponseCache<unknown>)

  /** The page for `user` with slots for the counters of its chart; `moderator`'s is built with theirs. */
  const templateFor = async (
    name: string,
    locale: string,
    user: User | undefined,
    moderator: boolean,
  ): Promise<{ kept: DetailsTemplate; counters: ChartCounters }> => {
    const row = await visibleChart(ctx, name, user, 'page')
    const tags = new Set<string>()
    const owner = user?.id === row.authorId
    const [others, replays, siblings, coauthors] = await Promise.all([
      ctx.repos.charts.otherByAuthor(row.authorId, row.id, 5),
      // Its best replays, when everyone may watch them: a public chart's.
      row.isPublic && !row.hidden
        ? ctx.repos.leaderboards.listReplays({ chartId: row.id }, 0, 5)
        : { rows: [], total: 0 },
      // The song's other difficulties that everyone may see.
      publicSiblings(ctx, row),
      ctx.repos.coauthors.of(row.id),
    ])
    const role = roleIn(row, user, coauthors)
    tags.add(cacheTags.content(row.id))
    for (const chart of siblings) tags.add(cacheTags.chart(chart.id))
    tags.add(cacheTags.records(row.id))
    tags.add(cacheTags.author(row.authorId))
    for (const chart of others) tags.add(cacheTags.chart(chart.id))
    const stats = textSlot('stats')
    const hidden = row.hidden ? hiddenLine(row.hiddenReason, locale) : ''
    // A scheduled chart is its owner's alone (it is private until then): when it goes public.
    const scheduled = row.scheduledTime !== null ? publishingLine(Number(row.scheduledTime)) : ''
    // Plain text: the app renders no markdown (the site reads rawItem.description and renders it).
    const description = [hidden, scheduled, markdownToPlain(row.description), stats]
      .filter(Boolean)
      .join('\n\n')
    // The owner and moderators see the chart's moderation state and history.
    const moderation = owner || moderator ? await chartModeration(ctx, row, moderator) : undefined
    const level = (chart: typeof row) => levelJson(chart, ctx.packs, locale, ctx.config.publicUrl)
    // The counters' slots (template.ts) at the end, so that what comes before them is compressed as one:
    // the raw row's counters last, and the stats line last in the description.
    const {
      likeNumber: _likes,
      commentNumber: _comments,
      rating: _rating,
      ratingNumber: _ratings,
      playCount: _plays,
      trending: _trending,
      ...raw
    } = toRawChart(row, user?.id, role === 'coauthor')
    const rawItem = {
      ...raw,
      likeNumber: valueSlot('likeNumber'),
      commentNumber: valueSlot('commentNumber'),
      rating: valueSlot('ratingValue'),
      ratingNumber: valueSlot('ratingNumber'),
      playCount: valueSlot('playCount'),
      trending: valueSlot('trending'),
    }
    const item = levelJson(row, ctx.packs, locale, ctx.config.publicUrl, {
      likes: textSlot('likes'),
      rating: textSlot('rating'),
    })
    const difficulties = siblings.length
      ? `{"title":${JSON.stringify(ownText('difficulties', locale))},"icon":"level","itemType":"level","items":[${siblings.map(level).join(',')}],"rawItems":${JSON.stringify(siblings.map((other) => toRawChart(other, user?.id)))}},`
      : ''
    const body =
      `{"sections":[${difficulties}{"title":"#SAME_AUTHOR","icon":"level","itemType":"level","items":[${others.map(level).join(',')}],"searchValues":${JSON.stringify(`type=advanced&user=${encodeURIComponent(authorHandleOf(row.author))}`)},"rawItems":${JSON.stringify(others.map((other) => toRawChart(other, user?.id)))}}` +
      (replays.rows.length
        ? `,{"title":"#REPLAY","icon":"replay","itemType":"replay","items":${JSON.stringify(replays.rows.map((record) => replayItem(ctx, record, row, locale)))},"searchValues":${JSON.stringify(`level=${name}`)}}`
        : '') +
      `],"leaderboards":${JSON.stringify(leaderboards)},"hasCommunity":true,` +
      `"actions":${JSON.stringify(itemActions(row, user, moderator, moderation, locale, role, coauthors))},"publishTime":${row.publishTime},` +
      `${moderation ? `"moderation":${JSON.stringify(moderation)},` : ''}` +
      `"item":${item},"rawItem":${JSON.stringify(rawItem)},"description":${JSON.stringify(description)}}`
    return {
      kept: {
        template: templateOf(body),
        chartId: row.id,
        rated: row.ratingNumber > 0,
        tags: [...tags],
        // The owner's, the co-authors' and the invitees' forms differ from everyone else's.
        personal: [row.authorId, ...coauthors.map((coauthor) => coauthor.userId)],
      },
      counters: row,
    }
  }

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
      const { name } = request.params
      const locale = request.query.localization ?? 'en'
      // A test link's level (testLinks.ts): for whoever holds the link, never kept.
      const token = testTokenOf(name)
      if (token) {
        reply.header('cache-control', 'private, no-store')
        return reply.send(await testLevelDetails(ctx, token, locale))
      }
      const key = `details\n${name}\n${locale}`
      return sendJson(ctx, request, reply, key, async ({ tags, personal }, user) => {
        const moderator = await isModerator(ctx, user)
        const viewer = user === undefined ? '-' : user === SOMEONE ? '+' : `@${user.id}`
        const templateKey = `${key}\n${viewer}`
        let kept = moderator ? undefined : templates.get(templateKey)?.body
        let counters = kept && (await ctx.repos.charts.countersOf(kept.chartId))
        // Rated for the first time (the ★ tag appears), or gone: built again.
        if (!kept || !counters || counters.ratingNumber > 0 !== kept.rated) {
          const begun = templates.begin()
          ;({ kept, counters } = await templateFor(name, locale, user, moderator))
          // A moderator's shows the moderation state: not kept.
          if (!moderator) templates.set(templateKey, kept, Date.now(), kept.tags, begun)
        }
        for (const tag of kept.tags) tags.add(tag)
        tags.add(cacheTags.chart(kept.chartId))
        for (const id of kept.personal) personal.add(id)
        return { gzip: fillGzip(kept.template, counterValues(counters)) }
      })
    },
  )
}
