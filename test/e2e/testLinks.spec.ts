// A test link against the real server: the creator makes their chart private and makes a link on chart
// info; a visitor opens the private chart through it (and is asked to sign in to send feedback); a tester
// sends feedback at a moment, which the creator reads on chart info and nobody else can; revoking the link
// ends it.
import { expect } from '@playwright/test'
import { test } from './test'
import { fillAndCreate } from './creating'
import { logIn, sessionOf } from './login'

test.setTimeout(240_000)

const CREATOR = { id: 'e2e-tl-creator', handle: '999171', name: 'Link Maker' }
const TESTER = { id: 'e2e-tl-tester', handle: '999172', name: 'Early Ears' }

test('a test link opens a private chart for a visitor, and their feedback reaches only the creator', async ({
  page,
  browser,
}) => {
  await logIn(page, CREATOR)
  const { id } = await fillAndCreate(page, 'E2E Tested Chart')
  // Made private before anyone tests it.
  await page.goto(`/chart/${id}/edit`)
  await expect(page.locator('#create-title')).toHaveValue('E2E Tested Chart')
  await page.locator('#create-isPublic').click()
  await page.getByRole('button', { name: /^Save$/ }).click()
  await page.waitForURL(`**/chart/${id}/info`, { timeout: 30_000 })
  await expect(page.getByText('Private', { exact: true }).first()).toBeVisible()

  const card = page.getByTestId('test-links')
  await card.getByRole('button', { name: /Make a test link/ }).click()
  await expect(page.getByText('Test link made')).toBeVisible()
  const row = card.getByTestId('test-link')
  await expect(row).toHaveAttribute('data-state', 'open')
  const url = (await row.locator('code').textContent())!.trim()
  expect(url).toMatch(/\/test\/[A-Za-z0-9_-]{24}$/)

  // A visitor: the chart's own page is closed to them, the link opens it.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(`/chart/${id}/info`)
  await expect(visitor.getByTestId('chart-title')).toHaveCount(0)
  await visitor.goto(url)
  await expect(visitor.getByTestId('chart-title')).toHaveText('E2E Tested Chart')
  await expect(visitor.getByRole('link', { name: /Open in Sonolus/ })).toHaveAttribute(
    'href',
    new RegExp(`/levels/wbt-${url.split('/test/')[1]}$`),
  )
  await expect(visitor.getByTestId('test-feedback').getByTestId('login-prompt')).toBeVisible()

  // The visitor signs in as a tester and sends feedback at 0:05.
  await logIn(visitor, TESTER)
  await visitor.goto(url)
  const feedback = visitor.getByTestId('test-feedback')
  await feedback
    .getByRole('textbox', { name: 'Feedback for the creators' })
    .fill('The opening stream is tight')
  await feedback.getByRole('textbox', { name: /At/ }).fill('0:05')
  await feedback.getByRole('button', { name: /Send/ }).click()
  await expect(feedback.getByTestId('test-feedback-sent')).toBeVisible()

  // The creator reads it on chart info; it is not a comment.
  await page.reload()
  const note = page.getByTestId('test-feedback-item')
  await expect(note).toContainText(`${TESTER.name}#${TESTER.handle}`)
  await expect(note).toContainText('at 0:05')
  await expect(note).toContainText('The opening stream is tight')
  await expect(page.getByTestId('comment').filter({ hasText: 'The opening stream is tight' })).toHaveCount(0)

  // Nobody else reads it: the tester's session is refused the creators' list.
  const session = await sessionOf(visitor)
  const list = await visitor.request.get(`/sonolus/levels/wbs-${id}/test-links`, {
    headers: { authorization: session },
  })
  expect(list.status()).toBe(404)

  // Revoked, the link opens nothing.
  await card.getByTestId('test-link').getByRole('button', { name: 'Revoke' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click()
  await expect(card.getByTestId('test-link')).toHaveAttribute('data-state', 'revoked')
  await visitor.goto(url)
  await expect(visitor.getByText('This test link has ended, or never was.')).toBeVisible()
  await visitor.context().close()
})
