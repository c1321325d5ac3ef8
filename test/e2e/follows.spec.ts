// Following (issue 19) in Chromium against the real server: a player follows a creator from their chart;
// the creator publishes another; the background work tells the follower, whose bell shows 1, and the
// notification opens the new chart.
import { expect, test } from '@playwright/test'
import { fillAndCreate } from './creating'
import { logIn } from './login'

test.setTimeout(120_000)

test('follow a creator; their next chart rings the follower’s bell, and the notification opens it', async ({
  page,
  browser,
}) => {
  const creator = { id: 'e2e-followed', handle: '999301', name: 'Followed Creator' }
  await logIn(page, creator)
  const first = await fillAndCreate(page, 'E2E Followed First')

  const follower = await browser.newPage()
  await logIn(follower, { id: 'e2e-follower', handle: '999302', name: 'Follower' })
  await follower.goto(`/chart/${first.id}/info`)
  await follower.getByRole('button', { name: `Follow ${creator.name}#${creator.handle}` }).click()
  await expect(follower.getByText('Following').first()).toBeVisible()
  await expect(
    follower.getByRole('button', { name: `Unfollow ${creator.name}#${creator.handle}` }),
  ).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 })
  // Nothing to tell yet: the first chart came before the follow.
  await follower.goto('/home')
  await expect(follower.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications')

  const second = await fillAndCreate(page, 'E2E Followed Second')
  // The announcement goes out from the background work; the bell polls, and a reload asks at once.
  await expect(async () => {
    await follower.reload()
    await expect(follower.getByTestId('notification-bell')).toHaveAttribute(
      'aria-label',
      'Notifications (1 unread)',
      { timeout: 2000 },
    )
  }).toPass({ timeout: 30_000 })
  await follower.getByTestId('notification-bell').click()
  await expect(follower).toHaveURL(/\/notifications$/)
  const item = follower.getByTestId('notification')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText('Followed Creator published “E2E Followed Second”')
  await item.getByRole('button').click()
  await expect(follower).toHaveURL(new RegExp(`/chart/${second.id}/info$`))
  await expect(follower.getByTestId('chart-title')).toHaveText('E2E Followed Second')
  await expect(follower.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications', {
    timeout: 10_000,
  })
  await follower.close()
})
