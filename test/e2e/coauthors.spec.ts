// Two users co-author a chart against the real server: the owner invites by handle on chart info; the
// invitee opens the notification and accepts; both edit the chart; the co-author shows on chart info and its
// card; only the owner may delete it, which they do.
import { expect } from '@playwright/test'
import { test } from './test'
import { fillAndCreate } from './creating'
import { logIn, sessionOf } from './login'

test.setTimeout(240_000)

const OWNER = { id: 'e2e-co-owner', handle: '999161', name: 'Lead Creator' }
const COAUTHOR = { id: 'e2e-co-author', handle: '999162', name: 'Second Hand' }

test('two users co-author a chart: invite, accept, both edit, only the owner deletes', async ({
  page,
  browser,
}) => {
  const other = await (await browser.newContext()).newPage()
  // The co-author has signed in once, so that the handle names someone.
  await logIn(other, COAUTHOR)
  await logIn(page, OWNER)
  const { id } = await fillAndCreate(page, 'E2E Coauthored Chart')

  // The owner invites by handle.
  const card = page.getByTestId('coauthors')
  await card.getByRole('textbox', { name: 'Their handle (#1234)' }).fill(`#${COAUTHOR.handle}`)
  await card.getByRole('button', { name: /Invite/ }).click()
  await expect(page.getByText('Invitation sent')).toBeVisible()
  await expect(card.getByTestId('coauthor')).toContainText(`${COAUTHOR.name}#${COAUTHOR.handle}`)
  await expect(card.getByTestId('coauthor')).toContainText('Invited')

  // The invitee hears of it, opens the chart from the notification and accepts.
  await other.goto('/notifications')
  const notification = other.getByTestId('notification').filter({ hasText: 'invited you to co-author' })
  await expect(notification).toContainText(`${OWNER.name} invited you to co-author “E2E Coauthored Chart”`)
  await notification.getByRole('button').click()
  await other.waitForURL(`**/chart/${id}/info`)
  await other.getByTestId('coauthors').getByRole('button', { name: 'Accept' }).click()
  await expect(other.getByText('You now co-author this chart')).toBeVisible()
  await expect(other.getByTestId('chart-coauthors')).toContainText(`${COAUTHOR.name}#${COAUTHOR.handle}`)
  // A co-author edits; deleting is not theirs.
  await expect(other.getByRole('button', { name: /Delete/ })).toHaveCount(0)
  await expect(other.getByRole('button', { name: /Stop co-authoring/ })).toBeVisible()

  // The co-author edits the title.
  await other.getByRole('link', { name: /Edit/ }).click()
  await expect(other.locator('#create-title')).toHaveValue('E2E Coauthored Chart')
  await other.locator('#create-title').fill('E2E Coauthored Chart, second pass')
  await other.getByRole('button', { name: /^Save$/ }).click()
  await other.waitForURL(`**/chart/${id}/info`, { timeout: 30_000 })
  await expect(other.getByTestId('chart-title')).toHaveText('E2E Coauthored Chart, second pass')

  // The owner sees it, and edits too; the author stays theirs.
  await page.goto(`/chart/${id}/edit`)
  await expect(page.locator('#create-title')).toHaveValue('E2E Coauthored Chart, second pass')
  await page.locator('#create-title').fill('E2E Coauthored Chart, final')
  await page.getByRole('button', { name: /^Save$/ }).click()
  await page.waitForURL(`**/chart/${id}/info`, { timeout: 30_000 })
  await expect(page.getByTestId('chart-title')).toHaveText('E2E Coauthored Chart, final')
  await expect(page.getByTestId('chart-coauthors')).toContainText(COAUTHOR.name)
  await expect(page.locator('.ant-descriptions').first()).toContainText(`${OWNER.name}#${OWNER.handle}`)

  // The chart's card counts its co-author.
  await page.goto(`/chart/list?title=${encodeURIComponent('E2E Coauthored Chart, final')}`)
  const chartCard = page.getByTestId('chart-card').filter({ hasText: 'E2E Coauthored Chart, final' })
  await expect(chartCard.getByTestId('chart-card-coauthors')).toHaveText('+1')

  // The server refuses the co-author's delete; the owner's goes through.
  const session = await sessionOf(other)
  const refused = await other.request.post(`/sonolus/levels/wbs-${id}/submit`, {
    headers: { authorization: session },
    data: { values: 'type=delete' },
  })
  expect(refused.status()).toBe(401)
  // As the app is answered (protocol-error-shapes.md): the catalogue's permission_denied2 text.
  expect(await refused.json()).toEqual({ message: 'Sorry, you do not have permission to do this action' })
  await page.goto(`/chart/${id}/info`)
  await page.getByRole('button', { name: /Delete/ }).click()
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /Delete/ })
    .click()
  await expect(page.getByText(/deleted/i).first()).toBeVisible()
  await expect.poll(async () => (await other.request.get(`/sonolus/levels/wbs-${id}`)).status()).toBe(404)
  await other.context().close()
})
