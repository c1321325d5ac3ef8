// A song with three difficulties against the real server: the creator links three of their charts on chart
// info; each chart's info lists the other two, the song's page shows all three easiest first, and the app's
// details of each name the other two. A fourth difficulty made from the first chart joins the song.
import { expect } from '@playwright/test'
import { test } from './test'
import { fillAndCreate } from './creating'
import { logIn } from './login'

test.setTimeout(180_000)

test('three charts of one song show on each chart’s info, the song’s page and the app’s details', async ({
  page,
}) => {
  await logIn(page, { id: 'e2e-song-creator', handle: '999151', name: 'Songwriter' })
  const ids: string[] = []
  for (const title of ['E2E Song Normal', 'E2E Song Hard', 'E2E Song Expert'])
    ids.push((await fillAndCreate(page, title)).id)

  // On the first chart's info, the creator links the other two by their addresses.
  await page.goto(`/chart/${ids[0]}/info`)
  const card = page.getByTestId('difficulties')
  for (const id of ids.slice(1)) {
    await card
      .getByRole('textbox', { name: 'Another of your charts (its link or id)' })
      .fill(`${new URL(page.url()).origin}/chart/${id}/info`)
    await card.getByRole('button', { name: /Add as a difficulty/ }).click()
    await expect(page.getByText('Linked as a difficulty')).toBeVisible()
  }
  const titles = ['E2E Song Normal', 'E2E Song Hard', 'E2E Song Expert']
  for (const [n, id] of ids.entries()) {
    await page.goto(`/chart/${id}/info`)
    const rows = page.getByTestId('difficulties').getByTestId('difficulty')
    await expect(rows).toHaveCount(2)
    // All three have one level: their order is the set's (by id), so the titles are compared as a set.
    const shown = (await rows.allTextContents()).map((text) => titles.find((title) => text.includes(title)))
    expect(shown.sort()).toEqual(titles.filter((_, m) => m !== n).sort())

    const details = (await (await page.request.get(`/sonolus/levels/wbs-${id}`)).json()) as {
      sections: { title: string; items: { name: string }[] }[]
    }
    const section = details.sections.find((found) => found.title === 'Other difficulties')
    expect(section?.items.map((item) => item.name).sort()).toEqual(
      ids
        .filter((other) => other !== id)
        .map((other) => `wbs-${other}`)
        .sort(),
    )
  }

  await page.getByRole('link', { name: 'All difficulties of this song' }).click()
  await page.waitForURL(`**/chart/${ids[2]}/song`)
  await expect(page.getByTestId('song-charts').getByTestId('chart-card')).toHaveCount(3)

  // A fourth difficulty made from the first chart: its edit page opens with the chart's fields, and the
  // song counts it (private, so its creator's alone).
  await page.goto(`/chart/${ids[0]}/info`)
  await page
    .getByTestId('difficulties')
    .getByRole('spinbutton', { name: 'Level of the new difficulty' })
    .fill('27')
  await page.getByRole('button', { name: /New difficulty from this chart/ }).click()
  await page.waitForURL(/\/chart\/[0-9a-f]{32}\/edit$/)
  await expect(page.locator('#create-title')).toHaveValue('E2E Song Normal')
  await expect(page.locator('#create-level')).toHaveValue('27')
  await page.goto(`/chart/${ids[0]}/song`)
  await expect(page.getByTestId('song-charts').getByTestId('chart-card')).toHaveCount(4)
})
