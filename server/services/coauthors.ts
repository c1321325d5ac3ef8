// Co-authors: a chart's owner invites users by handle; an invitee accepts or declines. Accepted co-authors
// edit the chart's metadata and upload new versions; deleting it, and who co-authors it, stay the owner's.
// Anyone may end their own co-authorship or invitation. Each change is the caller's own action, so a
// suspended co-author is refused and the others are not.
import { COAUTHOR_MAX } from '../../common/rules.js'
import { catalogueChanged, chartChanged } from '../cache/tags.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type CoauthorRole, type CoauthorRow, type User } from '../db/repositories/index.js'
import { invalid, missing, notYours, required } from '../domain/errors.js'
import { assertActive } from '../moderation/service.js'
import { coauthorInvited, coauthorJoined } from '../notifications/events.js'
import { visibleChart } from '../policy/chartAccess.js'
import { permit, viewerOf } from '../policy/can.js'

/** Where a user stands on a chart: its owner, a co-author, invited, or none of these. */
export type ChartRole = 'owner' | CoauthorRole | undefined

export const roleOn = async (
  ctx: AppContext,
  chart: ChartRow,
  user: User | undefined,
): Promise<ChartRole> => {
  if (!user) return undefined
  if (chart.authorId === user.id) return 'owner'
  return ctx.repos.coauthors.roleOf(chart.id, user.id)
}

/** Where a user stands on a chart, from its co-author rows already read (no further query). */
export const roleIn = (chart: ChartRow, user: User | undefined, rows: readonly CoauthorRow[]): ChartRole => {
  if (!user) return undefined
  if (chart.authorId === user.id) return 'owner'
  const row = rows.find((coauthor) => coauthor.userId === user.id)
  return row ? (row.acceptedTime === null ? 'invited' : 'coauthor') : undefined
}

/** Refuses anyone but the chart's owner and its accepted co-authors: who may edit it and make its test
 *  links. */
export const permitEdit = async (
  ctx: AppContext,
  user: User,
  chart: ChartRow,
): Promise<'owner' | 'coauthor'> => {
  const role = await roleOn(ctx, chart, user)
  permit(await viewerOf(ctx, user), 'edit', { chart, coauthor: role === 'coauthor' })
  return role === 'coauthor' ? 'coauthor' : 'owner'
}

/** A chart's co-authors as the caller may see them: the owner and co-authors see the invitations too. */
export const coauthorsOf = async (
  ctx: AppContext,
  name: string,
  user: User | undefined,
): Promise<{ chart: ChartRow; role: ChartRole; coauthors: CoauthorRow[] }> => {
  const chart = await visibleChart(ctx, name, user, 'page')
  const rows = await ctx.repos.coauthors.of(chart.id)
  const role = roleIn(chart, user, rows)
  const insider = role === 'owner' || role === 'coauthor'
  // An invitee sees the co-authors and their own invitation, not the others'.
  const coauthors = rows.filter((row) => insider || row.acceptedTime !== null || row.userId === user?.id)
  return { chart, role, coauthors }
}

/** A typed handle: `1234`, `#1234` or `name#1234`. */
const handleOf = (text: string): string => text.slice(text.lastIndexOf('#') + 1).trim()

/** The owner invites a user by handle; they hear of it. */
export const inviteCoauthor = async (
  ctx: AppContext,
  user: User,
  name: string,
  typed: string,
): Promise<void> => {
  assertActive(user)
  const chart = await visibleChart(ctx, name, user, 'action')
  permit(await viewerOf(ctx, user), 'share', { chart })
  // A hidden chart is its owner's and the moderators' to see: nobody new is let in meanwhile.
  if (chart.hidden) throw invalid('A hidden chart takes no new co-authors until it is restored')
  const handle = handleOf(typed)
  if (!handle) throw required()
  const invitee = await ctx.repos.users.findByHandle(handle)
  if (!invitee) throw missing(`Nobody has the handle #${handle}`)
  if (invitee.id === user.id) throw invalid('The owner of a chart is already its author')
  const now = Date.now()
  await ctx.repos.transaction(async (trx) => {
    if ((await trx.coauthors.count(chart.id)) >= COAUTHOR_MAX)
      throw invalid(`A chart has at most ${COAUTHOR_MAX} co-authors and invitations`)
    if (!(await trx.coauthors.invite(chart.id, invitee.id, now)))
      throw invalid(`${invitee.name}#${invitee.handle} is already invited`)
    await coauthorInvited(trx, chart, invitee.id, user, now)
  })
  // Nothing a list shows changed: only the chart's pages (its details' forms and personal answers).
  chartChanged(ctx, chart.id)
}

/** An invitee accepts (they co-author the chart from now on, and its owner hears of it) or declines. */
export const answerInvitation = async (
  ctx: AppContext,
  user: User,
  name: string,
  accept: boolean,
): Promise<void> => {
  assertActive(user)
  const chart = await visibleChart(ctx, name, user, 'action')
  if ((await roleOn(ctx, chart, user)) !== 'invited') throw notYours()
  const now = Date.now()
  await ctx.repos.transaction(async (trx) => {
    if (!accept) {
      await trx.coauthors.remove(chart.id, user.id)
      return
    }
    if (!(await trx.coauthors.accept(chart.id, user.id, now))) throw notYours()
    await trx.coauthors.refresh(chart.id)
    await coauthorJoined(trx, chart, user, now)
  })
  // An acceptance changes the chart's co-authors that lists and cards show; a decline only its pages.
  if (accept) catalogueChanged(ctx, chart)
  else chartChanged(ctx, chart.id)
}

/** The owner removes a co-author or withdraws an invitation; a co-author or invitee may remove themselves. */
export const removeCoauthor = async (
  ctx: AppContext,
  user: User,
  name: string,
  typed: string,
): Promise<void> => {
  assertActive(user)
  const chart = await visibleChart(ctx, name, user, 'action')
  // Without a handle: oneself, or for the owner the first invited, which the app's select shows first (the
  // official web client leaves out a value equal to its default).
  const first = !handleOf(typed) && chart.authorId === user.id && (await ctx.repos.coauthors.of(chart.id))[0]
  const handle = handleOf(typed) || (first ? first.handle : user.handle)
  const self = handle === user.handle
  if (!self) permit(await viewerOf(ctx, user), 'share', { chart })
  const removed = self ? user : await ctx.repos.users.findByHandle(handle)
  const done =
    !!removed &&
    (await ctx.repos.transaction(async (trx) => {
      if (!(await trx.coauthors.remove(chart.id, removed.id))) return false
      await trx.coauthors.refresh(chart.id)
      // The test links they made open the chart no more.
      await trx.testLinks.revokeMadeBy(chart.id, removed.id, Date.now())
      return true
    }))
  // Only someone on the chart can leave it; the owner is told plainly that the handle was not there.
  if (!done) throw self ? notYours() : missing(`#${handle} does not co-author this chart`)
  catalogueChanged(ctx, chart)
}
