// Chart cards and comments in Chromium, where layout and sound are real: a card's preview clip plays and a
// second card's stops it; the comment counter stays clear of the buttons; a card tabbed to shows where the
// focus is.
import { type Page, expect } from '@playwright/test'
import { test } from './test'
import { logIn } from './login'

/** Every media element the page starts, kept for the test to read. */
const recordPlayback = (page: Page) =>
  page.addInitScript(() => {
    const played: HTMLMediaElement[] = []
    ;(window as unknown as { __played: HTMLMediaElement[] }).__played = played
    const play = HTMLMediaElement.prototype.play
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this)
      return play.call(this)
    }
  })

/** The last element started: its source, whether it is playing and advancing, and how many starts. */
const lastPlayed = (page: Page) =>
  page.evaluate(() => {
    const played = (window as unknown as { __played: HTMLMediaElement[] }).__played
    const audio = played.at(-1)
    return audio
      ? { src: audio.src, paused: audio.paused, time: audio.currentTime, starts: played.length }
      : undefined
  })

test('a card plays its preview clip; a second card stops the first', async ({ page }) => {
  test.setTimeout(90_000)
  await recordPlayback(page)
  // The demo charts' clips are cut by the media worker after the server starts: wait for them.
  await expect
    .poll(
      async () => {
        await page.goto('/chart/list?title=r')
        await page.getByTestId('chart-card').first().waitFor()
        return page.getByTestId('preview-button').count()
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(2)
  const cards = page.getByTestId('chart-card').filter({ has: page.getByTestId('preview-button') })
  const first = cards.nth(0)
  const second = cards.nth(1)
  await first.getByTestId('preview-button').click()
  await expect(first.getByTestId('preview-button')).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(async () => (await lastPlayed(page))?.time ?? 0, { timeout: 10_000 }).toBeGreaterThan(0)
  const clip = (await lastPlayed(page))!
  expect(clip.paused).toBe(false)
  // Still on the list: the button plays, it does not open the chart.
  expect(new URL(page.url()).pathname).toBe('/chart/list')

  await second.getByTestId('preview-button').click()
  await expect(second.getByTestId('preview-button')).toHaveAttribute('aria-pressed', 'true')
  await expect(first.getByTestId('preview-button')).toHaveAttribute('aria-pressed', 'false')
  // The second clip started (two demo charts share a song, so its address may be the first's) and plays.
  const secondClip = await lastPlayed(page)
  expect(secondClip!.starts).toBe(clip.starts + 1)
  await expect.poll(async () => (await lastPlayed(page))?.paused).toBe(false)

  // Leaving the page stops it.
  // The card's own link comes first; the author's link follows it.
  await second.getByRole('link').first().click()
  await expect(page.getByTestId('chart-title')).toBeVisible()
  await expect.poll(async () => (await lastPlayed(page))?.paused).toBe(true)
})

test('the comment counter stays clear of Clear and Submit', async ({ page }) => {
  await logIn(page, { id: 'e2e-counter', handle: '999401', name: 'Counter Reader' })
  await page.goto('/chart/list?title=Midnight')
  await page.getByTestId('chart-card').filter({ hasText: 'Midnight Relay' }).getByRole('link').first().click()
  const box = page.getByRole('textbox', { name: 'Write a comment (markdown)' })
  await box.fill('Counting')
  const counter = page.locator('.ant-input-data-count').filter({ hasText: '/ 2000' })
  await expect(counter).toBeVisible()
  const counted = (await counter.boundingBox())!
  for (const name of ['Clear', 'Submit']) {
    const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!
    const overlaps =
      counted.x < button.x + button.width &&
      button.x < counted.x + counted.width &&
      counted.y < button.y + button.height &&
      button.y < counted.y + counted.height
    expect(overlaps, `the counter overlaps ${name}`).toBe(false)
  }
})

test('a chart card tabbed to shows a focus outline', async ({ page }) => {
  await page.goto('/chart/list')
  const link = page.getByTestId('chart-card').first().getByRole('link').first()
  await link.waitFor()
  await link.focus()
  // Focus from the keyboard: press Tab from the element before it and back.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expect(link).toBeFocused()
  const outline = await link.evaluate((element) => {
    const style = getComputedStyle(element)
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
  })
  expect(outline.style).not.toBe('none')
  expect(outline.width).toBeGreaterThanOrEqual(2)
})
