// npm run bench:attack: hostile inputs against our real server (a child process on 127.0.0.1: SQLite and
// disk in a fresh temp DATA_DIR, the TEST Sonolus key, the demo charts, TRUST_PROXY=127.0.0.1), one at a
// time, while a probe in a worker thread asks GET /healthz every 10 ms from an address of its own
// (127.0.0.3, over its own kept-alive connection) and reads the server's VmRSS every 20 ms. Each attack signs in an ordinary user of its own (app session) and
// its window runs from its first request to 1 s after its answer. For each attack: what the attacker got,
// the probe's max and p99 latency and failures during it, the server's RSS growth (peak − before) and
// whether it came back within 50 MB of before in 30 s, and the data folder's growth. Then a markdown table
// and PASS/FAIL against the targets: probe max ≤ 250 ms and p99 ≤ 50 ms (no failures); RSS peak ≤ 400 MB,
// growth ≤ 300 MB and back within 30 s; the data folder grown by no more than the attack's bound; each
// attack answered as expected (a catalogue key, asked for as the site asks: X-Sirius-Client: web). Always exits 0: it is a
// benchmark; the verdicts are printed.
//
// Every attack has a hard cap; a server that dies, stops answering for 60 s or grows past RSS_KILL_MB is
// killed (recorded) and started again before the next attack. The server is killed at the end, always.
//
// Env: ATTACKS=1,3,6 runs a subset (5, 7, 9 mean both their parts; `cheap` = 6-11, `heavy` = 1-5,
// `perClient` = 12-20; default all); ATTACK_SCALE=0.01 shrinks attacks 1-4 for quick iterations; ATTACK_CAP_S (120), SLOW_CAP_S (150),
// SLOW_EVERY_S (10), SLOW_CONNECTIONS (200), FLOOD_REQUESTS (2000), FLOOD_CONCURRENCY (32),
// UNRESPONSIVE_S (60), RSS_KILL_MB (8000), RECOVERY_S (30); ATTACK_TRUST_PROXY (the server's TRUST_PROXY,
// default 127.0.0.1); ATTACK_SERVER_LOG=1 shows the server's log.
import { type ChildProcess } from 'node:child_process'
import { once, setMaxListeners } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { freePort, signInOverHttp, startServerProcess } from '../test/fixtures/serverProcess.js'
import { generateSus } from '../test/fixtures/sus/generate.js'
import { type Attack, type Run, type Settings, type Verdict, attacks } from './attack/attacks.js'
import { perClientAttacks } from './attack/perClient.js'
import { attackerAgent, describe, send, setAttackerAddress, uploadChunked } from './attack/client.js'
import { SLOT, SLOTS, type ProbeCommand, type ProbeWindow, rssOf } from './attack/probe.js'

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  return Number.isFinite(value) && value > 0 ? value : fallback
}

const TARGET = { maxMs: 250, p99Ms: 50, growthMb: 300, peakMb: 400, backMb: 50, diskMb: 16 }
const settings: Settings = {
  capMs: number('ATTACK_CAP_S', 120) * 1000,
  scale: number('ATTACK_SCALE', 1),
  slowConnections: Math.min(1000, number('SLOW_CONNECTIONS', 200)),
  slowCapMs: Math.min(150, number('SLOW_CAP_S', 150)) * 1000,
  slowEveryMs: number('SLOW_EVERY_S', 10) * 1000,
  floodRequests: Math.min(20_000, number('FLOOD_REQUESTS', 2000)),
  floodConcurrency: Math.min(256, number('FLOOD_CONCURRENCY', 32)),
}
const UNRESPONSIVE_MS = number('UNRESPONSIVE_S', 60) * 1000
const RSS_KILL_MB = number('RSS_KILL_MB', 8000)
const RECOVERY_MS = number('RECOVERY_S', 30) * 1000
const PREPARE_CAP_MS = 120_000
const SETTLE_MS = 1000
const TAIL_MS = 1000
const SERVER_LOG = process.env.ATTACK_SERVER_LOG === '1'
/** The loopback proxy is trusted (X-Forwarded-For names a client behind it); 127.0.0.2 and the probe's
 *  127.0.0.3 are clients of their own, held to the per-address budgets. */
