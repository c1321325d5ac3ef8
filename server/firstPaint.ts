// The first paint of the pages a visitor lands on most: the chart list and a chart's info. Until the SPA's
// scripts arrive (a phone on a slow network waits seconds for them), index.html shows the page's charts as
// plain HTML, their covers already loading; the page's answer travels with it, so the SPA's first render
// draws the same charts without asking again (src/app/firstPaint.ts), and replaces this markup.
//
// Only for visitors (no session cookie) on an address without a query: a signed-in person's list holds their
// own charts, and filters are the SPA's to read. The answer is the API's own, asked of this server as the
// visitor would ask it (same address, same limits), so what the paint shows is what the SPA would show. It
// counts as the call the SPA then does not make; a visitor over their limit gets the plain shell.
import fs from 'node:fs'
import path from 'node:path'
import { type FastifyInstance, type FastifyRequest } from 'fastify'
import { SITE_CLIENT_HEADER, SITE_CLIENT_VALUE } from '../common/api/errorKeys.js'
import { FIRST_PAINT_DATA_ID, type FirstPaintData } from '../common/api/firstPaint.js'
import { type RawChart } from '../common/api/levels.js'
import { levelLabel } from '../common/format.js'
import { LEVEL_NAME_PREFIX, SESSION_COOKIE_NAME } from '../common/rules.js'
import { withinMs } from './bounded.js'

/** The SPA's session cookie: its presence means a signed-in browser. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=[^;]`)
/** An answer slower than this is not worth holding the page for: the plain shell goes out instead. */
const ANSWER_WAIT_MS = 1000
/** Covers in the first rows load at once; the rest as they scroll in. */
const EAGER_COVERS = 6
const ROOT = '<div id="root"></div>'

type Page = { kind: 'list'; api: string } | { kind: 'chart'; id: string; api: string }

/** Which page an address is, for the paint; null when it gets none. */
export const paintedPage = (url: string): Page | null => {
  if (url === '/chart/list') return { kind: 'list', api: '/sonolus/levels/list?page=0' }
  const chart = /^\/chart\/([0-9a-f]{32})\/info$/.exec(url)
  if (chart) return { kind: 'chart', id: chart[1], api: `/sonolus/levels/${LEVEL_NAME_PREFIX}${chart[1]}` }
  return null
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c])

/** JSON inside a <script type="application/json">: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const isHash = (hash: string) => /^[0-9a-f]{40}$/.test(hash)

// The shell's bar and drawer as the SPA draws them (src/index.css), with no words that need a language.
const STYLE = `<style>
.first-paint{min-height:100vh;background:#f5f5f5}
.first-paint-body{display:flex}
.first-paint-drawer{flex:none;width:256px;min-height:calc(100vh - 64px);background:#fff;border-inline-end:1px solid rgba(0,0,0,.06)}
.first-paint .chart-card{--chart-cover:176px;text-decoration:none}
.first-paint-info{display:flex;gap:24px;padding:24px;background:#fff;border-radius:8px}
.first-paint-info img{flex:none;width:240px;height:240px;object-fit:cover;border-radius:8px;background:#eee}
.first-paint-chip{align-self:flex-start;padding:0 7px;color:#fff;font-size:12px;font-weight:600;line-height:20px;border-radius:4px}
.first-paint h2{margin:0;font-size:24px}
@media (max-width:767px){.first-paint-drawer{display:none}.first-paint .content-area{width:auto;min-width:0}.first-paint-info{flex-direction:column}}
@container (max-width:440px){.first-paint .chart-card{--chart-cover:112px}}
@container (max-width:340px){.first-paint .chart-card{--chart-cover:96px}}
</style>`

const chip = (chart: RawChart) =>
  `<span class="first-paint-chip" style="background:${chart.isOliver ? '#212121' : '#7b1fa2'}">` +
  `${escapeHtml(levelLabel(chart.level, !!chart.isOliver))}</span>`

const cover = (chart: RawChart, dataBase: string, size: number, eager: boolean) =>
  isHash(chart.coverHash)
    ? `<img src="${dataBase}${chart.coverHash}" alt="" width="${size}" height="${size}"` +
      (eager ? ' fetchpriority="high"' : ' loading="lazy"') +
      (size === 176 ? ' class="chart-card-cover"' : '') +
      '>'
    : ''

const credits = (chart: RawChart) =>
  `<span class="text-ellipsis text-secondary">${escapeHtml(chart.artists)}</span>` +
  `<span class="text-ellipsis text-secondary">${escapeHtml(chart.composer)}</span>` +
  `<span class="text-ellipsis">${escapeHtml(chart.author)}</span>`

const card = (chart: RawChart, dataBase: string, index: number) =>
  `<div class="chart-card-frame" style="height:192px;container-type:inline-size">` +
  `<a class="chart-card" href="/chart/${escapeHtml(chart.id)}/info">` +
  cover(chart, dataBase, 176, index < EAGER_COVERS) +
  `<span class="chart-card-body" style="display:flex;flex-direction:column;gap:4px">` +
  chip(chart) +
  `<span class="chart-card-title text-ellipsis">${escapeHtml(chart.title)}</span>` +
  credits(chart) +
  `</span></a></div>`

const info = (chart: RawChart, dataBase: string) =>
  `<div class="first-paint-info">${cover(chart, dataBase, 240, true)}` +
  `<div style="display:flex;flex-direction:column;gap:8px;min-width:0">${chip(chart)}` +
  `<h2 class="text-ellipsis">${escapeHtml(chart.title)}</h2>${credits(chart)}` +
  `</div></div>`

/** The markup for #root: the bar, the drawer's place, and the page's charts. */
export const paintMarkup = (siteTitle: string, content: string): string =>
  `<div class="first-paint" aria-busy="true">${STYLE}` +
  `<header class="app-bar"><span class="app-bar-title">${escapeHtml(siteTitle)}</span></header>` +
  `<div class="first-paint-body"><div class="first-paint-drawer"></div>` +
  `<div class="app-content" style="flex:1;min-width:0"><div class="content-area">${content}</div></div>` +
  `</div></div>`

