// What one client may hold at once, so that no client can take the server from the others: open
// connections per address, requests in flight per address and per user, and request bodies buffered in
// memory per address and in total. Rates over a minute are http/protection.ts's; these are the bounds at an
// instant, which a burst inside the per-minute rate would otherwise exceed.
import { type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type Socket } from 'node:net'
import { type FastifyReply, type FastifyRequest } from 'fastify'
import { sessionHashOf } from './sessionToken.js'
import { type User } from '../db/repositories/index.js'
import { type Limits } from '../config.js'
import { type ClientAddresses } from './clientAddress.js'
import { HttpError, serverBusy } from './errors.js'

const KiB = 1024

/** What a JSON body may weigh unless its route says more: every call's form fits in it. */
export const DEFAULT_BODY_LIMIT = 64 * KiB

/** The calls that take more, sized to what they carry (URL-encoded form values with a 5,000-character
 *  description, a signed profile, a 50,000-character news post, a takedown claim, two replay files). */
export const BODY_LIMITS: Record<string, number> = {
  // A signed profile (64 KiB at most once parsed) arrives escaped and wrapped.
  'POST /sonolus/authenticate': 256 * KiB,
  'POST /sonolus/web/authenticate/:hash': 256 * KiB,
  'POST /sonolus/levels/create': 256 * KiB,
  'POST /sonolus/levels/:name/submit': 256 * KiB,
  'POST /sonolus/users/:name/submit': 256 * KiB,
  'POST /sonolus/playlists/create': 256 * KiB,
  'POST /sonolus/playlists/:name/edit': 256 * KiB,
  'POST /sonolus/news': 512 * KiB,
  'POST /sonolus/news/:id': 512 * KiB,
  'POST /sonolus/takedown': 128 * KiB,
  'POST /sonolus/reports': 128 * KiB,
  'POST /sonolus/moderation/actions': 128 * KiB,
  'POST /sonolus/levels/result/upload': 8 * 1024 * KiB,
}

/** Seconds a client told to slow down is asked to wait. */
const RETRY_AFTER_S = 1

export type BudgetLimits = Pick<
  Limits,
  'connectionsPerAddress' | 'requestsInFlightPerClient' | 'bodyBytesPerAddress' | 'bodyBytesTotal'
>

