// GET /sonolus/users/info, /list and /{handle} (core UserItem). The info and the list show the people
// who have something public, a chart others can see or a record on one. The details answer for anyone with an
// account, since every comment, playlist, record and chart names its person and the app opens them from there:
// they carry what is public of them (possibly nothing), their charts and best replays (each section's
// searchValues open the whole list), and, for the site's /user/{handle} page, their profile as the app gave
// it and their counts.
import { followForm, followState } from './follows.js'
import {
  NameParams,
  LocalizationQuery,
  UserInfoSchema,
  UserListQuery,
  UserListSchema,
} from '../../common/api/schemas/protocol.js'
import { UserDetailsResponseSchema } from '../../common/api/schemas/people.js'
import { type Profile, type UserDetailsResponse, USERS_PER_PAGE } from '../../common/api/people.js'
import { LEVELS_PER_PAGE } from '../../common/api/levels.js'
import { type LevelItem } from '@sonolus/core'
import { markdownToPlain } from '../../common/plainText.js'
import { sliceCodePoints, stripControl, searchText } from '../../common/text.js'
import { type AppContext } from '../context.js'
import { type PersonStats, type User } from '../db/repositories/index.js'
import { notFound } from '../http/errors.js'
import { levelJson, toRawChart } from './levels/item.js'
import { formatValue, replayItem } from './levels/replayItems.js'
import { parseLevelList } from './levels/query.js'
import { type RouteModule } from './types.js'
import { userItem } from './userItems.js'

const SECTION_SIZE = 5

/** The profile the app signed, as stored (auth.ts keeps it whole); what a page may show of it. */
export const profileOf = (user: User): Profile => {
  let stored: Record<string, unknown> = {}
  try {
    const parsed = JSON.parse(user.profile) as unknown
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>
  } catch {
    // A profile that is not JSON shows as empty.
  }
  const text = (key: string, max = 64) =>
    typeof stored[key] === 'string' ? sliceCodePoints(stripControl(stored[key]), max) : ''
  return {
    handle: user.handle,
    name: user.name,
    aboutMe: typeof stored.aboutMe === 'string' ? sliceCodePoints(stored.aboutMe, 1000) : '',
    avatar: {
      type: text('avatarType'),
      foregroundType: text('avatarForegroundType'),
      foregroundColor: text('avatarForegroundColor'),
      backgroundType: text('avatarBackgroundType'),
      backgroundColor: text('avatarBackgroundColor'),
    },
  }
}

const statsLine = (stats: PersonStats) =>
  [
    `♪ ${stats.charts}`,
    `♡ ${stats.likes}`,
    `▶ ${stats.plays}`,
    ...(stats.ratingAverage !== null ? [`★ ${stats.ratingAverage.toFixed(1)} (${stats.ratings})`] : []),
    `🏆 ${stats.records}`,
    `💬 ${stats.comments}`,
  ].join(' · ')

export const users: RouteModule = (app, ctx) => {
  const listed = (keywords: string, page: number, limit = USERS_PER_PAGE) =>
    ctx.repos.people.list(searchText(keywords), page * limit, limit)

  app.get(
    '/sonolus/users/info',
    { schema: { querystring: LocalizationQuery, response: { 200: UserInfoSchema } } },
    async () => {
      const { rows } = await ctx.repos.people.list('', 0, SECTION_SIZE)
      return {
        searches: [],
        sections: rows.length
          ? [
              {
                title: '#USER',
                icon: 'user',
                itemType: 'user' as const,
                items: rows.map((row) => userItem(row, ctx.config.publicUrl)),
                searchValues: '',
              },
            ]
          : [],
      }
    },
  )

  app.get(
    '/sonolus/users/list',
    { schema: { querystring: UserListQuery, response: { 200: UserListSchema } } },
    async (request) => {
      const { rows, total } = await listed(request.query.keywords ?? '', request.query.page ?? 0)
      return {
        pageCount: Math.max(1, Math.ceil(total / USERS_PER_PAGE)),
        items: rows.map((row) => userItem(row, ctx.config.publicUrl)),
        searches: [],
      }
    },
  )

  app.get(
    '/sonolus/users/:name',
    {
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        response: { 200: UserDetailsResponseSchema },
      },
    },
    async (request): Promise<UserDetailsResponse> => {
      const locale = request.query.localization ?? 'en'
      const person = await ctx.repos.users.findByHandle(request.params.name)
      if (!person) throw notFound('No such user')
      return userDetails(ctx, person, await ctx.auth.userOf(request), locale)
    },
  )
}

