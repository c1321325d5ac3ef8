// What one client may hold at once (server/http/budget.ts), against the real server on loopback: open
// connections per address, requests in flight per address and per user, and request bodies held in memory.
// Other addresses are other loopback addresses (127.0.0.x), or X-Forwarded-For behind the trusted proxy
// 127.0.0.1. A request is known to be held once the server has said "100 Continue" to it: the server says
// so as it takes the request in, before it reads the body.
import { type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, signInOverHttp, startServerProcess } from '../../fixtures/serverProcess'
import { tempDir } from '../helpers/context'

let server: { child: ChildProcess; origin: string }
let port: number
let dataDir: string
let session: string
const open: net.Socket[] = []

beforeAll(async () => {
  dataDir = tempDir('sirius-budget-')
  port = await freePort()
  server = await startServerProcess({
    port,
    dataDir,
    env: {
      TRUST_PROXY: '127.0.0.1',
      CONNECTIONS_PER_ADDRESS: '8',
      REQUESTS_IN_FLIGHT_PER_CLIENT: '16',
      BODY_BUFFER_PER_ADDRESS_MB: '1',
      BODY_BUFFER_TOTAL_MB: '2',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_STRICT_PER_MINUTE: '1000000',
    },
  })
  session = await signInOverHttp(server.origin, { id: 'holder', handle: '1101', name: 'Holder' })
}, 60_000)

afterAll(async () => {
  for (const socket of open) socket.destroy()
  if (server?.child.exitCode === null) {
    const exited = once(server.child, 'exit')
    server.child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A raw connection from a loopback address; what it receives is collected in `text()`. */
const connect = async (localAddress = '127.0.0.1') => {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress })
  open.push(socket)
  let received = ''
  let notify = () => {}
  socket.on('data', (data: Buffer) => {
    received += data.toString('latin1')
    notify()
  })
  socket.on('error', () => {})
  const closed = once(socket, 'close').then(() => received)
  await once(socket, 'connect')
  /** Resolves once what was received matches, or the connection closed. */
  const until = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const check = () => {
        if (pattern.test(received) || socket.destroyed) resolve(received)
      }
      notify = check
      void closed.then(check)
      check()
    })
  return { socket, closed, until, text: () => received }
}

const head = (path: string, headers: Record<string, string>) =>
  `POST ${path} HTTP/1.1\r\n${Object.entries({ host: '127.0.0.1', ...headers })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n`

/** Sends a request head, then none of its body: the server's whole answer (a refusal comes at once). */
const send = async (path: string, headers: Record<string, string>) => {
  const connection = await connect()
  connection.socket.write(head(path, headers))
  const answer = await connection.until(/\r\n\r\n\{[^]*\}/)
  connection.socket.destroy()
  return answer
}

/** Sends a request head that waits for "100 Continue" before a body it never sends: held in flight. */
const hold = async (
  path: string,
  headers: Record<string, string>,
  from = '127.0.0.1',
): Promise<Awaited<ReturnType<typeof connect>>> => {
  const connection = await connect(from)
  connection.socket.write(head(path, { expect: '100-continue', ...headers }))
  const answer = await connection.until(/^HTTP\/1\.1 \d{3}/)
  expect(answer, 'held').toMatch(/^HTTP\/1\.1 100 Continue/)
  return connection
}

const takedownHead = (length: number, from: string) => ({
  'content-type': 'application/json',
  'content-length': String(length),
  'x-forwarded-for': from,
})

const healthFrom = (from: string, extra: Record<string, string> = {}) =>
  fetch(`${server.origin}/healthz`, { headers: { 'x-forwarded-for': from, ...extra } })

const release = async (connections: Awaited<ReturnType<typeof connect>>[]) => {
  for (const connection of connections) connection.socket.destroy()
  await Promise.all(connections.map((connection) => connection.closed))
}

