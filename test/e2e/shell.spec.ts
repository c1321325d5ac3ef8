// First journeys: landing, the cog, language, custom colour, 404, deep links.
import { expect } from '@playwright/test'
import { test } from './test'

test('/ lands on /home with the drawer open', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Home' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Chart list' })).toBeVisible()
  await expect(page).toHaveTitle('Home | Sirius Charts')
  // The server info card shows real data from the running server.
  await expect(page.getByText('Commit message')).toBeVisible()
  await expect(page.getByText(/ MB \/ .* \(\d+\.\d\d%\)/)).toBeVisible()
})

test('the cog opens server settings', async ({ page }) => {
  await page.goto('/home')
  await page.getByRole('link', { name: 'Server settings' }).click()
  await expect(page).toHaveURL(/\/settings\/server$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Server settings' })).toBeVisible()
  await expect(page).toHaveTitle('Server settings | Sirius Charts')
})

test('choosing 日本語 changes the UI text and survives a reload', async ({ page }) => {
  await page.goto('/settings/server')
  await page.getByText('日本語', { exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'サーバー設定' })).toBeVisible()
  await expect(page.getByRole('link', { name: '譜面一覧' })).toBeVisible()
  await expect(page).toHaveTitle('サーバー設定 | Sirius Charts')
  await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: 'サーバー設定' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP')
})

test('an invalid custom colour keeps Apply disabled; a valid one recolours the primary buttons', async ({
  page,
}) => {
  await page.goto('/settings/server')
  const field = page.getByRole('textbox', { name: 'Custom colour' })
  const apply = page.getByRole('button', { name: 'Apply' })

  await field.fill('#12345g')
  await expect(page.getByText('Invalid color code')).toBeVisible()
  await expect(apply).toBeDisabled()
  await expect(page.getByRole('img', { name: /^Preview of/ })).toHaveCount(0)

  await field.fill('#FF0000')
  await expect(page.getByText('Invalid color code')).toHaveCount(0)
  await expect(page.getByRole('img', { name: 'Preview of #FF0000' })).toBeVisible()
  await expect(apply).toBeEnabled()
  await apply.click()
  // Leave the button: a hovered antd button shows a lighter shade of the primary colour.
  await page.mouse.move(0, 0)
  await expect(apply).toHaveCSS('background-color', 'rgb(255, 0, 0)')
  // The selected language button is a primary-coloured control too.
  await expect(page.locator('label.ant-radio-button-wrapper-checked')).toHaveCSS(
    'background-color',
    'rgb(255, 0, 0)',
  )

  await page.reload()
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCSS('background-color', 'rgb(255, 0, 0)')
})

test('/nope shows 404 Not Found', async ({ page }) => {
  await page.goto('/nope')
  await expect(page.getByText('404 Not Found', { exact: true })).toBeVisible()
  await expect(page).toHaveTitle('404 Not Found | Sirius Charts')
})

test('a deep link such as /chart/abc/info loads the site', async ({ page }) => {
  const response = await page.goto('/chart/0123456789abcdef0123456789abcdef/info')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 2, name: 'Chart info' })).toBeVisible()
})

test('the server answers the Sonolus protocol beside the site', async ({ request }) => {
  const info = await request.get('/sonolus/info')
  expect(info.status()).toBe(200)
  expect(info.headers()['sonolus-version']).toBe('1.1.3')
  expect(await info.json()).toMatchObject({ title: 'Sirius Charts', configuration: { options: [] } })
  const serverInfo = await request.get('/sonolus/server/info')
  const body = await serverInfo.json()
  expect(body.code).toBe(200)
  expect(body.drive.used).toBeGreaterThan(0)
})

test('pages run under the Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    // The home page's split-line frame (about:srcdoc) holds the E2E server's XSS payloads: the CSP
    // blocking them there is the defence at work (screens.spec.ts checks it); the pages must be clean.
    if (message.location().url === 'about:srcdoc') return
    if (/Content Security Policy/i.test(message.text()))
      violations.push(`${message.location().url}: ${message.text()}`)
  })
  for (const url of ['/home', '/settings/server', '/settings/sonolus', '/chart/preview']) {
    const response = await page.goto(url)
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible()
  }
  expect(violations).toEqual([])
})
