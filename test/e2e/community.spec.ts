// Community on chart info against the real server: like then unlike; rate 4 then
// unrate (the slider returns to 5); post, reply to, edit and delete a comment; a second user sees no
// edit or delete on it; markdown payloads in comments stay inert; a result submitted as the app (test
// replay) shows on the arcScore board with its replay link.
import { type Browser, type Page, expect } from '@playwright/test'
import { test } from './test'
import { logIn, sessionOf } from './login'
import { playAsApp } from './playing'
import { XSS_PAYLOADS } from './payloads'

const openChart = async (page: Page, title: string) => {
  await page.goto(`/chart/list?title=${encodeURIComponent(title)}`)
  await page.getByTestId('chart-card').filter({ hasText: title }).click()
  await expect(page.getByTestId('chart-title')).toHaveText(title)
}

const secondUser = async (browser: Browser) => {
  const page = await browser.newPage()
  await logIn(page, { id: 'e2e-second', handle: '999002', name: 'Second User' })
  return page
}

test('likes, rates and comments on a chart, and another user cannot change the comment', async ({
  page,
  browser,
}) => {
  // Nine actions, each waiting for its message (shown 500 ms after, for 5 s): about 29 s on a quiet machine,
  // so the default 30 s left no room for a busy one.
  test.setTimeout(90_000)
  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  await logIn(page, { id: 'e2e-first', handle: '999001', name: 'First User' })
  // A chart nobody has touched (the demo charts come with their players' likes, ratings and comments).
  await openChart(page, 'Filler Chart 07')

  // Like, then unlike.
  await page.getByRole('button', { name: /Like \(0\)/ }).click()
  await expect(page.getByText('Liked successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: /Unlike \(1\)/ })).toBeVisible({ timeout: 5000 })
  await page.getByRole('button', { name: /Unlike/ }).click()
  await expect(page.getByText('Unliked successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: /Like \(0\)/ })).toBeVisible({ timeout: 5000 })

  // Rate 4, then unrate: the slider returns to 5.
  await page.getByRole('slider', { name: 'Your rating' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('rating-value')).toHaveText('4')
  await page.getByRole('button', { name: /Rate$/ }).click()
  await expect(page.getByText('Rated successfully')).toBeVisible()
  await expect(page.getByText('4.0 (1 rating)')).toBeVisible({ timeout: 5000 })
  await page.getByRole('button', { name: 'Remove rating' }).click()
  await expect(page.getByText('Unrated successfully')).toBeVisible()
  await expect(page.getByTestId('rating-value')).toHaveText('5')

  // Post a comment (with payloads that must stay inert), reply, edit, then check as another user.
  const box = page.getByRole('textbox', { name: 'Write a comment (markdown)' })
  await box.fill(['First!', ...XSS_PAYLOADS].join('\n\n'))
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Commented successfully')).toBeVisible()
  const comments = page.getByTestId('comment')
  await expect(comments).toHaveCount(1)
  await expect(box).toHaveValue('')
  await expect(comments.first()).toContainText('<script>alert("script")</script>')
  expect(await comments.first().locator('script, iframe, svg, [onerror], [onload], [ontoggle]').count()).toBe(
    0,
  )
  for (const link of await comments.first().locator('a').all())
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/script:/i)
  for (const image of await comments.first().locator('img').all())
    expect(await image.getAttribute('src')).toBeNull()

  await comments.first().getByRole('button', { name: 'Reply' }).click()
  await expect(page.getByTestId('comment-hint')).toHaveText('Replying to First User#999001...')
  await box.fill('Replying to myself')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Replied successfully')).toBeVisible()
  await expect(comments).toHaveCount(2)
  await expect(comments.nth(1)).toContainText('Replying to myself')

  await comments.first().getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByTestId('comment-hint')).toHaveText('Editing First User#999001...')
  await box.fill('First, edited')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Edited successfully')).toBeVisible()
  await expect(comments.first()).toContainText('First, edited')

  const other = await secondUser(browser)
  await openChart(other, 'Filler Chart 07')
  const seen = other.getByTestId('comment').first()
  await expect(seen).toContainText('First, edited')
  await expect(seen.getByRole('button', { name: 'Reply' })).toBeVisible()
  await expect(seen.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await expect(seen.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await other.close()

  // Delete the first comment.
  await comments.first().getByRole('button', { name: 'Delete' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Deleted successfully')).toBeVisible()
  await expect(comments).toHaveCount(1)
  expect(dialogs).toEqual([])
})

test('a result submitted as the app appears on the arcScore board, with a working replay link', async ({
  page,
  request,
}) => {
  await logIn(page, { id: 'e2e-player-3', handle: '999003', name: 'Third Player' })
  const session = await sessionOf(page)
  await openChart(page, 'Starlight Overture')
  const id = /\/chart\/([0-9a-f]{32})\/info/.exec(page.url())![1]

  // As the app: the level item, the submit step, then the upload of both files (the seeded chart has
  // 48 notes).
  const level = (await (await request.get(`/sonolus/levels/wbs-${id}`)).json()).item
  await playAsApp(request, session, level, 48, 987_654)

  await page.reload()
  const record = page.getByTestId('record').filter({ hasText: 'Third Player#999003' })
  await expect(record).toContainText('987654')
  const href = await record.getByRole('link', { name: /Replay/ }).getAttribute('href')
  expect(href).toMatch(/^https:\/\/open\.sonolus\.com\/127\.0\.0\.1:4173\/replays\/replay-[0-9a-f]{32}$/)
  const replayName = href!.split('/').at(-1)
  const replay = await request.get(`/sonolus/replays/${replayName}`)
  expect(replay.status()).toBe(200)
  expect((await replay.json()).item.level.name).toBe(`wbs-${id}`)
})
