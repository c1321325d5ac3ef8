// npm run bench:follows: with 100k charts, a reader who follows 500 creators and has 5,000
// notifications, autocannon (32 connections, 10 s a target, loopback) on their notifications list and unread
// count; and the announcement of a new chart by a creator with 10k followers, off the request path.
// Targets: p99 ≤ 20 ms at 32 connections; the fan-out ≤ 2 s. Also (no target) a 500-chart playlist as the
// app and the site read it, and a page of playlists, with gzip as clients ask.
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
  playlist: string
  playerSession: string
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
console.log('target                                             req/s  p50 ms  p99 ms  errors    KB/req')
for (const [name, url, who] of [
  ['notifications, first page (20)', '/sonolus/user/notifications?page=0'],
  ['notifications, page 100', '/sonolus/user/notifications?page=100'],
  ['unread count (the bell)', '/sonolus/user/notifications/unread'],
  ['app: server info (post badge)', '/sonolus/info'],
  ['app: posts list (notifications)', '/sonolus/posts/list?kind=notifications&page=50'],
  // Playlists: a full one (500 charts) as the app and the site read it, and a list page; signed
  // in as their owner (built for them), as a visitor, and as a player who owns none (the response cache).
  ['app: playlist of 500 charts', `/sonolus/playlists/wbp-${ready.playlist}`],
  ['site: playlist page, 500 charts', `/sonolus/playlists/wbp-${ready.playlist}?view=site`],
  ['app: playlists list (20 a page)', '/sonolus/playlists/list?page=2'],
  ['visitor: playlist of 500 charts', `/sonolus/playlists/wbp-${ready.playlist}`, 'visitor'],
  ['visitor: playlists list', '/sonolus/playlists/list?page=2', 'visitor'],
  ['player (owns none): playlist of 500', `/sonolus/playlists/wbp-${ready.playlist}`, 'player'],
  ['player (owns none): playlists list', '/sonolus/playlists/list?page=2', 'player'],
] as [string, string, string?][]) {
  const result = await autocannon({
    url: `${ready.app}${url}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers:
      who === 'visitor'
        ? { 'accept-encoding': 'gzip' }
        : {
            authorization: who === 'player' ? ready.playerSession : ready.session,
            'accept-encoding': 'gzip',
          },
  })
  console.log(
    `${name.padEnd(48)} ${String(Math.round(result.requests.average)).padStart(7)} ${result.latency.p50
      .toFixed(1)
      .padStart(7)} ${result.latency.p99.toFixed(1).padStart(7)} ${String(
      result.errors + result.timeouts + result.non2xx,
    ).padStart(7)} ${(result.throughput.average / Math.max(1, result.requests.average) / 1024)
      .toFixed(1)
      .padStart(9)}`,
  )
}
console.log(
  `\nfan-out: a new chart by a creator with ${ready.fans} followers announced to ${ready.written} in ${ready.fanoutMs} ms (off the request path)`,
)
child.stdin!.end()
await once(child, 'exit')
console.log('done')
