// npm test: lint, typecheck, build the SPA, Vitest (client, server, common), Playwright (real server,
// Debian Chromium), and the image check (scripts/image.sh). Every step runs even when an earlier one
// fails, so one run shows everything; the exit code is non-zero if any step failed. Step outcomes go to
// test-results/steps.json for the summary.
import { spawn } from 'node:child_process'
import fs from 'node:fs'

// Steps in one stage run side by side: lint, typecheck and the build each keep one core busy and wait on
// nothing, so together they take about as long as the longest. The test stages run alone: their waits
// are on servers and browsers that share the same cores.
const stages = [
  [
    { name: 'lint', script: 'lint' },
    { name: 'typecheck', script: 'typecheck' },
    // The E2E build has a "China proxy" on another origin of the same test server (localhost against
    // 127.0.0.1), so switching servers visibly switches every base URL. It goes to dist-e2e/, never dist/.
    { name: 'build', script: 'build:e2e', env: { VITE_PROXY_ORIGIN: 'http://localhost:4173' } },
  ],
  [{ name: 'unit', script: 'test:unit' }],
  [{ name: 'e2e', script: 'test:e2e', needs: 'build' }],
  // The container image's steps on the host: build, production dependencies only, serve, probe.
  [{ name: 'image', script: 'test:image' }],
]

fs.rmSync('test-results', { recursive: true, force: true })
fs.mkdirSync('test-results', { recursive: true })

/** Runs one step. Alone, its output goes straight through; beside others, it is held and printed whole
 *  when the step ends, so that steps' lines do not interleave. */
const run = (step, alone) =>
  new Promise((resolve) => {
    const started = Date.now()
    if (alone) console.log(`\n::: ${step.name}`)
    const child = spawn('npm', ['run', '-s', step.script], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    })
    const held = []
    let ended = false
    child.stdout?.on('data', (chunk) => held.push(chunk))
    child.stderr?.on('data', (chunk) => held.push(chunk))
    const finish = (status) => {
      if (ended) return
      ended = true
      const outcome = status === 0 ? 'passed' : 'failed'
      if (!alone) {
        console.log(`\n::: ${step.name}`)
        process.stdout.write(Buffer.concat(held))
      }
      console.log(`::: ${step.name}: ${outcome} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      resolve(outcome)
    }
    child.on('error', () => finish(1))
    child.on('close', finish)
  })

const outcomes = {}
for (const stage of stages) {
  const runnable = stage.filter((step) => {
    if (!step.needs || outcomes[step.needs] === 'passed') return true
    console.log(`\n::: ${step.name}: skipped, because ${step.needs} failed`)
    outcomes[step.name] = 'failed'
    return false
  })
  const results = await Promise.all(runnable.map((step) => run(step, runnable.length === 1)))
  runnable.forEach((step, i) => (outcomes[step.name] = results[i]))
}
fs.writeFileSync('test-results/steps.json', JSON.stringify(outcomes, null, 2))

const summary = await new Promise((resolve) =>
  spawn(process.execPath, ['.ci/summary.mjs'], { stdio: 'inherit' }).on('close', resolve),
)
process.exit(Object.values(outcomes).includes('failed') || summary !== 0 ? 1 : 0)
