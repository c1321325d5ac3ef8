// Who may see a chart (docs/spec.md §7): a public chart is for everyone, a private one for its owner alone. Every
// level route reaches its chart through here, so the rule lives in one place. A chart a moderator hid
// is its owner's and the moderators' alone, and does not exist (404) for anyone else. Nor does a private chart
// for anyone else signed in: the app and the official web client read a 401 as "sign in again" and would drop
// a good login. A visitor still gets 401 for a private chart (permission_denied on pages, permission_denied2 on
// actions, docs/spec.md §8): once signed in they may see it, being perhaps its owner whose session lapsed.
import { type AppContext } from '../../context.js'
import { type ChartRow, type User } from '../../db/repositories/index.js'
import { actionDenied, badRequest, notFound, pageDenied } from '../../http/errors.js'
import { chartIdOf } from './item.js'
import { chartAccess } from '../../policy/chartAccess.js'

export const visibleChart = async (
  ctx: AppContext,
  name: string,
  user: User | undefined,
  use: 'page' | 'action',
): Promise<ChartRow> => {
  const id = chartIdOf(name)
  const chart = id ? await ctx.repos.charts.findById(id) : undefined
  if (!chart) throw notFound('No such chart')
  const access = await chartAccess(ctx, chart, user)
  if (access === 'hidden') throw notFound('No such chart')
  if (access === 'private') {
    if (user) throw notFound('No such chart')
    throw use === 'page' ? pageDenied() : actionDenied()
  }
  return chart
}

/** A zero-based `page` query value (comments, leaderboard records). */
export const pageParam = (query: unknown): number => {
  const raw = (query as { page?: string } | undefined)?.page ?? '0'
  if (!/^\d{1,6}$/.test(raw)) throw badRequest('page must be a whole number from 0')
  return Number(raw)
}
