// npm run bench:server: bench/load.ts (32 keep-alive connections, 10 s a target, loopback only) against our
// endpoints and a bare Fastify route measured in the same run; prints req/s, p50/p99, the ratio to the bare route, the
// response size, and the server's memory. 10k charts for the catalogue; 100k for keyword search and RSS.
// Targets: list ≥ 40% of bare with p99 ≤ 20 ms; search p50 ≤ 5 ms at 100k; RSS ≤ 200 MB.
// And: comments list p99 ≤ 20 ms with 10k comments on a chart.
// Answers built for the first time: a list page and a filter-bar combination new on every request ≥ 10% of
// bare with p99 ≤ 20 ms; a quick search new on every request ≥ 5% with p99 ≤ 30 ms; realistic traffic
// (bench/traffic.ts, from a server that has kept nothing) ≥ 25% of bare with p99 ≤ 20 ms and no errors.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { openContext } from '../server/context.js'
import { type Ready, buildServer, seed, startServer } from './benchServer.js'
import { benchConfig, benchEnv, countersOff } from './seed.js'
import { type LoadRequest, type LoadResult, load } from './load.js'
import { WORDS as TRAFFIC_WORDS, newFilterCombination, traffic } from './traffic.js'
import { CHART_SORTS, COMMENT_RATE_LIMIT } from '../common/rules.js'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
/** Seconds of unmeasured load before each kept-answer target (BENCH_SETTLE). */
const SETTLE_S = Number(process.env.BENCH_SETTLE ?? 2)

type Target = {
  name: string
  url: (ready: Ready) => string
  /** Cycles the path through these on every request (cache misses, realistic search terms). */
  paths?: (ready: Ready) => string[]
  connections?: number
  /** Every request a query string of its own: no answer is ever shared or kept (the cost of building it). */
  uncached?: boolean
  /** Every request as the details level's owner. */
  owner?: boolean
  /** POST with this JSON body; each request takes the next of the seeded sessions. */
  post?: (ready: Ready, n: number) => unknown
  /** Each request carries the next of the seeded sessions (real users signed in). */
  signedIn?: boolean
  /** Measured from a cold cache: no first pass. */
  cold?: boolean
  /** Each request drawn afresh (its path, and its session if signed in): no first pass, nothing settled. */
  draw?: (ready: Ready) => (n: number) => { path: string; session?: string }
  /** Seconds measured, when not DURATION_S. */
  durationS?: number
}

/** A server on `charts` seeded charts, in a data folder of its own (BENCH_DATA_DIR and BENCH_SEEDED: a
 *  folder seeded already, kept afterwards). */
const start = async (charts: number) => {
  const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-'))
  const env = { ...process.env, ...benchEnv(dataDir), BENCH_DATA_DIR: dataDir, BENCH_CHARTS: String(charts) }
  const seeded = process.env.BENCH_SEEDED ?? seed(env)
  const server = await startServer(env, seeded)
  const stop = async () => {
    server.child.stdin!.end()
    await once(server.child, 'exit')
  }
  const remove = () => {
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return { ...server, dataDir, stop, remove }
}

/** The process's CPU time so far (user and system, ms), from /proc. */
const cpuMs = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command's name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
  return { rss: field('VmRSS'), peak: field('VmHWM') }
}

const wireBytes = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    // node:http, not fetch: fetch decompresses and hides the encoded size.
    http
      .get(url, { headers }, (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.length))
        response.on('end', () => resolve(bytes))
      })
      .on('error', reject)
  })

/** Every request a query no one asked before (`uncached`): the k-th round through the paths asks in another
 *  language and order, and another page where the path names none. A query string of its own would not do:
 *  answers are kept by what they depend on. */
const LOCALES = ['en', 'ja', 'zhs', 'ko']
const bust = (path: string, n: number | undefined, count: number) => {
  if (n === undefined) return path
  const k = Math.floor(n / count)
  const extra = [
    `localization=${LOCALES[k % LOCALES.length]}`,
    ...(/[?&]sort=/.test(path)
      ? []
      : [`sort=${CHART_SORTS[Math.floor(k / LOCALES.length) % CHART_SORTS.length]}`]),
    ...(/[?&]page=/.test(path) ? [] : [`page=${Math.floor(k / (LOCALES.length * CHART_SORTS.length)) % 10}`]),
  ]
  return `${path}${path.includes('?') ? '&' : '?'}${extra.join('&')}`
}

