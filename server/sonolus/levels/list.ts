// GET /sonolus/levels/list: browse, the app's quick/advanced searches, and the spec's title / in=my /
// in=2 (docs/protocol.md §6, §15). Official ServerItemList fields plus rawItems for the site.
//
// Shared answers (cached.ts): a page is the same for every visitor, and for every signed-in user
// but in two things: the searches form (signed in or not), and a user's own charts that are not public,
// which the list shows its author alone, in their place in the order. So a signed-in user is served:
// - with no such chart in the query: the page signed-in users share;
// - with some (a few, found once per query and kept a moment with where each stands among the public
//   charts): the public charts shifted by how many of theirs come before the page, a window signed-in
//   users with the same shift share; a page that holds one of their charts is merged for them from the
//   public rows and theirs, and kept for them;
// - their own or liked charts (in=my, in=2), or more than OWN_CHARTS_MERGED of theirs in the query: built
//   for them.
// The site's raw rows show a chart's owner more (the SUS's hash, the scheduled time): the few pages where
// that differs are built for that owner.
import { LEVELS_PER_PAGE } from '../../../common/api/levels.js'
import { Auth } from '../../auth/auth.js'
import { SOMEONE } from '../../auth/someone.js'
import { type FastifyReply, type FastifyRequest } from 'fastify'
import {
  type ChartListQuery,
  type ChartRow,
  FILTER_FIELDS,
  SEARCH_COUNT_CAP,
  type User,
  isFiltered,
} from '../../db/repositories/index.js'
import { notLoggedIn } from '../../http/errors.js'
import { KeptLane } from '../../cache/lane.js'
import { hasSearch } from '../../http/protection.js'
import { ResponseCache } from '../../cache/responseCache.js'
import { setBounded } from '../../bounded.js'
import { type RouteModule } from '../types.js'
import { type Built, keptAnswer, sendAnswer } from '../../cache/send.js'
import { cacheTags } from '../../cache/tags.js'
import { advancedSearch } from './searchForms.js'
import { levelJson, toRawChart } from './item.js'
import { type LevelListParams, parseLevelList } from './query.js'
import { LevelListQuery, LevelListResponseSchema } from '../../../common/api/schemas/levels.js'

/** Orders that every like, rating or play moves: their pages and id lists are kept this long at most (a
 *  chart that would move up is not named by the change). */
export const ORDER_STALE_MS = 5000
const MOVING_ORDERS = new Set(['likes', 'rating', 'trending', 'plays'])

/** A user with more of their own non-public charts in one query than this gets their pages built for them. */
export const OWN_CHARTS_MERGED = 50

type Query = ChartListQuery & { page: number }
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

/** Freezes an object and what it holds: a kept query is shared by the requests for its address. */
const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
/** A user's non-public charts in a query, each with how many public charts come before it; the query's
 *  public total. */
type Own = { rows: ChartRow[]; before: number[]; total: number } | 'many'

/** The raw row differs for its owner: the SUS's hash while others may not download it, the scheduled time. */
const ownerSees = (row: ChartRow) =>
  (row.susHash !== null && !row.allowSusDownload) || row.scheduledTime !== null

const hasText = (query: ChartListQuery) => (query.search ?? []).some((entry) => entry.text.trim() !== '')

