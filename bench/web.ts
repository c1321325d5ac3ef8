// npm run bench:web: a production `vite build` served by our real server (temporary data folder, demo
// content, loopback), opened in Debian's Chromium. For each route it prints the JS loaded before
// interaction (every script fetched until the network is idle, gzip-compressed at level 9 as a CDN would
// send it) and the Largest Contentful Paint, median of 5 cold loads.
// Targets (web-screens issue): /chart/list ≤ 250 kB gzipped JS; LCP ≤ 1 s on localhost.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium.js'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, '.tmp', 'bench-web-dist')
const ROUTES = (process.env.BENCH_ROUTES ?? '/chart/list,/home,/chart/preview').split(',')
const RUNS = 5
const PORT = 4180

const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
  cwd: root,
  stdio: 'ignore',
})
if (build.status !== 0) throw new Error('vite build failed')

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-web-'))
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    STATIC_ROOT: outDir,
    SKIP_SPA_BUILD: '1',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  },
})
const base = `http://127.0.0.1:${PORT}`
for (let tries = 0; ; tries++) {
  if (tries > 100) throw new Error('the server did not start')
  const ok = await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  )
  if (ok) break
  await new Promise((resolve) => setTimeout(resolve, 200))
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

console.log(`bench:web — production build, ${RUNS} cold loads a route, Chromium, loopback\n`)
console.log('route'.padEnd(18) + 'JS files'.padStart(10) + 'JS gzip kB'.padStart(12) + 'LCP ms'.padStart(9))
try {
  for (const route of ROUTES) {
    const lcps: number[] = []
    let scripts = new Set<string>()
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const loaded = new Set<string>()
      page.on('response', (response) => {
        const url = new URL(response.url())
        if (url.origin === base && url.pathname.endsWith('.js')) loaded.add(url.pathname)
      })
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' })
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries()
              resolve(entries[entries.length - 1].startTime)
            }).observe({ type: 'largest-contentful-paint', buffered: true })
          }),
      )
      lcps.push(lcp)
      scripts = loaded
      await context.close()
    }
    const kb = [...scripts].reduce((sum, file) => sum + gzipSize(path.join(outDir, file)), 0) / 1000
    if (process.env.BENCH_VERBOSE)
      for (const file of scripts)
        console.log(`  ${file} ${(gzipSize(path.join(outDir, file)) / 1000).toFixed(1)} kB`)
    console.log(
      route.padEnd(18) +
        String(scripts.size).padStart(10) +
        kb.toFixed(1).padStart(12) +
        median(lcps).toFixed(0).padStart(9),
    )
  }
} finally {
  await browser.close()
  server.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
