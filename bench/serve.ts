// The benchmark's server process: our real app (temporary SQLite + data folder, BENCH_CHARTS charts seeded by
// bench/seedData.ts in a process of its own) and a bare Fastify route, both on loopback, in one process so
// that they get the same core.
// Prints one JSON line {app, bare, level, word} once ready, then serves until stdin closes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import Fastify from 'fastify'
import { createInterface } from 'node:readline'
import { buildApp } from '../server/app.js'
import { openContext } from '../server/context.js'
import { benchConfig, countersOff } from './seed.js'

// BENCH_DATA_DIR and BENCH_SEEDED (the seed's JSON line): data seeded already (bench/twoInstances.ts seeds
// once for two servers); else a new folder, seeded here.
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-'))
const seedLine = () => {
  const seeding = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'seedData.ts')],
    {
      env: { ...process.env, BENCH_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  if (seeding.status !== 0) throw new Error(`the seed failed (${seeding.status})`)
  return seeding.stdout.toString('utf8').trim().split('\n').at(-1)!
}
const seeded = JSON.parse(process.env.BENCH_SEEDED ?? seedLine()) as {
  level: string
  word: string
  sessions: string[]
  ownerSession: string
  mixed: string[]
  trendingMs: number[]
}
const { level, sessions, ownerSession, mixed, trendingMs } = seeded
const pgSchema = process.env.BENCH_PG_SCHEMA
const ctx = await openContext(benchConfig(dataDir), pgSchema ? { pgSchema } : {})
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
  if (line.trim() === 'memory') {
    const usage = process.memoryUsage()
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
    process.stdout.write(
      `${JSON.stringify({ heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external), arrayBuffers: mb(usage.arrayBuffers), responseCache: mb(ctx.cache.bytes), responseEntries: ctx.cache.size })}\n`,
    )
  }
  if (line.trim() === 'check')
    void countersOff(ctx, mixed).then((off) => process.stdout.write(`${JSON.stringify({ off })}\n`))
})

const stop = async () => {
  await app.close()
  await bare.close()
  if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
const stopNow = () => void stop()
process.stdin.on('end', stopNow)
process.on('SIGTERM', stopNow)
