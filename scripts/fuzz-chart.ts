// npm run fuzz:chart [-- cases]: random bytes and mutated charts through the converters (100k by default).
// Every case must end in a conversion or a ChartError; a crash prints its seed and fails the run.
import { runFuzzCase } from '../test/common/chart/fuzzCases.js'

const cases = Number(process.argv[2] ?? 100_000)
const started = performance.now()
const outcomes = { converted: 0, chart_error: 0 }
let slowest = { seed: 0, ms: 0 }
for (let seed = 1; seed <= cases; seed++) {
  const t = performance.now()
  outcomes[runFuzzCase(seed)]++
  const ms = performance.now() - t
  if (ms > slowest.ms) slowest = { seed, ms }
}
const seconds = (performance.now() - started) / 1000
console.log(
  `fuzz:chart ${cases} cases in ${seconds.toFixed(1)} s: ${outcomes.converted} converted, ${outcomes.chart_error} typed errors, 0 crashes; slowest case ${slowest.ms.toFixed(1)} ms (seed ${slowest.seed})`,
)
