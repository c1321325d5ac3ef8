// npm run bench:two: two instances of our server on one PostgreSQL database (PG_URL), 10k charts
// seeded once, one load generator on both: list pages 0-399 with the 64 seeded users' real sessions, 16
// connections on each instance, against the bare route measured the same way. Meanwhile a like (or its
// removal) is made on instance A every 250 ms, and instance B's first list page is asked until it shows the
// new count: how long a like takes to reach the other instance's shared pages (the PostgreSQL notice), as
// p50 and max. Loopback only; the schema is dropped afterwards.
import { type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Ready, buildServer, seed, startServer } from './benchServer.js'
import { type LoadRequest, load } from './load.js'
import { benchEnv } from './seed.js'
import pg from 'pg'

const PG_URL = process.env.PG_URL
if (!PG_URL) {
  console.log('bench:two needs PostgreSQL: set PG_URL (postgres://user@host:port/database)')
  process.exit(1)
}
const CHARTS = Number(process.env.BENCH_CHARTS ?? 10_000)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const schema = `bench_two_${process.pid}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-two-'))
const env = {
  ...process.env,
  ...benchEnv(dataDir),
  DATABASE_URL: PG_URL,
  BENCH_PG_SCHEMA: schema,
  BENCH_DATA_DIR: dataDir,
  BENCH_CHARTS: String(CHARTS),
  BENCH_COMMENTS: '1000',
}

const dropSchema = async () => {
  const client = new pg.Client({ connectionString: PG_URL })
  await client.connect()
  await client.query(`drop schema if exists "${schema}" cascade`)
  await client.end()
}

console.log(`bench:two — ${CHARTS} charts on PostgreSQL, two instances, ${DURATION_S} s per target, loopback`)
buildServer()
const seeded = seed(env)

const children: ChildProcess[] = []
const start = async (): Promise<Ready> => {
  const { child, ready } = await startServer(env, seeded)
  children.push(child)
  return ready
}

try {
  const a = await start()
  const b = await start()
  /** 16 connections on each instance; `amount` requests on each, or DURATION_S seconds. */
  const both = (base: (r: Ready) => string, signedIn: boolean, amount?: number, durationS = DURATION_S) =>
    Promise.all(
      [a, b].map((ready) =>
        load({
          url: base(ready),
          connections: 16,
          durationS: amount ? 120 : durationS,
          amount,
          request: (n): LoadRequest =>
            signedIn
              ? {
                  path: `/sonolus/levels/list?page=${n % 400}`,
                  headers: {
                    'accept-encoding': 'gzip',
                    authorization: ready.sessions[n % ready.sessions.length],
                  },
                }
              : { path: '/bare', headers: { 'accept-encoding': 'gzip' } },
        }),
      ),
    ).then((results) => ({
      rps: results.reduce((sum, result) => sum + result.rps, 0),
      p50: Math.max(...results.map((result) => result.p50)),
      p99: Math.max(...results.map((result) => result.p99)),
      errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
    }))

  // How long a like on A takes to show in B's list, while the load runs.
  const delays: number[] = []
  let probing = true
  const probe = async () => {
    const listOnB = `${b.app}/sonolus/levels/list?page=0`
    const likesOnB = async () => {
      const body = (await (await fetch(listOnB, { headers: { authorization: b.sessions[1] } })).json()) as {
        rawItems: { id: string; likeNumber: number }[]
      }
      return body.rawItems.find((row) => row.id === a.level)?.likeNumber
    }
    for (let n = 0; probing; n++) {
      const before = await likesOnB()
      const liked = await fetch(`${a.app}/sonolus/levels/wbs-${a.level}/community/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: a.sessions[0] },
        body: JSON.stringify({ values: n % 2 === 0 ? 'type=like' : 'type=dislike' }),
      })
      const { newLike } = (await liked.json()) as { newLike: number }
      const at = performance.now()
      if (newLike === before) continue
      while ((await likesOnB()) !== newLike) {
        if (performance.now() - at > 10_000)
          throw new Error('a like did not reach the other instance in 10 s')
      }
      delays.push(performance.now() - at)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  const bare = await both((r) => r.bare, false)
  // Every page with every session once first (each answer built once), as bench:server does.
  const first = await both((r) => r.app, true, 1600)
  // Two unmeasured seconds, as bench:server has: the first pass's garbage is collected there.
  await both((r) => r.app, true, undefined, 2)
  const probing1 = probe()
  const list = await both((r) => r.app, true)
  probing = false
  await probing1
  delays.sort((x, y) => x - y)
  const row = (name: string, r: typeof bare) =>
    console.log(
      `${name.padEnd(58)}${r.rps.toFixed(0).padStart(8)}${r.p50.toFixed(1).padStart(8)}${r.p99.toFixed(1).padStart(8)}${`${((r.rps / bare.rps) * 100).toFixed(0)}%`.padStart(9)}${String(r.errors).padStart(8)}`,
    )
  console.log(
    `\n${'target'.padEnd(58)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'vs bare'.padStart(9)}${'errors'.padStart(8)}`,
  )
  row('bare Fastify route, both instances', bare)
  row('  (first pass: 1,600 requests on each, each answer built once)', first)
  row('levels/list pages 0-399, real sessions, both instances', list)
  console.log(
    `a like on A seen in B's list page: ${delays.length} likes, p50 ${delays[Math.floor(delays.length / 2)]?.toFixed(1)} ms, max ${delays.at(-1)?.toFixed(1)} ms (while under the load above)`,
  )
  if (bare.errors > 0 || first.errors > 0 || list.errors > 0) process.exitCode = 1
} finally {
  for (const child of children) child.stdin?.end()
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.on('exit', resolve))),
    ),
  )
  await dropSchema()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
