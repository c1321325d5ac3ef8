// The benchmark's server process: our real app as `npm start` runs it, the compiled server (build/server/,
// no TypeScript loader in the process: it would add its own memory to the RSS measured), on data seeded by
// bench/seedData.ts (BENCH_SEEDED: its JSON line), and a bare Fastify route, both on loopback, in one process
// so that they get the same core. The environment is the bench's config (bench/seed.ts benchEnv).
// Prints one JSON line {app, bare, pid} once ready; 'memory' on stdin prints the heap's figures; it serves
// until stdin closes.
import Fastify from 'fastify'
import { createInterface } from 'node:readline'
import { buildApp } from '../build/server/app.js'
import { loadConfig } from '../build/server/config.js'
import { openContext } from '../build/server/context.js'

const pgSchema = process.env.BENCH_PG_SCHEMA
const ctx = await openContext(loadConfig(process.env), pgSchema ? { pgSchema } : {})
const app = await buildApp(ctx, { logger: false, serveSpa: false })
await app.listen({ host: '127.0.0.1', port: 0 })

const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ ok: true }))
await bare.listen({ host: '127.0.0.1', port: 0 })

const url = (server) => `http://127.0.0.1:${server.server.address().port}`
process.stdout.write(`${JSON.stringify({ app: url(app), bare: url(bare), pid: process.pid })}\n`)
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'memory') return
  const usage = process.memoryUsage()
  const mb = (bytes) => Math.round(bytes / 1024 / 1024)
  process.stdout.write(
    `${JSON.stringify({ heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external), arrayBuffers: mb(usage.arrayBuffers), responseCache: mb(ctx.cache.bytes), responseEntries: ctx.cache.size })}\n`,
  )
})

const stop = async () => {
  await app.close()
  await bare.close()
  process.exit(0)
}
process.stdin.on('end', () => void stop())
process.on('SIGTERM', () => void stop())
