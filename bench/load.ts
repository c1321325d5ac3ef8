// A lean HTTP/1.1 load generator for the benchmarks. autocannon appends every response body to a
// string (`req.body += data`); with 9 KB gzip bodies that differ from page to page, its own process is the
// bottleneck (a full core at ~7k req/s), and the figures measure the generator rather than the server. This
// one counts the body's bytes and throws them away, and reads each socket into one buffer of its own
// (`onread`): a new Buffer per read made the generator's own garbage collection its largest cost with 9 KB
// answers at 25k a second (external memory that V8 collects for), and the generator the bottleneck.
//
// `connections` keep-alive sockets, one request in flight on each (no pipelining), for `durationS` seconds;
// then it stops sending, waits for the requests in flight (each at most TIMEOUT_MS) and closes. Every answer
// that is not 2xx, a socket error and a timeout counts as an error. Loopback only: the URL must name
// 127.0.0.1 or localhost.
import net from 'node:net'
import { performance } from 'node:perf_hooks'

export type LoadRequest = {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string
}
export type LoadOptions = {
  /** The server's origin, http://127.0.0.1:port. */
  url: string
  connections: number
  durationS: number
  /** Stops sending after this many requests, however long the run (a warm-up pass over every path). */
  amount?: number
  /** The n-th request of the run (0, 1, 2… across all connections). */
  request: (n: number) => LoadRequest
}
export type LoadResult = {
  requests: number
  /** Requests answered per second of the run. */
  rps: number
  p50: number
  p99: number
  max: number
  /** Answers other than 2xx, and how many of each status. */
  non2xx: number
  statuses: Record<number, number>
  /** Socket errors and timeouts, by kind. */
  failures: Record<string, number>
  /** Socket errors and timeouts. */
  errors: number
  /** Answers that say `X-Cache: MISS` (built for the request, not served from what was kept). */
  misses: number
  /** Response bytes (headers and body) that crossed the wire. */
  bytes: number
  /** This process's CPU time (µs) during the run: the generator's own cost. */
  loadCpuUs: number
}

const TIMEOUT_MS = 10_000
const HEAD_END = Buffer.from('\r\n\r\n')
const CRLF = Buffer.from('\r\n')

/** One answer's parse state on a socket: its head, then its body by length or in chunks. */
type Parse = {
  state: 'head' | 'body' | 'size' | 'data' | 'trailer'
  pending: Buffer | undefined
  remaining: number
  status: number
}

