// Who may do what to a chart, a comment or a playlist (docs/spec.md §5–§8). Routes and services ask the same
// question here, so each rule is written once. Seeing a chart is chartAccess's (chartAccess.ts); whether a
// suspended user may act at all is moderation's (assertActive), asked when they act.
import { type ChartRow, type CommentRow, type PlaylistRow, type User } from '../db/repositories/index.js'
import { isModerator } from '../auth/roles.js'
import { type AppContext } from '../context.js'
import { notYours } from '../domain/errors.js'

/** Who asks: a user or a visitor, and whether they moderate. */
export type Viewer = { user: User | undefined; moderator: boolean }

export const viewerOf = async (ctx: AppContext, user: User | undefined): Promise<Viewer> => ({
  user,
  moderator: await isModerator(ctx, user),
})

/** What can be done to something: change it, delete it, report it, or (a moderator) hide, restore or delete
 *  someone else's; a chart's owner also asks for a review of a hidden chart, marks the comments on it
 *  resolved or open, and invites or removes its co-authors ('share'). */
export type Action = 'edit' | 'delete' | 'report' | 'reply' | 'review' | 'moderate' | 'resolve' | 'share'

/** A comment's chart, when given, answers who may resolve it. `coauthor`: the viewer co-authors the chart
 *  (accepted), which lets them edit it. */
export type Target =
  | { chart: ChartRow; coauthor?: boolean }
  | { comment: CommentRow; chart?: ChartRow }
  | { playlist: PlaylistRow }

/** The #handle an author text (`name#handle`) ends with. */
export const authorHandleOf = (author: string): string => author.slice(author.lastIndexOf('#') + 1)

/** A chart is its uploader's while the #handle it shows is still theirs (docs/spec.md §5). */
const ownsChart = (user: User, chart: ChartRow) =>
  chart.authorId === user.id && authorHandleOf(chart.author) === user.handle

/** Whether the viewer may do this. Visitors may do nothing. */
export const can = ({ user, moderator }: Viewer, action: Action, target: Target): boolean => {
  if (!user) return false
  if ('comment' in target) {
    const own = target.comment.userId === user.id
    if (action === 'report' || action === 'reply') return true
    if (action === 'moderate') return moderator
    if (action === 'resolve') return !!target.chart && ownsChart(user, target.chart)
    return (action === 'edit' || action === 'delete') && own
  }
  if ('chart' in target) {
    const owner = ownsChart(user, target.chart)
    if (action === 'report') return true
    if (action === 'moderate') return moderator
    // A co-author edits (metadata and new versions); deleting, and who co-authors, stay the owner's.
    if (action === 'edit') return owner || target.coauthor === true
    return action !== 'reply' && action !== 'resolve' && owner
  }
  // The staff picks are the moderators' (edited, never deleted); any other playlist its owner's.
  const { ownerId } = target.playlist
  if (action === 'edit') return ownerId === null ? moderator : ownerId === user.id
  if (action === 'delete') return ownerId !== null && ownerId === user.id
  return false
}

/** The same question, refused with 401 permission_denied2 (docs/spec.md §8 "401 on submit calls"). */
export const permit = (viewer: Viewer, action: Action, target: Target): void => {
  if (!can(viewer, action, target)) throw notYours()
}
