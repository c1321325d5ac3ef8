// A visitor's first visit: the chart list and a chart's info show their charts before any script runs, and
// the app takes over the page with the answer the page carried, without asking for it again.
import { type Page, expect } from '@playwright/test'
import { test } from './test'
import { PHONE_CHART_TITLE } from './seed'

const PHONE_CHART = 'a1'.repeat(16)

/** Counts the calls whose path is `path` (any query). */
const countCalls = (page: Page, path: string) => {
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request.url())
  })
  return calls
}

test('the chart list shows its charts with scripts off', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/chart/list')
  const list = (await (await request.get('/sonolus/levels/list?page=0')).json()) as {
    rawItems: { id: string; title: string }[]
  }
  const first = page.locator('.first-paint a.chart-card').first()
  await expect(first).toContainText(list.rawItems[0].title)
  await expect(first).toHaveAttribute('href', `/chart/${list.rawItems[0].id}/info`)
  await expect(page.locator('.first-paint a.chart-card')).toHaveCount(list.rawItems.length)
  const cover = first.locator('img.chart-card-cover')
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await context.close()
})

test('a chart info page shows its chart with scripts off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`/chart/${PHONE_CHART}/info`)
  await expect(page.locator('.first-paint h2')).toHaveText(PHONE_CHART_TITLE)
  await context.close()
})

test('the app takes over the chart list without asking for the list again', async ({ page }) => {
  const calls = countCalls(page, '/sonolus/levels/list')
  await page.goto('/chart/list', { waitUntil: 'networkidle' })
  await expect(page.getByTestId('chart-card').first()).toBeVisible()
  await expect(page.locator('.first-paint')).toHaveCount(0)
  expect(calls).toEqual([])
  // The next page is the app's to ask for.
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: '2', exact: true })
    .click()
  await expect.poll(() => calls.length).toBe(1)
})

test('the app takes over a chart info page without asking for the chart again', async ({ page }) => {
  const calls = countCalls(page, `/sonolus/levels/wbs-${PHONE_CHART}`)
  await page.goto(`/chart/${PHONE_CHART}/info`, { waitUntil: 'networkidle' })
  await expect(page.getByRole('heading', { name: PHONE_CHART_TITLE })).toBeVisible()
  await expect(page.locator('.first-paint')).toHaveCount(0)
  expect(calls).toEqual([])
})
