// npm test: lint, typecheck, build the SPA, Vitest (client, server, common), Playwright (real server,
// Debian Chromium), and the image check (scripts/image.sh). Every step runs even when an earlier one
// fails, so one run shows everything; the exit code is non-zero if any step failed. Step outcomes go to test-results/steps.json for the summary.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

const steps = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  // The E2E build has a "China proxy" on another origin of the same test server (localhost against
  // 127.0.0.1), so switching servers visibly switches every base URL. It goes to dist-e2e/, never dist/.
  { name: 'build', script: 'build:e2e', env: { VITE_PROXY_ORIGIN: 'http://localhost:4173' } },
  { name: 'unit', script: 'test:unit' },
  { name: 'e2e', script: 'test:e2e', needs: 'build' },
  // The container image's steps on the host: build, production dependencies only, serve, probe.
  { name: 'image', script: 'test:image' },
]

fs.rmSync('test-results', { recursive: true, force: true })
fs.mkdirSync('test-results', { recursive: true })

const outcomes = {}
for (const step of steps) {
  if (step.needs && outcomes[step.needs] !== 'passed') {
    console.log(`\n::: ${step.name}: skipped, because ${step.needs} failed`)
    outcomes[step.name] = 'failed'
    continue
  }
  const started = Date.now()
  console.log(`\n::: ${step.name}`)
  const result = spawnSync('npm', ['run', '-s', step.script], {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  })
  outcomes[step.name] = result.status === 0 ? 'passed' : 'failed'
  console.log(`::: ${step.name}: ${outcomes[step.name]} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
fs.writeFileSync('test-results/steps.json', JSON.stringify(outcomes, null, 2))

const summary = spawnSync(process.execPath, ['.ci/summary.mjs'], { stdio: 'inherit' })
const failed = Object.values(outcomes).includes('failed') || summary.status !== 0
process.exit(failed ? 1 : 0)
