// The follows benchmark's server process: our real app on a temporary SQLite database and data
// folder with 100k charts (BENCH_CHARTS); a reader who follows 500 creators and has a history of
// notifications; a creator with 10k followers whose new chart's announcement is timed here. Prints one
// JSON line once ready, then serves on loopback until stdin closes.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { buildApp } from '../server/app.js'
import { openContext } from '../server/context.js'
import { benchConfig, seedCharts, seedSessions } from './seed.js'

const charts = Number(process.env.BENCH_CHARTS ?? 100_000)
const FOLLOWED = 500
const FANS = 10_000
/** The reader's history: a notification from each followed creator's charts, ten each. */
const HISTORY = FOLLOWED * 10

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-follows-'))
const config = benchConfig(dataDir)
const ctx = await openContext(config)
const seeded = await seedCharts(ctx, charts)
const db = ctx.db.db
const now = Date.now()
const user = (id: string, n: number, name: string) => ({
  id,
  handle: String(700000 + n),
  name,
  profile: '{}',
  createdTime: now,
  updatedTime: now,
})
const inBatches = async <T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += 500) await write(rows.slice(i, i + 500))
}

// The reader, the 500 creators they follow, and the reader's notifications (one in ten unread).
await db
  .insertInto('users')
  .values(user('reader', 0, 'Reader'))
  .execute()
const creators = Array.from({ length: FOLLOWED }, (_, n) => user(`followed-${n}`, 1 + n, `Followed ${n}`))
await inBatches(creators, (chunk) => db.insertInto('users').values(chunk).execute())
await inBatches(
  creators.map((creator) => ({ followerId: 'reader', followeeId: creator.id, createdTime: now })),
  (chunk) => db.insertInto('follows').values(chunk).execute(),
)
await inBatches(
  Array.from({ length: HISTORY }, (_, n) => ({
    id: randomBytes(16).toString('hex'),
    userId: 'reader',
    kind: 'chart',
    actor: `Followed ${n % FOLLOWED}#${700001 + (n % FOLLOWED)}`,
    chartId: seeded.ids[n % seeded.ids.length],
    label: `Chart ${n}`,
    commentId: null,
    logId: null,
    createdTime: now - (HISTORY - n) * 60_000,
    readTime: n % 10 === 0 ? null : now,
  })),
  (chunk) => db.insertInto('notifications').values(chunk).execute(),
)
// The creator with 10k followers.
await db
  .insertInto('users')
  .values(user('star', 1000, 'Star'))
  .execute()
const fans = Array.from({ length: FANS }, (_, n) => user(`fan-${n}`, 2000 + n, `Fan ${n}`))
await inBatches(fans, (chunk) => db.insertInto('users').values(chunk).execute())
await inBatches(
  fans.map((fan) => ({ followerId: fan.id, followeeId: 'star', createdTime: now })),
  (chunk) => db.insertInto('follows').values(chunk).execute(),
)
// Playlists: the reader's public playlist of 500 charts, and 200 more of 20 charts each by
// the followed creators, so that a list page is full.
const publicIds = (
  await db
    .selectFrom('charts')
    .select('id')
    .where('isPublic', '=', 1)
    .where('hidden', '=', 0)
    .orderBy('id')
    .limit(4_500)
    .execute()
).map((row) => row.id)
const playlistOf = (id: string, ownerId: string, owner: string, chartIds: string[], n: number) => ({
  playlist: {
    id,
    ownerId,
    owner,
    title: `Bench playlist ${n}`,
    description: 'Charts for the benchmark',
    isPublic: 1,
    chartCount: chartIds.length,
    createdTime: now - n,
    updatedTime: now - n,
  },
  charts: chartIds.map((chartId, i) => ({ playlistId: id, chartId, position: i + 1, addedTime: now })),
})
const playlists = [
  playlistOf('f'.repeat(32), 'reader', 'Reader#700000', publicIds.slice(0, 500), 0),
  ...Array.from({ length: 200 }, (_, n) =>
    playlistOf(
      (n + 1).toString(16).padStart(32, '0'),
      `followed-${n}`,
      `Followed ${n}#${700001 + n}`,
      publicIds.slice(500 + n * 20, 520 + n * 20),
      n + 1,
    ),
  ),
]
await inBatches(
  playlists.map((entry) => entry.playlist),
  (chunk) => db.insertInto('playlists').values(chunk).execute(),
)
await inBatches(
  playlists.flatMap((entry) => entry.charts),
  (chunk) => db.insertInto('playlistCharts').values(chunk).execute(),
)

// Another player, signed in, who owns no playlist: served what visitors are.
await db
  .insertInto('users')
  .values(user('player', 999, 'Player'))
  .execute()
// Web sessions (their secrets: the Authorization header) of the reader and the player.
const [secret, playerSecret] = await seedSessions(ctx, ['reader', 'player'])
const sqlite = new Sqlite(path.join(dataDir, 'sirius.db'))
sqlite.pragma('wal_checkpoint(TRUNCATE)')
sqlite.close()

const app = await buildApp(ctx, { logger: false, serveSpa: false })
await app.listen({ host: '127.0.0.1', port: 0 })

// The star publishes: the announcement is queued and the background work kicked, as a create does; timed
// until the last of the 10k notifications is written (off the request path).
const chartId = seeded.ids[0]
await db
  .updateTable('charts')
  .set({ authorId: 'star', author: 'Star#701000', announced: 0, isPublic: 1, hidden: 0 })
  .where('id', '=', chartId)
  .execute()
const countFans = async () =>
  Number(
    (
      await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chartId', '=', chartId)
        .where('kind', '=', 'chart')
        .where('userId', 'like', 'fan-%')
        .executeTakeFirstOrThrow()
    ).n,
  )
const started = performance.now()
await ctx.repos.follows.queueFanout(chartId, Date.now())
ctx.media.kick()
let written = 0
for (let waited = 0; waited < 60_000 && (written = await countFans()) < FANS; waited += 10)
  await new Promise((resolve) => setTimeout(resolve, 10))
const fanoutMs = Math.round(performance.now() - started)

const address = app.server.address() as { port: number }
process.stdout.write(
  `${JSON.stringify({ app: `http://127.0.0.1:${address.port}`, session: secret, pid: process.pid, fanoutMs, written, history: HISTORY, followed: FOLLOWED, fans: FANS, playlist: playlists[0].playlist.id, playerSession: playerSecret })}\n`,
)
process.stdin.resume()
process.stdin.on('end', () => {
  void app.close().then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
})
