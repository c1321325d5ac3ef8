// npm run bench:web: the web site as `npm start` builds it, served by our real server (temporary data folder,
// demo content, loopback), opened in Debian's Chromium with an empty cache each time.
//
// Two tables:
// - loopback: for each route, the scripts loaded before the network is idle and the Largest Contentful Paint;
// - a phone on a slow network: Chromium's CPU slowed 4× and a slow 4G link (1.6 Mbit/s down, 750 kbit/s up,
//   150 ms round trip). For a first visit to the chart list and to a chart's info it reports the bytes sent
//   over the wire (all of them, headers included) and the scripts and style sheets alone (their compressed
//   bodies, as the server sent them), First Contentful Paint and Largest Contentful Paint.
// Medians of several cold loads. Targets: the list route's scripts and style sheets ≤ 350 kB compressed, and
// its LCP ≤ 2.5 s on the slow profile.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, type Page, chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium.js'
import { buildSite, startSite } from './site.js'

const LOOPBACK_ROUTES = (process.env.BENCH_ROUTES ?? '/chart/list,/home,/chart/preview').split(',')
const LOOPBACK_RUNS = 5
const SLOW_RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 3)
/** Slow 4G as the issue names it; throughput in bytes a second. */
const SLOW_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1000) / 8,
}
const CPU_SLOWDOWN = 4
const TARGET = { listKb: 350, lcpMs: 2500 }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

type Load = { lcp: number; fcp: number; bytes: number; codeBytes: number; scripts: string[] }

/** Loads `url` in a fresh context and measures it; `slow` applies the phone profile first. */
const load = async (browser: Browser, url: string, slow: boolean): Promise<Load> => {
  const context = await browser.newContext()
  const page: Page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  if (slow) {
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  }
  const kinds = new Map<string, string>()
  const headerBytes = new Map<string, number>()
  const scripts = new Set<string>()
  let bytes = 0
  let codeBytes = 0
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    kinds.set(requestId, type)
    // What had arrived when the response began: its status line and headers.
    headerBytes.set(requestId, response.encodedDataLength)
    if (type === 'Script') scripts.add(new URL(response.url).pathname)
  })
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    bytes += encodedDataLength
    const kind = kinds.get(requestId)
    // The target counts the compressed files themselves, so their headers are left out here.
    if (kind === 'Script' || kind === 'Stylesheet')
      codeBytes += encodedDataLength - (headerBytes.get(requestId) ?? 0)
  })
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 })
  // A string, not a function: the bench runs through tsx, whose helpers the page does not have.
  const paints = (await page.evaluate(`Promise.all(
    [['paint', 'first-contentful-paint'], ['largest-contentful-paint']].map(
      ([type, name]) =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries().filter((entry) => !name || entry.name === name)
            if (entries.length > 0) resolve(entries[entries.length - 1].startTime)
          }).observe({ type, buffered: true })
        }),
    ),
  ).then(([fcp, lcp]) => ({ fcp, lcp }))`)) as { fcp: number; lcp: number }
  await context.close()
  return { ...paints, bytes, codeBytes, scripts: [...scripts] }
}

buildSite()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-web-'))
const site = await startSite(dataDir, { SEED_DEMO: '1' })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const list = (await (await fetch(`${site.base}/sonolus/levels/list`)).json()) as {
    items: { name: string }[]
  }
  const chartInfo = `/chart/${list.items[0].name.replace(/^wbs-/, '')}/info`

  console.log(`bench:web — the built site, Chromium, loopback; medians of ${LOOPBACK_RUNS} cold loads\n`)
  console.log('route'.padEnd(18) + 'scripts'.padStart(9) + 'JS+CSS kB'.padStart(11) + 'LCP ms'.padStart(9))
  for (const route of LOOPBACK_ROUTES) {
    const loads: Load[] = []
    for (let run = 0; run < LOOPBACK_RUNS; run++) loads.push(await load(browser, site.base + route, false))
    const last = loads[loads.length - 1]
    if (process.env.BENCH_VERBOSE) for (const file of last.scripts) console.log(`  ${file}`)
    console.log(
      route.padEnd(18) +
        String(last.scripts.length).padStart(9) +
        (median(loads.map((l) => l.codeBytes)) / 1000).toFixed(1).padStart(11) +
        median(loads.map((l) => l.lcp))
          .toFixed(0)
          .padStart(9),
    )
  }

  console.log(
    `\nA phone on slow 4G (${SLOW_NETWORK.latency} ms RTT, 1.6 Mbit/s) with ${CPU_SLOWDOWN}× CPU slowdown; ` +
      `medians of ${SLOW_RUNS} first visits\n`,
  )
  console.log(
    'route'.padEnd(44) +
      'all kB'.padStart(8) +
      'JS+CSS kB'.padStart(11) +
      'FCP ms'.padStart(9) +
      'LCP ms'.padStart(9),
  )
  const results: Record<string, Load> = {}
  for (const [name, route] of [
    ['/chart/list', '/chart/list'],
    ['chart info', chartInfo],
  ]) {
    const loads: Load[] = []
    for (let run = 0; run < SLOW_RUNS; run++) loads.push(await load(browser, site.base + route, true))
    const figure = (pick: (l: Load) => number) => median(loads.map(pick))
    results[name] = {
      bytes: figure((l) => l.bytes),
      codeBytes: figure((l) => l.codeBytes),
      fcp: figure((l) => l.fcp),
      lcp: figure((l) => l.lcp),
      scripts: [],
    }
    const r = results[name]
    console.log(
      `${name} (${route})`.padEnd(44) +
        (r.bytes / 1000).toFixed(1).padStart(8) +
        (r.codeBytes / 1000).toFixed(1).padStart(11) +
        r.fcp.toFixed(0).padStart(9) +
        r.lcp.toFixed(0).padStart(9),
    )
  }
  const listed = results['/chart/list']
  const kbOk = listed.codeBytes / 1000 <= TARGET.listKb
  const lcpOk = listed.lcp <= TARGET.lcpMs
  console.log(
    `\ntargets (/chart/list): JS+CSS ≤ ${TARGET.listKb} kB ${kbOk ? 'met' : 'MISSED'}; ` +
      `LCP ≤ ${TARGET.lcpMs} ms ${lcpOk ? 'met' : 'MISSED'}`,
  )
} finally {
  await browser.close()
  await site.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
