// The web screens against the real server with demo data: the chart list, search and
// paging; chart info and other charts by the author; My charts after a QR login; deleting your own chart;
// someone else's private chart; the docs in Japanese; the server switch; and XSS payloads staying inert.
import { expect } from '@playwright/test'
import { test } from './test'
import { DOC_TYPES } from '../../common/api/content'
import { logIn } from './login'

const DEMO = { id: 'demo', handle: 'demo', name: 'Demo' }

test('browses the list, searches a title and pages forward', async ({ page }) => {
  await page.goto('/chart/list')
  await expect(page.getByTestId('chart-card')).toHaveCount(20)
  await expect(page.getByTestId('chart-card').filter({ hasText: 'Starlight Overture' })).toBeVisible()
  const pages = page.getByRole('navigation', { name: 'Pages' })
  await pages.getByRole('button', { name: '2', exact: true }).click()
  await expect(page).toHaveURL(/\/chart\/list\?page=1$/)
  await expect(page.getByTestId('chart-card').first()).toContainText('Filler Chart')
  await expect(pages.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')

  await page.getByRole('searchbox', { name: 'Search by title' }).fill('midnight')
  await page.getByRole('button', { name: /Search$/ }).click()
  await expect(page).toHaveURL(/keywords=midnight/)
  await expect(page.getByTestId('chart-card')).toHaveCount(1)
  await expect(page.getByTestId('chart-card')).toContainText('Midnight Relay')
})

test('opens a chart and follows another chart by the same author', async ({ page }) => {
  await page.goto('/chart/list')
  await page.getByTestId('chart-card').filter({ hasText: 'Starlight Overture' }).click()
  await expect(page.getByTestId('chart-title')).toHaveText('Starlight Overture')
  await expect(page.getByRole('link', { name: /Open in Sonolus/ })).toHaveAttribute(
    'href',
    /^https:\/\/open\.sonolus\.com\/127\.0\.0\.1:4173\/levels\/wbs-[0-9a-f]{32}$/,
  )
  const others = page.locator('.ant-card').filter({ hasText: 'Other charts by this author' })
  await others.getByTestId('chart-card').filter({ hasText: 'Midnight Relay' }).click()
  await expect(page.getByTestId('chart-title')).toHaveText('Midnight Relay')
  await expect(page).toHaveURL(/\/chart\/[0-9a-f]{32}\/info$/)
})

test('logs in, sees My charts with the private one, and deletes an own chart', async ({ page, browser }) => {
  await page.goto('/chart/mine')
  await expect(
    page.getByText('You are not logged in, please login with Sonolus and try again').first(),
  ).toBeVisible()

  await logIn(page, DEMO)
  await page.goto('/chart/mine')
  await expect(page.getByTestId('chart-card').filter({ hasText: 'Unfinished Sketch' })).toBeVisible()
  await expect(page.getByTestId('chart-card').filter({ hasText: 'Filler Chart' })).toHaveCount(0)

  // Someone else (a fresh, anonymous browser) cannot open the private chart.
  await page.getByTestId('chart-card').filter({ hasText: 'Unfinished Sketch' }).click()
  await expect(page.getByTestId('chart-title')).toHaveText('Unfinished Sketch')
  const privateUrl = page.url()
  const stranger = await browser.newPage()
  await stranger.goto(privateUrl)
  await expect(
    stranger.getByText('Sorry, you do not have permission to enter this page').first(),
  ).toBeVisible()
  await stranger.close()

  // Delete an own public chart: confirm, a success message, then /chart/list after 1 s.
  await page.goto('/chart/list?title=olivier')
  await page.getByTestId('chart-card').filter({ hasText: 'Olivier Trial' }).click()
  await expect(page.getByTestId('chart-title')).toHaveText('Olivier Trial')
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Do you really want to delete it?')).toBeVisible()
  const clicked = Date.now()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Deleted successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/chart\/list$/)
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000)
  await expect(page.getByTestId('chart-card').first()).toBeVisible()
  await expect(page.getByTestId('chart-card').filter({ hasText: 'Olivier Trial' })).toHaveCount(0)
})

test('reads every docs page in Japanese', async ({ page }) => {
  await page.goto('/settings/server')
  await page.getByText('日本語').click()
  for (const type of DOC_TYPES) {
    const markdown = await (await page.request.get(`/content/docs/ja_jp/${type}.md`)).text()
    const heading = /^# (.+)$/m.exec(markdown)![1]
    await page.goto(`/docs/${type}`)
    await expect(page.locator('.markdown h1')).toHaveText(heading)
  }
})

test('switching the server switches the base URL of every call', async ({ page }) => {
  await page.goto('/settings/server')
  await expect(page.getByTestId('sonolus-base')).toHaveText('http://127.0.0.1:4173/sonolus')
  await page.getByText('China proxy').click()
  await expect(page.getByTestId('sonolus-base')).toHaveText('http://localhost:4173/sonolus')
  const call = page.waitForRequest((request) =>
    request.url().startsWith('http://localhost:4173/sonolus/levels/list'),
  )
  await page.goto('/chart/list')
  await call
  await expect(page.getByTestId('chart-card').first()).toBeVisible()
})

test('XSS payloads in a description, tags and the split-line fragment execute nothing', async ({ page }) => {
  const dialogs: string[] = []
  const errors: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))

  await page.goto('/chart/list?title=xss')
  await page.getByTestId('chart-card').filter({ hasText: 'XSS Probe' }).click()
  await expect(page.getByText('Payloads below must stay inert.')).toBeVisible()
  // The raw tags are shown as text, never parsed.
  await expect(page.getByText('<script>alert("script")</script>')).toBeVisible()
  for (const link of await page.locator('.markdown a').all())
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/script:/i)
  expect(
    await page.locator('.markdown iframe, .markdown svg, .markdown script, .markdown [onerror]').count(),
  ).toBe(0)
  // `![image](javascript:…)` keeps its alt text but loses its address.
  for (const image of await page.locator('.markdown img').all())
    expect(await image.getAttribute('src')).toBeNull()

  await page.goto('/home')
  const frame = page.frameLocator('iframe.split-line-frame')
  await expect(frame.locator('th').first()).toHaveText('#1')
  await expect(frame.locator('#payloads')).toBeAttached()
  // Whatever the fragment would run has run once the page and its frame have loaded everything.
  await page.waitForLoadState('networkidle')

  expect(dialogs).toEqual([])
  // Chromium reports the defences at work (the sandbox and the CSP blocking the fragment's scripts) and
  // the logged-out check (401); nothing else may fail.
  const defences = /sandbox|allow-scripts|has been blocked|status of 401/i
  expect(errors.filter((text) => !defences.test(text))).toEqual([])
})