type Row = {
  name: string
  rps: number
  p50: number
  p99: number
  bytes: number
  errors: number
  /** Answers built for the request (X-Cache: MISS), as a share of all. */
  built?: number
  /** The server process's CPU time per request (µs): its own cost, whatever the load generator's. */
  cpuUs?: number
  /** The load generator's own CPU per request (this process): when it nears 1e6 / req/s, the generator is
   *  the bottleneck, not the server. */
  loadUs?: number
  /** The server's RSS after the target, and its peak so far (MB). */
  rss?: { rss: number; peak: number }
}
/** Least common multiple: after lcm(paths, sessions) requests every pairing of a path and a session has come. */
const lcm = (a: number, b: number): number => {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y))
  return (a / gcd(a, b)) * b
}
const run = async (ready: Ready, targets: Target[]): Promise<Row[]> => {
  const rows: Row[] = []
  // BENCH_TARGETS=word: only the targets whose name holds it, and the bare route (for quick checks).
  const only = process.env.BENCH_TARGETS
  for (const target of targets) {
    // A profile (BENCH_PROF) of the chosen targets leaves the bare route out: it would be most of the samples.
    const bare = target.name.startsWith('bare')
    if (only && !target.name.includes(only) && (!bare || process.env.BENCH_PROF)) continue
    const url = target.url(ready)
    // Like the app and browsers, every request accepts gzip; `bytes` is what crosses the wire.
    const headers: Record<string, string> = {
      'accept-encoding': 'gzip',
      ...(target.owner ? { authorization: ready.ownerSession } : {}),
    }
    const bytes = target.post ? 0 : await wireBytes(url, headers)
    const paths = target.paths?.(ready)
    const post = target.post
    const { pathname, search, origin } = new URL(url)
    const drawn = target.draw?.(ready)
    // The n-th request: the next path, the next seeded session, and a POST's body, as the target asks.
    const request = (n: number): LoadRequest => {
      if (!drawn) return listed(n)
      const { path, session } = drawn(n)
      return { path, headers: session ? { ...headers, authorization: session } : headers }
    }
    const listed = (n: number): LoadRequest => ({
      method: post ? 'POST' : 'GET',
      path: bust(
        paths ? paths[n % paths.length] : pathname + search,
        target.uncached ? n : undefined,
        paths?.length ?? 1,
      ),
      headers: {
        ...headers,
        ...(post ? { 'content-type': 'application/json' } : {}),
        ...(target.signedIn || post ? { authorization: ready.sessions[n % ready.sessions.length] } : {}),
      },
      ...(post ? { body: JSON.stringify(post(ready, n)) } : {}),
    })
    const connections = target.connections ?? CONNECTIONS
    // Answers that are kept are measured kept: one pass over every path (and every pairing of a path with a
    // session) first, reported on a row of its own, then the measured run. Answers built for every request
    // (uncached) and writes have no first pass.
    if (paths && !target.uncached && !post && !target.cold && !drawn) {
      const amount = target.signedIn ? lcm(paths.length, ready.sessions.length) : paths.length
      const cpu = cpuMs(ready.pid)
      const first = await load({ url: origin, connections, durationS: 120, amount, request })
      rows.push(
        rowOf(`  (first pass: ${amount} requests, each answer built once)`, first, bytes, cpu, ready.pid),
      )
    }
    // Then a short settling run, not measured: what the target before left behind (the garbage of thousands
    // of answers built, a heap grown for them) is collected there, not in this target's figures.
    if (!target.uncached && !post && !target.cold && !drawn && SETTLE_S > 0)
      await load({ url: origin, connections, durationS: SETTLE_S, request })
    const cpu = cpuMs(ready.pid)
    const durationS = target.durationS ?? DURATION_S
    const result = await load({ url: origin, connections, durationS, request })
    rows.push(rowOf(target.name, result, bytes, cpu, ready.pid))
  }
  return rows
}
const rowOf = (name: string, result: LoadResult, bytes: number, cpuBefore: number, pid: number): Row => {
  if (result.errors + result.non2xx > 0)
    console.log(`${name}: errors ${JSON.stringify({ statuses: result.statuses, failures: result.failures })}`)
  return {
    name,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    bytes,
    errors: result.errors + result.non2xx,
    built: result.requests ? result.misses / result.requests : 0,
    cpuUs: result.requests ? ((cpuMs(pid) - cpuBefore) * 1000) / result.requests : 0,
    loadUs: result.requests ? result.loadCpuUs / result.requests : 0,
    rss: rssMb(pid),
  }
}