/** A refusal written on a connection before any request was read from it: the peer holds its share. */
const CONNECTION_REFUSAL = (() => {
  const body = '{"code":429,"error":"rate_limited","message":"Too many open connections from your address"}'
  return Buffer.from(
    'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 5\r\n' +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
})()

const add = (counts: Map<string, number>, key: string, delta: number) => {
  const next = (counts.get(key) ?? 0) + delta
  if (next <= 0) counts.delete(key)
  else counts.set(key, next)
}

/** The sessions this instance holds already (auth/sessionCache.ts): a request's user without a read. */
export type KnownSessions = { userEntry: (hash: string) => { readonly user?: User } | undefined }

/** One open connection: how many requests it carries now, and whether it has finished one. */
type Connection = { socket: Socket; active: number; served: boolean; idleSince: number }

export class ClientBudget {
  private readonly connections = new Map<string, Set<Connection>>()
  private readonly inFlight = new Map<string, number>()
  private readonly bodyBytes = new Map<string, number>()
  private bodyBytesTotal = 0
  /** Connections refused for their address's cap (the suites and the log read it). */
  refusedConnections = 0

  constructor(
    private readonly limits: BudgetLimits,
    private readonly addresses: ClientAddresses,
    private readonly sessions: KnownSessions,
  ) {}

  /** Caps each peer's open connections. A trusted proxy's connections carry many people and are bounded
   *  only by MAX_CONNECTIONS (and by the proxy's own per-client limits).
   *
   *  At the cap, a new connection first takes the place of the peer's longest-idle keep-alive connection
   *  (one that has answered a request and carries none now), as a browser's idle sockets would otherwise
   *  shut out the next person behind the same address: each browser keeps up to six open for a minute
   *  after a page load. Closing an idle keep-alive connection is allowed to a server at any time, and
   *  clients reconnect. Connections that carry a request, or have not sent one yet, are never closed for
   *  this: over the cap with none idle, the new one is refused. */
  watchConnections(server: Server): void {
    const ofSocket = new WeakMap<Socket, Connection>()
    server.on('connection', (socket: Socket) => {
      const peer = socket.remoteAddress ?? ''
      if (this.addresses.isProxy(peer)) return
      let held = this.connections.get(peer)
      if (held && held.size >= this.limits.connectionsPerAddress) {
        const idle = longestIdle(held)
        if (idle) {
          held.delete(idle)
          idle.socket.destroy()
        } else {
          this.refusedConnections++
          // Answered, not reset: a browser behind a busy address learns why and when to try again.
          socket.end(CONNECTION_REFUSAL)
          socket.destroySoon()
          return
        }
      }
      if (!held) this.connections.set(peer, (held = new Set()))
      const connection: Connection = { socket, active: 0, served: false, idleSince: 0 }
      ofSocket.set(socket, connection)
      held.add(connection)
      socket.once('close', () => {
        const set = this.connections.get(peer)
        if (!set?.delete(connection)) return
        if (set.size === 0) this.connections.delete(peer)
      })
    })
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const connection = ofSocket.get(request.socket)
      if (!connection) return
      connection.active++
      response.once('close', () => {
        connection.active--
        connection.served = true
        connection.idleSince = performance.now()
      })
    })
  }

  /** Open connections from a peer now. */
  connectionsOf(peer: string): number {
    return this.connections.get(peer)?.size ?? 0
  }

  /** Counts a request in flight under its address and its user (or session) until its answer is done;
   *  over either cap it is refused at once with 429 rate_limited. */
  admit(request: FastifyRequest, reply: FastifyReply): HttpError | undefined {
    const keys = [`ip:${request.ip}`]
    const hash = sessionHashOf(request)
    if (hash !== undefined) {
      const user = this.sessions.userEntry(hash)?.user
      keys.push(user ? `user:${user.id}` : `session:${hash}`)
    }
    for (const key of keys)
      if ((this.inFlight.get(key) ?? 0) >= this.limits.requestsInFlightPerClient) {
        reply.header('retry-after', RETRY_AFTER_S)
        return new HttpError(
          429,
          'rate_limited',
          `Too many requests at once (at most ${this.limits.requestsInFlightPerClient}); try again in ${RETRY_AFTER_S} s`,
        )
      }
    for (const key of keys) add(this.inFlight, key, 1)
    reply.raw.once('close', () => {
      for (const key of keys) add(this.inFlight, key, -1)
    })
    return undefined
  }

  /** Reserves the memory a request body will take while it is read whole (JSON, a replay upload): its
   *  declared length, or the route's limit when it declares none. Over the route's limit it is refused as
   *  too large before a byte is read; over the address's or the server's share, as busy. */
  reserveBody(request: FastifyRequest, reply: FastifyReply, routeLimit: number): HttpError | undefined {
    const declared = declaredLength(request.raw)
    if (declared === 0) return undefined
    // A refused body is not read: the connection closes after the answer.
    const refuse = (error: HttpError) => {
      reply.header('connection', 'close')
      return error
    }
    if (declared !== undefined && declared > routeLimit)
      return refuse(
        new HttpError(
          413,
          'file_too_large',
          `The body is over this call's limit of ${routeLimit.toLocaleString('en-US')} bytes`,
        ),
      )
    const bytes = declared ?? routeLimit
    const address = request.ip
    if ((this.bodyBytes.get(address) ?? 0) + bytes > this.limits.bodyBytesPerAddress) {
      reply.header('retry-after', RETRY_AFTER_S)
      return refuse(
        new HttpError(
          429,
          'rate_limited',
          `Too many request bodies arriving at once from your address; try again in ${RETRY_AFTER_S} s`,
        ),
      )
    }
    if (this.bodyBytesTotal + bytes > this.limits.bodyBytesTotal) {
      reply.header('retry-after', RETRY_AFTER_S)
      return refuse(serverBusy(`The server is receiving too much at once; try again in ${RETRY_AFTER_S} s`))
    }
    add(this.bodyBytes, address, bytes)
    this.bodyBytesTotal += bytes
    reply.raw.once('close', () => {
      add(this.bodyBytes, address, -bytes)
      this.bodyBytesTotal -= bytes
    })
    return undefined
  }

  /** Body bytes reserved now, in total. */
  get bodyBytesReserved(): number {
    return this.bodyBytesTotal
  }
}

/** The connection that has been idle longest among those that have answered a request and carry none. */
const longestIdle = (held: Set<Connection>): Connection | undefined => {
  let oldest: Connection | undefined
  for (const connection of held)
    if (connection.served && connection.active === 0 && (!oldest || connection.idleSince < oldest.idleSince))
      oldest = connection
  return oldest
}

/** The Content-Length a request declares; undefined when it streams without one (chunked). */
const declaredLength = (request: IncomingMessage): number | undefined => {
  const header = request.headers['content-length']
  if (header === undefined) return request.headers['transfer-encoding'] ? undefined : 0
  const value = Number(header)
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined
}