const TRUST_PROXY = process.env.ATTACK_TRUST_PROXY ?? '127.0.0.1'
/** Each attack signs in its own ordinary user, so that one attack's per-user rate buckets (uploads,
 *  creates, results) do not decide the next one's answer. */
const userFor = (attack: Attack, n: number) => ({
  id: `attacker-${attack.id}-${Date.now().toString(36)}`,
  handle: String(6100 + n),
  name: `Attacker ${attack.id}`,
})

const catalogue = [...attacks(settings), ...perClientAttacks(settings)]
const GROUPS: Record<string, string[]> = {
  cheap: ['6', '7a', '7b', '8', '9a', '9b', '10', '11'],
  heavy: ['1', '2', '3', '4', '5a', '5b'],
  perClient: ['12', '13', '14', '15', '16', '17', '18', '19', '20'],
  '5': ['5a', '5b'],
  '7': ['7a', '7b'],
  '9': ['9a', '9b'],
}
const wanted = (process.env.ATTACKS ?? '')
  .split(',')
  .map((id) => id.trim())
  .filter(Boolean)
  .flatMap((id) => GROUPS[id] ?? [id])
const chosen = wanted.length ? catalogue.filter((attack) => wanted.includes(attack.id)) : catalogue
const unknown = wanted.filter((id) => !catalogue.some((attack) => attack.id === id))
if (unknown.length)
  console.log(`ATTACKS: no attack ${unknown.join(', ')} (known: ${catalogue.map((a) => a.id).join(', ')})`)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Bytes under a folder (the data folder: database, files, scratch). */
const folderBytes = (dir: string): number => {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) {
      try {
        total += fs.statSync(path.join(entry.parentPath, entry.name)).size
      } catch {
        // removed meanwhile
      }
    }
  return total
}
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

// ---- the probe (a worker thread; tsx is registered in it by hand: workers do not inherit --import) ----

const shared = new SharedArrayBuffer(SLOTS * Float64Array.BYTES_PER_ELEMENT)
const status = new Float64Array(shared)
const probeUrl = new URL('./attack/probe.ts', import.meta.url).href
const probe = new Worker(
  `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(probeUrl)}) })`,
  { eval: true, workerData: { status: shared } },
)
probe.on('error', (error) => console.error(`the probe failed: ${message(error)}`))
const tell = (command: ProbeCommand) => probe.postMessage(command)
/** The probe's statistics of the window; undefined when the probe does not answer (then the attack's
 *  latency and memory count as failed). */
const endWindow = (): Promise<ProbeWindow | undefined> => {
  const answer = (once(probe, 'message') as Promise<[ProbeWindow]>).then(
    ([window]) => window,
    () => undefined,
  )
  tell({ type: 'end' })
  return Promise.race([answer, sleep(5000).then(() => undefined)])
}

// ---- the server ----