/** The charts a person co-authors that the viewer may see: the public ones, and all of them for the person. */
const coauthoredCharts = async (ctx: AppContext, person: User, viewer: User | undefined) => {
  const ids = await ctx.repos.coauthors.chartIdsOf(person.id, SECTION_SIZE)
  const rows = await ctx.repos.charts.findByIds(ids)
  return ids.flatMap((id) => {
    const row = rows.get(id)
    return row && (viewer?.id === person.id || (row.isPublic && !row.hidden)) ? [row] : []
  })
}

const userDetails = async (
  ctx: AppContext,
  person: User,
  viewer: User | undefined,
  locale: string,
): Promise<UserDetailsResponse> => {
  const publicUrl = ctx.config.publicUrl
  const charts = parseLevelList({}, viewer?.id)
  const [stats, follow, chartPage, best, coauthored] = await Promise.all([
    ctx.repos.people.stats(person.id),
    followState(ctx, person, viewer),
    // Others see their public charts; they themselves see their private ones too (the level list's rule).
    ctx.repos.chartList.list({ ...charts, authorId: person.id, limit: SECTION_SIZE, offset: 0 }),
    ctx.repos.leaderboards.listReplays({ userId: person.id }, 0, LEVELS_PER_PAGE),
    coauthoredCharts(ctx, person, viewer),
  ])
  const chartsById = await ctx.repos.charts.findByIds(best.rows.map((row) => row.chartId))
  const replays = best.rows.flatMap((record) => {
    const chart = chartsById.get(record.chartId)
    return chart ? [{ record, chart }] : []
  })
  const profile = profileOf(person)
  const item = {
    ...userItem(person, publicUrl),
    tags: [
      { title: `${stats.charts}`, icon: 'level' },
      { title: `${stats.likes}`, icon: 'heart' },
    ],
  }
  return {
    item,
    description: [markdownToPlain(profile.aboutMe), statsLine(stats)].filter(Boolean).join('\n\n'),
    actions: followForm(follow),
    hasCommunity: false,
    leaderboards: [],
    // Checked against UserDetailsResponseSchema in the tests (CHECK_RESPONSES); the level JSON is spliced.
    sections: [
      ...(chartPage.rows.length
        ? [
            {
              title: '#LEVEL',
              icon: 'level',
              itemType: 'level' as const,
              items: chartPage.rows.map(
                (row) => JSON.parse(levelJson(row, ctx.packs, locale, publicUrl)) as LevelItem,
              ),
              searchValues: `type=advanced&user=${encodeURIComponent(person.handle)}`,
              rawItems: chartPage.rows.map((row) => toRawChart(row, viewer?.id)),
            },
          ]
        : []),
      // The charts they co-author (others' charts: the '#LEVEL' section holds their own).
      ...(coauthored.length
        ? [
            {
              title: '#COAUTHOR',
              icon: 'user',
              itemType: 'level' as const,
              items: coauthored.map(
                (row) => JSON.parse(levelJson(row, ctx.packs, locale, publicUrl)) as LevelItem,
              ),
              rawItems: coauthored.map((row) => toRawChart(row, viewer?.id)),
            },
          ]
        : []),
      ...(replays.length
        ? [
            {
              title: '#REPLAY',
              icon: 'replay',
              itemType: 'replay' as const,
              items: replays
                .slice(0, SECTION_SIZE)
                .map(({ record, chart }) => replayItem(ctx, record, chart, locale)),
              searchValues: `user=${encodeURIComponent(person.handle)}`,
            },
          ]
        : []),
    ] as unknown as UserDetailsResponse['sections'],
    profile,
    stats,
    follow,
    records: replays.map(({ record, chart }) => ({
      replay: replayItem(ctx, record, chart, locale).name,
      chartId: chart.id,
      title: chart.title,
      grade: record.grade,
      arcadeScore: formatValue(Number(record.arcadeScore)),
      accuracyScore: formatValue(Number(record.accuracyScore), 'accScore'),
      time: Number(record.createdTime),
    })),
  }
}
