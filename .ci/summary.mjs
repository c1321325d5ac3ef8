// Prints the one closing line CI reads: "N passed, N failed, N skipped", from the runners' JSON
// reports. A failed lint, typecheck, build or image step (or any other step CI records) counts as one
// failure; a missing report too.
import fs from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0

const steps = fs.existsSync('test-results/steps.json')
  ? JSON.parse(fs.readFileSync('test-results/steps.json', 'utf8'))
  : {}
// Every step but the two whose reports are counted below (CI adds the image check on the machine's Node).
for (const step of Object.keys(steps).filter((name) => name !== 'unit' && name !== 'e2e')) {
  if (steps[step] === 'failed') {
    console.log(`step failed: ${step}`)
    failed++
  }
}

for (const [step, file] of [
  ['unit', 'test-results/unit.json'],
  ['e2e', 'test-results/e2e.json'],
]) {
  const before = failed
  if (!fs.existsSync(file)) {
    console.log(`missing report ${file}`)
    failed++
    continue
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
    // A suite that failed to load has no tests but is still a failure.
    failed += (report.testResults ?? []).filter(
      (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
    ).length
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    failed += report.stats.unexpected
    skipped += report.stats.skipped
    failed += (report.errors ?? []).length
  } else {
    console.log(`unreadable report ${file}`)
    failed++
  }
  // A step that failed with no failing test in its report (a suite's setup failed and its tests were
  // skipped, the runner itself stopped) is still one failure.
  if (steps[step] === 'failed' && failed === before) {
    console.log(`step failed: ${step}, with no failing test in its report`)
    failed++
  }
}

if (passed + failed === 0) {
  console.log('no test ran')
  failed = 1
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed ? 1 : 0)
