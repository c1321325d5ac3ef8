// The benchmark's seed, in a process of its own (bench/benchServer.ts runs it): BENCH_CHARTS charts and their
// activity into BENCH_DATA_DIR's SQLite database. The server then opens the data as a server that gathered it
// over months would, and what its memory holds is what serving takes, not what inserting 100k charts left.
// Prints one JSON line: what the targets need (the level, sessions, the mixed run's charts, trending times).
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { openContext } from '../server/context.js'
import { TRENDING_KEY } from '../server/jobs/trendingScores.js'
import {
  benchConfig,
  recount,
  seedActivity,
  seedBoard,
  seedCharts,
  seedCommunity,
  seedPlayers,
  seedSessions,
} from './seed.js'
import { PEOPLE, SIGNED_IN_SHARE } from './traffic.js'

const dataDir = process.env.BENCH_DATA_DIR!
const charts = Number(process.env.BENCH_CHARTS ?? 10_000)
const config = benchConfig(dataDir)
// On PostgreSQL (DATABASE_URL), in BENCH_PG_SCHEMA.
const pgSchema = process.env.BENCH_PG_SCHEMA
const ctx = await openContext(config, pgSchema ? { pgSchema } : {})
const seeded = await seedCharts(ctx, charts)
// A public chart for the details target, with 10k comments (BENCH_COMMENTS) and sessions for the like
// toggles.
const level = (await ctx.repos.chartList.list({ scope: 'all', sort: 'newest', offset: 0, limit: 1 })).rows[0]
  .id
const sessions = await seedCommunity(ctx, level, Number(process.env.BENCH_COMMENTS ?? 10_000), 64)
await seedActivity(ctx, seeded.ids, { likes: charts, plays: charts })
// The level's owner signed in (details as the owner), and a board of 1,000 records on it.
const levelRow = (await ctx.repos.charts.findById(level))!
const [ownerSession] = await seedSessions(ctx, [levelRow.authorId])
await seedBoard(ctx, level, 1000)
// The mixed run's charts: twenty public charts whose counters are made exact here (the bulk
// activity above wrote likes and ratings without them), so that the run's own changes can be checked.
const mixed = (
  await ctx.repos.chartList.list({ scope: 'all', sort: 'newest', offset: 1, limit: 20 })
).rows.map((row) => row.id)
await recount(ctx, mixed)
// The realistic traffic's people (seven in ten of a thousand signed in, players who make no charts) and
// the charts they ask for, the most liked first.
const people = await seedPlayers(ctx, PEOPLE * SIGNED_IN_SHARE)
const popular = (
  await ctx.repos.chartList.list({ scope: 'all', sort: 'likes', offset: 0, limit: 2000 })
).rows.map((row) => row.id)
// The bulk seed leaves every page in the WAL; a server that gathered its charts over months has long
// since checkpointed them into the database file, which is the state measured here.
const sqlite = pgSchema ? undefined : new Sqlite(path.join(dataDir, 'sirius.db'))
sqlite?.pragma('wal_checkpoint(TRUNCATE)')
// Trending: a week of likes, ratings and plays (one of each for every chart on average), then
// the recomputation timed as the background work runs it (off the request path): first with every score
// new, then an interval (10 minutes) later, when the daily steps leave most scores as they were, then a
// day later, when every event has stepped down and every trending chart is written again.
const trendingMs: number[] = []
const seededAt = Date.now()
for (const at of [seededAt, seededAt + 10 * 60_000, seededAt + 24 * 60 * 60_000]) {
  const started = performance.now()
  await ctx.repos.trending.recompute(at)
  trendingMs.push(Math.round(performance.now() - started))
}
await ctx.repos.trending.recompute(seededAt)
// The app's background work would recompute it again as it starts: not during the measurements.
await ctx.repos.meta.set(TRENDING_KEY, String(Date.now()))
sqlite?.pragma('wal_checkpoint(TRUNCATE)')
sqlite?.close()
await ctx.close()
process.stdout.write(
  `${JSON.stringify({ level, word: seeded.word, sessions, ownerSession, mixed, trendingMs, people, popular })}\n`,
)
