// bench:attack's observer, in a worker thread so that the attacker's own work (building requests, reading
// answers) never delays it: GET /healthz every 10 ms over one kept-alive connection of its own, and the
// server's VmRSS from /proc every 20 ms. The main thread reads the live state from a shared array (for its
// watchdog) and asks for the statistics of an attack's window by message.
import fs from 'node:fs'
import http from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

/** Slots of the shared Float64Array. */
export const SLOT = {
  /** The server's resident memory now, MB (0 when it cannot be read). */
  rss: 0,
  /** Date.now() when the probe request in flight was sent; 0 when none is. */
  inFlightSince: 1,
  /** Date.now() of the last 200 from /healthz. */
  lastOk: 2,
} as const
export const SLOTS = 3

export type ProbeCommand =
  { type: 'target'; origin: string; pid: number } | { type: 'begin' } | { type: 'end' } | { type: 'stop' }

export type ProbeWindow = {
  type: 'window'
  /** Probe requests sent in the window (the one still in flight at its end included). */
  count: number
  failed: number
  /** The failures by what they were: an HTTP status, or 'no answer'. */
  failures: Record<string, number>
  maxMs: number
  p99Ms: number
  /** The server's RSS, MB: at the window's start, and its peak (samples and the kernel's high-water mark). */
  rssBefore: number
  rssPeak: number
}

const PROBE_EVERY_MS = 10
const SAMPLE_EVERY_MS = 20
/** A probe request is given up (and counted failed) only after this; the main thread's watchdog acts
 *  well before, so in practice it ends when the server answers, dies or is killed. */
const PROBE_GIVE_UP_MS = 180_000

export const rssOf = (pid: number): { rss: number; hwm: number } => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
    return { rss: field('VmRSS'), hwm: field('VmHWM') }
  } catch {
    return { rss: 0, hwm: 0 }
  }
}

/** Resets the kernel's peak-RSS counter (VmHWM) of a process we own; false when not allowed (then the
 *  20 ms samples alone give the peak: the lifetime high-water mark would not be this window's). */
export const resetPeak = (pid: number): boolean => {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** The probe is someone else: a loopback address of its own, which no attack uses. */
export const PROBE_ADDRESS = '127.0.0.3'

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

if (parentPort && workerData?.status) {
  const port = parentPort
  const status = new Float64Array(workerData.status as SharedArrayBuffer)
  let target: { origin: string; pid: number } | undefined
  let agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  let stopped = false
  let inFlightStart = 0
  // The window: latencies of finished probes, failures, RSS.
  let open = false
  let latencies: number[] = []
  let failed = 0
  let failures: Record<string, number> = {}
  let rssBefore = 0
  let rssPeak = 0
  let peakWasReset = false

  /** The status of one GET /healthz; 0 when there was no answer. */
  const get = (origin: string) =>
    new Promise<number>((resolve) => {
      const request = http.get(
        `${origin}/healthz`,
        { agent, timeout: PROBE_GIVE_UP_MS, localAddress: PROBE_ADDRESS },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
          response.on('error', () => resolve(0))
        },
      )
      request.on('timeout', () => request.destroy(new Error('probe timed out')))
      request.on('error', () => resolve(0))
    })

  const probeLoop = async () => {
    while (!stopped) {
      if (!target) {
        await sleep(PROBE_EVERY_MS)
        continue
      }
      const started = performance.now()
      inFlightStart = started
      status[SLOT.inFlightSince] = Date.now()
      const counted = open
      const code = await get(target.origin)
      const ms = performance.now() - started
      status[SLOT.inFlightSince] = 0
      inFlightStart = 0
      if (code === 200) status[SLOT.lastOk] = Date.now()
      if (counted && open) {
        latencies.push(ms)
        if (code !== 200) {
          failed++
          const what = code ? String(code) : 'no answer'
          failures[what] = (failures[what] ?? 0) + 1
        }
      }
      await sleep(Math.max(0, PROBE_EVERY_MS - ms))
    }
  }

  const sampler = setInterval(() => {
    if (!target) return
    const { rss } = rssOf(target.pid)
    status[SLOT.rss] = rss
    if (open) rssPeak = Math.max(rssPeak, rss)
  }, SAMPLE_EVERY_MS)

  port.on('message', (command: ProbeCommand) => {
    switch (command.type) {
      case 'target':
        // A new server process: drop the old connection (its requests fail, as they should).
        agent.destroy()
        agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
        target = { origin: command.origin, pid: command.pid }
        status[SLOT.lastOk] = Date.now()
        break
      case 'begin':
        latencies = []
        failed = 0
        failures = {}
        peakWasReset = target ? resetPeak(target.pid) : false
        rssBefore = target ? rssOf(target.pid).rss : 0
        rssPeak = rssBefore
        open = true
        break
      case 'end': {
        open = false
        const all = [...latencies]
        // A probe still waiting counts with its age so far: a stalled server shows as a long wait.
        if (inFlightStart) all.push(performance.now() - inFlightStart)
        const sorted = all.sort((a, b) => a - b)
        const hwm = target && peakWasReset ? rssOf(target.pid).hwm : 0
        const window: ProbeWindow = {
          type: 'window',
          count: sorted.length,
          failed,
          failures,
          maxMs: sorted.at(-1) ?? 0,
          p99Ms: percentile(sorted, 0.99),
          rssBefore,
          rssPeak: Math.max(rssPeak, hwm),
        }
        port.postMessage(window)
        break
      }
      case 'stop':
        stopped = true
        clearInterval(sampler)
        agent.destroy()
        port.close()
        break
    }
  })
  void probeLoop()
}
