// bench:attack's HTTP side: one request with a deadline and an abort signal (node:http, so that the answer
// is what crossed the wire), the chunked upload as the SPA does it, and slow requests on raw sockets.
import http from 'node:http'
import net from 'node:net'
import { UPLOAD_CHUNK_BYTES } from '../../common/rules.js'
import { sha1 } from '../../test/fixtures/replay/replay.js'

export type Answer = {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  /** The error catalogue's key and message, when the body is our JSON error. */
  key?: string
  message?: string
  ms: number
}

/** The request did not get an answer: the server closed the connection, our deadline passed, or the
 *  attack was stopped (its cap, or the watchdog). */
export class NoAnswer extends Error {
  constructor(
    readonly kind: 'closed' | 'timeout' | 'aborted',
    readonly ms: number,
    detail: string,
  ) {
    super(detail)
    this.name = 'NoAnswer'
  }
}

/** What the attacker saw, in a few words: "400 upload_failed", "connection closed after 3.1 s". */
export const describe = (outcome: Answer | unknown): string => {
  if (outcome instanceof NoAnswer) {
    const s = (outcome.ms / 1000).toFixed(1)
    if (outcome.kind === 'closed') return `connection closed after ${s} s`
    if (outcome.kind === 'timeout') return `timed out after ${s} s`
    return `stopped after ${s} s (${outcome.message})`
  }
  if (outcome && typeof outcome === 'object' && 'status' in outcome) {
    const answer = outcome as Answer
    return `${answer.status}${answer.key ? ` ${answer.key}` : ''}`
  }
  return `error: ${outcome instanceof Error ? outcome.message : String(outcome)}`
}

const KEPT_TEXT = 64 * 1024

const readKey = (text: string): { key?: string; message?: string } => {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown }
    return {
      key: typeof body.error === 'string' ? body.error : undefined,
      message: typeof body.message === 'string' ? body.message : undefined,
    }
  } catch {
    return {}
  }
}

/** The address the current attack's requests come from, behind the trusted loopback proxy: each attack has
 *  its own, so that one attack's per-address minute does not decide the next one's answers. */
let attackerAddress: string | undefined
export const setAttackerAddress = (address: string | undefined) => {
  attackerAddress = address
}

/** Connections of the attacker, apart from the probe's. */
export const attackerAgent = new http.Agent({ keepAlive: true, maxSockets: 16 })

export type SendOptions = {
  method?: string
  headers?: Record<string, string>
  body?: string | Buffer
  signal?: AbortSignal
  timeoutMs?: number
  agent?: http.Agent
  /** The loopback address to connect from (a client of its own, not the trusted proxy). */
  localAddress?: string
}

/** One request; resolves with the answer (any status), rejects with NoAnswer. Keeps at most 64 KB of the
 *  body. An answer that arrives before the server closes on our unfinished upload still counts. */
export const send = (url: string, options: SendOptions = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const elapsed = () => performance.now() - started
    let settled = false
    const fail = (error: NoAnswer) => {
      if (settled) return
      settled = true
      reject(error)
    }
    if (options.signal?.aborted) return fail(new NoAnswer('aborted', 0, String(options.signal.reason)))
    const body = options.body === undefined ? undefined : Buffer.from(options.body)
    const request = http.request(url, {
      method: options.method ?? 'GET',
      agent: options.agent ?? attackerAgent,
      localAddress: options.localAddress,
      headers: {
        // The catalogue's error body ({error: key}) on protocol routes too, as the site asks for it.
        'x-sirius-client': 'web',
        ...(attackerAddress && !options.localAddress ? { 'x-forwarded-for': attackerAddress } : {}),
        ...options.headers,
        ...(body ? { 'content-length': String(body.length) } : {}),
      },
    })
    const timer = setTimeout(() => {
      fail(new NoAnswer('timeout', elapsed(), 'deadline'))
      request.destroy()
    }, options.timeoutMs ?? 130_000)
    const onAbort = () => {
      fail(new NoAnswer('aborted', elapsed(), String(options.signal?.reason)))
      request.destroy()
    }
    options.signal?.addEventListener('abort', onAbort, { once: true })
    const done = () => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
    }
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      let kept = 0
      response.on('data', (chunk: Buffer) => {
        if (kept < KEPT_TEXT) chunks.push(chunk)
        kept += chunk.length
      })
      const finish = () => {
        done()
        if (settled) return
        settled = true
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text,
          ...readKey(text),
          ms: elapsed(),
        })
      }
      response.on('end', finish)
      // A response cut short still says its status.
      response.on('error', finish)
      response.on('aborted', finish)
    })
    request.on('error', () => {
      done()
      fail(new NoAnswer('closed', elapsed(), 'connection closed'))
    })
    request.end(body)
  })

