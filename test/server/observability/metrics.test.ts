// Prometheus metrics: off unless METRICS_PORT is set; then /metrics answers on that port alone, behind
// METRICS_TOKEN when one is set, and names the series the operator's dashboard reads (docs/grafana-dashboard.json).
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMetricsServer, type MetricsServer } from '../../../server/observability/metricsServer'
import { loadConfig } from '../../../server/config'
import { DIALECTS, openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { startUpload } from '../helpers/upload'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'

const TOKEN = 'a-scrape-token-of-some-length'

/** A series' value in Prometheus text (the first sample whose name and labels match). */
const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

for (const dialect of DIALECTS) {
  describe(`metrics (${dialect})`, () => {
    let test: Awaited<ReturnType<typeof openTestApp>>
    let server: MetricsServer
    let origin: string
    let scrapeUrl: string
    const scrape = (token: string | null = TOKEN) =>
      fetch(scrapeUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} })

    beforeAll(async () => {
      test = await openTestApp(dialect, {
        env: {
          METRICS_PORT: '0',
          METRICS_TOKEN: TOKEN,
          RATE_LIMIT_PER_MINUTE: '20',
          SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
          PUBLIC_URL: TEST_PUBLIC_URL,
        },
      })
      origin = await test.app.listen({ port: 0, host: '127.0.0.1' })
      // The background work's first pass (started as the app listens) recomputes trending and then drops
      // the kept lists, and a later pass would send the queued announcement: wait for that pass to end
      // and run no other, so the requests below meet the kept answers and the queue as they leave them.
      await test.ctx.media.stop()
      server = await startMetricsServer(test.ctx.config.metrics!, test.ctx.metrics, (error) => {
        throw error
      })
      scrapeUrl = `http://127.0.0.1:${server.port}/metrics`
    })
    afterAll(async () => {
      await server?.close()
      await test?.cleanup()
    })

    it('names every series after real traffic: requests, latency, kept answers, work, database, uploads, queue, refusals', async () => {
      // The same list three times: built, then kept (the third may come by the kept-answer lane).
      for (let i = 0; i < 3; i++) expect((await fetch(`${origin}/sonolus/levels/list`)).status).toBe(200)
      // The third came by the lane, which answers ahead of Fastify's hooks: it is counted all the same.
      expect(test.app.lane.hits).toBe(1)
      expect((await fetch(`${origin}/no/such/page`)).status).toBe(404)
      // An upload open and an announcement queued, as the running site would have them.
      const alice = await appSession(test.app, { id: 'a'.repeat(32), handle: '4242', name: 'Alice' })
      expect(
        (await startUpload(test.app, alice, Buffer.from('music bytes'), 'music')).response.statusCode,
      ).toBe(200)
      await test.ctx.repos.follows.queueFanout('f'.repeat(32), Date.now())
      // Past the limit of 20 a minute: refused with 429.
      const statuses: number[] = []
      for (let i = 0; i < 25; i++) statuses.push((await fetch(`${origin}/sonolus/info`)).status)
      expect(statuses).toContain(429)

      const response = await scrape()
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      const text = await response.text()
      expect(
        valueOf(text, 'sirius_http_requests_total{method="GET",route="/sonolus/levels/list",status="200"}'),
      ).toBe(3)
      expect(valueOf(text, 'sirius_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
      expect(
        valueOf(
          text,
          'sirius_http_request_duration_seconds_count{method="GET",route="/sonolus/levels/list"}',
        ),
      ).toBe(3)
      expect(text).toContain(
        'sirius_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/sonolus/levels/list"}',
      )
      expect(valueOf(text, 'sirius_kept_answers_total{result="miss"}')).toBeGreaterThanOrEqual(1)
      expect(valueOf(text, 'sirius_kept_answers_total{result="hit"}')).toBeGreaterThanOrEqual(2)
      expect(valueOf(text, 'sirius_rate_limited_total{route="/sonolus/info"}')).toBe(
        statuses.filter((status) => status === 429).length,
      )
      expect(valueOf(text, 'sirius_work_queue_tasks')).toBe(0)
      expect(valueOf(text, 'sirius_work_threads')).toBeGreaterThanOrEqual(0)
      expect(valueOf(text, 'sirius_notifications_queued')).toBe(1)
      expect(valueOf(text, 'sirius_uploads_in_progress')).toBe(1)
      expect(valueOf(text, 'sirius_db_query_duration_seconds_count{kind="select"}')).toBeGreaterThan(0)
      expect(valueOf(text, 'sirius_kept_answers_entries')).toBe(test.ctx.cache.size)
      expect(valueOf(text, 'sirius_kept_answers_bytes')).toBe(test.ctx.cache.bytes)
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
      // Every series the sample dashboard charts is one this server serves.
      const dashboard = fs.readFileSync(
        path.resolve(import.meta.dirname, '../../../docs/grafana-dashboard.json'),
        'utf8',
      )
      const charted = new Set(
        [...dashboard.matchAll(/\b((?:sirius|nodejs|process)_\w+)/g)].map((match) =>
          match[1].replace(/_(bucket|sum|count)$/, ''),
        ),
      )
      expect(charted.size).toBeGreaterThan(10)
      for (const series of charted) expect(text, series).toContain(`# TYPE ${series} `)
      // Declared before any request is shed (it has no sample until then).
      expect(text).toContain('# TYPE sirius_shed_total counter')
    })

    it('answers only with the token, only at /metrics, and never on the public port', async () => {
      expect((await scrape(null)).status).toBe(401)
      expect((await scrape('not-the-token-but-long-enough')).status).toBe(401)
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(404)
      expect(
        (await fetch(scrapeUrl, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(405)
      const publicScrape = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(publicScrape.status).toBe(404)
      expect(await publicScrape.text()).not.toContain('sirius_')
    })
  })
}

describe('metrics switched off (the default)', () => {
  it('measures nothing and serves no /metrics', async () => {
    const test = await openTestApp('sqlite')
    try {
      expect(test.ctx.config.metrics).toBeUndefined()
      expect(test.ctx.metrics.enabled).toBe(false)
      expect((await test.app.inject('/metrics')).statusCode).toBe(404)
    } finally {
      await test.cleanup()
    }
  })

  it('refuses a token or host without a port, a short token, and the public port', () => {
    expect(() => loadConfig({ METRICS_TOKEN: TOKEN }, '/tmp')).toThrow(/METRICS_TOKEN.*METRICS_PORT is not/)
    expect(() => loadConfig({ METRICS_HOST: '0.0.0.0' }, '/tmp')).toThrow(/METRICS_PORT is not/)
    expect(() => loadConfig({ METRICS_PORT: '9100', METRICS_TOKEN: 'short' }, '/tmp')).toThrow(
      /16 characters/,
    )
    expect(() => loadConfig({ METRICS_PORT: '8080' }, '/tmp')).toThrow(/must differ from PORT/)
    expect(loadConfig({ METRICS_PORT: '9100' }, '/tmp').metrics).toEqual({
      port: 9100,
      host: '127.0.0.1',
      token: undefined,
    })
  })
})
