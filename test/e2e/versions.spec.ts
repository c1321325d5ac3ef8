// A chart's versions against the real server: an edit with a new SUS makes version 2, chart info lists what
// it changed in the notes (counted by the server from the two level data files), and the preview marks
// the changed notes when asked.
import { gzipSync } from 'node:zlib'
import { expect } from '@playwright/test'
import { test } from './test'
import { CHANGE_LIMITS, convertSus, diffNotes, readLevelData } from '../../common/chart/index'
import { sus } from '../fixtures/media/media'
import { fillAndCreate, watchStages } from './creating'
import { logIn } from './login'

test.setTimeout(120_000)

const entities = (bytes: Buffer) =>
  readLevelData(convertSus(bytes.toString('utf8'), { gzip: (json) => gzipSync(json) }).gzipped).entities

test('an edit with new level data lists its note changes, and the preview marks them', async ({ page }) => {
  await logIn(page, { id: 'e2e-versions', handle: '999131', name: 'Reviser' })
  const { id } = await fillAndCreate(page, 'E2E Versioned Chart')
  // One version: no versions card.
  await expect(page.getByTestId('chart-title')).toBeVisible()
  await expect(page.getByTestId('versions')).toHaveCount(0)

  // The creator replaces the chart file (sus(1000) → sus(50)).
  const next = sus(50)
  await page.goto(`/chart/${id}/edit`)
  await expect(page.locator('#create-title')).toHaveValue('E2E Versioned Chart')
  await page
    .locator('#create-chart')
    .setInputFiles({ name: 'fewer.sus', mimeType: 'text/plain', buffer: next })
  await watchStages(page)
  await page.getByRole('button', { name: /^Save$/ }).click()
  await page.waitForURL(`**/chart/${id}/info`, { timeout: 30_000 })

  const expected = diffNotes(entities(sus(1000)), entities(next))
  const current = page.getByTestId('version-2')
  await expect(current).toContainText('Version 2 · current since')
  await expect(current).toContainText(
    `${expected.added} added · ${expected.removed} removed · ${expected.moved} moved`,
  )
  await expect(page.getByTestId('version-1')).toContainText('The first version')

  const marks = page.locator('.chart-preview .preview-mark')
  await expect(marks).toHaveCount(0)
  await current.getByRole('button', { name: /Mark the changes in the preview/ }).click()
  const shown = Math.min(CHANGE_LIMITS.notes, expected.added + expected.removed + expected.moved)
  await expect(marks).toHaveCount(shown)
  // The first mark is brought into view inside the preview's scroller.
  const inView = () =>
    page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('.chart-preview')!.parentElement!
      const first = document.querySelector<HTMLElement>('.chart-preview .preview-mark')!
      const left = first.offsetLeft
      return left >= scroller.scrollLeft && left < scroller.scrollLeft + scroller.clientWidth
    })
  await expect.poll(inView).toBe(true)
  await current.getByRole('button', { name: /Clear the marks/ }).click()
  await expect(marks).toHaveCount(0)
})
