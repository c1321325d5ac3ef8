// GET /sonolus/levels/list: browse, the app's quick/advanced searches, and the spec's title / in=my /
// in=2 (docs/protocol.md §6, §15). Official ServerItemList fields plus rawItems for the site. The charts come
// from services/levelList.ts; this reads the address, keeps and shares the answers and presents them.
import { LEVELS_PER_PAGE } from '../../../common/api/levels.js'
import { sessionTokenOf } from '../../http/sessionToken.js'
import { SOMEONE } from '../../auth/someone.js'
import { type FastifyReply, type FastifyRequest } from 'fastify'
import { type ChartRow, type User } from '../../db/repositories/index.js'
import { KeptLane } from '../../cache/lane.js'
import { hasSearch } from '../../http/protection.js'
import { setBounded } from '../../bounded.js'
import { type RouteModule } from '../types.js'
import { type Built, keptAnswer, sendAnswer } from '../../cache/send.js'
import { cacheTags } from '../../cache/tags.js'
import { advancedSearch } from './searchForms.js'
import { ListItems } from './listItems.js'
import { type LevelListParams, parseLevelList, scopeOf } from './query.js'
import { LevelListQuery, LevelListResponseSchema } from '../../../common/api/schemas/levels.js'
import { type ListQuery, type Own, levelListService, mergePlan, orderTtl } from '../../services/levelList.js'

type Query = ListQuery
/** An address's query (no viewer) and the keys of its answers. */
type Parsed = {
  query: Readonly<ReturnType<typeof parseLevelList>>
  /** The answer's key: what it depends on. */
  key: string
  /** The query without its page, named short (`list#7`): the keys of a user's own charts in the query and
   *  of the pages merged with them, made on every request for them (a short key hashes quickly). */
  family: string
  /** The page signed-in users share. */
  shared: string
}
/** Addresses whose parse is kept. */
export const PARSED_QUERIES_MAX = 1000
/** The bytes of chart items kept for list pages (ListItems). */
const LIST_ITEMS_BYTES = 8 * 1024 * 1024
/** Languages (twice: visitors, users) whose searches' JSON is kept: a request may name any language. */
const SEARCHES_KEPT = 64
const END = Buffer.from('}')

/** Freezes an object and what it holds: a kept query is shared by the requests for its address. */
const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** The raw row differs for its owner: the SUS's hash while others may not download it, the scheduled time.
 *  The few pages that hold such a row are built for that owner rather than shared with them. */
const ownerSees = (row: ChartRow) =>
  (row.susHash !== null && !row.allowSusDownload) || row.scheduledTime !== null

