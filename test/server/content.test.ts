// The docs and master data the SPA fetches (docs/spec.md §7): {docsUrl}/{locale}/{type}.md and
// {master data base}/splitLine.html|json, from the repository's docs/ and master-data/ folders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOC_TYPES } from '../../common/api/content'
import { UI_LOCALES } from '../../common/locales'
import { CHART_LIMITS, COMMENT_MAX_LENGTH, COMMENT_RATE_LIMIT } from '../../common/rules'
import { BOARDS } from '../../common/scoring'
import { openTestApp } from './helpers/context'

describe('site content', () => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  beforeAll(async () => {
    test = await openTestApp('sqlite')
  })
  afterAll(async () => test.cleanup())
  const get = (url: string) => test.app.inject({ method: 'GET', url })

  it.each(UI_LOCALES.flatMap((locale) => DOC_TYPES.map((type) => [locale, type])))(
    'serves the %s %s document as markdown, written for real',
    async (locale, type) => {
      const response = await get(`/content/docs/${locale}/${type}.md`)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8')
      expect(response.body).toMatch(/^# \S/)
      expect(response.body.length).toBeGreaterThan(800)
      expect(response.body).not.toMatch(/<[a-z!/]/i) // raw HTML is not part of our docs
    },
  )

  it('says the error bar is at the top of the page, where the site shows it', async () => {
    const where = {
      en_us: ['top of the page', 'bottom'],
      ja_jp: ['ページ上部', 'ページ下部'],
      zh_cn: ['页面顶部', '页面底部'],
    }
    for (const [locale, [top, bottom]] of Object.entries(where)) {
      const text = (await get(`/content/docs/${locale}/error.md`)).body
      expect(text).toContain(top)
      expect(text).not.toContain(bottom)
    }
  })

  it('documents every error key with its exact English text', async () => {
    const body = (await get('/content/docs/en_us/error.md')).body
    for (const text of [
      'You are not logged in, please login with Sonolus and try again',
      'Network connection error, please check your network connection',
      'Failed to upload assets, please check your network connection',
      'Failed to create level, please check your network connection',
      'Sorry, you do not have permission to enter this page',
      'Sorry, you do not have permission to do this action',
      'The file is too large, please reduce the file size and try again',
      'Please complete all required fields and try again.',
    ])
      expect(body).toContain(text)
  })

  it('quotes the chart limits and this server’s quotas on the error page, in every language', async () => {
    const number = (value: number) => value.toLocaleString('en-US')
    for (const locale of UI_LOCALES) {
      const body = (await get(`/content/docs/${locale}/error.md`)).body
      expect(body).not.toContain('{{')
      for (const name of [
        'lines',
        'lineLength',
        'notes',
        'slides',
        'measure',
        'beatsPerMeasure',
        'entities',
      ] as const)
        expect(body).toContain(`| ${number(CHART_LIMITS[name])} |`)
      expect(body).toContain(`${CHART_LIMITS.levelDataBytes / 1024 / 1024} MB`)
      expect(body).toContain(number(test.ctx.config.limits.strictRatePerMinute))
      expect(body).toContain('`rate_limited`')
      expect(body).toContain('`server_busy`')
    }
    expect((await get('/content/docs/en_us/error.md')).body).toContain(
      'Too many requests, please wait a moment and try again',
    )
  })

  it('states the comment limits and the leaderboard order that the server applies', async () => {
    const body = (await get('/content/docs/en_us/sonolus.md')).body
    expect(body).toContain(`at most **${COMMENT_MAX_LENGTH.toLocaleString('en')} characters**`)
    expect(body).toContain(`at most **${COMMENT_RATE_LIMIT} comments a minute**`)
    expect(body).toContain(
      '**higher is better** for arcade score, accuracy score, max combo and the number of Perfect',
    )
    expect(body).toContain('**lower is better** for the number of Great, Good and Miss')
    for (const [board, { better }] of Object.entries(BOARDS))
      expect(better).toBe(['great', 'good', 'miss'].includes(board) ? 'lower' : 'higher')
  })

  it.each([
    '/content/docs/en_us/secret.md',
    '/content/docs/xx/chart.md',
    '/content/docs/en_us/chart.txt',
    '/content/docs/..%2F..%2Fpackage.json/chart.md',
    '/content/docs/en_us/..%2F..%2Fpackage.json',
    '/content/master/package.json',
    '/content/master/..%2Fpackage.json',
  ])('answers 404 for %s and reads nothing else', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'not_found' })
  })

  it('serves splitLine.json as colour id → sprite names', async () => {
    const response = await get('/content/master/splitLine.json')
    expect(response.statusCode).toBe(200)
    const table = response.json() as Record<string, string[]>
    expect(Object.keys(table).length).toBeGreaterThan(2)
    for (const [id, sprites] of Object.entries(table)) {
      expect(id).toMatch(/^\d+$/)
      expect(sprites.length).toBeGreaterThan(0)
    }
  })

  it('serves splitLine.html under a sandbox policy of its own, with six lines a swatch', async () => {
    const response = await get('/content/master/splitLine.html')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/)
    expect(response.body).toContain('<title>Sirius Split Line List</title>')
    const swatch = /<svg[^>]*viewBox="0 0 100 100"[^>]*>([\s\S]*?)<\/svg>/.exec(response.body)?.[1] ?? ''
    expect(swatch.match(/<line /g)).toHaveLength(6)
  })
})