/** The chunked upload (GET /upload/{sha1} then PUTs of ≤ 327,680 bytes), as the SPA sends it. Stops at the
 *  first answer that is not a step forward; `answer` is then the refusal. */
export const uploadChunked = async (
  origin: string,
  session: string,
  bytes: Buffer,
  kind: string,
  signal?: AbortSignal,
): Promise<{ stored: true; hash: string } | { stored: false; step: string; answer: Answer | NoAnswer }> => {
  const hash = sha1(bytes)
  const start = await send(`${origin}/upload/${hash}?size=${bytes.length}&type=${kind}`, {
    headers: { authorization: session },
    signal,
  }).catch((error: NoAnswer) => error)
  if (start instanceof NoAnswer || start.status !== 200)
    return start instanceof NoAnswer || start.status !== 201
      ? { stored: false, step: 'start', answer: start }
      : { stored: true, hash }
  const started = JSON.parse(start.text) as {
    code: number
    uploadUrl: string
    token: string
    received: number
  }
  if (started.code === 201) return { stored: true, hash }
  const chunks = Math.ceil(bytes.length / UPLOAD_CHUNK_BYTES)
  for (let at = started.received ?? 0, n = 1; at < bytes.length; at += UPLOAD_CHUNK_BYTES, n++) {
    const end = Math.min(at + UPLOAD_CHUNK_BYTES, bytes.length) - 1
    const put = await send(started.uploadUrl, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${started.token}`,
        'content-range': `bytes ${at}-${end}/${bytes.length}`,
        'content-type': 'application/octet-stream',
      },
      body: bytes.subarray(at, end + 1),
      signal,
    }).catch((error: NoAnswer) => error)
    if (put instanceof NoAnswer || put.status >= 300)
      return { stored: false, step: `chunk ${n}/${chunks}`, answer: put }
    if ((JSON.parse(put.text) as { complete?: boolean }).complete) return { stored: true, hash }
  }
  return { stored: false, step: 'end', answer: new NoAnswer('closed', 0, 'the upload never completed') }
}

export type SlowResult = {
  /** The status the server answered with (408, 429, …), or undefined when it closed without one. */
  status?: number
  key?: string
  /** Seconds from the connection to the server's answer or close; undefined when still open at the cap. */
  closedAfter?: number
  /** The connection could not be made at all. */
  refused?: boolean
}

/**
 * `count` requests on raw sockets whose heads go at once and whose bodies then trickle one byte every
 * `everyMs`, never completing. Each ends when the server answers or closes; all still open at `capMs`
 * (or on abort) are closed by us. Resolves with each connection's fate.
 */
export const slowRequests = (options: {
  origin: string
  count: number
  head: (n: number) => string
  firstByte: string
  everyMs: number
  capMs: number
  signal?: AbortSignal
}): Promise<SlowResult[]> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(options.origin)
    const started = performance.now()
    const results: SlowResult[] = Array.from({ length: options.count }, () => ({}))
    const sockets = new Set<net.Socket>()
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      clearInterval(drip)
      clearTimeout(cap)
      options.signal?.removeEventListener('abort', finish)
      for (const socket of sockets) socket.destroy()
      resolve(results)
    }
    for (let n = 0; n < options.count; n++) {
      const socket = net.connect({ host: hostname, port: Number(port) })
      sockets.add(socket)
      let received = ''
      let connected = false
      const end = () => {
        if (!sockets.delete(socket)) return
        socket.destroy()
        if (!finished) results[n].closedAfter = (performance.now() - started) / 1000
        if (!connected) results[n].refused = true
        if (sockets.size === 0) finish()
      }
      socket.on('connect', () => {
        connected = true
        socket.write(options.head(n) + options.firstByte)
      })
      socket.on('data', (data: Buffer) => {
        received += data.toString('latin1')
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(received)
        if (!status) return
        results[n].status = Number(status[1])
        const key = /"error":"([a-z_0-9]+)"/.exec(received)
        // The key follows the head, perhaps in the next packet: wait briefly for it.
        if (key || received.includes('\r\n\r\n')) {
          results[n].key = key?.[1]
          if (key || results[n].status === 408) end()
          else setTimeout(end, 200)
        }
      })
      socket.on('error', end)
      socket.on('close', end)
    }
    const drip = setInterval(() => {
      for (const socket of sockets) if (socket.writable) socket.write(' ')
    }, options.everyMs)
    const cap = setTimeout(finish, options.capMs)
    options.signal?.addEventListener('abort', finish, { once: true })
  })
