// npm run bench:server: autocannon (32 connections, 10 s each, loopback only) against our endpoints and
// a bare Fastify route measured in the same run; prints req/s, p50/p99 and the ratio to the bare route.
// Later issues add their endpoints to TARGETS.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)

type Target = { name: string; path: string; base: 'app' | 'bare' }

const TARGETS: Target[] = [
  { name: 'bare Fastify route', path: '/bare', base: 'bare' },
  { name: 'GET /sonolus/info', path: '/sonolus/info', base: 'app' },
  { name: 'GET /sonolus/server/info', path: '/sonolus/server/info', base: 'app' },
]

const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'serve.ts')], {
  stdio: ['pipe', 'pipe', 'inherit'],
})
const lines = createInterface({ input: child.stdout })
const [first] = (await once(lines, 'line')) as [string]
const bases = JSON.parse(first) as Record<Target['base'], string>

type Row = { name: string; rps: number; p50: number; p99: number; errors: number }
const rows: Row[] = []
for (const target of TARGETS) {
  const result = await autocannon({
    url: `${bases[target.base]}${target.path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
  })
  rows.push({
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  })
}
child.stdin.end()
await once(child, 'exit')

const bare = rows[0].rps
console.log(`\nbench:server — ${CONNECTIONS} connections, ${DURATION_S} s per target, loopback\n`)
console.log(
  'target'.padEnd(34) +
    'req/s'.padStart(10) +
    'p50 ms'.padStart(9) +
    'p99 ms'.padStart(9) +
    'vs bare'.padStart(9) +
    'errors'.padStart(8),
)
for (const row of rows) {
  console.log(
    row.name.padEnd(34) +
      row.rps.toFixed(0).padStart(10) +
      row.p50.toFixed(1).padStart(9) +
      row.p99.toFixed(1).padStart(9) +
      `${((row.rps / bare) * 100).toFixed(0)}%`.padStart(9) +
      String(row.errors).padStart(8),
  )
}
if (rows.some((row) => row.errors > 0)) process.exitCode = 1
