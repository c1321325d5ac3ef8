// The site on a phone (390×844, touch): chart cards, comments and the create form fit their containers in
// English and Japanese, long titles end with an ellipsis, and rotating the phone keeps the create form.
import { type Browser, type Page, expect } from '@playwright/test'
import { test } from './test'
import { files } from './creating'
import { expectFits } from './layout'
import { logIn } from './login'
import { PHONE_CHART_TITLE, PHONE_PERSON, PHONE_SCHEDULED_TITLE } from './seed'

const PHONE = { width: 390, height: 844 }
const PHONE_CHART = 'a1'.repeat(16)

const phonePage = async (browser: Browser): Promise<Page> => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  return context.newPage()
}

const useLocale = async (page: Page, label: string) => {
  await page.goto('/settings/server')
  await page.getByText(label, { exact: true }).click()
}

const cards = (page: Page) => page.getByTestId('chart-card')
/** A card's tags end with an ellipsis when they do not fit; its stats, likes and rating may not be cut. */
const cardsFit = (page: Page) => expectFits(page, cards(page), ['.chart-card-tags'])

// Each locale likes its own chart (a second click would take the first like back).
for (const [locale, label, liked] of [
  ['en', 'English', PHONE_CHART],
  ['ja', '日本語', 'a4'.repeat(16)],
] as const) {
  test(`chart cards fit a phone on every list in ${locale}`, async ({ browser }) => {
    const page = await phonePage(browser)
    await logIn(page, PHONE_PERSON)
    await useLocale(page, label)

    for (const path of ['/home', '/chart/list', `/user/${PHONE_PERSON.handle}`, '/chart/mine']) {
      await page.goto(path)
      await expect(cards(page).first()).toBeVisible()
      await cardsFit(page)
    }

    // The long title ends with an ellipsis on its card; the scheduled label leaves the author in view.
    await page.goto(`/user/${PHONE_PERSON.handle}`)
    const long = cards(page).filter({ hasText: PHONE_CHART_TITLE.slice(0, 20) })
    const title = long.locator('.chart-card-title')
    expect(
      await title.evaluate((el) => ({
        overflow: getComputedStyle(el).textOverflow,
        cut: el.scrollWidth > el.clientWidth,
      })),
    ).toEqual({ overflow: 'ellipsis', cut: true })
    await page.goto('/chart/mine')
    const scheduled = cards(page).filter({ hasText: PHONE_SCHEDULED_TITLE })
    await expect(scheduled.getByTestId('chart-card-scheduled')).toBeVisible()
    const author = scheduled.locator('.chart-card-author')
    expect((await author.boundingBox())!.width).toBeGreaterThan(40)

    // Chart info: other charts by the author, and a comment with its actions.
    await page.goto(`/chart/${PHONE_CHART}/info`)
    await expect(page.getByTestId('comment').first()).toBeVisible()
    await expectFits(page, page.getByTestId('comment'))
    await cardsFit(page)

    // Liked: like a chart, then read the list.
    await page.goto(`/chart/${liked}/info`)
    const like = page.locator('button:has(.anticon-heart)').first()
    await like.click()
    await expect(like).toContainText('1')
    await page.goto('/chart/like')
    await expect(cards(page).first()).toBeVisible()
    await cardsFit(page)
  })
}

test('the playlist button and the playlists fit a phone in Chinese', async ({ browser }) => {
  const page = await phonePage(browser)
  await logIn(page, PHONE_PERSON)
  await useLocale(page, '简体中文')
  await page.goto('/chart/list')
  await expect(cards(page).first().getByTestId('add-to-playlist')).toBeVisible()
  await cardsFit(page)
  await page.goto(`/chart/${PHONE_CHART}/info`)
  await expect(page.getByTestId('add-to-playlist').first()).toBeVisible()
  await expectFits(page, page.locator('.ant-card'))
})

test('the description counter and its hint do not overlap on a phone', async ({ browser }) => {
  const page = await phonePage(browser)
  await logIn(page, PHONE_PERSON)
  await page.goto('/chart/create')
  const description = page.locator('#create-description')
  await description.fill('A description.')
  const item = page.locator('.ant-form-item').filter({ has: description })
  const counter = (await item.locator('.ant-input-data-count').boundingBox())!
  const hint = (await item.locator('.ant-form-item-extra').boundingBox())!
  const overlap =
    counter.x < hint.x + hint.width &&
    hint.x < counter.x + counter.width &&
    counter.y < hint.y + hint.height &&
    hint.y < counter.y + counter.height
  expect(overlap).toBe(false)
})

test('rotating a phone keeps the create form, and a reload keeps its text', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: PHONE.height, height: PHONE.width },
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  await logIn(page, PHONE_PERSON)
  await page.goto('/chart/create')
  const { cover, music } = await files()
  await page.locator('#create-cover').setInputFiles(cover)
  await page.locator('#create-music').setInputFiles(music)
  await page.locator('#create-title').fill('Typed In Landscape')
  await page.locator('#create-description').fill('A description typed before turning the phone.')
  await page.locator('#create-level').fill('12')

  await page.setViewportSize(PHONE)
  await expect(page.locator('#create-title')).toHaveValue('Typed In Landscape')
  await expect(page.locator('#create-description')).toHaveValue(
    'A description typed before turning the phone.',
  )
  await expect(page.locator('#create-level')).toHaveValue('12')
  await expect(page.getByTestId('create-cover-name')).toContainText('cover.png')
  await expect(page.getByTestId('create-music-name')).toContainText('tune.mp3')

  // An accidental reload keeps what was typed (files have to be picked again).
  await page.reload()
  await expect(page.locator('#create-title')).toHaveValue('Typed In Landscape')
  await expect(page.locator('#create-description')).toHaveValue(
    'A description typed before turning the phone.',
  )
  await expect(page.locator('#create-level')).toHaveValue('12')
})

test('chart cards fill the row on a wide screen, at least as wide as a desktop card', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/chart/list')
  await expect(cards(page).first()).toBeVisible()
  const grid = (await page.locator('.chart-grid').boundingBox())!
  const first = (await cards(page).nth(0).boundingBox())!
  const second = (await cards(page).nth(1).boundingBox())!
  expect(first.width).toBeGreaterThanOrEqual(480)
  expect(second.y).toBe(first.y)
  // The row ends at the grid's right edge: no blank column beside the cards.
  expect(Math.abs(second.x + second.width - (grid.x + grid.width))).toBeLessThanOrEqual(1)
})
