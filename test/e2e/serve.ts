// Starts the real server for the browser tests on a temporary data folder (SQLite + local blobs),
// with the demo content, and removes the folder when Playwright stops it.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { testPublicKeyEnv } from '../fixtures/keys/sign.js'
import { MODERATION_PEOPLE, seedE2e } from './seed.js'

const root = path.resolve(import.meta.dirname, '../..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-e2e-'))
const port = process.env.E2E_PORT ?? '4173'

const masterDataDir = path.join(dataDir, 'master-data')
await seedE2e(dataDir, masterDataDir)

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // npm test builds the SPA into dist-e2e first (npm run build:e2e); E2E runs against that build.
    SKIP_SPA_BUILD: '1',
    STATIC_ROOT: path.join(root, 'dist-e2e'),
    // The E2E build's "China proxy" is http://localhost:{port}: the same server on another origin.
    CORS_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
    // Seeded above (demo content, filler charts, the XSS probe).
    SEED_DEMO: '0',
    // Every JSON answer the browser gets is checked against its route's response schema.
    CHECK_RESPONSES: '1',
    MASTER_DATA_DIR: masterDataDir,
    // The dev app-login tool signs with the committed test key, as the app would with the real one.
    SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
    LOG_LEVEL: 'warn',
    // Every test's users log in from this one address, more than the default 10 a minute (a real site sees
    // that behind a school's or a dorm's NAT).
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    // The moderation journey's moderator (seed.ts MODERATION_PEOPLE).
    ADMIN_HANDLES: MODERATION_PEOPLE.moderator.handle,
  },
})

const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true })
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => {
  cleanup()
  process.exit(code ?? 0)
})
