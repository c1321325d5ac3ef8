// Starts the server: configuration, database, demo content, listen, graceful shutdown. `npm start`
// (scripts/run.mjs) builds what is stale first and runs the compiled copy of this file.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError, loadConfig } from './config.js'
import { buildApp } from './app.js'
import { openContext } from './context.js'
import { seedDemo } from './demo/seed.js'
import { encodeOldDemoReplays } from './demo/upgrade.js'
import { startMetricsServer } from './observability/metricsServer.js'

/** The checkout this server runs from: its sources (server/) or its build (build/server/) both sit under
 *  the folder that holds package.json. */
const projectRoot = ((): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  return dir
})()

const fail = (line: string): never => {
  process.stderr.write(`${line}\n`)
  process.exit(1)
}

const main = async (): Promise<void> => {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`)
    throw error
  }

  let poolErrorLog: (error: Error) => void = (error) =>
    process.stderr.write(`PostgreSQL connection error: ${error.message}\n`)
  const ctx = await openContext(config, {
    gitCwd: projectRoot,
    onPoolError: (error) => poolErrorLog(error),
  }).catch((error: Error) => fail(`Start-up error: ${error.message}`))
  const app = await buildApp(ctx)
  poolErrorLog = (error) =>
    app.log.warn({ err: error }, 'an idle PostgreSQL connection failed; it will be replaced')

  if (config.seedDemo) {
    const seeded = await seedDemo(ctx)
    if (seeded) app.log.info({ charts: seeded.charts }, 'seeded the demo charts (SEED_DEMO=0 turns this off)')
  }
  const encoded = await encodeOldDemoReplays(ctx)
  if (encoded)
    app.log.info({ records: encoded }, 'wrote the demo replays delta encoded, as the replay specs say')

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error while shutting down')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    fail(
      `Start-up error: cannot listen on ${config.host}:${config.port} (PORT/HOST): ${(error as Error).message}`,
    )
  }
  if (config.metrics) {
    const metricsConfig = config.metrics
    const metrics = await startMetricsServer(metricsConfig, ctx.metrics, (error) =>
      app.log.error({ err: error }, 'a metrics scrape failed'),
    ).catch((error: Error) =>
      fail(
        `Start-up error: cannot listen on ${metricsConfig.host}:${metricsConfig.port} (METRICS_PORT/METRICS_HOST): ${error.message}`,
      ),
    )
    app.log.info(
      { port: metrics.port, host: metricsConfig.host, token: metricsConfig.token !== undefined },
      'metrics are served at /metrics on their own port',
    )
  }
  if (!ctx.packs.configuredEngineInstalled) {
    app.log.warn(
      { engine: config.engineName, using: ctx.packs.engineName },
      'ENGINE_NAME names an engine that is not installed: levels use the built-in engine. Import it with: npm run import-pack -- <file.scp | pack folder>',
    )
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  app.log.info(
    { port, publicUrl: config.publicUrl, database: config.database.kind, storage: ctx.blobStore.kind },
    `Sirius Charts is serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
  )
}

main().catch((error: unknown) =>
  fail(`Start-up error: ${error instanceof Error ? error.message : String(error)}`),
)
