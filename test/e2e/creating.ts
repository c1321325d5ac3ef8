// Creating a chart through the site's form, as a creator does, for the specs that need
// one: the fixture files, the stage readout watched from inside the page, and the create itself.
import { type Page, expect } from '@playwright/test'
import { mp3, png, sus } from '../fixtures/media/media'

export const files = async () => ({
  cover: { name: 'cover.png', mimeType: 'image/png', buffer: await png(41, 256) },
  music: { name: 'tune.mp3', mimeType: 'audio/mpeg', buffer: mp3(25, 494) },
  chart: { name: 'chart.sus', mimeType: 'text/plain', buffer: sus(1000) },
})

/** Records every stage the readout shows, from now on. */
export const watchStages = (page: Page) =>
  page.evaluate(() => {
    const seen: number[] = []
    const labels: string[] = []
    const times: Record<string, number> = {}
    Object.assign(window, { __stages: seen, __labels: labels, __times: times })
    const record = () => {
      if (/\/info$/.test(location.pathname)) times.info ??= performance.now()
      const readout = document.querySelector('[data-testid="create-stage"]')
      const stage = Number(readout?.getAttribute('data-stage'))
      if (readout && !Number.isNaN(stage) && seen.at(-1) !== stage) {
        seen.push(stage)
        labels.push(readout.textContent ?? '')
        if (stage === 7) times.finished = performance.now()
      }
    }
    new MutationObserver(record).observe(document.body, { subtree: true, attributes: true, childList: true })
    record()
  })
export const stagesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stages: number[] }).__stages)
export const timesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __times: Record<string, number> }).__times)
export const labelsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __labels: string[] }).__labels)

/** `publishAt`: a datetime-local value (its publishing schedule). */
export const fillAndCreate = async (page: Page, title: string, publishAt?: string) => {
  const { cover, music, chart } = await files()
  await page.goto('/chart/create')
  await page.locator('#create-cover').setInputFiles(cover)
  await page.locator('#create-music').setInputFiles(music)
  await page.locator('#create-chart').setInputFiles(chart)
  await page.locator('#create-title').fill(title)
  await page.locator('#create-composer').fill('E2E Composer')
  await page.locator('#create-artists').fill('E2E Band')
  await page.locator('#create-level').fill('14')
  await page.locator('#create-tags').fill('e2e')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Remove tag e2e' })).toBeVisible()
  if (publishAt) await page.locator('#create-publishAt').fill(publishAt)
  // The creator accepts the upload rules.
  await page.locator('#create-rulesAccepted').check()
  await watchStages(page)
  await page.getByRole('button', { name: /^Create$/ }).click()
  await expect(page.getByTestId('create-stage')).toHaveAttribute('data-stage', '7', { timeout: 60_000 })
  await page.waitForURL(/\/chart\/[0-9a-f]{32}\/info$/, { timeout: 10_000 })
  await expect(page.getByTestId('chart-title')).toBeVisible()
  const times = await timesSeen(page)
  return { id: /\/chart\/([0-9a-f]{32})\/info$/.exec(page.url())![1], waited: times.info - times.finished }
}
