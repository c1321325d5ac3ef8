// Answers built once and shared. A page's JSON and its gzip are built on the first request and
// served from the response cache to everyone it is right for:
// - visitors share one answer per URL;
// - signed-in users share a second one per URL, built for "someone signed in" (auth/someone.ts: they own
//   nothing and moderate nothing). The builder names the users for whom that answer would be wrong (a
//   chart's owner, the authors of the comments on a page: their actions differ); those users, and
//   moderators, get an answer of their own. A user's own answer is kept too (tagged like the shared one),
//   except a moderator's, which is built each time (it shows moderation state).
import { type Metrics } from '../observability/metrics.js'
import { gunzipSync } from 'node:zlib'
import { type FastifyReply, type FastifyRequest } from 'fastify'
import { type Auth } from '../auth/auth.js'
import { sessionTokenOf } from '../http/sessionToken.js'
import { SOMEONE } from '../auth/someone.js'
import { type User } from '../db/repositories/index.js'
import { acceptsGzip, markGzip } from '../http/compression.js'
import { isRefusal } from '../http/errors.js'
import { type RoleContext, isModerator } from '../auth/roles.js'
import { type BuiltBody, type SharedAnswer, compressHarder, keep } from './answers.js'
import { KeptLane } from './lane.js'
import { type ResponseCache } from './responseCache.js'
import { type ModerationVersion, fresh } from './moderationVersion.js'

/** What sending kept answers needs: the shared answers, the moderation version read before them, and who
 *  asks. */
export type SendContext = RoleContext & {
  cache: ResponseCache<SharedAnswer>
  metrics: Pick<Metrics, 'kept'>
  moderationVersion: ModerationVersion
  auth: Pick<Auth, 'userOf'>
}

/** Sends a kept answer, gzip when the client takes it. */
export const sendAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SharedAnswer,
): FastifyReply => {
  // A tracked request's way to this answer, for the next one (lane.ts: not for HEAD, nor for a client
  // that refuses the gzip kept).
  request.laneTrail?.lane.remember(request, answer)
  reply.type('application/json; charset=utf-8')
  if (answer.gzip === undefined) return reply.header('vary', 'Accept-Encoding').send(answer.text)
  if (request.method === 'HEAD' || !acceptsGzip(request))
    return reply.header('vary', 'Accept-Encoding').send(gunzipSync(answer.gzip).toString('utf8'))
  return markGzip(reply).send(answer.gzip)
}

/** What a builder adds to: the tags of what the page shows, and the users it would be wrong for. */
export type Built = { tags: Set<string>; personal: Set<string> }

/** Builds under way, per cache: requests for the same answer meanwhile wait for the one build. */
const flights = new WeakMap<object, Map<string, Promise<{ answer: SharedAnswer; kept: boolean }>>>()

/** The answer kept under `key`, or the one `build` makes (kept unless a moderator acted, or a tag of it was
 *  dropped, meanwhile). Says `X-Cache: HIT` or `MISS`. */
export const keptAnswer = async (
  ctx: SendContext,
  reply: FastifyReply,
  key: string,
  build: (built: Built) => Promise<BuiltBody>,
  /** Shorter than RESPONSE_CACHE_MS for answers no change names (an order by likes). */
  ttlMs?: number,
): Promise<SharedAnswer> => {
  // A moderator's action on any instance drops this instance's pages before they are served.
  const checked = ctx.moderationVersion.check()
  if (!fresh(checked)) await checked
  const entry = ctx.cache.get(key)
  reply.header('x-cache', entry ? 'HIT' : 'MISS')
  ctx.metrics.kept(entry !== undefined)
  if (entry) {
    if (entry.body.light) compressHarder(entry.body)
    KeptLane.step(reply.request, ctx.cache as ResponseCache<unknown>, key, entry)
    return entry.body
  }
  let underway = flights.get(ctx.cache)
  if (!underway) flights.set(ctx.cache, (underway = new Map()))
  const flight = underway.get(key)
  if (flight) {
    // Another request is building it: its answer will do if it was kept (nothing it shows changed while it
    // was built); else this request builds its own.
    const { answer, kept } = await flight
    KeptLane.spoil(reply.request)
    if (kept) return answer
  }
  const built: Built = { tags: new Set(), personal: new Set() }
  const generation = ctx.moderationVersion.generation
  const begun = ctx.cache.begin()
  const building = (async () => {
    const answer = keep(await build(built), built.personal.size ? built.personal : undefined)
    // Built across a moderator's action, or across a change to what it shows: answered, but not kept.
    const kept =
      ctx.moderationVersion.isCurrent(generation) &&
      ctx.cache.set(key, answer, Date.now(), built.tags, begun, ttlMs).expires > 0
    return { answer, kept }
  })()
  if (!underway.has(key)) underway.set(key, building)
  try {
    // The lane (lane.ts) remembers the way to an answer asked again, not to one just built: most
    // searches are asked once, and would only fill it.
    KeptLane.spoil(reply.request)
    return (await building).answer
  } finally {
    if (underway.get(key) === building) underway.delete(key)
  }
}

/** `build` answers the body for `viewer` (undefined: a visitor; SOMEONE: any signed-in user) and adds to
 *  `built` what it shows and whom it would be wrong for. `key` names the answer by what it depends on (the
 *  route's validated parameters, not the raw address: a query string of its own makes no new answer). */
export const sendJson = async (
  ctx: SendContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  build: (built: Built, viewer: User | undefined) => Promise<BuiltBody>,
): Promise<FastifyReply> => {
  const user = sessionTokenOf(request) === undefined ? undefined : await ctx.auth.userOf(request)
  if (!user) return sendAnswer(request, reply, await keptAnswer(ctx, reply, key, (b) => build(b, undefined)))
  // A moderator's answer shows moderation state: built each time.
  if (await isModerator(ctx, user)) {
    const body = await build({ tags: new Set(), personal: new Set() }, user)
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return sendAnswer(request, reply, body)
    reply.type('application/json; charset=utf-8')
    return reply.send(body)
  }
  let answer: SharedAnswer | undefined
  try {
    answer = await keptAnswer(ctx, reply, `${key}\n+`, (built) => build(built, SOMEONE))
  } catch (error) {
    // Not for just anyone (a private or hidden chart): perhaps for this user.
    if (!isRefusal(error)) throw error
  }
  // The users it is wrong for get their own, kept under their id with the same tags.
  if (!answer || answer.personal?.has(user.id))
    answer = await keptAnswer(ctx, reply, `${key}\n@${user.id}`, (built) => build(built, user))
  return sendAnswer(request, reply, answer)
}

/** For playlists: a visitor's answer, shared with a signed-in user when the caller knows it is the
 *  same for them (`shared`); else built for the user each time. */
export const sendVisitorJson = async (
  ctx: SendContext,
  request: FastifyRequest,
  reply: FastifyReply,
  build: (tags: Set<string>) => Promise<string>,
  shared = false,
): Promise<FastifyReply> => {
  if (!shared && sessionTokenOf(request) !== undefined) {
    reply.type('application/json; charset=utf-8')
    return reply.send(await build(new Set()))
  }
  return sendAnswer(request, reply, await keptAnswer(ctx, reply, request.url, (built) => build(built.tags)))
}
