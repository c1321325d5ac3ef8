// What a new user trips over, where only a real browser computes the CSS: the create form's
// file fields show our picker alone (antd's form styles made the native one visible beside it, in English
// whatever the language), and in Japanese the home page's labels stay on one line and the create page's
// progress labels fit their columns, on a desktop and on a phone.
import { type Page, expect } from '@playwright/test'
import { test } from './test'
import { mp3, png, sus } from '../fixtures/media/media'
import { logIn } from './login'

test.setTimeout(120_000)

const DESKTOP = { width: 1440, height: 1000, handle: '999161' }
const PHONE = { width: 390, height: 844, handle: '999162' }

const inJapanese = async (page: Page) => {
  await page.goto('/settings/server')
  await page.getByText('日本語', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP')
}

const files = async () => ({
  cover: { name: 'cover.png', mimeType: 'image/png', buffer: await png(43, 256) },
  music: { name: 'tune.mp3', mimeType: 'audio/mpeg', buffer: mp3(5, 523) },
  chart: { name: 'chart.sus', mimeType: 'text/plain', buffer: sus(50) },
})

/** How each element's text sits: its lines (by the text's own boxes) and whether it overflows its box. */
const textBoxes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
      const box = element.getBoundingClientRect()
      return {
        text: element.textContent ?? '',
        lines: tops.size,
        overflows: element.scrollWidth > element.clientWidth,
        left: Math.round(box.left),
        right: Math.round(box.right),
      }
    }),
  )

const pageOverflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/** The progress readout: every label inside its own column, the columns shared by every row. */
const expectReadoutFits = async (page: Page, oneLine: boolean) => {
  const names = await textBoxes(page, '.create-stage-name')
  const statuses = await textBoxes(page, '.create-stage-status')
  expect(names).toHaveLength(7)
  for (const [index, name] of names.entries()) {
    const status = statuses[index]
    expect(name.overflows, name.text).toBe(false)
    expect(status.overflows, status.text).toBe(false)
    expect(name.right, `${name.text} runs into ${status.text}`).toBeLessThanOrEqual(status.left)
    if (oneLine) expect(name.lines, name.text).toBe(1)
  }
  expect(new Set(statuses.map((status) => status.left)).size, 'one status column').toBe(1)
  const rows = await page
    .locator('.create-stages, .create-stage-row')
    .evaluateAll((elements) => elements.filter((element) => element.scrollWidth > element.clientWidth).length)
  expect(rows, 'rows wider than the readout').toBe(0)
  expect(await pageOverflows(page)).toBe(false)
}

test('each file field shows one picker, in the page’s language, and names the picked file', async ({
  page,
}) => {
  await logIn(page, { id: 'e2e-papercut-files', handle: '999151', name: 'Picker' })
  await inJapanese(page)
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height })
  await page.goto('/chart/create')
  await expect(page.locator('#create-title')).toBeVisible()
  const picked = await files()
  for (const name of ['cover', 'music', 'chart'] as const) {
    const native = page.locator(`#create-${name}`)
    const field = page.locator('.ant-form-item').filter({ has: native })
    // The native input stays in the page (labels and setInputFiles reach it) but takes no room.
    await expect(native).toBeHidden()
    await expect(native).toHaveCount(1)
    await expect(field.getByRole('button', { name: 'ファイルを選択' })).toHaveCount(1)
    await expect(field.getByRole('button', { name: 'ファイルを選択' })).toBeVisible()
    await expect(page.getByTestId(`create-${name}-name`)).toHaveText('ファイルが選択されていません')
    await native.setInputFiles(picked[name])
    await expect(page.getByTestId(`create-${name}-name`)).toContainText(picked[name].name)
    await expect(native).toBeHidden()
  }
})

for (const size of [DESKTOP, PHONE]) {
  test(`in Japanese at ${size.width}×${size.height}, home labels stay on one line and progress labels fit`, async ({
    page,
  }) => {
    await logIn(page, { id: `e2e-papercut-${size.width}`, handle: size.handle, name: 'Layout' })
    await inJapanese(page)
    await page.setViewportSize({ width: size.width, height: size.height })

    await page.goto('/home')
    await expect(page.locator('.ant-descriptions-item-label')).toHaveCount(6)
    const labels = await textBoxes(page, '.ant-descriptions-item-label')
    for (const label of labels) {
      expect(label.lines, label.text).toBe(1)
      expect(label.overflows, label.text).toBe(false)
    }
    expect(await pageOverflows(page)).toBe(false)

    await page.goto('/chart/create')
    await expect(page.getByTestId('create-stage-7')).toBeVisible()
    await expectReadoutFits(page, size === DESKTOP)

    // With every stage's status and progress bar drawn, after a real run.
    const picked = await files()
    await page.locator('#create-cover').setInputFiles(picked.cover)
    await page.locator('#create-music').setInputFiles(picked.music)
    await page.locator('#create-chart').setInputFiles(picked.chart)
    await page.locator('#create-title').fill(`Layout ${size.width}`)
    await page.locator('#create-composer').fill('E2E Composer')
    await page.locator('#create-artists').fill('E2E Band')
    await page.locator('#create-level').fill('14')
    await page.locator('#create-rulesAccepted').check()
    await page.locator('button[type=submit]').click()
    await expect(page.getByTestId('create-stage')).toHaveAttribute('data-stage', '7', { timeout: 60_000 })
    await expect(page.getByTestId('create-progress-1')).toBeVisible()
    await expectReadoutFits(page, size === DESKTOP)
  })
}
