// Test links: the chart's creators (its owner and co-authors) make unlisted links, revocable and perhaps
// expiring, that open the chart to whoever holds one, private or not: its details and files, the preview,
// and the app's play (as the level `wbt-{token}`, which no leaderboard or record knows, so testers' results
// never enter the chart's boards). Feedback sent through a link reaches the creators alone. A link is a way
// to one chart, never a session; a hidden chart stays hidden through it.
import { randomBytes } from 'node:crypto'
import {
  COMMENT_MAX_LENGTH,
  TEST_FEEDBACK_PER_TESTER,
  TEST_LEVEL_PREFIX,
  TEST_LINK_DAYS_MAX,
  TEST_LINK_MAX,
} from '../../common/rules.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type TestFeedbackRow, type TestLinkRow, type User } from '../db/repositories/index.js'
import { invalid, missing } from '../domain/errors.js'
import { assertActive } from '../moderation/service.js'
import { visibleChart } from '../policy/chartAccess.js'
import { commentMoment, commentText } from './community.js'
import { permitEdit } from './coauthors.js'

const DAY_MS = 24 * 60 * 60 * 1000
/** The feedback a chart's creators read at most (newest first), and the links (open and ended). */
export const TEST_FEEDBACK_SHOWN = 200
const TEST_LINKS_SHOWN = 50

/** The chart a level name names, for its owner or a co-author (who work on it), else refused. */
const creatorsChart = async (ctx: AppContext, user: User, name: string): Promise<ChartRow> => {
  const chart = await visibleChart(ctx, name, user, 'action')
  await permitEdit(ctx, user, chart)
  return chart
}

const isOpen = (link: TestLinkRow, now: number) =>
  link.revokedTime === null && (link.expiresTime === null || Number(link.expiresTime) > now)

/** A new link, open for `days` (none: until revoked). */
export const createTestLink = async (
  ctx: AppContext,
  user: User,
  name: string,
  days: number | undefined,
): Promise<TestLinkRow> => {
  assertActive(user)
  const chart = await creatorsChart(ctx, user, name)
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= TEST_LINK_DAYS_MAX))
    throw invalid(`days must be a whole number from 1 to ${TEST_LINK_DAYS_MAX}`)
  const now = Date.now()
  const link: TestLinkRow = {
    id: randomBytes(8).toString('hex'),
    chartId: chart.id,
    // 144 bits, URL-safe: as unguessable as a session, and it opens one chart only.
    token: randomBytes(18).toString('base64url'),
    createdBy: user.id,
    createdTime: now,
    expiresTime: days === undefined ? null : now + days * DAY_MS,
    revokedTime: null,
  }
  await ctx.repos.transaction(async (trx) => {
    if ((await trx.testLinks.countOpen(chart.id, now)) >= TEST_LINK_MAX)
      throw invalid(`A chart has at most ${TEST_LINK_MAX} open test links; revoke one first`)
    await trx.testLinks.create(link)
  })
  return link
}

/** A chart's links and the feedback sent through them, for its creators. */
export const testLinksOf = async (
  ctx: AppContext,
  user: User,
  name: string,
): Promise<{ links: TestLinkRow[]; feedback: TestFeedbackRow[] }> => {
  const chart = await creatorsChart(ctx, user, name)
  const [links, feedback] = await Promise.all([
    ctx.repos.testLinks.ofChart(chart.id, TEST_LINKS_SHOWN),
    ctx.repos.testLinks.feedbackOf(chart.id, TEST_FEEDBACK_SHOWN),
  ])
  return { links, feedback }
}

/** Ends a link at once: it opens nothing from now on. */
export const revokeTestLink = async (
  ctx: AppContext,
  user: User,
  name: string,
  id: string,
): Promise<void> => {
  assertActive(user)
  const chart = await creatorsChart(ctx, user, name)
  if (!(await ctx.repos.testLinks.revoke(chart.id, id, Date.now())))
    throw missing('No such open test link on this chart')
}

/** The token a test level's name carries, if it is one. */
export const testTokenOf = (name: string): string | undefined =>
  name.startsWith(TEST_LEVEL_PREFIX) && /^[A-Za-z0-9_-]{24}$/.test(name.slice(TEST_LEVEL_PREFIX.length))
    ? name.slice(TEST_LEVEL_PREFIX.length)
    : undefined

/** The open link a token names and its chart; an ended link, or a chart a moderator hid, is not found. */
export const openTestLink = async (
  ctx: AppContext,
  token: string,
): Promise<{ link: TestLinkRow; chart: ChartRow }> => {
  const link = await ctx.repos.testLinks.byToken(token)
  const chart = link && isOpen(link, Date.now()) ? await ctx.repos.charts.findById(link.chartId) : undefined
  if (!link || !chart || chart.hidden) throw missing('This test link has ended, or never was')
  return { link, chart }
}

/** A tester's feedback through a link: signed in, at most TEST_FEEDBACK_PER_TESTER per link. */
export const sendTestFeedback = async (
  ctx: AppContext,
  user: User,
  token: string,
  raw: { content?: string; moment?: string },
): Promise<void> => {
  assertActive(user)
  const { link, chart } = await openTestLink(ctx, token)
  const content = commentText(raw.content ?? null)
  const moment = commentMoment(raw.moment)
  if ((await ctx.repos.testLinks.feedbackCount(link.id, user.id)) >= TEST_FEEDBACK_PER_TESTER)
    throw invalid(`At most ${TEST_FEEDBACK_PER_TESTER} notes through one test link`)
  await ctx.repos.testLinks.addFeedback({
    id: randomBytes(16).toString('hex'),
    linkId: link.id,
    chartId: chart.id,
    userId: user.id,
    author: `${user.name}#${user.handle}`,
    content,
    moment,
    createdTime: Date.now(),
  })
}

export { COMMENT_MAX_LENGTH as TEST_FEEDBACK_MAX_LENGTH }