export const levelsList: RouteModule = (app, ctx) => {
  /** Users' own charts per query, a moment (dropped with every list, and by their own charts' changes). */
  // Most are empty (no chart of theirs in a search): the weight bounds them, the count hardly (64 users
  // searching 60 terms is 3,840 entries).
  const owned = new ResponseCache<Own>(ctx.config.limits.responseCacheMs, 20_000, 8 * 1024 * 1024, (own) =>
    own === 'many' ? 100 : 100 + own.rows.length * 2000,
  )
  ctx.cache.follow(owned as ResponseCache<unknown>)
  // Each order's ids, kept a moment: a page is 20 ids of it and their rows, however deep (16 bytes an id).
  const orders = new ResponseCache<Buffer>(
    ctx.config.limits.responseCacheMs,
    500,
    12 * 1024 * 1024,
    (ids) => ids.length,
  )
  ctx.cache.follow(orders as ResponseCache<unknown>)
  // Each search's total among the public charts (its count, to the cap: about 1.4 ms of FTS at 100k charts),
  // kept a moment: paging through a search, or sorting it another way, counts it once. What changes the
  // catalogue drops them (`lists`), a moderator's action too (the response cache is cleared, and they go
  // with it).
  const searchTotals = new ResponseCache<number>(ctx.config.limits.responseCacheMs, 2000)
  ctx.cache.follow(searchTotals as ResponseCache<unknown>)
  const ttlOf = (query: ChartListQuery) => (MOVING_ORDERS.has(query.sort) ? ORDER_STALE_MS : undefined)

  /** The ids of the query's public charts in order (no text search). */
  const orderOf = async (query: ChartListQuery): Promise<Buffer> => {
    const key = JSON.stringify([
      query.sort,
      query.authorId,
      query.tags,
      query.trendingOnly,
      ...FILTER_FIELDS.map((field) => query[field]),
    ])
    const kept = orders.get(key)
    if (kept) return kept.body
    const begun = orders.begin()
    const packed = await ctx.repos.chartList.orderedIds(query)
    orders.set(key, packed, Date.now(), [cacheTags.lists], begun, ttlOf(query))
    return packed
  }

  /** A page of the query's public charts, from `offset`, and their total as the list counts it. */
  const publicPage = async (
    query: ChartListQuery,
    offset: number,
    limit: number,
  ): Promise<{ rows: ChartRow[]; total: number }> => {
    const visitors = { ...query, viewerId: undefined, offset, limit }
    if (hasText(query)) {
      // The count is the same for every page and order of the search: counted once, kept a moment.
      const key = JSON.stringify({
        ...query,
        viewerId: null,
        sort: null,
        offset: null,
        limit: null,
        page: null,
      })
      const kept = searchTotals.get(key)
      const begun = searchTotals.begin()
      const found = await ctx.repos.chartList.list(visitors, { total: kept?.body })
      if (!kept) searchTotals.set(key, found.total, Date.now(), [cacheTags.lists], begun)
      return found
    }
    const order = await orderOf(query)
    const count = order.length / 16
    const ids: string[] = []
    for (let i = offset; i < Math.min(count, offset + limit); i++)
      ids.push(order.subarray(i * 16, i * 16 + 16).toString('hex'))
    const found = await ctx.repos.charts.findByIds(ids)
    const rows = ids
      .map((id) => found.get(id))
      // Gone or no longer public since the ids were read: its change drops them; skipped meanwhile.
      .filter((row): row is ChartRow => !!row && row.isPublic === 1 && row.hidden === 0)
    return { rows, total: isFiltered(query) ? Math.min(count, SEARCH_COUNT_CAP) : count }
  }

  const body = (rows: ChartRow[], pageCount: number, viewer: User | undefined, locale: string) => {
    const items = rows.map((row) => levelJson(row, ctx.packs, locale, ctx.config.publicUrl)).join(',')
    return `{"pageCount":${pageCount},"items":[${items}],"searches":${JSON.stringify([advancedSearch(!!viewer, locale)])},"rawItems":${JSON.stringify(rows.map((row) => toRawChart(row, viewer?.id)))}}`
  }
  const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / LEVELS_PER_PAGE))

  /** The page as the database answers it for `viewer` (undefined, SOMEONE: the public charts). */
  const built = async ({ tags, personal }: Built, query: Query, viewer: User | undefined, locale: string) => {
    const { rows, total } =
      viewer === undefined || viewer === SOMEONE
        ? await publicPage(query, query.offset, query.limit)
        : await ctx.repos.chartList.list({ ...query, viewerId: viewer.id })
    tags.add(cacheTags.lists)
    for (const row of rows) {
      tags.add(cacheTags.chart(row.id))
      if (ownerSees(row)) personal.add(row.authorId)
    }
    return body(rows, pageCountOf(total), viewer, locale)
  }

  /** The user's non-public charts in the query (at most OWN_CHARTS_MERGED), and where they stand. */
  const ownOf = async (request: FastifyRequest, user: User, query: Query, key: string): Promise<Own> => {
    const kept = owned.get(key)
    if (kept) {
      KeptLane.step(request, owned as ResponseCache<unknown>, key, kept)
      return kept.body
    }
    const begun = owned.begin()
    const rows = await ctx.repos.chartList.listRows(
      { ...query, privateOf: user.id, offset: 0, limit: OWN_CHARTS_MERGED + 1 },
      'like',
    )
    let own: Own
    if (rows.length > OWN_CHARTS_MERGED) own = 'many'
    else if (rows.length === 0) own = { rows, before: [], total: 0 }
    else {
      const visitors = { ...query, viewerId: undefined }
      const [before, { total }] = await Promise.all([
        Promise.all(rows.map((row) => ctx.repos.chartList.countBefore(visitors, row))),
        // The visitors' total as their pages count it (a filtered list counts to SEARCH_COUNT_CAP).
        publicPage(query, 0, 0),
      ])
      own = { rows, before, total }
    }
    owned.set(key, own, Date.now(), [cacheTags.lists, cacheTags.author(user.id)], begun)
    KeptLane.spoil(request)
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
    const start = query.offset
    const end = start + LEVELS_PER_PAGE
    // The merged order: user's chart i stands at before[i] + i.
    const at = own.rows.map((_, i) => own.before[i] + i)
    const ahead = at.filter((position) => position < start).length
    const shift = start - ahead
    const pageCount = pageCountOf(own.total + own.rows.length)
    const mine = own.rows.filter((_, i) => at[i] >= start && at[i] < end)
    if (mine.length === 0) {
      // The public charts from `shift`: the same window for every user with as many of theirs before it.
      const key = `${family}\n+@${shift}:${pageCount}`
      const answer = await keptAnswer(
        ctx,
        reply,
        key,
        async ({ tags, personal }) => {
          const { rows } = await publicPage(query, shift, LEVELS_PER_PAGE)
          tags.add(cacheTags.lists)
          for (const row of rows) {
            tags.add(cacheTags.chart(row.id))
            if (ownerSees(row)) personal.add(row.authorId)
          }
          return body(rows, pageCount, SOMEONE, locale)
        },
        ttlOf(query),
      )
      if (!answer.personal?.has(user.id)) return sendAnswer(request, reply, answer)
    }
    // The page holds one of theirs (or the window is wrong for them): theirs alone, kept like the others.
    const answer = await keptAnswer(
      ctx,
      reply,
      `${family}\n@${user.id}:${start}:${pageCount}`,
      async ({ tags }) => {
        const { rows: publicRows } = await publicPage(query, shift, LEVELS_PER_PAGE - mine.length)
        const rows: ChartRow[] = []
        for (let position = start, next = 0; position < end; position++) {
          const index = at.indexOf(position)
          if (index >= 0) rows.push(own.rows[index])
          else if (next < publicRows.length) rows.push(publicRows[next++])
        }
        tags.add(cacheTags.lists)
        tags.add(cacheTags.author(user.id))
        for (const row of rows) tags.add(cacheTags.chart(row.id))
        return body(rows, pageCount, user, locale)
      },
      ttlOf(query),
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
    { schema: { querystring: LevelListQuery, response: { 200: LevelListResponseSchema } } },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply
      const params = request.query
      const locale = params.localization ?? 'en'
      const user = Auth.tokenOf(request) === undefined ? undefined : await ctx.auth.userOf(request)
      // Its kept answers are remembered by the lane (cache/lane.ts) for the next request for them.
      app.lane.track(request, hasSearch(request) ? 'search' : undefined, user?.id)
      const parsed = parsedOf(request.url, params)
      // The kept query is shared and frozen; one that names a creator gets its own copy, for their id. The
      // viewer is not in it: what is built for a user says so itself (built, ownOf).
      const query: Query & { scopeNeedsLogin: boolean } =
        params.user === undefined ? parsed.query : { ...parsed.query }
      const { key, family } = parsed
      // docs/spec.md §7: mine and liked need a login; 401 makes the app authenticate and the site say not_login.
      if (query.scopeNeedsLogin && !user) throw notLoggedIn()
      // One creator's charts: nobody's when the handle is no one's.
      const resolve = async () => {
        if (params.user !== undefined)
          query.authorId = (await ctx.repos.users.findByHandle(params.user))?.id ?? ''
      }
      if (!user) {
        const answer = await keptAnswer(
          ctx,
          reply,
          key,
          async (b) => {
            await resolve()
            return built(b, query, undefined, locale)
          },
          ttlOf(query),
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
        ttlOf(query),
      )
      return answer.personal?.has(user.id) ? fresh() : sendAnswer(request, reply, answer)
    },
  )
}
