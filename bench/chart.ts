// npm run bench:chart: median ms per conversion (SUS → gzipped level data) for each whole fixture in
// Node, and the time from level data to a finished SVG in Chromium (Playwright, performance marks).
// Targets: ≤ 10 ms median for the 1,000-note chart in Node; ≤ 100 ms to SVG for a 3,000-note chart in
// Chromium; ≤ 200 ms to draw the worst chart the server accepts. Loopback only; bounded run counts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from 'playwright-core'
import { buildSite, startSite } from './site.js'
import { convertSus, convertTxt, readLevelData } from '../common/chart/index.js'
import { CHART_LIMITS } from '../common/rules.js'
import { generateSus } from '../test/fixtures/sus/generate.js'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium.js'

const root = path.resolve(import.meta.dirname, '..')
const fixtures = path.join(root, 'test', 'fixtures', 'sus')
const NODE_RUNS = 31
const BROWSER_RUNS = 7

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const timeRuns = (runs: number, work: () => void) => {
  for (let i = 0; i < 5; i++) work()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    work()
    times.push(performance.now() - started)
  }
  return median(times)
}
const nativeGzip = (json: string) => zlib.gzipSync(json, { level: 9 })

/** TXT rows → gzipped level data, as long as level data may be (CHART_LIMITS.beats, in seconds here). */
const worstLevelData = (name: string, rows: string[]) => {
  const conversion = convertTxt(rows.join('\n'), { limits: { seconds: CHART_LIMITS.beats } })
  const read = readLevelData(conversion.gzipped, { strict: true })
  return {
    name,
    gz: conversion.gzipped,
    entities: read.entities.length,
    columns: Math.ceil(read.maxBeat / 2),
  }
}
/** Scrolls the player to its far end and resolves with the ms until the frame after the last tile is in. */
const SCROLL_TO_END = `new Promise((resolve) => {
  const scroller = document.querySelector('.chart-player-scroll')
  const columns = Number(document.querySelector('.chart-preview').dataset.columns)
  const started = performance.now()
  scroller.scrollLeft = scroller.scrollWidth
  const wait = () => {
    const tiles = [...document.querySelectorAll('.preview-tile')].map((tile) => Number(tile.dataset.tile))
    if (Math.max(...tiles) === Math.ceil(columns / 4) - 1)
      requestAnimationFrame(() => resolve(performance.now() - started))
    else requestAnimationFrame(wait)
  }
  requestAnimationFrame(wait)
})`
/** Records the page's long tasks (over 50 ms) from here on. */
const WATCH_LONG_TASKS = `new PerformanceObserver((list) => {
  window.__longTasks = [...(window.__longTasks ?? []), ...list.getEntries()]
}).observe({ type: 'longtask' })`
/** The longest stretch of a task on the page's thread after the player had the level data in hand (the
 *  tool page's own reading of the file, for its tabs, comes before), or 0 when none took over 50 ms. */
const LONGEST_TASK_SINCE_DATA = `new Promise((resolve) => setTimeout(() => {
  const since = performance.getEntriesByName('preview:data')[0].startTime
  const tasks = (window.__longTasks ?? []).filter((task) => task.startTime + task.duration >= since)
  resolve(Math.max(0, ...tasks.map((task) => task.startTime + task.duration - Math.max(since, task.startTime))))
}, 100))`
const worstCharts = () => {
  const end = CHART_LIMITS.beats - 1
  // Longest: the last beat the limit allows, holds that all run to the end, split lines across the whole
  // chart, and taps spread over it.
  const long: string[] = []
  for (let i = 0; i < 8_000; i++) {
    const start = (i * end) / 8_000
    const lane = 1 + (i % 12)
    long.push(
      `${start.toFixed(4)},-1,80,${lane},1,0,0`,
      `${start.toFixed(4)},${(end - i * 0.0001).toFixed(4)},100,${lane},1,0,0`,
    )
  }
  for (let i = 0; i < 500; i++) long.push(`${((i * end) / 500).toFixed(4)},${end},0,-1,0,16,${i}`)
  for (let i = 0; i < 13_500; i++)
    long.push(`${((i * end) / 13_500 + 0.3).toFixed(4)},-1,10,${1 + (i % 12)},1,0,0`)
  // Densest: every note in the first column, each at its own time (a sync line each, as every tap has).
  const dense: string[] = []
  for (let i = 0; i < 29_900; i++)
    dense.push(`${((i * 1.99) / 29_900).toFixed(6)},-1,${i % 2 ? 10 : 20},${1 + (i % 12)},1,0,0`)
  return [worstLevelData('longest (20,000 beats)', long), worstLevelData('densest (one column)', dense)]
}

const charts = [
  ...[50, 1000, 5000].map((notes) => ({
    name: `chart-${notes}.sus`,
    text: fs.readFileSync(path.join(fixtures, `chart-${notes}.sus`), 'utf8'),
  })),
  { name: 'generated 3000', text: generateSus(Math.round(3000 / 1.7), 3000).text },
]

