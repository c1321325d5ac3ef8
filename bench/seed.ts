import { LEADERBOARDS } from '../common/api/levels.js'
// Seeds N synthetic charts (our own random titles) for the benchmarks, in batches inside one transaction.
import { createHash, randomBytes } from 'node:crypto'
import { type AppContext } from '../server/context.js'
import { type Config, loadConfig } from '../server/config.js'
import { NOTE_KINDS } from '../common/chart/index.js'
import { statsColumns } from '../server/db/repositories/index.js'

const WORDS = (
  'star light night relay dream blue red gold silver echo rain snow wind fire ocean river sky moon sun dawn ' +
  'dusk spark pulse wave drift orbit nova comet aurora prism crystal shadow mirror garden city road bridge tower ' +
  'signal rhythm tempo beat chord melody harmony voice song dance step jump flight shine glow bloom petal ' +
  'ほし ひかり よる ゆめ あお そら うみ かぜ 星空 光 夜 夢'
).split(' ')

/** A benchmark server's config: a temporary data folder, SQLite, loopback, no demo, quiet. One address
 *  sends everything, so the quotas and the per-address bounds are raised: the routes are measured (their
 *  hooks still run on every request), not the 429s. */
export const benchEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  SEED_DEMO: '0',
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_STRICT_PER_MINUTE: '100000000',
  // The mixed run's 150 connections come from this one address too.
  CONNECTIONS_PER_ADDRESS: '1000',
  REQUESTS_IN_FLIGHT_PER_CLIENT: '1000',
})
export const benchConfig = (dataDir: string): Config => loadConfig({ ...process.env, ...benchEnv(dataDir) })

export const seedCharts = async (
  ctx: AppContext,
  count: number,
  seed = 42,
): Promise<{ ids: string[]; word: string }> => {
  let state = seed
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]
  const authors = 200
  for (let a = 0; a < authors; a++) {
    await ctx.repos.users.upsert({
      id: `bench-${a}`,
      handle: String(500000 + a),
      name: `Creator ${a}`,
      profile: '{}',
    })
  }
  const ids: string[] = []
  const now = Date.now()
  const batch = 500
  for (let start = 0; start < count; start += batch) {
    await ctx.repos.transaction(async (trx) => {
      for (let n = start; n < Math.min(count, start + batch); n++) {
        const id = randomBytes(16).toString('hex')
        ids.push(id)
        const author = Math.floor(random() * authors)
        // What a level's data is like: 1–4 minutes, 1–12 notes a second, features now and then.
        const duration = 60 + random() * 180
        const nps = 1 + random() * 11
        const noteCount = Math.round(duration * nps)
        const stats = statsColumns({
          noteCount,
          counts: Object.fromEntries(
            NOTE_KINDS.map((kind) => [kind, kind === 'tap' ? noteCount : 0]),
          ) as never,
          duration,
          npsAverage: nps,
          npsPeak: nps * (1.5 + random()),
          bpmMin: 120 + Math.floor(random() * 80),
          bpmMax: 200,
          hasScratches: random() < 0.3,
          hasSplitLines: random() < 0.2,
          hasSpeedChanges: random() < 0.2,
        })
        const isOliver = random() < 0.1 ? 1 : 0
        await trx.charts.insert({
          id,
          authorId: `bench-${author}`,
          author: `Creator ${author}#${500000 + author}`,
          title: `${pick()} ${pick()} ${pick()}`,
          artists: `${pick()} ${pick()}`,
          composer: pick(),
          description: '',
          level: isOliver ? 1 + Math.floor(random() * 10) : 1 + Math.floor(random() * 30),
          isOliver,
          isPublic: random() < 0.95 ? 1 : 0,
          tags: JSON.stringify([pick(), pick()]),
          coverHash: randomBytes(20).toString('hex'),
          backgroundHash: null,
          musicHash: null,
          previewHash: null,
          susHash: null,
          dataHash: randomBytes(20).toString('hex'),
          ...stats,
          publishTime: now - n * 1000,
          updatedTime: now - n * 1000,
        })
      }
    })
  }
  return { ids, word: 'crystal' }
}

