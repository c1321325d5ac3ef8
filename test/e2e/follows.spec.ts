// Following and scheduling in Chromium against the real server: a player follows a creator
// from their chart; the creator publishes another; the background work tells the follower, whose bell
// shows 1, and the notification opens the new chart. A chart scheduled 20 s ahead stays out of the list,
// then appears when its time comes.
import { expect } from '@playwright/test'
import { test } from './test'
import { fillAndCreate } from './creating'
import { logIn } from './login'

// Handles of their own: a handle another spec uses would move to these users (one user per handle), and
// that spec's seeded people with it.

test.setTimeout(120_000)

test('follow a creator; their next chart rings the follower’s bell, and the notification opens it', async ({
  page,
  browser,
}) => {
  const creator = { id: 'e2e-followed', handle: '999501', name: 'Followed Creator' }
  await logIn(page, creator)
  const first = await fillAndCreate(page, 'E2E Followed First')

  const follower = await browser.newPage()
  await logIn(follower, { id: 'e2e-follower', handle: '999502', name: 'Follower' })
  await follower.goto(`/chart/${first.id}/info`)
  await follower.getByRole('button', { name: `Follow ${creator.name}#${creator.handle}` }).click()
  await expect(follower.getByText('Following').first()).toBeVisible()
  await expect(
    follower.getByRole('button', { name: `Following ${creator.name}#${creator.handle}` }),
  ).toBeVisible({ timeout: 10_000 })
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

/** A time as a datetime-local input takes it (this machine's zone is the browser's). */
const localInput = (time: number) => {
  const d = new Date(time)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

test('a scheduled chart stays private, then appears in the list when its time comes', async ({
  page,
  browser,
}) => {
  await logIn(page, { id: 'e2e-scheduler', handle: '999503', name: 'Scheduler' })
  const at = Date.now() + 20_000
  const { id } = await fillAndCreate(page, 'E2E Scheduled Chart', localInput(at))
  // Its owner sees when; it is private until then.
  await expect(page.getByTestId('chart-scheduled')).toBeVisible()
  const visitor = await browser.newPage()
  const listed = async () => {
    await visitor.goto(`/chart/list?title=${encodeURIComponent('E2E Scheduled Chart')}`)
    // Loaded: its cards, or the list saying nothing matches.
    await expect(
      visitor
        .getByTestId('chart-card')
        .or(visitor.getByText(/^No charts/))
        .first(),
    ).toBeVisible()
    return visitor.getByTestId('chart-card').filter({ hasText: 'E2E Scheduled Chart' }).count()
  }
  expect(await listed()).toBe(0)
  // The background work publishes it at its time (it looks every few seconds).
  await expect(async () => {
    expect(await listed()).toBe(1)
  }).toPass({ timeout: 60_000, intervals: [2000] })
  expect(Date.now()).toBeGreaterThanOrEqual(at)
  await visitor.goto(`/chart/${id}/info`)
  await expect(visitor.getByTestId('chart-title')).toHaveText('E2E Scheduled Chart')
  await visitor.close()
})
