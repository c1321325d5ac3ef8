// GET /sonolus/{engines|skins|backgrounds|effects|particles}/info, /list and /{name}: the pack items
// (docs/protocol.md §3, §13): free-pack defaults and what the operator imported, the placeholder engine
// while the Sirius engine is not imported, and each chart's own background (`wbs-{id}`), so that every
// item a level names resolves.
import { type Static } from '@sinclair/typebox'
import {
  LocalizationQuery,
  NameParams,
  PackDetailsSchema,
  PackInfoSchema,
  PackListSchema,
  PackListQuery,
} from '../../common/api/schemas/protocol.js'
import { type BackgroundItem } from '@sonolus/core'
import { LEVELS_PER_PAGE } from '../../common/api/levels.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type User } from '../db/repositories/index.js'
import { notFound } from '../http/errors.js'
import { PACK_ITEM_TYPES, PLURAL, type PackItemType } from '../packs/types.js'
import { type RouteModule } from './types.js'
import { chartIdOf, visibleChart } from '../policy/chartAccess.js'
import { chartBackground } from './levels/item.js'
import { parseLevelList } from './levels/query.js'

type PackItem = Static<typeof PackListSchema>['items'][number]

/** The app's quick search (`keywords`) over a pack list: by title, as typed. */
const matches = (item: { title: string }, keywords: string | undefined) =>
  !keywords?.trim() || item.title.toLowerCase().includes(keywords.trim().toLowerCase())

/** Charts' backgrounds, newest first, as the level list pages them (hidden and others' private charts
 *  left out by the same query). */
const chartBackgrounds = async (
  ctx: AppContext,
  user: User | undefined,
  locale: string,
  page: number,
  keywords: string | undefined,
): Promise<{ items: BackgroundItem[]; total: number }> => {
  const query = parseLevelList({ page, ...(keywords ? { keywords } : {}) }, user?.id)
  const { rows, total } = await ctx.repos.chartList.list(query)
  const engineBackground = ctx.packs.engine(locale).item.background
  const items = rows
    .map((row: ChartRow) => chartBackground(row, engineBackground, ctx.config.publicUrl))
    .filter((item): item is BackgroundItem => item !== undefined)
  return { items, total }
}

export const packItems: RouteModule = (app, ctx) => {
  for (const type of PACK_ITEM_TYPES) {
    const base = `/sonolus/${PLURAL[type]}`
    const all = (locale: string) =>
      ctx.packs.names(type).map((name) => ctx.packs.item(type as PackItemType, name, locale)!)

    app.get(
      base + '/info',
      { schema: { querystring: LocalizationQuery, response: { 200: PackInfoSchema } } },
      async (request) => {
        const locale = request.query.localization ?? 'en'
        const sections: Static<typeof PackInfoSchema>['sections'] = [
          { title: '#NEWEST', icon: 'clock', itemType: type, items: all(locale), searchValues: '' },
        ]
        if (type === 'background') {
          const user = await ctx.auth.userOf(request)
          const { items } = await chartBackgrounds(ctx, user, locale, 0, undefined)
          if (items.length)
            sections.push({
              title: '#LEVEL',
              icon: 'level',
              itemType: type,
              items: items.slice(0, 5),
              searchValues: '',
            })
        }
        return { sections }
      },
    )

    app.get(
      base + '/list',
      { schema: { querystring: PackListQuery, response: { 200: PackListSchema } } },
      async (request) => {
        const locale = request.query.localization ?? 'en'
        const page = request.query.page ?? 0
        const text = request.query.keywords?.slice(0, 100)
        // A handful of pack items: all on the first page.
        const packs: PackItem[] = page === 0 ? all(locale).filter((item) => matches(item, text)) : []
        if (type !== 'background') return { pageCount: 1, items: packs }
        const user = await ctx.auth.userOf(request)
        const charts = await chartBackgrounds(ctx, user, locale, page, text)
        return {
          pageCount: Math.max(1, Math.ceil(charts.total / LEVELS_PER_PAGE)),
          items: [...packs, ...charts.items],
        }
      },
    )

    app.get(
      base + '/:name',
      {
        schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: PackDetailsSchema } },
      },
      async (request) => {
        const locale = request.query.localization ?? 'en'
        const { name } = request.params
        const details = (item: PackItem, description: string | undefined) => ({
          item,
          ...(description ? { description } : {}),
          actions: [],
          hasCommunity: false,
          leaderboards: [],
          sections: [],
        })
        if (type === 'background' && chartIdOf(name)) {
          // A chart's background is seen by whoever sees the chart (401 private, 404 hidden or missing).
          const row = await visibleChart(ctx, name, await ctx.auth.userOf(request), 'page')
          const item = chartBackground(row, ctx.packs.engine(locale).item.background, ctx.config.publicUrl)
          if (!item) throw notFound('No such background')
          return details(item, `${row.title} / ${row.artists}`)
        }
        const item = ctx.packs.item(type, name, locale)
        if (!item) throw notFound(`No such ${type}`)
        return details(item, ctx.packs.description(type, name, locale))
      },
    )
  }
}