/** One chart's community for the bench: `comments` comments by the seeded creators, and `sessions`
 *  web sessions (their secrets are returned) for the like/unlike target. */
export const seedCommunity = async (
  ctx: AppContext,
  chartId: string,
  comments: number,
  sessions: number,
): Promise<string[]> => {
  const now = Date.now()
  const batch = 1000
  for (let start = 0; start < comments; start += batch) {
    await ctx.repos.transaction(async (trx) => {
      for (let n = start; n < Math.min(comments, start + batch); n++) {
        const author = n % 200
        await trx.community.addComment({
          id: randomBytes(16).toString('hex'),
          chartId,
          userId: `bench-${author}`,
          author: `Creator ${author}#${500000 + author}`,
          parentId: null,
          content: `Comment ${n}: a **fine** chart, ${'with some words '.repeat(3)}`,
          createdTime: now - (comments - n) * 1000,
        })
      }
    })
  }
  const secrets: string[] = []
  for (let n = 0; n < sessions; n++) {
    const secret = randomBytes(32).toString('base64url')
    await ctx.repos.sessions.create({
      idHash: createHash('sha1').update(secret).digest('hex'),
      userId: `bench-${n % 200}`,
      kind: 'web',
      createdTime: now,
      expiresTime: now + 3_600_000,
    })
    secrets.push(secret)
  }
  return secrets
}

/** A week of activity for trending: `likes` likes, half as many ratings and `plays` results by
 *  the seeded creators on random charts, at random times over the last 8 days (some fall outside the
 *  week), inserted in bulk. */
export const seedActivity = async (
  ctx: AppContext,
  ids: string[],
  { likes, plays }: { likes: number; plays: number },
  seed = 7,
): Promise<void> => {
  // mulberry32: 32-bit integer steps (an LCG in floating point loses bits and falls into a short cycle).
  let state = seed >>> 0
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const now = Date.now()
  const when = () => now - Math.floor(random() * 8 * 86_400_000)
  const pairs = (count: number) => {
    const seen = new Set<string>()
    const out: { chartId: string; userId: string }[] = []
    while (out.length < count) {
      const chartId = ids[Math.floor(random() * ids.length)]
      const userId = `bench-${Math.floor(random() * 200)}`
      if (seen.has(chartId + userId)) continue
      seen.add(chartId + userId)
      out.push({ chartId, userId })
    }
    return out
  }
  const db = ctx.db.db
  const batch = 500
  const insert = async <T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += batch) await write(rows.slice(i, i + batch))
  }
  await insert(
    pairs(likes).map((pair) => ({ ...pair, createdTime: when() })),
    (chunk) => db.insertInto('likes').values(chunk).execute(),
  )
  await insert(
    pairs(Math.floor(likes / 2)).map((pair) => ({
      ...pair,
      rating: 1 + Math.floor(random() * 5),
      updatedTime: when(),
    })),
    (chunk) => db.insertInto('ratings').values(chunk).execute(),
  )
  const records = Array.from({ length: plays }, () => {
    const author = Math.floor(random() * 200)
    return {
      id: randomBytes(16).toString('hex'),
      chartId: ids[Math.floor(random() * ids.length)],
      userId: `bench-${author}`,
      player: `Creator ${author}#${500000 + author}`,
      grade: 'clear',
      arcadeScore: 900_000,
      accuracyScore: 900_000,
      combo: 100,
      perfect: 100,
      great: 0,
      good: 0,
      miss: 0,
      totalCount: 100,
      dataHash: 'a'.repeat(40),
      configurationHash: 'b'.repeat(40),
      replayTitle: 'bench',
      createdTime: when(),
    }
  })
  await insert(records, (chunk) => db.insertInto('records').values(chunk).execute())
}

