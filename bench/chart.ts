// npm run bench:chart: median ms per conversion (SUS → gzipped level data) for each whole fixture in
// Node, and the time from level data to a finished SVG in Chromium (Playwright, performance marks).
// Targets (chart library issue): ≤ 10 ms median for the 1,000-note chart in Node; ≤ 100 ms to SVG for
// a 3,000-note chart in Chromium. Loopback only; bounded run counts.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from 'playwright-core'
import { convertSus, readLevelData } from '../common/chart/index.js'
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
// The web site as `npm start` would build it (scripts/build-lib.mjs), when it is older than its sources.
const built = spawnSync(
  process.execPath,
  ['-e', "import('./scripts/build-lib.mjs').then((b) => b.spaIsStale() && b.buildSpa())"],
  { cwd: root, stdio: 'inherit' },
)
if (built.status !== 0) throw new Error('the web site build failed')
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo
    probe.close(() => resolve(port))
  })
})
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-chart-'))
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
  },
})
try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break
    } catch {
      if (tries > 100) throw new Error('the server did not start')
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  console.log(`\nChromium, level data → finished SVG, median of ${BROWSER_RUNS} loads\n`)
  console.log('chart'.padEnd(18) + 'notes'.padStart(7) + 'ms'.padStart(9) + 'note shapes'.padStart(13))
  for (const name of ['generated 3000', 'chart-5000.sus']) {
    const { gz, notes } = levelData.get(name)!
    const times: number[] = []
    let shapes = 0
    for (let run = 0; run < BROWSER_RUNS; run++) {
      await page.goto(`http://127.0.0.1:${port}/chart/preview`)
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
  await browser.close()
} finally {
  server.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
