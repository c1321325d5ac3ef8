// npm run test:busy: the unit and E2E suites on a loaded machine, as CI's shared machines are. Two processes
// burn a core each for as long as the suites run (at most BUSY_MAX_MS, then they stop by themselves), so a
// test that waits on the scheduler or a tight clock fails here rather than on someone else's run.
// Arguments pass to the test command (`npm run test:busy -- unit` runs the unit suites alone).
import { spawn, spawnSync } from 'node:child_process'

const BURNERS = 2
const BUSY_MAX_MS = 45 * 60_000
const which = process.argv[2] ?? 'all'

const burn = `const end = Date.now() + ${BUSY_MAX_MS}; while (Date.now() < end) { for (let i = 0; i < 1e6; i++); }`
const burners = Array.from({ length: BURNERS }, () =>
  spawn(process.execPath, ['-e', burn], { stdio: 'ignore' }),
)
const stop = () => burners.forEach((burner) => burner.kill('SIGKILL'))
process.on('exit', stop)
process.on('SIGINT', () => process.exit(130))
process.on('SIGTERM', () => process.exit(143))

const run = (script, env = {}) =>
  spawnSync('npm', ['run', '-s', script], { stdio: 'inherit', env: { ...process.env, ...env } }).status
let failed = false
if (which === 'all' || which === 'unit') failed = run('test:unit') !== 0 || failed
if (which === 'all' || which === 'e2e') {
  failed = run('build:e2e', { VITE_PROXY_ORIGIN: 'http://localhost:4173' }) !== 0 || failed
  failed = run('test:e2e') !== 0 || failed
}
stop()
console.log(`test:busy (${which}, ${BURNERS} busy cores): ${failed ? 'FAILED' : 'passed'}`)
process.exit(failed ? 1 : 0)
