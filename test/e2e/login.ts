// Logs a page in through the QR flow, with the dev app-login tool standing in for the phone: the app
// confirms, and the page is given the code the app showed.
import { type Page, expect } from '@playwright/test'
import { appLogin, loginCodeIn } from '../../scripts/dev-app-login'

/** `origin` names another server than the one under test (a second instance). */
export const logIn = async (page: Page, user: { id: string; handle: string; name: string }, origin = '') => {
  await page.goto(`${origin}/settings/sonolus`)
  const open = page.getByRole('link', { name: 'Open in Sonolus' })
  await expect(open).toHaveAttribute('href', /external-login/)
  const { status, message } = await appLogin((await open.getAttribute('href'))!, user)
  expect(status).toBe(200)
  await page.getByRole('textbox', { name: 'Code from Sonolus' }).fill(loginCodeIn(message)!)
  await page.getByRole('button', { name: 'Finish login' }).click()
  await expect(page.getByText(`#${user.handle}`)).toBeVisible({ timeout: 10_000 })
}

/** The session the page's sign-in left in its cookies (what the app would send as its session). */
export const sessionOf = async (page: Page): Promise<string> =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'sessionId')!.value
