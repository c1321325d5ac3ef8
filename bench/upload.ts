// npm run bench:upload: a 20 MB mp3 through the chunk protocol (GET /upload/{sha1}, then 327,680-byte PUTs)
// against our real server over loopback, as the SPA sends it: one chunk after another. Prints the
// throughput of each upload (first request to the stored answer, the SHA-1 and content checks included)
// and the server's resident memory: before, at its peak during the uploads (sampled every 2 ms and the
// kernel's high-water mark), and the growth; and the peak RSS of its child processes (ffprobe, run on the
// finished file by the commit, server/media/probe.ts). Targets: ≥ 100 MB/s; RSS growth ≤ 50 MB.
// Env: BENCH_UPLOADS (default 9); BENCH_LOG_LEVEL=info shows the server log (each request's responseTime).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import http from 'node:http'
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from '../common/rules.js'
import { mp3, sha1 } from '../test/fixtures/media/media.js'
import { freePort, signInOverHttp, startServerProcess } from '../test/fixtures/serverProcess.js'

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 9)
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sirius-bench-upload-'))

/** A distinct mp3 just under 20 MB (a tone at 320 kb/s, 520 s; our fixture generator). */
const makeMp3 = (n: number): Buffer => {
  const bytes = mp3(520, 300 + n * 37, '320k')
  if (bytes.length > MAX_UPLOAD_BYTES) throw new Error(`fixture too large: ${bytes.length}`)
  return bytes
}

const memory = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
  return { rss: field('VmRSS'), hwm: field('VmHWM') }
}

/** The server's child processes, at any depth (ffprobe while the commit checks a file). */
const descendants = (pid: number): number[] => {
  let listed: string
  try {
    listed = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
  } catch {
    return []
  }
  const children = listed.trim().split(/\s+/).filter(Boolean).map(Number)
  return children.flatMap((child) => [child, ...descendants(child)])
}

/** RSS and private dirty memory (its own, not library pages) of the server's child processes. */
const childrenMemory = (pid: number): { rss: number; dirty: number } => {
  let rss = 0
  let dirty = 0
  for (const child of descendants(pid)) {
    try {
      const rollup = fs.readFileSync(`/proc/${child}/smaps_rollup`, 'utf8')
      const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(rollup)?.[1] ?? 0) / 1024
      rss += field('Rss')
      dirty += field('Private_Dirty')
    } catch {
      // exited meanwhile
    }
  }
  return { rss, dirty }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

/** One PUT over a kept-alive node:http connection (fetch adds a few ms a request, which the bench would
 *  count against the server). */
const put = (url: string, headers: Record<string, string>, body: Buffer) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'PUT', agent, headers: { ...headers, 'content-length': String(body.length) } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (data: string) => (text += data))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })

const upload = async (origin: string, session: string, bytes: Buffer): Promise<void> => {
  const hash = sha1(bytes)
  const start = await fetch(`${origin}/upload/${hash}?size=${bytes.length}&type=music`, {
    headers: { authorization: session },
  })
  const started = (await start.json()) as { code: number; uploadUrl: string; token: string }
  if (started.code !== 200) throw new Error(`start: ${JSON.stringify(started)}`)
  let last = { status: 0, text: '' }
  for (let at = 0; at < bytes.length; at += UPLOAD_CHUNK_BYTES) {
    const end = Math.min(at + UPLOAD_CHUNK_BYTES, bytes.length) - 1
    last = await put(
      started.uploadUrl,
      {
        authorization: `Bearer ${started.token}`,
        'content-range': `bytes ${at}-${end}/${bytes.length}`,
        'content-type': 'application/octet-stream',
      },
      bytes.subarray(at, end + 1),
    )
  }
  const answer = JSON.parse(last.text) as { complete?: boolean }
  if (!answer.complete) throw new Error(`not stored: ${JSON.stringify(answer)}`)
}

const main = async () => {
  console.log(`making ${UPLOADS} distinct mp3 files of about 20 MB with ffmpeg…`)
  const files = Array.from({ length: UPLOADS }, (_, n) => makeMp3(n))
  const { child, origin } = await startServerProcess({
    port: await freePort(),
    dataDir: path.join(work, 'data'),
    // One address uploads everything, 300 chunks a second: the quotas are raised so that uploads are
    // measured, not 429s (their hooks still run on every request).
    env: {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_STRICT_PER_MINUTE: '100000000',
    },
    stdout: process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore',
  })
  try {
    const session = await signInOverHttp(origin, { id: 'bench', handle: '4242', name: 'Bench' })
    // Warm up the routes and the checks on a small file, then settle.
    await upload(
      origin,
      session,
      fs.readFileSync(path.join(import.meta.dirname, '../server/demo/assets/tune-a.mp3')),
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    const before = memory(child.pid!)
    let peak = before.rss
    const sampler = setInterval(() => (peak = Math.max(peak, memory(child.pid!).rss)), 2)
    // ffprobe's memory barely moves; reading smaps often would steal the server's CPU.
    const childrenPeak = { rss: 0, dirty: 0 }
    const childSampler = setInterval(() => {
      const children = childrenMemory(child.pid!)
      childrenPeak.rss = Math.max(childrenPeak.rss, children.rss)
      childrenPeak.dirty = Math.max(childrenPeak.dirty, children.dirty)
    }, 100)
    const rows: { mb: number; ms: number; rate: number }[] = []
    for (const bytes of files) {
      const t0 = performance.now()
      await upload(origin, session, bytes)
      const ms = performance.now() - t0
      rows.push({ mb: bytes.length / 1e6, ms, rate: bytes.length / 1e6 / (ms / 1000) })
    }
    clearInterval(sampler)
    clearInterval(childSampler)
    const after = memory(child.pid!)
    for (const [i, row] of rows.entries())
      console.log(
        `upload ${i + 1}: ${row.mb.toFixed(2)} MB in ${row.ms.toFixed(0)} ms = ${row.rate.toFixed(1)} MB/s`,
      )
    const rates = rows.map((row) => row.rate).sort((a, b) => a - b)
    console.log(`median throughput: ${rates[Math.floor(rates.length / 2)].toFixed(1)} MB/s (target ≥ 100)`)
    // The kernel's high-water mark catches a peak between two samples, when it rose during the uploads.
    const peakDuring = Math.max(peak, after.hwm > before.hwm ? after.hwm : 0)
    console.log(
      `server RSS: ${before.rss.toFixed(1)} MB before, peak ${peakDuring.toFixed(1)} MB during, ` +
        `growth ${(peakDuring - before.rss).toFixed(1)} MB (target ≤ 50)`,
    )
    // Not the server's memory, but the upload's cost all the same: ffprobe, run by the commit.
    console.log(
      `its child processes (ffprobe): peak ${childrenPeak.rss.toFixed(1)} MB RSS, of which ` +
        `${childrenPeak.dirty.toFixed(1)} MB private dirty (the rest is clean library pages)`,
    )
  } finally {
    child.kill('SIGTERM')
    await once(child, 'exit')
    fs.rmSync(work, { recursive: true, force: true })
  }
}

await main()