/** Asks until the answer is not a 429 (the server has seen the released connections close), at most 10 s. */
const eventually = async (ask: () => Promise<Response>) => {
  const until = Date.now() + 10_000
  for (;;) {
    const response = await ask()
    if (response.status !== 429 || Date.now() > until) return response
    await response.arrayBuffer()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('client budgets on the real server', () => {
  it('caps the open connections of one address; other addresses still connect and are answered', async () => {
    const held = await Promise.all(Array.from({ length: 8 }, () => connect('127.0.0.2')))
    // The ninth is answered 429 rate_limited and closed, before it sends anything.
    const ninth = await connect('127.0.0.2')
    const answer = await ninth.closed
    expect(answer).toMatch(/^HTTP\/1\.1 429 /)
    expect(answer).toContain('"error":"rate_limited"')
    // Another address is not affected.
    const other = await connect('127.0.0.3')
    other.socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n')
    expect(await other.closed).toMatch(/^HTTP\/1\.1 200 /)
    // Each held connection still works.
    held[0].socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n')
    expect(await held[0].until(/\r\n\r\n\{/)).toMatch(/^HTTP\/1\.1 200 /)
    // Once they close, the address connects again.
    await release(held)
    const until = Date.now() + 10_000
    let again: string
    do {
      const next = await connect('127.0.0.2')
      next.socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n')
      again = await next.closed
    } while (/^HTTP\/1\.1 429 /.test(again) && Date.now() < until)
    expect(again).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('at the cap, a new connection takes the place of the longest-idle keep-alive one; busy ones are kept', async () => {
    const get = 'GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'
    // Eight keep-alive connections, as browsers behind one address leave them after their page loads: six
    // have answered a request and wait idle, two carry a request whose body has not arrived.
    const idle = []
    for (let i = 0; i < 6; i++) {
      const connection = await connect('127.0.0.4')
      connection.socket.write(get)
      expect(await connection.until(/\r\n\r\n\{[^]*\}/)).toMatch(/^HTTP\/1\.1 200 /)
      idle.push(connection)
    }
    const busy = [
      await hold('/sonolus/takedown', takedownHead(64, '198.51.100.40'), '127.0.0.4'),
      await hold('/sonolus/takedown', takedownHead(64, '198.51.100.41'), '127.0.0.4'),
    ]
    // Six newcomers are each answered; each closed one idle connection, the longest idle first.
    const newcomers = []
    for (let i = 0; i < 6; i++) {
      const next = await connect('127.0.0.4')
      next.socket.write(get)
      expect(await next.until(/\r\n\r\n\{[^]*\}/)).toMatch(/^HTTP\/1\.1 200 /)
      const answered = idle[i].text()
      // Closed without another word: it carried nothing.
      expect(await idle[i].closed).toBe(answered)
      for (const later of idle.slice(i + 1)) expect(later.socket.destroyed).toBe(false)
      newcomers.push(next)
    }
    // The requests in flight were not touched, and their answers still come.
    for (const connection of busy) {
      expect(connection.socket.destroyed).toBe(false)
      connection.socket.write('{}'.padEnd(64, ' '))
      const answer = await connection.until(/Continue\r\n\r\nHTTP\/1\.1 \d{3} [^]*\r\n\r\n\{[^]*\}/)
      expect(answer).toMatch(/Continue\r\n\r\nHTTP\/1\.1 400 /)
    }
    await release([...busy, ...newcomers])
  })

  it('at the cap with no connection idle, a new one is refused', async () => {
    // Connections that have sent no request yet are not idle: they are what a slow client holds.
    const held = await Promise.all(Array.from({ length: 8 }, () => connect('127.0.0.5')))
    const ninth = await connect('127.0.0.5')
    expect(await ninth.closed).toMatch(/^HTTP\/1\.1 429 /)
    for (const connection of held) expect(connection.socket.destroyed).toBe(false)
    await release(held)
  })

  it('a trusted proxy is not held to the per-address cap', async () => {
    const held = await Promise.all(Array.from({ length: 12 }, () => connect('127.0.0.1')))
    held[11].socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n')
    expect(await held[11].until(/\r\n\r\n\{/)).toMatch(/^HTTP\/1\.1 200 /)
    await release(held)
  })

  it('refuses a body over its call limit before reading it: a takedown form is not a megabyte', async () => {
    const answer = await send('/sonolus/takedown', takedownHead(1024 * 1024, '198.51.100.20'))
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).toContain('"error":"file_too_large"')
    expect(answer).toContain("over this call's limit of 131,072 bytes")
  })

  it('holds body bytes to the address share (429) and the server share (503); they return when bodies end', async () => {
    const from = (address: string) => takedownHead(128 * 1024, address)
    // 1 MiB per address: eight takedown bodies of 128 KiB are held, a ninth from the same address is refused.
    const a = []
    for (let n = 0; n < 8; n++) a.push(await hold('/sonolus/takedown', from('198.51.100.40')))
    const overAddress = await send('/sonolus/takedown', from('198.51.100.40'))
    expect(overAddress).toMatch(/^HTTP\/1\.1 429 /)
    expect(overAddress).toContain('"error":"rate_limited"')
    // 2 MiB in all: another address takes the other megabyte, and a third address is refused as busy.
    const b = []
    for (let n = 0; n < 8; n++) b.push(await hold('/sonolus/takedown', from('198.51.100.41')))
    const overAll = await send('/sonolus/takedown', from('198.51.100.42'))
    expect(overAll).toMatch(/^HTTP\/1\.1 503 /)
    expect(overAll).toContain('"error":"server_busy"')
    // The held ones were told to go on, and nothing else.
    for (const connection of [...a, ...b]) expect(connection.text()).toBe('HTTP/1.1 100 Continue\r\n\r\n')
    // The bytes come back when the held bodies end: the same body is then taken in.
    await release([...a, ...b])
    const until = Date.now() + 10_000
    let answer: string
    do {
      const retry = await connect()
      retry.socket.write(head('/sonolus/takedown', { ...from('198.51.100.42'), expect: '100-continue' }))
      answer = await retry.until(/^HTTP\/1\.1 \d{3}/)
      retry.socket.destroy()
    } while (!/^HTTP\/1\.1 100 /.test(answer) && Date.now() < until)
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue/)
  })

  it('caps requests in flight per address: a burst past it is refused at once, others are answered', async () => {
    const held = []
    for (let n = 0; n < 16; n++)
      held.push(await hold('/sonolus/takedown', takedownHead(1000, '198.51.100.50')))
    const next = await healthFrom('198.51.100.50')
    expect(next.status).toBe(429)
    expect(next.headers.get('retry-after')).toBe('1')
    expect(await next.json()).toMatchObject({ error: 'rate_limited' })
    expect((await healthFrom('198.51.100.51')).status).toBe(200)
    await release(held)
    expect((await eventually(() => healthFrom('198.51.100.50'))).status).toBe(200)
  })

  it('caps requests in flight per user, whatever address they come from', async () => {
    const held = []
    for (let n = 0; n < 16; n++)
      held.push(
        await hold('/sonolus/takedown', {
          ...takedownHead(1000, `198.51.100.${60 + n}`),
          'sonolus-session': session,
        }),
      )
    const next = await healthFrom('198.51.100.80', { 'sonolus-session': session })
    expect(next.status).toBe(429)
    expect(await next.json()).toMatchObject({ error: 'rate_limited' })
    // The same address without the session is someone else.
    expect((await healthFrom('198.51.100.80')).status).toBe(200)
    await release(held)
    expect((await eventually(() => healthFrom('198.51.100.80', { 'sonolus-session': session }))).status).toBe(
      200,
    )
  })
})
