// The first paint of the chart list and chart info (server/firstPaint.ts): a visitor's index.html carries the
// page's charts as escaped HTML and the API's own answer for the SPA to adopt; everyone else gets the shell.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_PAINT_DATA_ID } from '../../common/api/firstPaint'
import { escapeHtml, scriptJson } from '../../server/firstPaint'
import { newChart } from './helpers/charts'
import { buildApp } from '../../server/app'
import { openTestContext, speakAsSite } from './helpers/context'

const SHELL =
  '<!doctype html><html><head></head><body><div id="root"></div><script src="/a.js"></script></body></html>'
const HOSTILE_TITLE = '<img src=x onerror=alert(1)> $& $1 </script><!--'

const carried = (html: string): unknown => {
  const match = new RegExp(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">(.*?)</script>`).exec(
    html,
  )
  return match ? JSON.parse(match[1]) : null
}

/** A server whose built site is SHELL. */
const openSite = async (env: Record<string, string> = {}) => {
  const context = await openTestContext('sqlite', { env })
  fs.mkdirSync(context.ctx.config.staticRoot, { recursive: true })
  fs.writeFileSync(path.join(context.ctx.config.staticRoot, 'index.html'), SHELL)
  return { ...context, app: speakAsSite(await buildApp(context.ctx, { logger: false })) }
}

describe('first paint', () => {
  let test: Awaited<ReturnType<typeof openSite>>
  const publicChart = newChart(0x51, { title: HOSTILE_TITLE, artists: 'A & B', level: 24 })
  const olivierChart = newChart(0x52, { title: 'Olivier one', isOliver: 1, level: 3 })
  const privateChart = newChart(0x53, { title: 'Kept back', isPublic: 0 })

  beforeAll(async () => {
    test = await openSite()
    await test.ctx.repos.users.upsert({ id: 'alice', handle: '1001', name: 'Alice', profile: '{}' })
    for (const chart of [publicChart, olivierChart, privateChart]) await test.ctx.repos.charts.insert(chart)
  })
  afterAll(async () => {
    await test.app.close()
    await test.cleanup()
  })

  const page = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } })

  it('gives a visitor the chart list as HTML, titles escaped, and the answer the list call gives', async () => {
    const response = await page('/chart/list')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const html = response.body
    expect(html).toContain(escapeHtml(HOSTILE_TITLE))
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('A &amp; B')
    expect(html).toContain('Lv. 24')
    expect(html).toContain('Olivier III')
    expect(html).not.toContain('Kept back')
    expect(html).toContain(`src="/sonolus/repository/${publicChart.coverHash}"`)
    expect(html).toContain(`href="/chart/${publicChart.id}/info"`)
    // The shell's script still follows, once.
    expect(html.match(/<script src="\/a.js">/g)).toHaveLength(1)
    const api = await test.app.inject({ method: 'GET', url: '/sonolus/levels/list?page=0' })
    expect(carried(html)).toEqual({ page: 'list', answer: api.json() })
  })

  it('gives a visitor a chart info page with its chart and details answer', async () => {
    const response = await page(`/chart/${olivierChart.id}/info`)
    expect(response.body).toContain('<h2 class="text-ellipsis">Olivier one</h2>')
    const api = await test.app.inject({ method: 'GET', url: `/sonolus/levels/wbs-${olivierChart.id}` })
    expect(carried(response.body)).toEqual({ page: 'chart', id: olivierChart.id, answer: api.json() })
  })

  it.each([
    ['a signed-in browser', '/chart/list', { cookie: 'theme=dark; sessionId=abc' }],
    ['a filtered list', '/chart/list?level=3', {}],
    ['a private chart', `/chart/${privateChart.id}/info`, {}],
    ['a chart that does not exist', `/chart/${'e'.repeat(32)}/info`, {}],
    ['a page without charts', '/home', {}],
  ])('sends the plain shell for %s', async (_name, url, headers: Record<string, string>) => {
    const response = await page(url, headers)
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(SHELL)
    expect(response.headers.vary).toContain('Cookie')
  })

  it('compresses the painted page for a browser that accepts gzip, and varies by cookie', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/chart/list',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers.vary).toBe('Cookie, Accept-Encoding')
    expect(zlib.gunzipSync(response.rawPayload).toString()).toContain('Olivier one')
  })

  it('writes JSON that cannot end its script element', () => {
    const value = { title: HOSTILE_TITLE, line: 'a\u2028b' }
    const text = scriptJson(value)
    expect(text).not.toMatch(/[<>]/)
    expect(text).not.toContain('\u2028')
    expect(JSON.parse(text)).toEqual(value)
  })
})

describe('first paint and the rate limit', () => {
  it('counts a painted page as the list call it saves, and sends the plain shell once the limit is reached', async () => {
    const test = await openSite({ RATE_LIMIT_PER_MINUTE: '2' })
    try {
      await test.ctx.repos.users.upsert({ id: 'alice', handle: '1001', name: 'Alice', profile: '{}' })
      await test.ctx.repos.charts.insert(newChart(0x61, { title: 'Counted' }))
      const page = () => test.app.inject({ method: 'GET', url: '/chart/list' })
      for (let i = 0; i < 2; i++) expect(carried((await page()).body)).not.toBeNull()
      const over = await page()
      expect(over.statusCode).toBe(200)
      expect(over.body).toBe(SHELL)
      expect((await test.app.inject({ method: 'GET', url: '/sonolus/levels/list?page=0' })).statusCode).toBe(
        429,
      )
    } finally {
      await test.app.close()
      await test.cleanup()
    }
  })
})
