// The level list's data: the pages of public charts (an order's ids kept a moment, a search's total counted
// once), the pages built for one viewer, a user's own non-public charts in a query and where they stand among
// the public ones, and the pages that merge the two. The route (sonolus/levels/list.ts) parses the address,
// keeps and shares the answers and presents them.
import { LEVELS_PER_PAGE } from '../../common/api/levels.js'
import { SOMEONE } from '../auth/someone.js'
import { type CachedResponse, ResponseCache } from '../cache/responseCache.js'
import { cacheTags } from '../cache/tags.js'
import { type AppContext } from '../context.js'
import {
  type ChartListQuery,
  type ChartRow,
  FILTER_FIELDS,
  SEARCH_COUNT_CAP,
  type User,
  isFiltered,
} from '../db/repositories/index.js'

/** Orders that every like, rating or play moves: their pages and id lists are kept this long at most (a
 *  chart that would move up is not named by the change). */
export const ORDER_STALE_MS = 5000
const MOVING_ORDERS = new Set(['likes', 'rating', 'trending', 'plays'])

/** How long the query's pages and ids are kept: a moving order's at most ORDER_STALE_MS. */
export const orderTtl = (query: ChartListQuery) =>
  MOVING_ORDERS.has(query.sort) ? ORDER_STALE_MS : undefined

/** A filtered list's pages within its first this many charts are read as pages until its order is kept. */
export const FILTERED_PAGE_ROWS = 5 * LEVELS_PER_PAGE

/** A user with more of their own non-public charts in one query than this gets their pages built for them. */
export const OWN_CHARTS_MERGED = 50

export type ListQuery = ChartListQuery & { page: number }

/** A user's non-public charts in a query, each with how many public charts come before it; the query's
 *  public total. */
export type Own = { rows: ChartRow[]; before: number[]; total: number } | 'many'

/** Where a user's own charts fall on a page of the merged order. */
export type MergePlan = {
  /** The page's first position in the merged order. */
  start: number
  /** Where each of the user's charts stands in the merged order. */
  at: number[]
  /** The first public chart on the page: the page's start less the user's charts before it. */
  shift: number
  /** The user's charts on the page. */
  mine: ChartRow[]
  /** The merged order's total. */
  total: number
}

/** No charts of the user's in the query. */
const NONE: Own = Object.freeze({ rows: [], before: [], total: 0 }) as Own

/** A kept value and where it was kept: what the caller's lane notes (cache/lane.ts). */
export type KeptStep = { cache: ResponseCache<unknown>; key: string; entry: CachedResponse<unknown> }

const hasText = (query: ChartListQuery) => (query.search ?? []).some((entry) => entry.text.trim() !== '')

/** Where the user's charts fall on the page from `start` (pure arithmetic on `own`). */
export const mergePlan = (own: Exclude<Own, 'many'>, start: number): MergePlan => {
  const end = start + LEVELS_PER_PAGE
  // The merged order: user's chart i stands at before[i] + i.
  const at = own.rows.map((_, i) => own.before[i] + i)
  const ahead = at.filter((position) => position < start).length
  return {
    start,
    at,
    shift: start - ahead,
    mine: own.rows.filter((_, i) => at[i] >= start && at[i] < end),
    total: own.total + own.rows.length,
  }
}

