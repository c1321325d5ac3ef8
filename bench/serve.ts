// The benchmark's server process: our real app (temporary SQLite + data folder, BENCH_CHARTS seeded charts)
// and a bare Fastify route, both on loopback, in one process so that they get the same core.
// Prints one JSON line {app, bare, level, word} once ready, then serves until stdin closes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import Fastify from 'fastify'
import { createInterface } from 'node:readline'
import { buildApp } from '../server/app.js'
import { openContext } from '../server/context.js'
import { TRENDING_KEY } from '../server/media/worker.js'
import {
  benchConfig,
  countersOff,
  recount,
  seedActivity,
  seedBoard,
  seedCharts,
  seedCommunity,
  seedSessions,
} from './seed.js'

const charts = Number(process.env.BENCH_CHARTS ?? 10_000)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-'))
const config = benchConfig(dataDir)
const ctx = await openContext(config)
const seeded = await seedCharts(ctx, charts)
// A public chart for the details target, with 10k comments (BENCH_COMMENTS) and sessions for the like
// toggles.
const level = (await ctx.repos.charts.list({ scope: 'all', sort: 'newest', offset: 0, limit: 1 })).rows[0].id
const sessions = await seedCommunity(ctx, level, Number(process.env.BENCH_COMMENTS ?? 10_000), 64)
await seedActivity(ctx, seeded.ids, { likes: charts, plays: charts })
// The level's owner signed in (issue 20: details as the owner), and a board of 1,000 records on it.
const levelRow = (await ctx.repos.charts.findById(level))!
const [ownerSession] = await seedSessions(ctx, [levelRow.authorId])
await seedBoard(ctx, level, 1000)
// The mixed run's charts (issue 20): twenty public charts whose counters are made exact here (the bulk
// activity above wrote likes and ratings without them), so that the run's own changes can be checked.
const mixed = (await ctx.repos.charts.list({ scope: 'all', sort: 'newest', offset: 1, limit: 20 })).rows.map(
  (row) => row.id,
)
await recount(ctx, mixed)
// The bulk seed leaves every page in the WAL; a server that gathered its charts over months has long
// since checkpointed them into the database file, which is the state measured here.
const sqlite = new Sqlite(path.join(dataDir, 'sirius.db'))
sqlite.pragma('wal_checkpoint(TRUNCATE)')
// Trending (issue 18): a week of likes, ratings and plays (one of each for every chart on average), then
// the recomputation timed as the background work runs it (off the request path): first with every score
// new, then an interval (10 minutes) later, when the daily steps leave most scores as they were, then a
// day later, when every event has stepped down and every trending chart is written again.
const trendingMs: number[] = []
const seededAt = Date.now()
for (const at of [seededAt, seededAt + 10 * 60_000, seededAt + 24 * 60 * 60_000]) {
  const started = performance.now()
  await ctx.repos.charts.recomputeTrending(at)
  trendingMs.push(Math.round(performance.now() - started))
}
await ctx.repos.charts.recomputeTrending(seededAt)
// The app's background work would recompute it again as it starts: not during the measurements.
await ctx.repos.meta.set(TRENDING_KEY, String(Date.now()))
sqlite.pragma('wal_checkpoint(TRUNCATE)')
sqlite.close()
const app = await buildApp(ctx, { logger: false, serveSpa: false })
await app.listen({ host: '127.0.0.1', port: 0 })

const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ ok: true }))
await bare.listen({ host: '127.0.0.1', port: 0 })

const url = (server: { server: { address: () => unknown } }) => {
  const address = server.server.address() as { port: number }
  return `http://127.0.0.1:${address.port}`
}
process.stdout.write(
  `${JSON.stringify({ app: url(app), bare: url(bare), level, word: seeded.word, pid: process.pid, sessions, ownerSession, mixed, trendingMs })}\n`,
)
// 'check' on stdin: one JSON line naming the mixed run's charts whose counters disagree with their rows.
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'check')
    void countersOff(ctx, mixed).then((off) => process.stdout.write(`${JSON.stringify({ off })}\n`))
})

const stop = async () => {
  await app.close()
  await bare.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
const stopNow = () => void stop()
process.stdin.on('end', stopNow)
process.on('SIGTERM', stopNow)