console.log(`\nbench:chart — Node ${process.version}, median of ${NODE_RUNS} runs\n`)
console.log(
  'chart'.padEnd(18) +
    'notes'.padStart(7) +
    'entities'.padStart(10) +
    'pako gz9 ms'.padStart(13) +
    'zlib gz9 ms'.padStart(13) +
    'no gzip ms'.padStart(12),
)
const levelData = new Map<string, { gz: Uint8Array; notes: number }>()
for (const chart of charts) {
  const result = convertSus(chart.text)
  const notes = readLevelData(result.gzipped).noteCount
  levelData.set(chart.name, { gz: result.gzipped, notes })
  const pako = timeRuns(NODE_RUNS, () => convertSus(chart.text))
  const native = timeRuns(NODE_RUNS, () => convertSus(chart.text, { gzip: nativeGzip }))
  const bare = timeRuns(NODE_RUNS, () => convertSus(chart.text, { gzip: () => new Uint8Array() }))
  console.log(
    chart.name.padEnd(18) +
      String(notes).padStart(7) +
      String(result.levelData.entities.length).padStart(10) +
      pako.toFixed(2).padStart(13) +
      native.toFixed(2).padStart(13) +
      bare.toFixed(2).padStart(12),
  )
}

// Chromium: the real server with the built site; the tool page's level-data button feeds the player.
buildSite()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-chart-'))
const site = await startSite(dataDir)
try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  console.log(`\nChromium, level data → finished SVG, median of ${BROWSER_RUNS} loads\n`)
  console.log('chart'.padEnd(18) + 'notes'.padStart(7) + 'ms'.padStart(9) + 'drawn notes'.padStart(13))
  for (const name of ['generated 3000', 'chart-5000.sus']) {
    const { gz, notes } = levelData.get(name)!
    const times: number[] = []
    let shapes = 0
    for (let run = 0; run < BROWSER_RUNS; run++) {
      await page.goto(`${site.base}/chart/preview`)
      await page
        .getByTestId('file-data')
        .setInputFiles({ name: 'level.data', mimeType: 'application/gzip', buffer: Buffer.from(gz) })
      await page.waitForFunction(
        () => performance.getEntriesByName('preview:data-to-svg').length > 0,
        undefined,
        { timeout: 30_000 },
      )
      times.push(await page.evaluate(() => performance.getEntriesByName('preview:data-to-svg')[0].duration))
      shapes = await page.locator('svg .note-shape').count()
    }
    console.log(
      name.padEnd(18) +
        String(notes).padStart(7) +
        median(times).toFixed(1).padStart(9) +
        String(shapes).padStart(13),
    )
  }

  // The worst charts the server accepts (CHART_LIMITS): what a visitor's browser must draw for them.
  console.log(
    `\nChromium, worst accepted charts: level data → first paint, then a jump to the end → paint (medians of ${BROWSER_RUNS});\nthe longest task on the page's thread once the player has the data (max)\n`,
  )
  console.log(
    'chart'.padEnd(24) +
      'entities'.padStart(10) +
      'columns'.padStart(9) +
      'first ms'.padStart(10) +
      'end ms'.padStart(9) +
      'longest task'.padStart(14) +
      'elements'.padStart(10),
  )
  for (const worst of worstCharts()) {
    const firsts: number[] = []
    const ends: number[] = []
    const blocked: number[] = []
    let elements = 0
    for (let run = 0; run < BROWSER_RUNS; run++) {
      await page.goto(`${site.base}/chart/preview`)
      await page.evaluate(WATCH_LONG_TASKS)
      await page
        .getByTestId('file-data')
        .setInputFiles({ name: 'level.data', mimeType: 'application/gzip', buffer: Buffer.from(worst.gz) })
      await page.waitForFunction(
        () => performance.getEntriesByName('preview:data-to-svg').length > 0,
        undefined,
        { timeout: 60_000 },
      )
      firsts.push(await page.evaluate(() => performance.getEntriesByName('preview:data-to-svg')[0].duration))
      blocked.push(await page.evaluate<number>(LONGEST_TASK_SINCE_DATA))
      // Scroll to the far end and time until the frame after the tiles there are in the document.
      // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
      ends.push(await page.evaluate<number>(SCROLL_TO_END))
      elements = Math.max(elements, await page.locator('.chart-preview *').count())
    }
    console.log(
      worst.name.padEnd(24) +
        String(worst.entities).padStart(10) +
        String(worst.columns).padStart(9) +
        median(firsts).toFixed(1).padStart(10) +
        median(ends).toFixed(1).padStart(9) +
        Math.max(...blocked)
          .toFixed(0)
          .padStart(14) +
        String(elements).padStart(10),
    )
  }
  await browser.close()
} finally {
  await site.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
