// Collecting and versions in Chromium against the real server: a player builds a playlist from
// the chart cards and reorders it, and the order stays after a reload; a creator replaces a played chart's
// SUS, and the old record stays on the old version's board while the current board starts empty.
import { gzipSync } from 'node:zlib'
import { type Page, expect } from '@playwright/test'
import { test } from './test'
import { convertSus, readLevelData } from '../../common/chart/index'
import { sus } from '../fixtures/media/media'
import { files, fillAndCreate, watchStages } from './creating'
import { logIn, sessionOf } from './login'
import { playAsApp } from './playing'

// Handles of their own (a handle another spec uses would move to these users).
test.setTimeout(120_000)

const titles = (page: Page) => page.getByTestId('playlist-chart-title').allTextContents()

test('build a playlist from the chart cards and reorder it; the order is kept', async ({ page }) => {
  await logIn(page, { id: 'e2e-collector', handle: '999601', name: 'Collector' })
  await page.goto('/playlists')
  await page.getByTestId('new-playlist').click()
  await page.getByLabel('Title').fill('E2E Road Trip')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/playlist\/[0-9a-f]{32}$/)
  await expect(page.getByTestId('playlist-title')).toContainText('E2E Road Trip')
  const playlistUrl = page.url()

  // Three charts from the list, each from its card's button.
  await page.goto('/chart/list')
  const cards = page.getByTestId('chart-card')
  await expect(cards.first()).toBeVisible()
  const picked: string[] = []
  for (let i = 0; i < 3; i++) {
    const card = cards.nth(i)
    picked.push((await card.locator('.chart-card-title').textContent())!)
    await card.getByTestId('add-to-playlist').click()
    const choice = page.getByTestId('playlist-choice').filter({ hasText: 'E2E Road Trip' })
    await choice.getByRole('button', { name: 'Add' }).click()
    await expect(page.getByText('Added to the playlist').last()).toBeVisible()
    await expect(page.getByTestId('playlist-choice')).toHaveCount(0)
  }

  await page.goto(playlistUrl)
  await expect.poll(() => titles(page)).toEqual(picked)
  // Its cover is made of its charts' covers (one fills it until there are four).
  await expect(page.getByTestId('playlist-cover').locator('img')).toHaveCount(1)
  await page.getByTestId('playlist-chart').first().getByRole('button', { name: 'Move down' }).click()
  const reordered = [picked[1], picked[0], picked[2]]
  await expect.poll(() => titles(page)).toEqual(reordered)
  await page.getByTestId('playlist-chart').last().getByRole('button', { name: 'Move up' }).click()
  const final = [picked[1], picked[2], picked[0]]
  await expect.poll(() => titles(page)).toEqual(final)
  await page.reload()
  await expect.poll(() => titles(page)).toEqual(final)
  // The app gets it as a Sonolus playlist, its levels in the same order.
  const id = playlistUrl.split('/').at(-1)!
  const app = await (await page.request.get(`/sonolus/playlists/wbp-${id}`)).json()
  expect(app.item.levels.map((level: { title: string }) => level.title)).toEqual(final)
})

test('edit a played chart’s SUS: the old record stays under the old version', async ({ page, request }) => {
  await logIn(page, { id: 'e2e-versioner', handle: '999602', name: 'Versioner' })
  const { id } = await fillAndCreate(page, 'E2E Versioned Chart')
  const session = await sessionOf(page)
  const notes = readLevelData(
    convertSus((await files()).chart.buffer.toString('utf8'), { gzip: (json) => gzipSync(json) }).gzipped,
  ).noteCount

  // Played as the app on the first version.
  const level = (
    await (await request.get(`/sonolus/levels/wbs-${id}`, { headers: { authorization: session } })).json()
  ).item
  await playAsApp(request, session, level, notes, 987_654)
  await page.reload()
  await expect(page.getByTestId('record').filter({ hasText: 'Versioner#999602' })).toContainText('987654')
  await expect(page.getByTestId('version-select')).toHaveCount(0)

  // A new SUS through the edit form.
  await page.goto(`/chart/${id}/edit`)
  await page
    .locator('#create-chart')
    .setInputFiles({ name: 'shorter.sus', mimeType: 'text/plain', buffer: sus(50) })
  await watchStages(page)
  await page.getByRole('button', { name: /^Save$/ }).click()
  await expect(page.getByTestId('create-stage')).toHaveAttribute('data-stage', '7', { timeout: 60_000 })
  await page.waitForURL(`**/chart/${id}/info`, { timeout: 15_000 })

  // The current version's board is empty; version 1 keeps the record.
  await expect(
    page.getByText('No records yet. Play this chart in Sonolus and submit your result.'),
  ).toBeVisible()
  const select = page.getByRole('combobox', { name: 'Chart version' })
  await expect(page.getByTestId('version-select')).toContainText('Version 2 (current')
  // Into the middle of the window: the sticky app bar covers the top edge.
  await select.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await page.getByTestId('version-select').click()
  await page.getByText(/^Version 1 \(.+ – .+, 1 player\)$/).click()
  await expect(page.getByTestId('record').filter({ hasText: 'Versioner#999602' })).toContainText('987654')
})
