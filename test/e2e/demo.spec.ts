// A fresh installation's demo charts are worth opening. The E2E server seeds the demo content
// (test/e2e/seed.ts → server/demo/seed.ts): "Midnight Relay" keeps the SUS our generator wrote for it.
import { expect } from '@playwright/test'
import { test } from './test'

test('a demo chart shows its preview, comments, rating and leaderboard on chart info', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/sonolus/levels/list?title=Midnight%20Relay')).json()) as {
    rawItems: { id: string; title: string; dataHash: string | null }[]
  }
  const chart = list.rawItems.find((item) => item.title === 'Midnight Relay')!
  expect(chart.dataHash).toMatch(/^[0-9a-f]{40}$/)
  await page.goto(`/chart/${chart.id}/info`)
  await expect(page.getByRole('heading', { name: 'Midnight Relay' }).first()).toBeVisible()

  // The preview: the chart drawn from its level data, notes and all.
  const preview = page.getByRole('img', { name: 'Chart preview' })
  await expect(preview).toBeVisible()
  expect(await preview.locator('.note-shape').count()).toBeGreaterThan(50)
  await expect(page.getByText('This chart has no level data to preview.')).toHaveCount(0)

  // The demo players' comment and ratings.
  await expect(page.getByText('The relay holds into scratches at 0:12 are great practice.')).toBeVisible()
  await expect(page.getByText(/4\.0 \(2 ratings\)/).first()).toBeVisible()

  // The leaderboard: Ren's all-perfect run first, then Mika's.
  const records = page.getByTestId('record')
  await expect(records).toHaveCount(2)
  await expect(records.first()).toContainText('Ren#demo-ren')
  await expect(records.first()).toContainText('1000000')
})

test('a player name opens their page, and the home page shows the news', async ({ page, request }) => {
  const list = (await (await request.get('/sonolus/levels/list?title=Midnight%20Relay')).json()) as {
    rawItems: { id: string; title: string }[]
  }
  const chart = list.rawItems.find((item) => item.title === 'Midnight Relay')!
  await page.goto(`/chart/${chart.id}/info`)
  await page.getByTestId('record').first().getByRole('link', { name: /Ren/ }).click()
  await expect(page).toHaveURL(/\/user\/demo-ren$/)
  await expect(page.getByText('Relay ticks are my thing.')).toBeVisible()
  await expect(page.getByText('Midnight Relay').first()).toBeVisible()

  await page.goto('/')
  await expect(page.getByText('Welcome to Sirius Charts')).toBeVisible()
})
