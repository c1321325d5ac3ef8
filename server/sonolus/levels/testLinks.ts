// Test links (docs/protocol.md §15.15): the chart's creators list, make and revoke them
// (`/sonolus/levels/{name}/test-links`); a tester sends feedback through one
// (`/sonolus/test-links/{token}/feedback`). The level a link opens is `wbt-{token}`, answered by the level
// details route with testLevelDetails.
import { type LevelItem } from '@sonolus/core'
import {
  TestFeedbackBody,
  TestLinkCreateBody,
  TestLinkDoneSchema,
  TestLinkRevokeBody,
  TestLinkCreatedSchema,
  TestLinkParams,
  TestLinksSchema,
  TestTokenParams,
} from '../../../common/api/schemas/levels.js'
import { LocalizationQuery, NameParams } from '../../../common/api/schemas/protocol.js'
import { markdownToPlain } from '../../../common/plainText.js'
import { TEST_LEVEL_PREFIX } from '../../../common/rules.js'
import { callerOf } from '../../auth/rules.js'
import { type AppContext } from '../../context.js'
import { type TestLinkRow } from '../../db/repositories/index.js'
import {
  createTestLink,
  openTestLink,
  revokeTestLink,
  sendTestFeedback,
  testLinksOf,
} from '../../services/testLinks.js'
import { type RouteModule } from '../types.js'
import { levelJson, toRawChart } from './item.js'

const linkOf = (link: TestLinkRow) => ({
  id: link.id,
  token: link.token,
  createdTime: Number(link.createdTime),
  expiresTime: link.expiresTime === null ? null : Number(link.expiresTime),
  revokedTime: link.revokedTime === null ? null : Number(link.revokedTime),
})

/** The details of the level a test link opens: the chart as its level, named after the link, with nothing
 *  that belongs to the public chart (no community, leaderboards, sections or actions). */
export const testLevelDetails = async (ctx: AppContext, token: string, locale: string) => {
  const { chart } = await openTestLink(ctx, token)
  const item = JSON.parse(levelJson(chart, ctx.packs, locale, ctx.config.publicUrl)) as LevelItem
  return {
    item: { ...item, name: `${TEST_LEVEL_PREFIX}${token}` },
    description: markdownToPlain(chart.description),
    actions: [],
    hasCommunity: false,
    leaderboards: [],
    sections: [],
    publishTime: chart.publishTime,
    rawItem: toRawChart(chart),
  }
}

export const levelsTestLinks: RouteModule = (app, ctx) => {
  app.get(
    '/sonolus/levels/:name/test-links',
    {
      config: { auth: 'user' },
      schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: TestLinksSchema } },
    },
    async (request, reply) => {
      const { links, feedback } = await testLinksOf(ctx, callerOf(request), request.params.name)
      reply.header('cache-control', 'private, no-store')
      return {
        links: links.map(linkOf),
        feedback: feedback.map((row) => ({
          id: row.id,
          linkId: row.linkId,
          author: row.author,
          content: row.content,
          moment: row.moment,
          time: Number(row.createdTime),
        })),
      }
    },
  )

  app.post(
    '/sonolus/levels/:name/test-links',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: TestLinkCreateBody,
        response: { 200: TestLinkCreatedSchema },
      },
    },
    async (request) =>
      linkOf(await createTestLink(ctx, callerOf(request), request.params.name, request.body.days)),
  )

  app.post(
    '/sonolus/levels/:name/test-links/:id/revoke',
    {
      config: { auth: 'user' },
      schema: {
        params: TestLinkParams,
        querystring: LocalizationQuery,
        body: TestLinkRevokeBody,
        response: { 200: TestLinkDoneSchema },
      },
    },
    async (request) => {
      await revokeTestLink(ctx, callerOf(request), request.params.name, request.params.id)
      return { code: 200 as const }
    },
  )

  app.post(
    '/sonolus/test-links/:token/feedback',
    {
      config: { auth: 'user' },
      schema: {
        params: TestTokenParams,
        querystring: LocalizationQuery,
        body: TestFeedbackBody,
        response: { 200: TestLinkDoneSchema },
      },
    },
    async (request) => {
      await sendTestFeedback(ctx, callerOf(request), request.params.token, request.body)
      return { code: 200 as const }
    },
  )
}
