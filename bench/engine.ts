// npm run bench:engine: our engine's budgets. Nodes per mode (play ≤ 10,000), the time to build the
// engine (≤ 5 s, from sources in a fresh process, and warm in this one), and the interpreter's CPU time to
// play a 2,000-note chart at 60 fps with the auto-player's perfect touches (≤ 3 s). Bounded runs; no server.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { convertSus } from '../common/chart/index.js'
import { NOTE_ARCHETYPES } from '../common/chart/levelData/types.js'
import { buildEngineData, buildEngineFiles } from '../engine/index.js'
import { runPlay } from '../engine/interpreter/play.js'
import { runPreview } from '../engine/interpreter/preview.js'
import { WatchRun } from '../engine/interpreter/watch.js'
import { autoplay } from '../engine/autoplay.js'
import { defaultOptions } from '../engine/sirius/configuration.js'
import { OPTION } from '../engine/sirius/constants.js'
import { generateSus } from '../test/fixtures/sus/generate.js'

const root = path.resolve(import.meta.dirname, '..')
const RUNS = 5
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const cpuMs = (work: () => void) => {
  const before = process.cpuUsage()
  const started = performance.now()
  work()
  const used = process.cpuUsage(before)
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - started }
}

// Nodes.
const data = buildEngineData()
const functions = new Set(data.playData.nodes.flatMap((node) => ('func' in node ? [node.func] : [])))
console.log('Nodes (play ≤ 10,000):')
for (const mode of ['playData', 'watchData', 'previewData', 'tutorialData'] as const)
  console.log(`  ${mode.padEnd(13)} ${String(data[mode].nodes.length).padStart(6)}`)
console.log(`  play data uses ${functions.size} functions`)

// Build time: a fresh process from the TypeScript sources (what `npm run build` does after compiling), and
// warm in this process.
const cold: number[] = []
for (let i = 0; i < 3; i++) {
  const started = performance.now()
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', "import('./engine/index.ts').then((engine) => engine.buildEngineFiles())"],
    { cwd: root, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error('the engine did not build')
  cold.push(performance.now() - started)
}
const warm: number[] = []
for (let i = 0; i < RUNS; i++) warm.push(cpuMs(() => buildEngineFiles(buildEngineData())).wall)
console.log(
  `Build (≤ 5 s): fresh process ${(median(cold) / 1000).toFixed(2)} s (median of 3); warm ${median(warm).toFixed(0)} ms`,
)

// The interpreter on a 2,000-note chart (the generator's size knob counts other things too: the smallest
// setting that gives 2,000 judged notes).
const chartOf = (size: number) => convertSus(generateSus(size, 20261127).text).levelData
const judged = (level: ReturnType<typeof chartOf>) =>
  level.entities.filter((entity) => NOTE_ARCHETYPES.has(entity.archetype)).length
let size = 1150
while (judged(chartOf(size)) < 2000) size++
const levelData = chartOf(size)
const notes = judged(levelData)
const touches = autoplay(levelData)
const options = defaultOptions()
const plays: { cpu: number; wall: number }[] = []
let frames = 0
let perfect = 0
for (let i = 0; i < RUNS; i++)
  plays.push(
    cpuMs(() => {
      const run = runPlay(
        { data: data.playData, level: levelData, options, speedOption: OPTION.speed },
        touches,
      )
      frames = run.frame + 1
      perfect = run.result().perfect
    }),
  )
console.log(
  `Play mode, ${notes} notes, ${frames} frames at 60 fps (≤ 3 s CPU): ` +
    `${(median(plays.map((run) => run.cpu)) / 1000).toFixed(2)} s CPU, ${(median(plays.map((run) => run.wall)) / 1000).toFixed(2)} s wall ` +
    `(median of ${RUNS}; ${perfect}/${notes} Perfect)`,
)
const watch = cpuMs(() => {
  const run = new WatchRun({ data: data.watchData, level: levelData, options, speedOption: OPTION.speed })
  for (let frame = 0; frame < frames; frame++) run.step(frame / 60)
})
console.log(`Watch mode, the same chart and frames: ${(watch.cpu / 1000).toFixed(2)} s CPU`)
const preview = cpuMs(() => runPreview({ data: data.previewData, level: levelData, options }))
console.log(`Preview mode, the same chart: ${preview.cpu.toFixed(0)} ms CPU`)
