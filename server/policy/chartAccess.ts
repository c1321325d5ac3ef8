// Who may see a chart (docs/spec.md §7): its owner always; while a moderator hides it, moderators too;
// else anyone while it is public. Routes (sonolus/levels/access.ts) and moderation both ask here.
import { type AppContext } from '../context.js'
import { type ChartRow, type User } from '../db/repositories/index.js'
import { isModerator } from '../moderation/roles.js'

/** The one rule: its owner sees a chart; while it is hidden, moderators too; else anyone while it is
 *  public. */
export const chartAccess = async (
  ctx: AppContext,
  chart: ChartRow,
  user: User | undefined,
): Promise<'visible' | 'hidden' | 'private'> => {
  if (chart.authorId === user?.id) return 'visible'
  if (chart.hidden) return (await isModerator(ctx, user)) ? 'visible' : 'hidden'
  return chart.isPublic ? 'visible' : 'private'
}
