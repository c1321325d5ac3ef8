// The /chart/preview tool in Chromium, end to end.
import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { expect } from '@playwright/test'
import { test } from './test'
import { PREVIEW_TILE_WIDTH, convertSus, convertTxt, readLevelData } from '../../common/chart'

const fixtures = path.resolve(import.meta.dirname, '../fixtures/sus')
const chart1000 = path.join(fixtures, 'chart-1000.sus')

test('loads the 1,000-note SUS fixture: scrolled end to end, the preview draws every note the converter reports, a few columns at a time', async ({
  page,
}) => {
  const expected = readLevelData(convertSus(fs.readFileSync(chart1000, 'utf8')).gzipped).noteCount
  await page.goto('/chart/preview')
  await expect(page.getByRole('heading', { level: 2, name: 'Chart preview' })).toBeVisible()
  await page.getByTestId('file-sus').setInputFiles(chart1000)
  const svg = page.getByRole('img', { name: 'Chart preview' })
  await expect(svg).toBeVisible()
  await expect(svg).toHaveAttribute('data-notes', String(expected))
  await expect(page.getByText(`${expected.toLocaleString('en-US')} notes`)).toBeVisible()
  // Only the tiles in view are in the page: fewer notes than the chart has.
  expect(await svg.locator('.note-shape').count()).toBeLessThan(expected)
  const scroller = page.locator('.chart-player-scroll')
  const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }))
  const seen = new Set<string>()
  for (let left = 0; ; left = Math.min(left + clientWidth, scrollWidth - clientWidth)) {
    await scroller.evaluate((element, to) => (element.scrollLeft = to), left)
    // The tile under the right edge of the view is drawn once the reader has written it.
    const lastTile = Math.floor((left + clientWidth - 1) / PREVIEW_TILE_WIDTH)
    await expect(svg.locator(`.preview-tile[data-tile="${lastTile}"]`)).toHaveCount(1)
    for (const note of await svg
      .locator('.note-shape')
      .evaluateAll((shapes) => shapes.map((shape) => shape.getAttribute('data-note')!)))
      seen.add(note)
    if (left >= scrollWidth - clientWidth) break
  }
  expect(seen.size).toBe(expected)

  await page.getByRole('tab', { name: 'TXT' }).click()
  await expect(page.locator('.preview-code').filter({ hasText: ',900,' })).toBeVisible()
  await page.getByRole('tab', { name: 'Level data' }).click()
  await expect(page.locator('.preview-code').filter({ hasText: '"Sirius Initialization"' })).toBeVisible()
  await page.getByRole('tab', { name: 'SUS' }).click()
  await expect(
    page.locator('.preview-code').filter({ hasText: '#TITLE "Generated: a fixture"' }),
  ).toBeVisible()
})

test('Save downloads a PNG named by the SHA-1 of its bytes', async ({ page }) => {
  await page.goto('/chart/preview')
  await page.getByTestId('file-sus').setInputFiles(path.join(fixtures, 'chart-50.sus'))
  await expect(page.getByRole('img', { name: 'Chart preview' })).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save PNG' }).click(),
  ])
  const file = await download.path()
  const bytes = fs.readFileSync(file!)
  expect(bytes.subarray(1, 4).toString()).toBe('PNG')
  expect(download.suggestedFilename()).toBe(`${createHash('sha1').update(bytes).digest('hex')}.png`)
})

test('Save wraps a long chart into rows of 50 columns, and says so when a chart is too long for one image', async ({
  page,
}) => {
  await page.goto('/chart/preview')
  // 51 columns: two rows.
  await page.getByTestId('file-sus').setInputFiles(chart1000)
  await expect(page.getByRole('img', { name: 'Chart preview' })).toHaveAttribute('data-columns', '51')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save PNG' }).click(),
  ])
  const png = fs.readFileSync((await download.path())!)
  // The IHDR chunk: width and height, big-endian, after the 8-byte signature and the chunk header.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([50 * 320, 2 * 640])

  // 1,300 columns: more rows than a canvas can hold.
  const long = convertTxt('0,-1,10,1,1,0,0\n2599,-1,20,4,3,0,0')
  await page.getByTestId('file-data').setInputFiles({
    name: 'long.data',
    mimeType: 'application/gzip',
    buffer: Buffer.from(long.gzipped),
  })
  await expect(page.getByRole('img', { name: 'Chart preview' })).toHaveAttribute('data-columns', '1300')
  await page.getByRole('button', { name: 'Save PNG' }).click()
  await expect(page.getByText('This chart is too long to save as one image.')).toBeVisible()
})

test('a broken SUS shows Error with its line number, and the next good file still loads', async ({
  page,
}) => {
  await page.goto('/chart/preview')
  await page.getByTestId('file-sus').setInputFiles({
    name: 'broken.sus',
    mimeType: 'text/plain',
    buffer: Buffer.from('#00002: 4\n#BPM01: 120\n#00008: 01\n#00132a: 13\n'),
  })
  await expect(page.getByTestId('conversion-error')).toContainText(
    'Error: 4:10: slide on lanes 1..3 (channel a) never ends',
  )
  await page.getByTestId('file-sus').setInputFiles(path.join(fixtures, 'chart-50.sus'))
  await expect(page.getByTestId('conversion-error')).toHaveCount(0)
  await expect(page.getByRole('img', { name: 'Chart preview' }).locator('.note-shape').first()).toBeVisible()
})

test('loads level data from a file and from TXT', async ({ page }) => {
  const conversion = convertSus(fs.readFileSync(path.join(fixtures, 'chart-50.sus'), 'utf8'))
  await page.goto('/chart/preview')
  await page.getByTestId('file-data').setInputFiles({
    name: 'level.data',
    mimeType: 'application/gzip',
    buffer: Buffer.from(conversion.gzipped),
  })
  const svg = page.getByRole('img', { name: 'Chart preview' })
  await expect(svg.locator('.note-shape')).toHaveCount(readLevelData(conversion.gzipped).noteCount)
  await page
    .getByTestId('file-txt')
    .setInputFiles({ name: 'chart.txt', mimeType: 'text/plain', buffer: Buffer.from(conversion.txt) })
  await expect(svg.locator('.note-shape')).toHaveCount(readLevelData(conversion.gzipped).noteCount)
})