/** Web sessions for these users (their secrets, in order). */
export const seedSessions = async (ctx: AppContext, userIds: string[]): Promise<string[]> => {
  const now = Date.now()
  const secrets: string[] = []
  for (const userId of userIds) {
    const secret = randomBytes(32).toString('base64url')
    await ctx.repos.sessions.create({
      idHash: createHash('sha1').update(secret).digest('hex'),
      userId,
      kind: 'web',
      createdTime: now,
      expiresTime: now + 3_600_000,
    })
    secrets.push(secret)
  }
  return secrets
}

/** `count` players who make no charts, each signed in once (the realistic traffic's people): their
 *  session secrets, in order. */
export const seedPlayers = async (ctx: AppContext, count: number): Promise<string[]> => {
  const ids = Array.from({ length: count }, (_, n) => `player-${n}`)
  await ctx.repos.transaction(async (trx) => {
    for (const [n, id] of ids.entries())
      await trx.users.upsert({ id, handle: String(700000 + n), name: `Player ${n}`, profile: '{}' })
  })
  return seedSessions(ctx, ids)
}

/** `count` records on a chart's current version, on every board, by the seeded creators. */
export const seedBoard = async (ctx: AppContext, chartId: string, count: number): Promise<void> => {
  const chart = (await ctx.repos.charts.findById(chartId))!
  await ctx.repos.transaction(async (trx) => {
    for (let n = 0; n < count; n++) {
      const score = 1_000_000 - n * 37
      await trx.leaderboards.addRecord(
        {
          id: randomBytes(16).toString('hex'),
          chartId,
          userId: `bench-${n % 200}`,
          player: `Creator ${n % 200}#${500000 + (n % 200)}`,
          grade: 'clear',
          arcadeScore: score,
          accuracyScore: score,
          combo: 100 + n,
          perfect: 100,
          great: n % 7,
          good: n % 3,
          miss: n % 5,
          totalCount: 100,
          dataHash: chart.dataHash ?? 'a'.repeat(40),
          configurationHash: 'b'.repeat(40),
          replayTitle: 'bench',
          createdTime: Date.now() - n * 1000,
          version: chart.version,
        },
        LEADERBOARDS.map((board) => ({ board, sortKey: -score + n })),
      )
    }
  })
}

/** The charts' counters made what their rows say. */
export const recount = async (ctx: AppContext, chartIds: string[]): Promise<void> => {
  for (const id of chartIds) {
    const truth = await truthOf(ctx, id)
    await ctx.db.db
      .updateTable('charts')
      .set({
        likeNumber: truth.likes,
        ratingNumber: truth.ratings,
        rating: truth.average,
        commentNumber: truth.comments,
      })
      .where('id', '=', id)
      .execute()
  }
}

const truthOf = async (ctx: AppContext, chartId: string) => {
  const db = ctx.db.db
  const likes = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('chartId', '=', chartId)
    .executeTakeFirstOrThrow()
  const ratings = await db
    .selectFrom('ratings')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.avg<number>('rating').as('average')])
    .where('chartId', '=', chartId)
    .executeTakeFirstOrThrow()
  const comments = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('chartId', '=', chartId)
    .where('deleted', '=', 0)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow()
  return {
    likes: Number(likes.n),
    ratings: Number(ratings.n),
    average: Number(ratings.average ?? 0),
    comments: Number(comments.n),
  }
}

/** The charts whose counters disagree with their rows, with both. */
export const countersOff = async (ctx: AppContext, chartIds: string[]): Promise<unknown[]> => {
  const off: unknown[] = []
  for (const id of chartIds) {
    const row = (await ctx.repos.charts.findById(id))!
    const truth = await truthOf(ctx, id)
    const counters = {
      likes: row.likeNumber,
      ratings: row.ratingNumber,
      average: row.rating,
      comments: row.commentNumber,
    }
    if (
      counters.likes !== truth.likes ||
      counters.ratings !== truth.ratings ||
      counters.comments !== truth.comments ||
      Math.abs(counters.average - truth.average) > 1e-9
    )
      off.push({ id, counters, truth })
  }
  return off
}
