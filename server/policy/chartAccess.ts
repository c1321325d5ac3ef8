// Who may see a chart (docs/spec.md §7): its owner and co-authors always (and whoever is invited to
// co-author it, to decide); while a moderator hides it, moderators too; else anyone while it is public. Every level route reaches its chart through visibleChart, and moderation
// asks chartAccess, so the rule lives in one place.
import { LEVEL_NAME_PREFIX } from '../../common/rules.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type User } from '../db/repositories/index.js'
import { denied, missing } from '../domain/errors.js'
import { isModerator } from '../auth/roles.js'

/** The chart id a level name (`wbs-…`) names, if it is one of ours. */
export const chartIdOf = (name: string): string | undefined =>
  /^wbs-[0-9a-f]{32}$/.test(name) ? name.slice(LEVEL_NAME_PREFIX.length) : undefined

/** The one rule: its owner sees a chart, and so do its co-authors and (unless it is hidden) invitees;
 *  while it is hidden, moderators too; else anyone while it is public. A public chart asks nothing of the co-authors. */
export const chartAccess = async (
  ctx: AppContext,
  chart: ChartRow,
  user: User | undefined,
): Promise<'visible' | 'hidden' | 'private'> => {
  if (chart.authorId === user?.id) return 'visible'
  if (user && (chart.hidden || !chart.isPublic)) {
    // While hidden, accepted co-authors only: an invitation is no way around moderation.
    const role = await ctx.repos.coauthors.roleOf(chart.id, user.id)
    if (role === 'coauthor' || (role === 'invited' && !chart.hidden)) return 'visible'
  }
  if (chart.hidden) return (await isModerator(ctx, user)) ? 'visible' : 'hidden'
  return chart.isPublic ? 'visible' : 'private'
}

/** The chart a level name names, if the caller may see it. A hidden chart does not exist (404) for anyone
 *  but its owner and the moderators. Nor does a private chart for anyone else signed in: the app and the
 *  official web client read a 401 as "sign in again" and would drop a good login. A visitor still gets 401
 *  for a private chart (permission_denied on pages, permission_denied2 on actions, docs/spec.md §8): once
 *  signed in they may see it, being perhaps its owner whose session lapsed. */
export const visibleChart = async (
  ctx: AppContext,
  name: string,
  user: User | undefined,
  use: 'page' | 'action',
): Promise<ChartRow> => {
  const id = chartIdOf(name)
  const chart = id ? await ctx.repos.charts.findById(id) : undefined
  if (!chart) throw missing('No such chart')
  const access = await chartAccess(ctx, chart, user)
  if (access === 'hidden') throw missing('No such chart')
  if (access === 'private') {
    if (user) throw missing('No such chart')
    throw denied(use)
  }
  return chart
}