/** What the page's answer paints; null when it holds nothing to show. */
export const pageContent = (page: Page, answer: unknown, dataBase: string): string | null => {
  if (page.kind === 'list') {
    const charts = (answer as { rawItems?: RawChart[] }).rawItems
    if (!Array.isArray(charts) || charts.length === 0) return null
    return `<div class="chart-grid">${charts.map((chart, i) => card(chart, dataBase, i)).join('')}</div>`
  }
  const chart = (answer as { rawItem?: RawChart }).rawItem
  return chart ? info(chart, dataBase) : null
}

/** index.html, read again when the build replaces it. */
const indexReader = (file: string) => {
  let cached: { mtimeMs: number; text: string } | null = null
  return (): string => {
    const { mtimeMs } = fs.statSync(file)
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, text: fs.readFileSync(file, 'utf8') }
    return cached.text
  }
}

/** Builds index.html with the first paint for `request`, or returns null when the plain file should go. */
export const firstPaint = (app: FastifyInstance, staticRoot: string, siteTitle: () => string) => {
  const readIndex = indexReader(path.join(staticRoot, 'index.html'))
  return async (request: FastifyRequest): Promise<string | null> => {
    if (request.method !== 'GET' || SESSION_COOKIE.test(request.headers.cookie ?? '')) return null
    const page = paintedPage(request.url)
    if (!page) return null
    const index = readIndex()
    if (!index.includes(ROOT)) return null
    const headers: Record<string, string> = { [SITE_CLIENT_HEADER]: SITE_CLIENT_VALUE }
    const language = request.headers['accept-language']
    if (typeof language === 'string') headers['accept-language'] = language
    const answered = app
      .inject({ method: 'GET', url: page.api, headers, remoteAddress: request.ip })
      .then((response) => (response.statusCode === 200 ? (response.json() as unknown) : null))
    try {
      const answer = await withinMs(answered, ANSWER_WAIT_MS, () => null)
      if (!answer) return null
      const content = pageContent(page, answer, '/sonolus/repository/')
      if (!content) return null
      const data = (
        page.kind === 'chart' ? { page: 'chart', id: page.id, answer } : { page: 'list', answer }
      ) as FirstPaintData
      // A function, so that `$&` and the like in a chart's title are not read as replacement patterns.
      return index.replace(
        ROOT,
        () =>
          `<div id="root">${paintMarkup(siteTitle(), content)}</div>` +
          `<script type="application/json" id="${FIRST_PAINT_DATA_ID}">${scriptJson(data)}</script>`,
      )
    } catch (error) {
      request.log.warn({ err: error }, 'first paint: the page answer failed; the plain shell is sent')
      return null
    }
  }
}
