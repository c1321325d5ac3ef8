// Web login through the app, with the dev app-login tool standing in for the phone.
import { expect } from '@playwright/test'
import { test } from './test'
import { appLogin, loginCodeIn } from '../../scripts/dev-app-login'

test('logs in through the QR flow, and later calls use the session', async ({ page, request }) => {
  await page.goto('/settings/sonolus')
  const open = page.getByRole('link', { name: 'Open in Sonolus' })
  await expect(open).toHaveAttribute(
    'href',
    /^https:\/\/open\.sonolus\.com\/external-login\/127\.0\.0\.1:\d+\/sonolus\/web\/authenticate\/[0-9a-f]{40}$/,
  )
  await expect(page.getByRole('img', { name: 'QR code to log in with Sonolus' })).toBeVisible()
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'sessionId')
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
  // The link carries a hash, never the browser's secret.
  expect(await open.getAttribute('href')).not.toContain(cookie!.value)
  // ~30 days.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000)

  // Marks this page load: it is gone once the page reloads after login.
  await page.evaluate(() => Object.assign(window, { beforeLogin: true }))
  const result = await appLogin((await open.getAttribute('href'))!, {
    id: 'e2e-player',
    handle: '777001',
    name: 'E2E Player',
  })
  expect(result.status).toBe(200)
  expect(result.message).toMatch(
    /^Confirmed as E2E Player#777001\. To finish, enter this code in the browser/,
  )
  // Confirmed in the app, but this page is not logged in until it is given the code the app showed.
  await expect(page.getByText('Waiting for the Sonolus app…')).toBeVisible()
  await page.getByRole('textbox', { name: 'Code from Sonolus' }).fill(loginCodeIn(result.message)!)
  await page.getByRole('button', { name: 'Finish login' }).click()

  // Polling notices within a second or two; success shows, and the page reloads logged in.
  await expect(page.getByRole('status')).toHaveText('Logged in successfully')
  // An evaluate that meets the reload itself throws; that is "not yet", so the poll asks again.
  await expect
    .poll(() => page.evaluate(() => 'beforeLogin' in window).catch(() => 'reloading'), { timeout: 10_000 })
    .toBe(false)
  await expect(page.getByText('#777001')).toBeVisible({ timeout: 10_000 })
  await expect(page.getByText('E2E Player')).toBeVisible()

  // A later call with the session: the server knows who is asking.
  const mine = await request.get('/sonolus/user/mine', { headers: { authorization: cookie!.value } })
  expect(await mine.json()).toEqual({
    code: 200,
    id: 'e2e-player',
    handle: '777001',
    name: 'E2E Player',
    role: 'user',
    suspension: null,
    unreadNotices: 0,
  })

  // Logout removes the cookie, ends the session and shows a new login.
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('link', { name: 'Open in Sonolus' })).toBeVisible()
  expect(
    (await request.get('/sonolus/user/mine', { headers: { authorization: cookie!.value } })).status(),
  ).toBe(401)
})