/** The bare route runs first and last in each half; "vs bare" is against the better of the two. A server
 *  just started may still be busy with its own start-up work (the first trending and stats pass) through the
 *  first, which then reads low and flatters every ratio. */
const bestBare = (rows: Row[]): number =>
  Math.max(...rows.filter((row) => row.name.startsWith('bare')).map((row) => row.rps))
const BARE_AGAIN = 'bare Fastify route, again at the end'

const print = (title: string, rows: Row[], bare: number) => {
  console.log(`\n${title} (vs bare: against the better of the two bare runs)\n`)
  console.log(
    'target'.padEnd(52) +
      'req/s'.padStart(9) +
      'p50 ms'.padStart(8) +
      'p99 ms'.padStart(8) +
      'vs bare'.padStart(9) +
      'bytes'.padStart(9) +
      'errors'.padStart(8) +
      'built'.padStart(8) +
      'cpu µs'.padStart(8) +
      'load µs'.padStart(8) +
      'rss/peak'.padStart(10),
  )
  for (const row of rows) {
    console.log(
      row.name.padEnd(52) +
        row.rps.toFixed(0).padStart(9) +
        row.p50.toFixed(1).padStart(8) +
        row.p99.toFixed(1).padStart(8) +
        `${((row.rps / bare) * 100).toFixed(0)}%`.padStart(9) +
        String(row.bytes).padStart(9) +
        String(row.errors).padStart(8) +
        (row.built === undefined ? '' : `${(row.built * 100).toFixed(1)}%`).padStart(8) +
        (row.cpuUs === undefined ? '' : row.cpuUs.toFixed(0)).padStart(8) +
        (row.loadUs === undefined ? '' : row.loadUs.toFixed(0)).padStart(8) +
        (row.rss === undefined ? '' : `${row.rss.rss.toFixed(0)}/${row.rss.peak.toFixed(0)}`).padStart(10),
    )
  }
}

// Distinct paths defeat the 5-second response cache (each path is cached on its own).
const pages = (count: number) =>
  Array.from({ length: count }, (_, page) => `/sonolus/levels/list?page=${page}`)
/** The traffic's first 30 words: sixty search terms. */
const WORDS = TRAFFIC_WORDS.slice(0, 30)
const searches = WORDS.flatMap((word, i) => [
  `/sonolus/levels/list?type=quick&keywords=${word}&n=${i}`,
  `/sonolus/levels/list?type=quick&keywords=${word}%20${WORDS[(i + 7) % WORDS.length]}`,
])
const commentPages = (r: Ready) =>
  Array.from(
    { length: 1000 },
    (_, page) => `/sonolus/levels/wbs-${r.level}/community/comments/list?page=${page}`,
  )
const recordPages = (r: Ready) =>
  Array.from(
    { length: 20 },
    (_, page) => `/sonolus/levels/wbs-${r.level}/leaderboards/arcScore/records/list?page=${page}`,
  )