/** The level list's reads, with the values they keep a moment (one per app). */
export const levelListService = (ctx: AppContext) => {
  /** Users' own charts per query, a moment (dropped with every list, and by their own charts' changes). */
  // Most are empty (no chart of theirs in a search): the weight bounds them, the count hardly (64 users
  // searching 60 terms is 3,840 entries).
  const owned = new ResponseCache<Own>(ctx.config.limits.responseCacheMs, 20_000, 8 * 1024 * 1024, (own) =>
    own === 'many' ? 100 : 100 + own.rows.length * 2000,
  )
  ctx.cache.follow(owned as ResponseCache<unknown>)
  // Whether a user has a non-public chart at all, a moment: most users have none, and then no query of
  // theirs needs its own look for them. Dropped like `owned`, by their charts' changes.
  const drafting = new ResponseCache<boolean>(ctx.config.limits.responseCacheMs, 20_000)
  ctx.cache.follow(drafting as ResponseCache<unknown>)
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

  const orderKeyOf = (query: ChartListQuery) =>
    JSON.stringify([
      query.sort,
      query.authorId,
      query.tags,
      query.trendingOnly,
      ...FILTER_FIELDS.map((field) => query[field]),
    ])

  /** The ids of the query's public charts in order (no text search), read and kept under `key`. */
  const readOrder = async (query: ChartListQuery, key: string): Promise<Buffer> => {
    const begun = orders.begin()
    const packed = await ctx.repos.chartList.orderedIds(query)
    orders.set(key, packed, Date.now(), [cacheTags.lists], begun, orderTtl(query))
    return packed
  }

  /** A page of the query's public charts, from `offset`, and their total as the list counts it. */
  const publicPage = async (
    query: ChartListQuery,
    offset: number,
    limit: number,
  ): Promise<{ rows: ChartRow[]; total: number }> => {
    const visitors = { ...query, viewerId: undefined, offset, limit }
    const orderKey = hasText(query) ? undefined : orderKeyOf(query)
    const kept = orderKey === undefined ? undefined : orders.get(orderKey)?.body
    // A filter combination's first pages are read as pages (and counted), not from its whole order: most
    // combinations are asked once, and reading an order tests every chart in it against the filters.
    // Its order is read, and kept, once someone pages deeper.
    if (orderKey === undefined || (!kept && isFiltered(query) && offset + limit <= FILTERED_PAGE_ROWS)) {
      // The count is the same for every page and order of the search or filter: counted once, kept a moment.
      const key = JSON.stringify({
        ...query,
        viewerId: null,
        sort: null,
        offset: null,
        limit: null,
        page: null,
      })
      const total = searchTotals.get(key)
      const begun = searchTotals.begin()
      const found = await ctx.repos.chartList.list(visitors, { total: total?.body })
      if (!total) searchTotals.set(key, found.total, Date.now(), [cacheTags.lists], begun)
      return found
    }
    const order = kept ?? (await readOrder(query, orderKey))
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

  /** The query's page as the database answers it for `viewer` (undefined, SOMEONE: the public charts). */
  const pageFor = (query: ListQuery, viewer: User | undefined) =>
    viewer === undefined || viewer === SOMEONE
      ? publicPage(query, query.offset, query.limit)
      : ctx.repos.chartList.list({ ...query, viewerId: viewer.id })

  /** The user's non-public charts in the query (at most OWN_CHARTS_MERGED), and where they stand; kept
   *  under `key` a moment. `kept` says where, when the value was found kept rather than read. */
  const ownCharts = async (
    user: User,
    query: ListQuery,
    key: string,
  ): Promise<{ own: Own; kept: KeptStep | undefined }> => {
    const found = owned.get(key)
    if (found) return { own: found.body, kept: { cache: owned as ResponseCache<unknown>, key, entry: found } }
    const drafts = drafting.get(user.id)
    if (drafts && !drafts.body)
      return { own: NONE, kept: { cache: drafting as ResponseCache<unknown>, key: user.id, entry: drafts } }
    if (!drafts) {
      const begun = drafting.begin()
      const any = await ctx.repos.chartList.hasNonPublic(user.id)
      drafting.set(user.id, any, Date.now(), [cacheTags.author(user.id)], begun)
      if (!any) return { own: NONE, kept: undefined }
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
      // The visitors' total as their pages count it (a filtered list counts to SEARCH_COUNT_CAP); it
      // chooses how the charts before each of theirs are counted.
      const { total } = await publicPage(query, 0, 0)
      const before = await Promise.all(
        rows.map((row) => ctx.repos.chartList.countBefore(visitors, row, total)),
      )
      own = { rows, before, total }
    }
    owned.set(key, own, Date.now(), [cacheTags.lists, cacheTags.author(user.id)], begun)
    return { own, kept: undefined }
  }

  /** The page of `plan` with the user's charts in their places and the public charts around them. */
  const mergedRows = async (query: ChartListQuery, own: Exclude<Own, 'many'>, plan: MergePlan) => {
    const { rows: publicRows } = await publicPage(query, plan.shift, LEVELS_PER_PAGE - plan.mine.length)
    const rows: ChartRow[] = []
    for (let position = plan.start, next = 0; position < plan.start + LEVELS_PER_PAGE; position++) {
      const index = plan.at.indexOf(position)
      if (index >= 0) rows.push(own.rows[index])
      else if (next < publicRows.length) rows.push(publicRows[next++])
    }
    return rows
  }

  /** The id of the user with this handle; '' (nobody's) when the handle is no one's. */
  const authorIdOf = async (handle: string): Promise<string> =>
    (await ctx.repos.users.findByHandle(handle))?.id ?? ''

  return { publicPage, pageFor, ownCharts, mergedRows, authorIdOf }
}

export type LevelListService = ReturnType<typeof levelListService>
