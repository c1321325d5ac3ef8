// The benchmark's server process: our real app (temporary SQLite + data folder, demo content) and a
// bare Fastify route, both on loopback, in one process so that they get the same core.
// Prints one JSON line {app, bare} with the two base URLs, then serves until stdin closes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { buildApp } from '../server/app.js'
import { loadConfig } from '../server/config.js'
import { openContext } from '../server/context.js'
import { seedDemo } from '../server/demo/seed.js'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-'))
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
})
const ctx = await openContext(config)
await seedDemo(ctx)
const app = await buildApp(ctx, { logger: false, serveSpa: false })
await app.listen({ host: '127.0.0.1', port: 0 })

const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ ok: true }))
await bare.listen({ host: '127.0.0.1', port: 0 })

const url = (server: { server: { address: () => unknown } }) => {
  const address = server.server.address() as { port: number }
  return `http://127.0.0.1:${address.port}`
}
process.stdout.write(`${JSON.stringify({ app: url(app), bare: url(bare) })}\n`)

const stop = async () => {
  await app.close()
  await bare.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.stdin.on('end', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
