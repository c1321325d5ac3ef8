// Prometheus metrics (prom-client), made only when the operator turns them on (METRICS_PORT): otherwise
// every call here is a no-op and nothing is measured. Series are per instance; labels are bounded (a route is
// its template, a query its first keyword), so a hostile client cannot grow the registry.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** What the metrics read when scraped (set once the context has them). */
export type MetricSources = {
  /** The chart worker pool: threads started and tasks waiting for one. */
  work: () => { threads: number; queued: number }
  /** Upload sessions open (not finished, not expired). */
  uploadsInProgress: () => Promise<number>
  /** Charts whose followers have not yet been told (the notification fan-out queue). */
  notificationsQueued: () => Promise<number>
  /** Answers the per-instance cache keeps, and their weight. */
  cache: () => { entries: number; bytes: number }
}

export type Metrics = {
  readonly enabled: boolean
  /** A request answered (by Fastify or the kept-answer lane), by route template. */
  request: (method: string, route: string, status: number, seconds: number) => void
  /** A kept answer looked up: served from the cache, or built. */
  kept: (hit: boolean) => void
  /** A database statement and how long it took. */
  query: (sql: string, ms: number) => void
  watch: (sources: MetricSources) => void
  /** The Prometheus text and its content type. */
  scrape: () => Promise<{ contentType: string; text: string }>
}

const noop = () => undefined

export const noMetrics: Metrics = {
  enabled: false,
  request: noop,
  kept: noop,
  query: noop,
  watch: noop,
  scrape: async () => ({ contentType: 'text/plain', text: '' }),
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const QUERY_SECONDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]
const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'with'])

/** A statement's kind, from its first keyword: a bounded label. */
const statementKind = (sql: string): string => {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? ''
  return STATEMENTS.has(word) ? word : 'other'
}

export const createMetrics = (): Metrics => {
  const registry = new Registry()
  // The process's own: CPU, memory, heap, GC, handles, and the event loop's lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const requests = new Counter({
    name: 'sirius_http_requests_total',
    help: 'Requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const durations = new Histogram({
    name: 'sirius_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers,
  })
  const rateLimited = new Counter({
    name: 'sirius_rate_limited_total',
    help: 'Requests refused with 429 rate_limited, by route template',
    labelNames: ['route'] as const,
    registers,
  })
  const shed = new Counter({
    name: 'sirius_shed_total',
    help: 'Requests refused with 503 (the server sheds load, or is closing), by route template',
    labelNames: ['route'] as const,
    registers,
  })
  const kept = new Counter({
    name: 'sirius_kept_answers_total',
    help: 'Kept (cached) answers looked up: hit = served from the cache, miss = built',
    labelNames: ['result'] as const,
    registers,
  })
  const queries = new Histogram({
    name: 'sirius_db_query_duration_seconds',
    help: 'Database statements and their time, by kind (first keyword)',
    labelNames: ['kind'] as const,
    buckets: QUERY_SECONDS,
    registers,
  })
  let sources: MetricSources | undefined
  new Gauge({
    name: 'sirius_uploads_in_progress',
    help: 'Upload sessions open (started, not finished or expired)',
    registers,
    async collect() {
      if (sources) this.set(await sources.uploadsInProgress())
    },
  })
  new Gauge({
    name: 'sirius_notifications_queued',
    help: "Charts whose followers have not been told yet (the fan-out queue's length)",
    registers,
    async collect() {
      if (sources) this.set(await sources.notificationsQueued())
    },
  })
  new Gauge({
    name: 'sirius_work_queue_tasks',
    help: 'Chart tasks waiting for a worker thread',
    registers,
    collect() {
      if (sources) this.set(sources.work().queued)
    },
  })
  new Gauge({
    name: 'sirius_work_threads',
    help: 'Worker threads started',
    registers,
    collect() {
      if (sources) this.set(sources.work().threads)
    },
  })
  new Gauge({
    name: 'sirius_kept_answers_entries',
    help: 'Answers the per-instance cache keeps',
    registers,
    collect() {
      if (sources) this.set(sources.cache().entries)
    },
  })
  new Gauge({
    name: 'sirius_kept_answers_bytes',
    help: "What the per-instance cache's answers weigh",
    registers,
    collect() {
      if (sources) this.set(sources.cache().bytes)
    },
  })

  return {
    enabled: true,
    request: (method, route, status, seconds) => {
      requests.inc({ method, route, status: String(status) })
      durations.observe({ method, route }, seconds)
      if (status === 429) rateLimited.inc({ route })
      else if (status === 503) shed.inc({ route })
    },
    kept: (hit) => kept.inc({ result: hit ? 'hit' : 'miss' }),
    query: (sql, ms) => queries.observe({ kind: statementKind(sql) }, ms / 1000),
    watch: (watched) => {
      sources = watched
    },
    scrape: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
  }
}
