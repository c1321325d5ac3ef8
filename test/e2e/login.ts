// Logs a page in through the QR flow, with the dev app-login tool standing in for the phone.
import { type Page, expect } from '@playwright/test'
import { appLogin } from '../../scripts/dev-app-login'

export const logIn = async (page: Page, user: { id: string; handle: string; name: string }) => {
  await page.goto('/settings/sonolus')
  const open = page.getByRole('link', { name: 'Open in Sonolus' })
  await expect(open).toHaveAttribute('href', /external-login/)
  await appLogin((await open.getAttribute('href'))!, user)
  await expect(page.getByText(`#${user.handle}`)).toBeVisible({ timeout: 10_000 })
}