// The mixed run: 50 signed-in users on 150 connections for 30 s; four requests in five read (a list
// page, a mixed chart's details or its comments), the fifth writes to one of the twenty mixed charts (a like
// or its removal, a rating, a comment). Afterwards the server checks those charts' counters against their
// rows.
const MIXED_CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 150)
const MIXED_DURATION_S = Number(process.env.BENCH_MIXED_DURATION ?? 30)
const mixedRun = async (ready: Ready) => {
  const comments: number[] = []
  if (MIXED_DURATION_S > 60) throw new Error('the mixed run keeps to the comment limit of one minute')
  const result = await load({
    url: ready.app,
    connections: MIXED_CONNECTIONS,
    durationS: MIXED_DURATION_S,
    request: (n) => {
      const session = ready.sessions[n % 50]
      const chart = ready.mixed[Math.floor(n / 7) % ready.mixed.length]
      const level = `/sonolus/levels/wbs-${chart}`
      const headers = { 'accept-encoding': 'gzip', authorization: session }
      if (n % 5 !== 4) {
        const read = [
          `/sonolus/levels/list?page=${n % 400}`,
          level,
          `${level}/community/comments/list`,
          `/sonolus/levels/list?page=${(n * 7) % 50}`,
        ][n % 5]
        return { path: read, headers }
      }
      // A comment while the user is within the site's comment limit (COMMENT_RATE_LIMIT a minute, a rule
      // against floods that answers 429 beyond it); a rating instead after that.
      let kind = Math.floor(n / 5) % 4
      if (kind === 3 && (comments[n % 50] = (comments[n % 50] ?? 0) + 1) >= COMMENT_RATE_LIMIT) kind = 2
      const values = [
        'type=like',
        'type=dislike',
        `type=rating&rating=${1 + (n % 5)}`,
        `type=comment&content=Mixed%20run%20${n}`,
      ][kind]
      return {
        method: 'POST',
        path: `${level}/community/submit`,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ values }),
      }
    },
  })
  if (result.errors + result.non2xx > 0)
    console.log(
      `mixed run errors: ${JSON.stringify({ statuses: result.statuses, failures: result.failures })}`,
    )
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors + result.non2xx,
  }
}

// Finding charts: a list page with three filters (level range, notes-per-second range, with
// scratches) and a sort, pages 0-9 and a second filter set in turn, uncached.
const filtered = (sort: string) =>
  Array.from({ length: 200 }, (_, i) => {
    // Ten upper bounds make each round's queries new ones (answers are kept by what they depend on).
    const page = Math.floor(i / 2) % 10
    const bound = 25 - Math.floor(i / 20)
    return i % 2 === 0
      ? `/sonolus/levels/list?levelMin=10&levelMax=${bound}&npsMin=3&npsMax=9&scratches=with&sort=${sort}&page=${page}`
      : `/sonolus/levels/list?tags=star&lengthMax=${160 + bound}&olivier=exclude&sort=${sort}&page=${page}`
  })
const titleSearches = Array.from(
  { length: 60 },
  (_, i) => `/sonolus/levels/list?title=${encodeURIComponent('星空')}&n=${i}`,
)

const REALISTIC = 'realistic traffic: 1,000 people, 70% signed in, from cold (10k)'
const REALISTIC_100K = 'realistic traffic: 1,000 people, 70% signed in, from cold (100k)'
const REALISTIC_DURATION_S = Number(process.env.BENCH_REALISTIC_DURATION ?? 20)
const printRealistic = (charts: string, realistic: Row | undefined, bare: number) => {
  if (!realistic) return
  console.log(
    `realistic traffic, ${charts} charts (${CONNECTIONS} connections, ${REALISTIC_DURATION_S} s; lists, filters, ` +
      `10,000 search terms, details, comments, records by Zipf ranks): ${realistic.rps.toFixed(0)} req/s ` +
      `(${((realistic.rps / bare) * 100).toFixed(1)}% of bare), p50 ${realistic.p50.toFixed(1)} ms, ` +
      `p99 ${realistic.p99.toFixed(1)} ms, ${realistic.cpuUs?.toFixed(0)} µs of server CPU an answer, ` +
      `${(100 - (realistic.built ?? 0) * 100).toFixed(1)}% from kept answers, ${realistic.errors} errors; ` +
      `server RSS after it ${realistic.rss?.rss.toFixed(0)} MB`,
  )
}

