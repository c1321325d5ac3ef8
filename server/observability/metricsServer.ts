// /metrics on a port of its own (METRICS_PORT, loopback by default), never on the public one: a scrape
// does not pass the public proxy, the rate limits or the load shedding, and still answers while the public
// port sheds load. METRICS_TOKEN adds a bearer token for when that port must be reachable from a shared
// network.
import http from 'node:http'
import { createHash, timingSafeEqual } from 'node:crypto'
import { type MetricsConfig } from '../config.js'
import { type Metrics } from './metrics.js'

export type MetricsServer = { port: number; close: () => Promise<void> }

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether the request carries the token (compared in constant time). */
const authorized = (request: http.IncomingMessage, token: string | undefined): boolean => {
  if (token === undefined) return true
  const header = request.headers.authorization ?? ''
  const given = header.startsWith('Bearer ') ? header.slice(7) : ''
  return timingSafeEqual(digest(given), digest(token))
}

const answer = (response: http.ServerResponse, status: number, type: string, body: string) => {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
  response.end(body)
}

export const startMetricsServer = async (
  config: MetricsConfig,
  metrics: Metrics,
  onError: (error: Error) => void,
): Promise<MetricsServer> => {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (path !== '/metrics') return answer(response, 404, 'text/plain', 'not found\n')
    if (request.method !== 'GET') return answer(response, 405, 'text/plain', 'only GET\n')
    if (!authorized(request, config.token)) {
      response.setHeader('www-authenticate', 'Bearer')
      return answer(response, 401, 'text/plain', 'a bearer token is required\n')
    }
    metrics.scrape().then(
      ({ contentType, text }) => answer(response, 200, contentType, text),
      (error: Error) => {
        onError(error)
        answer(response, 500, 'text/plain', 'the metrics could not be read\n')
      },
    )
  })
  // A scraper or two, briefly: nothing more is let to hold this port.
  server.maxConnections = 16
  server.requestTimeout = 10_000
  server.headersTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : config.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