export const levelsList: RouteModule = (app, ctx) => {
  const lists = levelListService(ctx)

  const items = new ListItems(ctx.packs, ctx.config.publicUrl, LIST_ITEMS_BYTES)
  /** The searches' JSON between a page's items and its raw rows, per language and for visitors or users. */
  const searches = new Map<string, Buffer>()
  const searchesOf = (signedIn: boolean, locale: string): Buffer => {
    const key = `${signedIn}\n${locale}`
    let bytes = searches.get(key)
    if (!bytes) {
      bytes = Buffer.from(`,"searches":${JSON.stringify([advancedSearch(signedIn, locale)])},"rawItems":`)
      setBounded(searches, key, bytes, SEARCHES_KEPT)
    }
    return bytes
  }
  /** The page's JSON as bytes: its charts' items and raw rows made once a chart and language (ListItems). */
  const body = (rows: ChartRow[], pageCount: number, viewer: User | undefined, locale: string): Buffer => {
    const { items: levels, raw } = items.page(rows, locale, viewer?.id)
    return Buffer.concat([
      Buffer.from(`{"pageCount":${pageCount},"items":`),
      ...levels,
      searchesOf(!!viewer, locale),
      ...raw,
      END,
    ])
  }
  const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / LEVELS_PER_PAGE))

  /** The page as the database answers it for `viewer` (undefined, SOMEONE: the public charts). */
  const built = async ({ tags, personal }: Built, query: Query, viewer: User | undefined, locale: string) => {
    const { rows, total } = await lists.pageFor(query, viewer)
    tags.add(cacheTags.lists)
    for (const row of rows) {
      tags.add(cacheTags.chart(row.id))
      if (ownerSees(row)) personal.add(row.authorId)
    }
    return body(rows, pageCountOf(total), viewer, locale)
  }

  /** The user's non-public charts in the query, noted on the request's lane when they were kept. */
  const ownOf = async (request: FastifyRequest, user: User, query: Query, key: string): Promise<Own> => {
    const { own, kept } = await lists.ownCharts(user, query, key)
    if (kept) KeptLane.step(request, kept.cache, kept.key, kept.entry)
    else KeptLane.spoil(request)
    return own
  }

  /** A page for a user with their own charts merged into the public ones. */
  const merged = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: Query,
    user: User,
    own: Exclude<Own, 'many'>,
    locale: string,
    /** The query without its page (Parsed.family). */
    family: string,
  ) => {
    const plan = mergePlan(own, query.offset)
    const { shift } = plan
    const pageCount = pageCountOf(plan.total)
    if (plan.mine.length === 0) {
      // The public charts from `shift`: the same window for every user with as many of theirs before it.
      const key = `${family}\n+@${shift}:${pageCount}`
      const answer = await keptAnswer(
        ctx,
        reply,
        key,
        async ({ tags, personal }) => {
          const { rows } = await lists.publicPage(query, shift, LEVELS_PER_PAGE)
          tags.add(cacheTags.lists)
          for (const row of rows) {
            tags.add(cacheTags.chart(row.id))
            if (ownerSees(row)) personal.add(row.authorId)
          }
          return body(rows, pageCount, SOMEONE, locale)
        },
        orderTtl(query),
      )
      if (!answer.personal?.has(user.id)) return sendAnswer(request, reply, answer)
    }
    // The page holds one of theirs (or the window is wrong for them): theirs alone, kept like the others.
    const answer = await keptAnswer(
      ctx,
      reply,
      `${family}\n@${user.id}:${plan.start}:${pageCount}`,
      async ({ tags }) => {
        const rows = await lists.mergedRows(query, own, plan)
        tags.add(cacheTags.lists)
        tags.add(cacheTags.author(user.id))
        for (const row of rows) tags.add(cacheTags.chart(row.id))
        return body(rows, pageCount, user, locale)
      },
      orderTtl(query),
    )
    return sendAnswer(request, reply, answer)
  }

  /** Each address's query as parsed, and the keys of its answers, kept for the next request for it (a
   *  kept page then needs no parse and no keys' JSON). The same address is the same
   *  validated parameters, so the same query; the keys are the same strings, whose hashes V8 keeps. Bounded:
   *  an address no one asks again costs its parse, as before, and pushes out the oldest. */
  const parsedQueries = new Map<string, Parsed>()
  /** Each query without its page, and its short name. A name is never given twice: a query forgotten and
   *  asked again gets a new one (what was kept under the old one is no longer found, and goes). */
  const families = new Map<string, string>()
  let familiesNamed = 0
  const familyOf = (pageless: string): string => {
    let family = families.get(pageless)
    if (family === undefined) {
      family = `list#${++familiesNamed}`
      setBounded(families, pageless, family, PARSED_QUERIES_MAX)
    }
    return family
  }
  const parsedOf = (url: string, params: LevelListParams): Parsed => {
    const kept = parsedQueries.get(url)
    if (kept) return kept
    const query = deepFreeze(parseLevelList(params, undefined))
    // What the answer depends on (not the raw address: a query string of its own makes no new answer).
    const { viewerId: _viewer, ...shown } = query
    const named = `list\n${params.localization ?? 'en'}\n${params.user ?? ''}\n`
    const key = named + JSON.stringify(shown)
    const parsed: Parsed = {
      query,
      key,
      family: familyOf(named + JSON.stringify({ ...shown, page: null, offset: null })),
      shared: `${key}\n+`,
    }
    setBounded(parsedQueries, url, parsed, PARSED_QUERIES_MAX)
    return parsed
  }

  app.get(
    '/sonolus/levels/list',
    {
      // docs/spec.md §7: mine and liked need a login; 401 makes the app authenticate and the site say not_login.
      config: { authWhen: { rule: 'user-login', query: (query) => scopeOf(query.in) !== 'all' } },
      schema: { querystring: LevelListQuery, response: { 200: LevelListResponseSchema } },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply
      const params = request.query
      const locale = params.localization ?? 'en'
      const user =
        request.viewer ?? (sessionTokenOf(request) === undefined ? undefined : await ctx.auth.userOf(request))
      // Its kept answers are remembered by the lane (cache/lane.ts) for the next request for them.
      app.lane.track(request, hasSearch(request) ? 'search' : undefined, user?.id)
      const parsed = parsedOf(request.url, params)
      // The kept query is shared and frozen; one that names a creator gets its own copy, for their id. The
      // viewer is not in it: what is built for a user says so itself (built, ownOf).
      const query: Query = params.user === undefined ? parsed.query : { ...parsed.query }
      const { key, family } = parsed
      // One creator's charts: nobody's when the handle is no one's.
      const resolve = async () => {
        if (params.user !== undefined) query.authorId = await lists.authorIdOf(params.user)
      }
      // Shared answers (cache/send.ts): a page is the same for every visitor, and for every signed-in user
      // but in the searches form and in their own non-public charts, which the list shows their author alone,
      // in their place. So a signed-in user whose query holds none of theirs gets the page signed-in users
      // share; one whose query holds a few gets the public charts shifted past theirs (a window shared by
      // everyone with the same shift) or, on a page that holds one, a page merged and kept for them. Their
      // own or liked charts, or more than OWN_CHARTS_MERGED of theirs, are built for them.
      if (!user) {
        const answer = await keptAnswer(
          ctx,
          reply,
          key,
          async (b) => {
            await resolve()
            return built(b, query, undefined, locale)
          },
          orderTtl(query),
        )
        return sendAnswer(request, reply, answer)
      }
      await resolve()
      const fresh = async () => {
        reply.type('application/json; charset=utf-8')
        return reply.send(await built({ tags: new Set(), personal: new Set() }, query, user, locale))
      }
      if (query.scope !== 'all') return fresh()
      const own = await ownOf(request, user, query, `${user.id}\n${family}`)
      if (own === 'many') return fresh()
      if (own.rows.length > 0) return merged(request, reply, query, user, own, locale, family)
      const answer = await keptAnswer(
        ctx,
        reply,
        parsed.shared,
        (b) => built(b, query, SOMEONE, locale),
        orderTtl(query),
      )
      return answer.personal?.has(user.id) ? fresh() : sendAnswer(request, reply, answer)
    },
  )
}
