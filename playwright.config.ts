import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/e2e/chromium'

// E2E: the real server (test/e2e/serve.ts: temporary SQLite database and data folder) driven in
// Debian's Chromium. No browser is downloaded.
const PORT = Number(process.env.E2E_PORT ?? 4173)

export default defineConfig({
  testDir: './test/e2e',
  workers: 1,
  timeout: 30_000,
  // A fresh page's first paint on a shared CI machine can take longer than Playwright's 5 s; each wait still
  // ends at its signal.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'debian-chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx test/e2e/serve.ts',
    env: { E2E_PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
