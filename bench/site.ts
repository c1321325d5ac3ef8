// The browser benches' server: the web site built as `npm start` would build it (when it is older than its
// sources), and the real server from its sources on a data folder, on a free loopback port.
import { spawn, spawnSync } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

export const buildSite = (): void => {
  const built = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/build-lib.mjs').then((b) => b.spaIsStale() && b.buildSpa())"],
    { cwd: root, stdio: 'inherit' },
  )
  if (built.status !== 0) throw new Error('the web site build failed')
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

/** Starts the server on `dataDir` (no demo seeding unless `env` asks: a bench seeds what it needs) and
 *  waits until it answers. `stop` ends it. */
export const startSite = async (
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ base: string; stop: () => Promise<void> }> => {
  const port = await freePort()
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_SPA_BUILD: '1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
  const exited = new Promise((resolve) => server.once('exit', resolve))
  const stop = async () => {
    server.kill('SIGTERM')
    await exited
  }
  const base = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop }
    } catch {
      if (tries > 100) {
        await stop()
        throw new Error('the server did not start')
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
