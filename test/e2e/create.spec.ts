// Create and Edit against the real server: a chart from our own fixture files walks every stage
// of the pipeline and lands on chart info after about 3 s; the Sonolus API serves the level with the
// server's own conversion; an edit renames it; the same files again are skipped (201); another user's
// chart cannot be edited; a 21 MB file is refused with file_too_large.
import { gzipSync } from 'node:zlib'
import { expect } from '@playwright/test'
import { test } from './test'
import { convertSus } from '../../common/chart/index'
import { sha1, sus } from '../fixtures/media/media'
import { files, fillAndCreate, labelsSeen, stagesSeen, watchStages } from './creating'
import { logIn } from './login'

test.setTimeout(120_000)

test('creates a chart through every stage, edits it, and skips files the server has', async ({ page }) => {
  await logIn(page, { id: 'e2e-creator', handle: '999101', name: 'Creator' })
  const { id, waited } = await fillAndCreate(page, 'E2E Created Chart')
  expect(await stagesSeen(page)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  // docs/spec.md §4: chart info 3000 ms after "finished" (timed in the page).
  expect(waited).toBeGreaterThanOrEqual(2950)
  expect(waited).toBeLessThan(4500)
  await expect(page.getByTestId('chart-title')).toHaveText('E2E Created Chart')

  // The Sonolus API serves the level, with the server's own conversion of the SUS as its data.
  const level = (await (await page.request.get(`/sonolus/levels/wbs-${id}`)).json()) as {
    item: { data: { hash: string; url: string }; cover: { hash: string } }
    rawItem: { author: string; tags: string[] }
  }
  const own = convertSus(sus(1000).toString('utf8'), { gzip: (json) => gzipSync(json, { level: 9 }) })
  expect(level.item.data.hash).toBe(sha1(Buffer.from(own.gzipped)))
  const data = await (await page.request.get(level.item.data.url)).body()
  expect(sha1(data)).toBe(level.item.data.hash)
  expect(level.item.cover.hash).toBe(sha1((await files()).cover.buffer))
  expect(level.rawItem).toMatchObject({ author: 'Creator#999101', tags: ['e2e'] })

  // Edit the title: the same form, author locked, "Updating level", back on chart info.
  await page.goto(`/chart/${id}/edit`)
  await expect(page.locator('#create-title')).toHaveValue('E2E Created Chart')
  await expect(page.locator('#create-author')).toBeDisabled()
  await page.locator('#create-title').fill('E2E Renamed Chart')
  await watchStages(page)
  await page.getByRole('button', { name: /^Save$/ }).click()
  await expect(page.getByTestId('create-stage')).toHaveAttribute('data-stage', '7', { timeout: 30_000 })
  // A fresh form starts at "waiting"; nothing is uploaded again (stages 1–5 pass), then "Updating level".
  expect((await stagesSeen(page))[0]).toBe(0)
  expect(await stagesSeen(page)).toContain(6)
  expect(await labelsSeen(page)).toContain('Stage 6 of 7: Updating level')
  await page.waitForURL(`**/chart/${id}/info`, { timeout: 15_000 })
  await expect(page.getByTestId('chart-title')).toHaveText('E2E Renamed Chart')

  // The same files again: the server has them all, so nothing is uploaded (201).
  const puts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/upload/')) puts.push(request.url())
  })
  const second = await fillAndCreate(page, 'E2E Created Twice')
  expect(second.id).not.toBe(id)
  expect(puts).toEqual([])
})

test('refuses to edit another user’s chart, and a 21 MB file', async ({ page }) => {
  await logIn(page, { id: 'e2e-intruder', handle: '999102', name: 'Intruder' })
  // A demo chart belongs to the demo user.
  await page.goto('/chart/list?title=Starlight')
  await page.getByTestId('chart-card').filter({ hasText: 'Starlight Overture' }).click()
  await expect(page).toHaveURL(/\/chart\/[0-9a-f]{32}\/info$/)
  const id = /\/chart\/([0-9a-f]{32})\/info$/.exec(page.url())![1]
  await page.goto(`/chart/${id}/edit`)
  await expect(page.getByText('Sorry, you do not have permission to enter this page').first()).toBeVisible()
  await expect(page.locator('#create-title')).toHaveCount(0)

  await page.goto('/chart/create')
  await page.locator('#create-cover').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(21 * 1024 * 1024, 1),
  })
  // On the cover field (the error bar shows the same text half a second later).
  await expect(
    page
      .locator('.ant-form-item-explain-error')
      .getByText('The file is too large, please reduce the file size and try again'),
  ).toBeVisible()
})