type Server = {
  child: ChildProcess
  origin: string
  pid: number
  exit?: string
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-attack-'))
const dataDir = path.join(work, 'data')
let port = 0
let server: Server | undefined

let failedStarts = 0

const startServer = async (): Promise<Server> => {
  // Two failed starts in a row: the server cannot start; the remaining attacks are not run.
  if (failedStarts >= 2) throw new Error('it failed to start twice in a row; not trying again')
  port ||= await freePort()
  const t0 = performance.now()
  let started: Awaited<ReturnType<typeof startServerProcess>>
  try {
    started = await startServerProcess({
      port,
      dataDir,
      env: { LOG_LEVEL: SERVER_LOG ? 'info' : 'warn', SEED_DEMO: '1', TRUST_PROXY },
      stdout: SERVER_LOG ? 'inherit' : 'ignore',
    })
  } catch (error) {
    failedStarts++
    // Next time on another port, in case this one is held.
    port = 0
    throw error
  }
  failedStarts = 0
  console.log(
    `    (server started on ${started.origin} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  )
  const { child, origin } = started
  const running: Server = { child, origin, pid: child.pid! }
  child.once('exit', (code, signal) => (running.exit = signal ?? `exit code ${code}`))
  tell({ type: 'target', origin, pid: running.pid })
  return running
}

const kill = async (running: Server) => {
  if (running.exit !== undefined) return
  const exited = once(running.child, 'exit')
  running.child.kill('SIGKILL')
  await Promise.race([exited, sleep(10_000)])
}

const healthy = (running: Server, waitMs: number) =>
  send(`${running.origin}/healthz`, { timeoutMs: waitMs }).then(
    (answer) => answer.status === 200,
    () => false,
  )

/** A server that answers, started (again) when there is none, it died, or it does not answer in 60 s. */
const ensureServer = async (notes: string[]): Promise<Server> => {
  if (server && server.exit === undefined) {
    if (await healthy(server, UNRESPONSIVE_MS)) return server
    notes.push(
      `server did not answer /healthz within ${UNRESPONSIVE_MS / 1000} s before the attack: killed, restarted`,
    )
    await kill(server)
  } else if (server) notes.push(`server had exited (${server.exit}): restarted`)
  server = await startServer()
  await warmUp(server, notes)
  return server
}

/** The app's sign-in (the fixture's); a rate-limited one is tried again for up to 70 s. */
const signIn = async (origin: string, user: ReturnType<typeof userFor>): Promise<string> => {
  const since = Date.now()
  for (;;) {
    try {
      return await signInOverHttp(origin, user)
    } catch (error) {
      if (!/rate_limited/.test(message(error)) || Date.now() - since > 70_000) throw error
      await sleep(5000)
    }
  }
}

/** A fresh server's one-time costs (the chart worker threads start with the first chart, JIT) are not
 *  an attack's: one small valid chart (a distinct one each time) goes through the upload first. */
const warmUp = async (running: Server, notes: string[]) => {
  try {
    const session = await signIn(running.origin, { id: 'warm-up', handle: '6099', name: 'Warm-up' })
    const sus = Buffer.from(generateSus(50, Date.now() % 1_000_000_007).text)
    const up = await uploadChunked(running.origin, session, sus, 'chart')
    if (!up.stored) notes.push(`the warm-up chart upload failed: ${describe(up.answer)}`)
  } catch (error) {
    notes.push(`the warm-up failed: ${message(error)}`)
  }
  await sleep(2000)
}

// ---- one attack ----

type Row = {
  attack: Attack
  verdict: Verdict
  notes: string[]
  window?: ProbeWindow
  /** Seconds until RSS was back within 50 MB of before; undefined when it was not (see `back`). */
  backAfter?: number
  back: string
  killed?: string
  /** How long the attack took, s. */
  seconds?: number
  /** How much the data folder grew from before the attack to after its window, MB. */
  diskMb?: number
}

const runAttack = async (attack: Attack, n: number): Promise<Row> => {
  const row: Row = { attack, verdict: { answer: '', asExpected: false }, notes: [], back: 'n/a' }
  let running: Server
  try {
    running = await ensureServer(row.notes)
  } catch (error) {
    row.verdict = { answer: `server did not start: ${message(error)}`, asExpected: false }
    return row
  }
  // Each attack from its own address behind the trusted proxy (requests that name another keep theirs).
  setAttackerAddress(`10.100.${n >> 8}.${n & 255}`)
  const user = userFor(attack, n)
  let run: Run
  let target: { origin: string; session: string; user: typeof user }
  try {
    target = { origin: running.origin, session: await signIn(running.origin, user), user }
  } catch (error) {
    row.verdict = { answer: `the sign-in failed: ${message(error)}`, asExpected: false }
    return row
  }
  try {
    run = await Promise.race([
      attack.prepare(target),
      sleep(PREPARE_CAP_MS).then(() => Promise.reject(new Error(`over ${PREPARE_CAP_MS / 1000} s`))),
    ])
  } catch (error) {
    row.verdict = { answer: `setup failed: ${message(error)}`, asExpected: false }
    return row
  }
  await sleep(SETTLE_MS)

  const diskBefore = folderBytes(dataDir)
  tell({ type: 'begin' })
  const t0 = performance.now()
  const controller = new AbortController()
  // The flood hangs thousands of requests on this one signal.
  setMaxListeners(0, controller.signal)
  let stop: (verdict: Verdict) => void = () => {}
  const stopped = new Promise<Verdict>((resolve) => (stop = resolve))
  const killFor = (reason: string) => {
    if (row.killed) return
    row.killed = reason
    row.notes.push(reason)
    void kill(running)
    stop({ answer: reason, asExpected: false })
  }
  const watchdog = setInterval(() => {
    if (running.exit !== undefined && !row.killed) {
      row.killed = `server exited (${running.exit})`
      row.notes.push(row.killed)
      stop({ answer: row.killed, asExpected: false })
    }
    const since = status[SLOT.inFlightSince]
    if (since && Date.now() - since > UNRESPONSIVE_MS)
      killFor(`server unresponsive for ${UNRESPONSIVE_MS / 1000} s: killed`)
    if (status[SLOT.rss] > RSS_KILL_MB)
      killFor(`server RSS ${status[SLOT.rss].toFixed(0)} MB > RSS_KILL_MB: killed`)
  }, 200)
  const cap = setTimeout(
    () => stop({ answer: `no answer within the cap (${attack.capMs / 1000} s)`, asExpected: false }),
    attack.capMs,
  )
  row.verdict = await Promise.race([
    run(target, controller.signal).catch((error: unknown): Verdict => ({
      answer: `error: ${message(error)}`,
      asExpected: false,
    })),
    stopped,
  ])
  clearTimeout(cap)
  row.seconds = (performance.now() - t0) / 1000
  // The window stays open a little after the answer: work the server goes on with counts too.
  if (!row.killed) await Promise.race([sleep(TAIL_MS), stopped])
  clearInterval(watchdog)
  controller.abort('the attack is over')
  row.window = await endWindow()
  row.diskMb = (folderBytes(dataDir) - diskBefore) / 1024 / 1024

  if (row.killed || running.exit !== undefined) {
    row.back = 'killed'
    return row
  }
  if (!row.window) {
    row.notes.push('the probe did not report')
    return row
  }
  const limit = row.window.rssBefore + TARGET.backMb
  const since = performance.now()
  let rss = rssOf(running.pid).rss
  while (!(rss > 0 && rss <= limit) && performance.now() - since < RECOVERY_MS) {
    await sleep(20)
    rss = rssOf(running.pid).rss
  }
  if (rss > 0 && rss <= limit) {
    row.backAfter = (performance.now() - since) / 1000
    row.back = `yes, ${row.backAfter.toFixed(1)} s`
  } else row.back = `no: +${(rss - row.window.rssBefore).toFixed(0)} MB after ${RECOVERY_MS / 1000} s`
  return row
}

// ---- verdicts and output ----

const checks = (row: Row) => {
  const w = row.window
  return {
    latency: !!w && w.maxMs <= TARGET.maxMs && w.p99Ms <= TARGET.p99Ms && w.failed === 0,
    memory:
      !!w &&
      w.rssPeak - w.rssBefore <= TARGET.growthMb &&
      w.rssPeak <= TARGET.peakMb &&
      row.backAfter !== undefined,
    disk: row.diskMb !== undefined && row.diskMb <= (row.attack.diskMb ?? TARGET.diskMb),
    answer: row.verdict.asExpected,
  }
}

const verdictOf = (row: Row) => {
  const failed = Object.entries(checks(row))
    .filter(([, ok]) => !ok)
    .map(([name]) => name)
  return failed.length ? `FAIL (${failed.join(', ')})` : 'PASS'
}

const printRow = (row: Row) => {
  const w = row.window
  console.log(
    `    answer:  ${row.verdict.answer}${row.seconds === undefined ? '' : ` (${row.seconds.toFixed(1)} s)`}`,
  )
  if (row.verdict.detail) console.log(`             ${row.verdict.detail.replace(/\s+/g, ' ').slice(0, 300)}`)
  if (w) {
    console.log(
      `    probe:   ${w.count} requests, max ${w.maxMs.toFixed(1)} ms, p99 ${w.p99Ms.toFixed(1)} ms, ${w.failed} failed` +
        (w.failed
          ? ` (${Object.entries(w.failures)
              .map(([what, count]) => `${what}×${count}`)
              .join(', ')})`
          : ''),
    )
    console.log(
      `    RSS:     ${w.rssBefore.toFixed(0)} MB before, peak ${w.rssPeak.toFixed(0)} MB ` +
        `(+${(w.rssPeak - w.rssBefore).toFixed(0)} MB); back within ${TARGET.backMb} MB: ${row.back}`,
    )
  }
  if (row.diskMb !== undefined)
    console.log(
      `    disk:    ${row.diskMb >= 0 ? '+' : ''}${row.diskMb.toFixed(2)} MB (bound ${row.attack.diskMb ?? TARGET.diskMb} MB)`,
    )
  for (const note of row.notes) console.log(`    note:    ${note}`)
  console.log(`    verdict: ${verdictOf(row)}`)
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ')

const printTable = (rows: Row[]) => {
  console.log(
    '\n| # | attack | expected | answer | probe max ms | probe p99 ms | probe failed | RSS peak MB | RSS growth MB | RSS back ≤ 50 MB | disk MB | verdict |',
  )
  console.log('|---|---|---|---|--:|--:|--:|--:|--:|---|--:|---|')
  for (const row of rows) {
    const w = row.window
    console.log(
      `| ${row.attack.id} | ${cell(row.attack.title)} | ${cell(row.attack.expected)} | ${cell(row.verdict.answer)} | ` +
        `${w ? w.maxMs.toFixed(0) : '–'} | ${w ? w.p99Ms.toFixed(1) : '–'} | ${w ? `${w.failed}/${w.count}` : '–'} | ` +
        `${w ? w.rssPeak.toFixed(0) : '–'} | ${w ? (w.rssPeak - w.rssBefore).toFixed(0) : '–'} | ${cell(row.back)} | ` +
        `${row.diskMb === undefined ? '–' : row.diskMb.toFixed(2)} | ${verdictOf(row)} |`,
    )
  }
  const failing = (check: 'latency' | 'memory' | 'disk' | 'answer') =>
    rows.filter((row) => !checks(row)[check]).map((row) => row.attack.id)
  const line = (title: string, ids: string[]) =>
    console.log(`${title}: ${ids.length ? `FAIL (${ids.join(', ')})` : 'PASS'}`)
  console.log('')
  line(
    `Probe during every attack (max ≤ ${TARGET.maxMs} ms, p99 ≤ ${TARGET.p99Ms} ms, none failed)`,
    failing('latency'),
  )
  line(
    `Server RSS (peak ≤ ${TARGET.peakMb} MB, growth ≤ ${TARGET.growthMb} MB, back within ${TARGET.backMb} MB in ${RECOVERY_MS / 1000} s)`,
    failing('memory'),
  )
  line(`Data folder (grows only by each attack's bound, ${TARGET.diskMb} MB unless it says)`, failing('disk'))
  line('Every attack answered as expected (status and catalogue key)', failing('answer'))
  const all = rows.filter((row) => verdictOf(row) !== 'PASS').map((row) => row.attack.id)
  line(`Overall, ${rows.length} attacks`, all)
}

// ---- main ----

const rows: Row[] = []
const cleanUp = () => {
  if (server && server.exit === undefined) server.child.kill('SIGKILL')
}
process.on('exit', cleanUp)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanUp()
    process.exit(130)
  })
process.on('unhandledRejection', (error) => console.error(`(unhandled: ${message(error)})`))

try {
  console.log(
    `bench:attack — ${chosen.length} attacks (${chosen.map((a) => a.id).join(', ')}), one at a time; ` +
      `cap ${settings.capMs / 1000} s each (slow bodies ${settings.slowCapMs / 1000} s)` +
      (settings.scale !== 1 ? `; ATTACK_SCALE=${settings.scale}` : ''),
  )
  for (const [n, attack] of chosen.entries()) {
    console.log(`\n[${attack.id}] ${attack.title} — expected: ${attack.expected}`)
    const row = await runAttack(attack, n).catch((error: unknown): Row => ({
      attack,
      verdict: { answer: `bench error: ${message(error)}`, asExpected: false },
      notes: [],
      back: 'n/a',
    }))
    rows.push(row)
    printRow(row)
  }
} catch (error) {
  console.error(`bench:attack stopped early: ${message(error)}`)
} finally {
  printTable(rows)
  tell({ type: 'stop' })
  await Promise.race([probe.terminate(), sleep(2000)])
  attackerAgent.destroy()
  if (server && server.exit === undefined) {
    const exited = once(server.child, 'exit')
    server.child.kill('SIGTERM')
    await Promise.race([exited, sleep(5000)])
    cleanUp()
  }
  fs.rmSync(work, { recursive: true, force: true })
  process.exitCode = 0
}
