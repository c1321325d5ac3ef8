// Issue "chart library": the /chart/preview tool in Chromium, end to end.
import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { convertSus, readLevelData } from '../../common/chart'

const fixtures = path.resolve(import.meta.dirname, '../fixtures/sus')
const chart1000 = path.join(fixtures, 'chart-1000.sus')

test('loads the 1,000-note SUS fixture: the SVG has as many notes as the converter reports', async ({
  page,
}) => {
  const expected = readLevelData(convertSus(fs.readFileSync(chart1000, 'utf8')).gzipped).noteCount
  await page.goto('/chart/preview')
  await expect(page.getByRole('heading', { level: 2, name: 'Chart preview' })).toBeVisible()
  await page.getByTestId('file-sus').setInputFiles(chart1000)
  const svg = page.getByRole('img', { name: 'Chart preview' })
  await expect(svg).toBeVisible()
  await expect(svg.locator('.note-shape')).toHaveCount(expected)
  await expect(page.getByText(`${expected} notes`)).toBeVisible()

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
