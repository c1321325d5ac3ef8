// npm run bench:follows (issue 19): with 100k charts, a reader who follows 500 creators and has 5,000
// notifications, autocannon (32 connections, 10 s a target, loopback) on their notifications list and unread
// count; and the announcement of a new chart by a creator with 10k followers, off the request path.
// Targets: p99 ≤ 20 ms at 32 connections; the fan-out ≤ 2 s.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)

type Ready = {
  app: string
  session: string
  pid: number
  fanoutMs: number
  written: number
  history: number
  followed: number
  fans: number
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'followsServe.ts')],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  },
)
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string]
const ready = JSON.parse(line) as Ready

console.log(`bench:follows — ${CONNECTIONS} connections, ${DURATION_S} s per target, loopback`)
console.log(
  `a reader following ${ready.followed} creators with ${ready.history} notifications; 100k charts\n`,
)
console.log('target                                             req/s  p50 ms  p99 ms  errors')
for (const [name, url] of [
  ['notifications, first page (20)', '/sonolus/user/notifications?page=0'],
  ['notifications, page 100', '/sonolus/user/notifications?page=100'],
  ['unread count (the bell)', '/sonolus/user/notifications/unread'],
  ['app: server info (post badge)', '/sonolus/info'],
  ['app: posts list (notifications)', '/sonolus/posts/list?kind=notifications&page=50'],
] as const) {
  const result = await autocannon({
    url: `${ready.app}${url}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: ready.session, 'accept-encoding': 'gzip' },
  })
  console.log(
    `${name.padEnd(48)} ${String(Math.round(result.requests.average)).padStart(7)} ${result.latency.p50
      .toFixed(1)
      .padStart(7)} ${result.latency.p99.toFixed(1).padStart(7)} ${String(
      result.errors + result.timeouts + result.non2xx,
    ).padStart(7)}`,
  )
}
console.log(
  `\nfan-out: a new chart by a creator with ${ready.fans} followers announced to ${ready.written} in ${ready.fanoutMs} ms (off the request path)`,
)
child.stdin!.end()
await once(child, 'exit')
console.log('done')
