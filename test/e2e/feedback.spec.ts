// Feedback tied to moments against the real server: a player comments on a chart at 1:23; the comment links
// to that moment and shows as a marker on the chart preview, which seeks the player when pressed; the
// chart's creator marks it resolved, and the list shows it among the resolved, not the open.
import { expect } from '@playwright/test'
import { test } from './test'
import { fillAndCreate } from './creating'
import { logIn } from './login'

test.setTimeout(120_000)

test('a comment at 1:23 shows its marker on the preview, and the creator resolves it', async ({
  page,
  browser,
}) => {
  await logIn(page, { id: 'e2e-feedback-creator', handle: '999141', name: 'Charter' })
  const { id } = await fillAndCreate(page, 'E2E Feedback Chart')

  const player = await browser.newPage()
  await logIn(player, { id: 'e2e-feedback-player', handle: '999142', name: 'Tester' })
  await player.goto(`/chart/${id}/info`)
  await expect(player.getByTestId('chart-title')).toHaveText('E2E Feedback Chart')
  await player
    .getByRole('textbox', { name: 'Write a comment (markdown)' })
    .fill('The stream here is too dense')
  await player.getByLabel('At (m:ss, optional)').fill('1:23')
  await player.getByRole('button', { name: 'Submit' }).click()
  const comment = player.getByTestId('comment').filter({ hasText: 'too dense' })
  await expect(comment.getByTestId('comment-moment')).toHaveText('at 1:23')

  // The marker sits on the preview; pressing it goes to that moment, as the comment's link does.
  const marker = player.getByRole('button', { name: 'Comment by Tester#999142 at 1:23' })
  await expect(marker).toHaveClass(/preview-mark-moment/)
  await marker.click()
  await expect.poll(() => new URL(player.url()).hash).toBe('#t=83')
  await player.close()

  // The creator sees the same marker, and resolves the feedback.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Comment by Tester#999142 at 1:23' })).toBeVisible()
  const feedback = page.getByTestId('comment').filter({ hasText: 'too dense' })
  await feedback.getByRole('button', { name: 'Mark resolved' }).click()
  await expect(feedback.getByTestId('comment-resolved')).toHaveText('Resolved')
  await page.getByText('Open', { exact: true }).click()
  await expect(page.getByTestId('comment').filter({ hasText: 'too dense' })).toHaveCount(0)
  await page.locator('.ant-segmented-item-label', { hasText: 'Resolved' }).click()
  await expect(page.getByTestId('comment').filter({ hasText: 'too dense' })).toHaveCount(1)
})
