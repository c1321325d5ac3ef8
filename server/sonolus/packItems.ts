// GET /sonolus/{engines|skins|backgrounds|effects|particles}/info, /list and /{name}: the pack items
// (docs/protocol.md §3, §13): free-pack defaults and what the operator imported.
import {
  LocalizationQuery,
  NameParams,
  PackDetailsSchema,
  PackInfoSchema,
  PackListSchema,
  PageQuery,
} from '../../common/api/schemas/protocol.js'
import { notFound } from '../http/errors.js'
import { PACK_ITEM_TYPES, PLURAL } from '../packs/types.js'
import { type RouteModule } from './types.js'

export const packItems: RouteModule = (app, ctx) => {
  for (const type of PACK_ITEM_TYPES) {
    const base = `/sonolus/${PLURAL[type]}`
    const all = (locale: string) => ctx.packs.names(type).map((name) => ctx.packs.item(type, name, locale)!)

    app.get(
      base + '/info',
      { schema: { querystring: LocalizationQuery, response: { 200: PackInfoSchema } } },
      async (request) => ({
        sections: [{ title: '#NEWEST', itemType: type, items: all(request.query.localization ?? 'en') }],
      }),
    )

    app.get(
      base + '/list',
      { schema: { querystring: PageQuery, response: { 200: PackListSchema } } },
      async (request) => {
        // A handful of items: one page, everything on it.
        return { pageCount: 1, items: all(request.query.localization ?? 'en') }
      },
    )

    app.get(
      base + '/:name',
      {
        schema: { params: NameParams, querystring: LocalizationQuery, response: { 200: PackDetailsSchema } },
      },
      async (request) => {
        const locale = request.query.localization ?? 'en'
        const item = ctx.packs.item(type, request.params.name, locale)
        if (!item) throw notFound(`No such ${type}`)
        return {
          item,
          description: ctx.packs.description(type, request.params.name, locale),
          actions: [],
          hasCommunity: false,
          leaderboards: [],
          sections: [],
        }
      },
    )
  }
}
