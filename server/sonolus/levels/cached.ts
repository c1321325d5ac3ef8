// Serves an anonymous GET from the response cache; requests with a session are answered fresh, since
// what they see depends on who they are (private charts, My charts, the delete action).
//
// Each cached page is tagged with what it shows (cacheTags), and a change drops only the pages tagged with
// what it changed: a like on chart A drops A's details, A's comment pages and every list page that shows A
// (its counters are on them), and keeps chart B's details. A list that would now *include* A (sorted by
// likes, say) is not tagged with A and stays up to the TTL (5 s) stale, as every other instance is anyway.
// A new, edited or deleted chart can change any list or search, so those drop every list page.
import { type FastifyReply, type FastifyRequest } from 'fastify'
import { Auth } from '../../auth/auth.js'
import { type AppContext } from '../../context.js'
import { acceptsGzip, CACHED_LEVEL, gzip, markGzip, MIN_COMPRESS_BYTES } from '../../http/compression.js'

/** The tags of cached pages. */
export const cacheTags = {
  /** The chart's own data (fields, counters, files) is on the page. */
  chart: (id: string) => `chart:${id}`,
  /** The page lists charts by this author (a chart's details: "other charts" by its author). */
  author: (authorId: string) => `author:${authorId}`,
  /** Which charts the page shows, and in what order, depends on the whole catalogue (lists, searches,
   *  the info sections). */
  lists: 'lists',
  /** A playlist's own data and charts are on the page (issue 19). */
  playlist: (id: string) => `playlist:${id}`,
  /** Which playlists the page shows depends on all of them (their lists and info). */
  playlists: 'playlists',
} as const

/** After a like, rating or comment on a chart: the pages that show it. */
export const chartChanged = (ctx: AppContext, chartId: string): void =>
  ctx.cache.invalidate([cacheTags.chart(chartId)])

/** After a chart is created, edited or deleted: its pages, its author's, and every list. */
export const catalogueChanged = (ctx: AppContext, chart: { id: string; authorId: string }): void =>
  ctx.cache.invalidate([cacheTags.chart(chart.id), cacheTags.author(chart.authorId), cacheTags.lists])

/** `build` answers the body and adds to `tags` what it shows. An anonymous (or `shared`) answer says
 *  `X-Cache: HIT` when it came from the cache, `MISS` when it was built. */
export const sendJson = async (
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  build: (tags: Set<string>) => Promise<string>,
  /** The caller knows this viewer sees what a visitor sees (and `build` does not ask who they are): the
   *  shared answer serves them too (issue 19's playlists). */
  shared = false,
): Promise<FastifyReply> => {
  reply.type('application/json; charset=utf-8')
  if (!shared && Auth.tokenOf(request) !== undefined) return reply.send(await build(new Set()))
  // A moderator's action on any instance drops this instance's pages before they are served.
  await ctx.moderationVersion.check()
  const key = request.url
  let entry = ctx.cache.get(key)
  reply.header('x-cache', entry ? 'HIT' : 'MISS')
  if (!entry) {
    const tags = new Set<string>()
    const generation = ctx.moderationVersion.generation
    const body = await build(tags)
    // Built across a moderator's action: answered, but not kept.
    entry = ctx.moderationVersion.isCurrent(generation)
      ? ctx.cache.set(key, body, Date.now(), tags)
      : { body, expires: 0, tags: [] }
  }
  if (entry.body.length < MIN_COMPRESS_BYTES || request.method === 'HEAD' || !acceptsGzip(request)) {
    return reply.header('vary', 'Accept-Encoding').send(entry.body)
  }
  entry.gzip ??= gzip(entry.body, CACHED_LEVEL)
  return markGzip(reply).send(entry.gzip)
}