console.log(`bench:server — ${CONNECTIONS} connections, ${DURATION_S} s per target, loopback`)
buildServer()
// BENCH_ONLY=10k or 100k runs one half (for quick checks); the default runs both.
const ONLY = process.env.BENCH_ONLY
if (ONLY !== '100k') {
  const small = await start(10_000)
  const rows10k = await run(small.ready, [
    { name: 'bare Fastify route', url: (r) => `${r.bare}/bare` },
    {
      // First, while the server has kept nothing: no target before it has asked for anything.
      name: REALISTIC,
      url: (r) => `${r.app}/sonolus/levels/list`,
      draw: (r) => traffic({ popular: r.popular, level: r.level, people: r.people }),
      durationS: REALISTIC_DURATION_S,
    },
    {
      name: 'filter bar, a new combination every request, real sessions (10k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      draw: (r) => (n) => ({ path: newFilterCombination(n), session: r.sessions[n % r.sessions.length] }),
    },
    { name: 'GET /sonolus/info', url: (r) => `${r.app}/sonolus/info` },
    { name: 'GET /sonolus/server/info', url: (r) => `${r.app}/sonolus/server/info` },
    { name: 'levels/list page 10, anonymous (10k)', url: (r) => `${r.app}/sonolus/levels/list?page=10` },
    {
      name: 'levels/list pages 0-399 in turn, anonymous (10k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => pages(400),
    },
    {
      // The traffic that matters, the app's with a session; 64 real users in turn.
      name: 'levels/list pages 0-399, real sessions of 64 users (10k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => pages(400),
      signedIn: true,
    },
    {
      name: 'levels/list pages 0-399, every request built (10k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => pages(400),
      signedIn: true,
      uncached: true,
    },
    {
      name: 'levels/wbs-{id} details, real sessions of 64 users (10k)',
      url: (r) => `${r.app}/sonolus/levels/wbs-${r.level}`,
      signedIn: true,
    },
    {
      name: 'levels/wbs-{id} details, its owner signed in (10k)',
      url: (r) => `${r.app}/sonolus/levels/wbs-${r.level}`,
      owner: true,
    },
    {
      name: 'levels/wbs-{id} details, anonymous (10k)',
      url: (r) => `${r.app}/sonolus/levels/wbs-${r.level}`,
    },
    {
      name: 'comments/list pages 0-999, real sessions (10k comments)',
      url: (r) => `${r.app}/sonolus/levels/wbs-${r.level}/community/comments/list`,
      paths: commentPages,
      signedIn: true,
    },
    {
      name: 'records/list pages 0-19, real sessions (1,000 records)',
      url: (r) => `${r.app}/sonolus/levels/wbs-${r.level}/leaderboards/arcScore/records/list`,
      paths: recordPages,
      signedIn: true,
    },
    {
      name: 'levels/list advanced, anonymous (10k)',
      url: (r) => `${r.app}/sonolus/levels/list?type=advanced&levelMin=10&levelMax=20&sort=likes`,
    },
    {
      // "Uncached": no answer kept before the run; each term's is built on its first request.
      name: 'quick search, 60 terms, real sessions, from cold (10k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => searches,
      signedIn: true,
      cold: true,
    },
    {
      name: 'quick search, 60 terms in turn, real sessions (10k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => searches,
      signedIn: true,
    },
    {
      name: 'quick search, 60 terms, every request built, real sessions (10k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => searches,
      signedIn: true,
      uncached: true,
    },
    {
      // Each session likes, then un-likes, in turn: every request changes the counters.
      name: 'community/submit like toggles, 64 users',
      url: (r) => `${r.app}/sonolus/levels/wbs-${r.level}/community/submit`,
      post: (r, n) => ({
        values: Math.floor(n / r.sessions.length) % 2 === 0 ? 'type=like' : 'type=dislike',
      }),
    },
    {
      name: 'comments/list pages 0-999, anonymous, 10k comments',
      url: (r) => `${r.app}/sonolus/levels/wbs-${r.level}/community/comments/list`,
      paths: commentPages,
    },
    { name: BARE_AGAIN, url: (r) => `${r.bare}/bare` },
  ])
  const only = process.env.BENCH_TARGETS
  const mixed = !only || 'mixed run'.includes(only) ? await mixedRun(small.ready) : undefined
  const memory10k = rssMb(small.ready.pid)
  small.child.stdin!.write('memory\n')
  const heap10k = await small.nextLine()
  await small.stop()
  // The mixed run's charts: their counters against their rows, read once the server has stopped.
  const checking = await openContext(benchConfig(small.dataDir))
  const check = { off: await countersOff(checking, small.ready.mixed) }
  await checking.close()
  small.remove()
  print('10k charts', rows10k, bestBare(rows10k))
  if (rows10k.some((row) => row.errors > 0)) process.exitCode = 1
  printRealistic(
    '10k',
    rows10k.find((row) => row.name === REALISTIC),
    bestBare(rows10k),
  )
  if (mixed) {
    console.log(
      `mixed run (${MIXED_CONNECTIONS} connections, ${MIXED_DURATION_S} s, 50 users, 80% reads, 20% likes/ratings/comments): ` +
        `${mixed.rps.toFixed(0)} req/s, p50 ${mixed.p50.toFixed(1)} ms, p99 ${mixed.p99.toFixed(1)} ms, ${mixed.errors} errors; ` +
        `counters afterwards: ${check.off.length === 0 ? 'exact on all 20 charts' : `${check.off.length} charts off ${JSON.stringify(check.off)}`}`,
    )
    if (mixed.errors > 0 || check.off.length > 0) process.exitCode = 1
  }
  console.log(
    `server memory: RSS ${memory10k.rss.toFixed(0)} MB, peak ${memory10k.peak.toFixed(0)} MB; ${heap10k} (MB)`,
  )
}
if (ONLY !== '10k') {
  const large = await start(100_000)
  const rows100k = await run(large.ready, [
    { name: 'bare Fastify route', url: (r) => `${r.bare}/bare` },
    {
      name: REALISTIC_100K,
      url: (r) => `${r.app}/sonolus/levels/list`,
      draw: (r) => traffic({ popular: r.popular, level: r.level, people: r.people }),
      durationS: REALISTIC_DURATION_S,
    },
    // One connection: the latency of one search, not of a queue behind 31 others.
    {
      name: 'quick search, 60 terms, 1 conn, uncached (100k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => searches,
      connections: 1,
      uncached: true,
    },
    {
      name: 'title search 星空, 1 conn, uncached (100k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => titleSearches,
      connections: 1,
      uncached: true,
    },
    {
      name: 'quick search, 60 terms, uncached (100k)',
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => searches,
      uncached: true,
    },
    { name: 'levels/list page 0, anonymous (100k)', url: (r) => `${r.app}/sonolus/levels/list` },
    ...CHART_SORTS.map((sort): Target => ({
      name: `3 filters + sort=${sort}, 1 conn, uncached (100k)`,
      url: (r) => `${r.app}/sonolus/levels/list`,
      paths: () => filtered(sort),
      connections: 1,
      uncached: true,
    })),
    { name: BARE_AGAIN, url: (r) => `${r.bare}/bare` },
  ])
  const memory100k = rssMb(large.ready.pid)
  large.child.stdin!.write('memory\n')
  const heap100k = await large.nextLine()
  await large.stop()
  large.remove()
  print('100k charts', rows100k, bestBare(rows100k))
  printRealistic(
    '100k',
    rows100k.find((row) => row.name === REALISTIC_100K),
    bestBare(rows100k),
  )
  console.log(
    `trending recomputation, 100k charts, 100k likes, 50k ratings, 100k plays: every score new ${large.ready.trendingMs[0]} ms, ` +
      `10 minutes later ${large.ready.trendingMs[1]} ms, a day later ${large.ready.trendingMs[2]} ms`,
  )
  console.log(
    `server memory: RSS ${memory100k.rss.toFixed(0)} MB, peak ${memory100k.peak.toFixed(0)} MB; ${heap100k} (MB)`,
  )
  if (rows100k.some((row) => row.errors > 0)) process.exitCode = 1
}
