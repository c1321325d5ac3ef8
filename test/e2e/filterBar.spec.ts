// Finding charts in Chromium against the real server: filters and a sort set in the filter bar
// live in the address (a reload gives the same page); a card says how many notes, how long and how dense
// its chart is; a tag on a card opens the list filtered by it; an author opens the creator's page.
import { expect } from '@playwright/test'
import { test } from './test'

type RawChart = {
  id: string
  title: string
  author: string
  tags: string[]
  stats: { noteCount: number; duration: number; npsAverage: number } | null
}

test('three filters and a sort in the filter bar; a reload gives the same page', async ({
  page,
  request,
}) => {
  await page.goto('/chart/list')
  await expect(page.getByTestId('chart-card').first()).toBeVisible()
  // A tag, typed: Enter adds it.
  await page.getByTestId('filter-tags').getByRole('textbox').fill('demo')
  await page.getByTestId('filter-tags').getByRole('textbox').press('Enter')
  await expect(page).toHaveURL(/tags=demo/)
  // Scratches: with.
  await page.getByTestId('filter-scratches').click()
  await page.getByTitle('With', { exact: true }).last().click()
  await expect(page).toHaveURL(/scratches=with/)
  // Olivier: none.
  await page.getByTestId('filter-olivier').getByText('None').click()
  await expect(page).toHaveURL(/olivier=exclude/)
  // The sort: most played.
  await page.getByTestId('filter-sort').click()
  await page.getByTitle('Most played').click()
  await expect(page).toHaveURL(/sort=plays/)

  // What the server answers for these filters is what the page shows.
  const url = new URL(page.url())
  const expected = (await (
    await request.get(`/sonolus/levels/list?${url.searchParams.toString()}`)
  ).json()) as { rawItems: RawChart[] }
  const titles = expected.rawItems.map((chart) => chart.title)
  expect(titles.length).toBeGreaterThan(0)
  // Waited for: the cards of the previous filters stay until the sorted page arrives, and may be as many.
  await expect(page.getByTestId('chart-card').locator('.chart-card-title')).toHaveText(titles)

  await page.reload()
  await expect(page.getByTestId('chart-card').locator('.chart-card-title')).toHaveText(titles)
  expect(page.url()).toBe(url.href)
  // The bar shows the address's filters again.
  await expect(page.getByTestId('filter-tags')).toContainText('demo')
  await expect(page.getByTestId('filter-sort')).toContainText('Most played')
  await expect(page.getByTestId('filter-scratches')).toContainText('With')
  await expect(page.getByTestId('filter-olivier').locator('.ant-radio-button-wrapper-checked')).toHaveText(
    'None',
  )

  // Back returns to the list before the last change.
  await page.goBack()
  await expect(page).not.toHaveURL(/sort=plays/)
  await expect(page).toHaveURL(/olivier=exclude/)
})

test('a card shows its notes, length and NPS; its tag opens the filtered list', async ({ page, request }) => {
  const list = (await (await request.get('/sonolus/levels/list?title=Midnight%20Relay')).json()) as {
    rawItems: RawChart[]
  }
  const relay = list.rawItems.find((chart) => chart.title === 'Midnight Relay')!
  const { stats } = relay
  expect(stats).not.toBeNull()
  await page.goto('/chart/list')
  const card = page.getByTestId('chart-card').filter({ hasText: 'Midnight Relay' })
  const seconds = Math.round(stats!.duration)
  await expect(card.getByTestId('chart-card-notes')).toHaveText(`${stats!.noteCount} notes`)
  await expect(card.getByTestId('chart-card-length')).toHaveText(
    `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  )
  await expect(card.getByTestId('chart-card-nps')).toHaveText(`${stats!.npsAverage.toFixed(1)} NPS`)

  expect(relay.tags).toContain('rock')
  await card.getByRole('link', { name: 'rock', exact: true }).click()
  await expect(page).toHaveURL(/\/chart\/list\?tags=rock$/)
  await expect(page.getByTestId('filter-tags')).toContainText('rock')
  const rock = (await (await request.get('/sonolus/levels/list?tags=rock')).json()) as {
    rawItems: RawChart[]
  }
  expect(rock.rawItems.every((chart) => chart.tags.includes('rock'))).toBe(true)
  await expect(page.getByTestId('chart-card').locator('.chart-card-title')).toHaveText(
    rock.rawItems.map((chart) => chart.title),
  )
  await expect(page.getByTestId('chart-card').filter({ hasText: 'Starlight Overture' })).toHaveCount(0)
})

test('an author on a card opens the creator’s page: charts, likes received, plays, average rating', async ({
  page,
}) => {
  await page.goto('/chart/list?tags=demo')
  const card = page.getByTestId('chart-card').filter({ hasText: 'Midnight Relay' })
  await card.getByRole('link', { name: /Demo#demo/ }).click()
  await expect(page).toHaveURL(/\/user\/demo$/)
  await expect(page.getByTestId('user-name')).toContainText('Demo#demo')
  await expect(page.getByTestId('user-stat-charts')).toContainText('3')
  await expect(page.getByTestId('user-stat-likes')).toContainText(/\d/)
  await expect(page.getByTestId('user-stat-plays')).toContainText(/\d/)
  await expect(page.getByTestId('user-stat-rating')).toContainText(/\d\.\d\d/)
  await expect(page.getByTestId('chart-card').filter({ hasText: 'Midnight Relay' })).toBeVisible()
})

test('an address the list does not fully know keeps the rest, with a notice', async ({ page }) => {
  await page.goto('/chart/list?tags=rock&sort=hottest&mood=happy')
  await expect(page.getByTestId('filters-ignored')).toContainText('sort=hottest')
  await expect(page.getByTestId('filters-ignored')).toContainText('mood=happy')
  await expect(page.getByTestId('chart-card').filter({ hasText: 'Midnight Relay' })).toBeVisible()
  await expect(page.getByTestId('filter-sort')).toContainText('Newest')
})