export const load = async (options: LoadOptions): Promise<LoadResult> => {
  const origin = new URL(options.url)
  if (!['127.0.0.1', 'localhost'].includes(origin.hostname)) throw new Error('load: loopback only')
  const port = Number(origin.port)
  const host = `${origin.hostname}:${port}`
  let latencies = new Float64Array(1 << 16)
  let count = 0
  let non2xx = 0
  let misses = 0
  const statuses: Record<number, number> = {}
  const failures: Record<string, number> = {}
  const fail = (kind: string) => {
    errors++
    failures[kind] = (failures[kind] ?? 0) + 1
  }
  let errors = 0
  let bytes = 0
  let next = 0
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const endAt = started + options.durationS * 1000

  const amount = options.amount ?? Infinity

  const record = (ms: number) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2)
      grown.set(latencies)
      latencies = grown
    }
    latencies[count++] = ms
  }

  const requestBytes = (n: number): Buffer => {
    const { method = 'GET', path, headers = {}, body } = options.request(n)
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`
    if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`
    return Buffer.from(`${head}\r\n${body ?? ''}`)
  }

  const connection = () =>
    new Promise<void>((resolve) => {
      let socket: net.Socket
      let sentAt = 0
      let timer: NodeJS.Timeout | undefined
      const parse: Parse = { state: 'head', pending: undefined, remaining: 0, status: 0 }
      const readBuffer = Buffer.allocUnsafe(64 * 1024)
      let inFlight = false

      const send = () => {
        if (performance.now() >= endAt || next >= amount) {
          socket.end()
          return
        }
        inFlight = true
        parse.state = 'head'
        parse.pending = undefined
        sentAt = performance.now()
        timer = setTimeout(() => {
          fail('timeout')
          inFlight = false
          socket.destroy()
        }, TIMEOUT_MS)
        socket.write(requestBytes(next++))
      }
      const done = () => {
        clearTimeout(timer)
        inFlight = false
        record(performance.now() - sentAt)
        if (parse.status < 200 || parse.status > 299) {
          non2xx++
          statuses[parse.status] = (statuses[parse.status] ?? 0) + 1
        }
        send()
      }
      /** Takes the bytes up to and including `marker` once they have all arrived. `chunk` is the socket's
       *  read buffer, used again by the next read: what is kept for later is copied. */
      const until = (chunk: Buffer, offset: number, marker: Buffer): [Buffer | undefined, number] => {
        const data = parse.pending
          ? Buffer.concat([parse.pending, chunk.subarray(offset)])
          : chunk.subarray(offset)
        const at = data.indexOf(marker)
        if (at < 0) {
          parse.pending = parse.pending ? data : Buffer.from(data)
          return [undefined, chunk.length]
        }
        parse.pending = undefined
        // What follows the marker in `data` is the rest of `chunk`.
        return [data.subarray(0, at), chunk.length - (data.length - at - marker.length)]
      }
      const onData = (chunk: Buffer) => {
        bytes += chunk.length
        let offset = 0
        while (offset < chunk.length && inFlight) {
          if (parse.state === 'head') {
            const [head, after] = until(chunk, offset, HEAD_END)
            offset = after
            if (!head) return
            const text = head.toString('latin1')
            parse.status = Number(text.slice(9, 12))
            if (/\r\nx-cache:\s*MISS/i.test(text)) misses++
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(text)
            if (/\r\ntransfer-encoding:\s*chunked/i.test(text)) parse.state = 'size'
            else {
              parse.remaining = length ? Number(length[1]) : 0
              parse.state = 'body'
              if (parse.remaining === 0) done()
            }
          } else if (parse.state === 'body' || parse.state === 'data') {
            const take = Math.min(parse.remaining, chunk.length - offset)
            offset += take
            parse.remaining -= take
            if (parse.remaining > 0) return
            if (parse.state === 'body') done()
            else parse.state = 'size'
          } else {
            // A chunk's size line, or the empty line after the last chunk.
            const [line, after] = until(chunk, offset, CRLF)
            offset = after
            if (!line) return
            if (parse.state === 'trailer') {
              if (line.length === 0) done()
              continue
            }
            const size = parseInt(line.toString('latin1'), 16)
            if (size === 0) parse.state = 'trailer'
            else {
              parse.remaining = size + 2
              parse.state = 'data'
            }
          }
        }
      }
      const open = () => {
        socket = net.connect({
          host: origin.hostname,
          port,
          noDelay: true,
          onread: {
            buffer: readBuffer,
            callback: (read: number) => {
              onData(readBuffer.subarray(0, read))
              return true
            },
          },
        })
        socket.on('connect', send)
        socket.on('error', (error: NodeJS.ErrnoException) => {
          if (inFlight) fail(error.code ?? 'error')
          inFlight = false
        })
        socket.on('close', () => {
          clearTimeout(timer)
          if (inFlight) fail('closed')
          inFlight = false
          // A server that closed the connection early: open another while the run lasts.
          if (performance.now() < endAt && next < amount) open()
          else resolve()
        })
      }
      open()
    })

  await Promise.all(Array.from({ length: options.connections }, connection))
  const ended = performance.now()
  const cpu = process.cpuUsage(cpuBefore)
  const sorted = latencies.subarray(0, count).sort()
  const at = (q: number) => (count ? sorted[Math.min(count - 1, Math.floor(q * count))] : 0)
  return {
    requests: count,
    rps: count / ((ended - started) / 1000),
    p50: at(0.5),
    p99: at(0.99),
    max: count ? sorted[count - 1] : 0,
    non2xx,
    misses,
    statuses,
    failures,
    errors,
    bytes,
    loadCpuUs: cpu.user + cpu.system,
  }
}
