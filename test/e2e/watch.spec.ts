// The browser player (chart info, create): the chart played through our engine in the page, checked against
// the interpreter run in Node on the server's own files.
import { type Page, expect } from '@playwright/test'
import { test } from './test'
import type { LevelData, ReplayData } from '@sonolus/core'
import { ARCHETYPES, NOTE_ARCHETYPES } from '../../common/chart/levelData/types'
import { deltaEncode } from '../../common/replay'
import { checkResultAgainstChart, maxArcadeScore } from '../../common/scoring'
import { levelTiming } from '../../engine/interpreter/timing'
import { logIn, sessionOf } from './login'
import { files } from './creating'
import { uploadAsApp } from './playing'
import { expectedQuads, json, levelItemOf, probeOf, sortedQuads } from './watching'

const chartNamed = async (page: Page, title: string) => {
  const list = (await (
    await page.request.get(`/sonolus/levels/list?title=${encodeURIComponent(title)}`)
  ).json()) as {
    rawItems: { id: string; title: string; musicHash: string | null }[]
  }
  return list.rawItems.find((item) => item.title === title)!
}

/** Console errors, but the visitor's expected 401 for "who am I". */
const consoleErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

const timeOf = async (page: Page) => Number(await page.getByTestId('watch-player').getAttribute('data-time'))

test('the player plays a chart: time advances and each frame draws the notes somewhere new', async ({
  page,
}) => {
  const errors = consoleErrors(page)
  const chart = await chartNamed(page, 'Midnight Relay')
  await page.goto(`/chart/${chart.id}/info`)
  const player = page.getByTestId('watch-player')
  await expect(player).toHaveAttribute('data-phase', 'idle')
  await page.getByTestId('watch-toggle').click()
  await expect(player).toHaveAttribute('data-phase', 'ready')
  await expect.poll(() => timeOf(page)).toBeGreaterThan(1)
  const canvas = page.getByTestId('watch-canvas')
  const early = await probeOf(canvas)
  await expect.poll(() => timeOf(page)).toBeGreaterThan(2.5)
  const later = await probeOf(canvas)
  expect(early.renderer).toBe('webgl2')
  expect(later.last!.time).toBeGreaterThan(early.last!.time)
  expect(later.frames.length).toBeGreaterThan(early.frames.length)
  // The frames' times only go forward while playing.
  const times = later.frames.map((frame) => frame.time)
  expect(times).toEqual([...times].sort((a, b) => a - b))
  expect(JSON.stringify(later.last!.quads)).not.toBe(JSON.stringify(early.last!.quads))
  // The judgment display counts the notes passed (every one Perfect: this is the chart, not a replay).
  await expect(page.getByTestId('watch-counts').locator('[data-judgment="perfect"]')).not.toHaveAttribute(
    'data-count',
    '0',
  )
  await page.getByTestId('watch-toggle').click()
  await expect(page.getByTestId('watch-toggle')).toHaveText(/Play/)
  expect(errors).toEqual([])
})

test('at a moment from the address, the notes drawn are where the engine draws them', async ({ page }) => {
  const errors = consoleErrors(page)
  const chart = await chartNamed(page, 'Midnight Relay')
  await page.goto(`/chart/${chart.id}/info#t=6.5`)
  const canvas = page.getByTestId('watch-canvas')
  await expect.poll(async () => (await probeOf(canvas)).last?.time).toBe(6.5)
  const drawn = (await probeOf(canvas)).last!
  const item = await levelItemOf(page.request, chart.id)
  const expected = await expectedQuads(page.request, item, 6.5, drawn.width, drawn.height)
  // Notes are on screen at 6.5 s, not just the stage.
  expect(expected.filter((quad) => quad.sprite.startsWith('#NOTE_')).length).toBeGreaterThan(3)
  const got = sortedQuads(drawn.quads)
  const want = sortedQuads(expected)
  expect(got.map((quad) => quad.sprite)).toEqual(want.map((quad) => quad.sprite))
  got.forEach((quad, i) =>
    quad.corners.forEach((value, k) => expect(Math.abs(value - want[i]!.corners[k]!)).toBeLessThan(0.5)),
  )
  await expect(page.getByTestId('watch-clock')).toHaveText(/^0:06\.5 \//)

  // Mirror is the engine's own option: the same moment, drawn by a session with it set.
  await page.getByTestId('watch-mirror').click()
  await expect
    .poll(async () => JSON.stringify(sortedQuads((await probeOf(canvas)).last!.quads)))
    .not.toBe(JSON.stringify(got))
  const mirrored = (await probeOf(canvas)).last!
  expect(mirrored.time).toBe(6.5)
  const wantMirrored = sortedQuads(
    await expectedQuads(page.request, item, 6.5, mirrored.width, mirrored.height, { '#MIRROR': 1 }),
  )
  const gotMirrored = sortedQuads(mirrored.quads)
  expect(gotMirrored.map((quad) => quad.sprite)).toEqual(wantMirrored.map((quad) => quad.sprite))
  gotMirrored.forEach((quad, i) =>
    quad.corners.forEach((value, k) =>
      expect(Math.abs(value - wantMirrored[i]!.corners[k]!)).toBeLessThan(0.5),
    ),
  )
  expect(errors).toEqual([])
})

test('the 2D canvas draws the same quads where WebGL2 is missing', async ({ page }) => {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      return kind === 'webgl2'
        ? null
        : (original as (...args: unknown[]) => unknown).call(this, kind, ...rest)
    } as typeof original
  })
  const chart = await chartNamed(page, 'Midnight Relay')
  await page.goto(`/chart/${chart.id}/info#t=6.5`)
  const canvas = page.getByTestId('watch-canvas')
  await expect.poll(async () => (await probeOf(canvas)).last?.time).toBe(6.5)
  const drawn = await probeOf(canvas)
  expect(drawn.renderer).toBe('2d')
  const expected = await expectedQuads(
    page.request,
    await levelItemOf(page.request, chart.id),
    6.5,
    drawn.last!.width,
    drawn.last!.height,
  )
  expect(sortedQuads(drawn.last!.quads).map((quad) => quad.sprite)).toEqual(
    sortedQuads(expected).map((quad) => quad.sprite),
  )
  // The judgment line's middle is painted.
  const line = drawn.last!.quads.find((quad) => quad.sprite === '#JUDGMENT_LINE')!
  const x = (line.corners[0]! + line.corners[4]!) / 2
  const y = (line.corners[1]! + line.corners[3]!) / 2
  const alpha = await canvas.evaluate(
    (element, at) => (element as HTMLCanvasElement).getContext('2d')!.getImageData(at.x, at.y, 1, 1).data[3],
    { x: Math.round(x), y: Math.round(y) },
  )
  expect(alpha).toBeGreaterThan(0)
})

test('a record’s Watch plays its replay, and the judgments shown at the end are the record’s', async ({
  page,
}) => {
  const errors = consoleErrors(page)
  const chart = await chartNamed(page, 'Midnight Relay')
  await page.goto(`/chart/${chart.id}/info`)
  // Mika's pass: Greats, Goods and Misses.
  const record = page.getByTestId('record').filter({ hasText: 'Mika' })
  await record.getByTestId('record-watch').click()
  await expect(page).toHaveURL(/#t=0&replay=/)
  const replayName = decodeURIComponent(/replay=([^&]+)/.exec(page.url())![1]!)
  await expect(page.getByTestId('watch-replay')).toContainText('Midnight Relay')
  const { item } = (await (await page.request.get(`/sonolus/replays/${replayName}`)).json()) as {
    item: { data: { hash: string } }
  }
  const { gunzipSync } = await import('node:zlib')
  const data = JSON.parse(
    gunzipSync(await (await page.request.get(`/sonolus/repository/${item.data.hash}`)).body()).toString(),
  ) as { result: Record<'perfect' | 'great' | 'good' | 'miss', number> }
  expect(data.result.miss).toBeGreaterThan(0)
  // To the end: every judgment has been shown.
  await page.evaluate((name) => (window.location.hash = `#t=999&replay=${name}`), replayName)
  const counts = page.getByTestId('watch-counts')
  for (const name of ['perfect', 'great', 'good', 'miss'] as const)
    await expect(counts.locator(`[data-judgment="${name}"]`)).toHaveAttribute(
      'data-count',
      String(data.result[name]),
    )
  // Back to the chart itself.
  await page.getByRole('button', { name: 'Back to the chart' }).click()
  await expect(page.getByTestId('watch-replay')).toHaveCount(0)
  expect(errors).toEqual([])
})

test('an app replay, delta encoded, shows its judgments on the right notes', async ({ page }) => {
  const errors = consoleErrors(page)
  await logIn(page, { id: 'e2e-replayer', handle: '999521', name: 'Replay Maker' })
  const chart = await chartNamed(page, 'Filler Chart 19')
  const item = await levelItemOf(page.request, chart.id)
  const level = await json<LevelData>(page.request, item.data.hash)
  const timing = levelTiming(level.entities)
  const beatOf = (index: number) =>
    (level.entities[index]!.data.find((datum) => datum.name === 'beat') as { value: number }).value
  const notes = level.entities
    .flatMap((entity, index) =>
      NOTE_ARCHETYPES.has(entity.archetype)
        ? [{ entity: index, archetype: entity.archetype, time: timing.beatToTime(beatOf(index)) }]
        : [],
    )
    .sort((a, b) => a.time - b.time || a.entity - b.entity)
  // The Miss: the tap in the chart's second half with the most room around it (a quarter second at least).
  const room = (note: (typeof notes)[number]) =>
    Math.min(...notes.filter((other) => other !== note).map((other) => Math.abs(other.time - note.time)))
  const taps = notes.filter(
    (note, k) =>
      k > notes.length / 2 &&
      [ARCHETYPES.normal, ARCHETYPES.critical].includes(note.archetype as 'Sirius Normal Note'),
  )
  const missed = taps.reduce((best, note) => (room(note) > room(best) ? note : best))
  expect(room(missed)).toBeGreaterThanOrEqual(0.25)
  // As the app records a play: each judged note once, in the order judged (a Miss when its window closed),
  // entity indexes and times delta encoded.
  const judged = notes
    .map((note) =>
      note === missed
        ? { ...note, judgment: 0, at: note.time + 0.125, accuracy: 0.125 }
        : { ...note, judgment: 1, at: note.time, accuracy: 0 },
    )
    .sort((a, b) => a.at - b.at || a.entity - b.entity)
  const counts = { perfect: notes.length - 1, great: 0, good: 0, miss: 1 }
  const missAt = judged.findIndex((note) => note.judgment === 0)
  const result = {
    grade: 'pass' as const,
    arcadeScore: Math.floor(maxArcadeScore(counts, notes.length)),
    accuracyScore: Math.floor((1_000_000 * counts.perfect) / notes.length),
    combo: Math.max(missAt, notes.length - missAt - 1),
    ...counts,
    totalCount: notes.length,
  }
  expect(checkResultAgainstChart(result, notes.length)).toBeUndefined()
  const replay = {
    startTime: Date.now() - 60_000,
    saveTime: Date.now(),
    duration: notes.at(-1)!.time + 1,
    inputOffset: 0,
    playArea: { width: 2400, height: 1080 },
    result,
    inputs: {
      entityIndex: deltaEncode(judged.map((note) => note.entity)),
      time: deltaEncode(judged.map((note) => note.at)),
      judgment: judged.map((note) => note.judgment),
      accuracy: judged.map((note) => note.accuracy),
    },
    entities: level.entities.map(() => ({ data: [] })),
    touches: { l: [], t: [], x: [], y: [] },
  } as unknown as ReplayData
  const { gzipSync } = await import('node:zlib')
  await uploadAsApp(page.request, await sessionOf(page), item, {
    data: gzipSync(JSON.stringify(replay)),
    configuration: gzipSync(JSON.stringify({ options: [] })),
  })

  await page.goto(`/chart/${chart.id}/info`)
  await page.getByTestId('record').filter({ hasText: 'Replay Maker' }).getByTestId('record-watch').click()
  await expect(page).toHaveURL(/#t=0&replay=/)
  const replayName = decodeURIComponent(/replay=([^&]+)/.exec(page.url())![1]!)
  // Just after the missed note's time: a Miss is still passing the line, where a hit note has left.
  const at = Math.round((missed.time + 0.06) * 1000) / 1000
  await page.evaluate(
    ([time, name]) => (window.location.hash = `#t=${time}&replay=${name}`),
    [at, replayName],
  )
  const canvas = page.getByTestId('watch-canvas')
  await expect.poll(async () => (await probeOf(canvas)).last?.time).toBe(at)
  const drawn = (await probeOf(canvas)).last!
  const want = sortedQuads(await expectedQuads(page.request, item, at, drawn.width, drawn.height, {}, replay))
  // The arrays read as absolute values (the misreading) put the Miss on another note: the note is gone.
  const misread = {
    ...replay,
    inputs: {
      ...replay.inputs,
      entityIndex: deltaEncode(replay.inputs.entityIndex),
      time: deltaEncode(replay.inputs.time),
    },
  }
  const wrong = sortedQuads(
    await expectedQuads(page.request, item, at, drawn.width, drawn.height, {}, misread as ReplayData),
  )
  expect(JSON.stringify(wrong)).not.toBe(JSON.stringify(want))
  const got = sortedQuads(drawn.quads)
  expect(got.map((quad) => quad.sprite)).toEqual(want.map((quad) => quad.sprite))
  got.forEach((quad, i) =>
    quad.corners.forEach((value, k) => expect(Math.abs(value - want[i]!.corners[k]!)).toBeLessThan(0.5)),
  )
  // The judgment display shows the Miss once its window has closed, and counts it.
  const later = Math.round((missed.time + 0.15) * 1000) / 1000
  await page.evaluate(
    ([time, name]) => (window.location.hash = `#t=${time}&replay=${name}`),
    [later, replayName],
  )
  await expect(page.getByTestId('watch-judgment')).toHaveClass(/watch-judgment-miss/)
  await expect(page.getByTestId('watch-counts').locator('[data-judgment="miss"]')).toHaveAttribute(
    'data-count',
    '1',
  )
  expect(errors).toEqual([])
})

test('a time in a comment links to that moment, and the player seeks there', async ({ page }) => {
  const chart = await chartNamed(page, 'Midnight Relay')
  await page.goto(`/chart/${chart.id}/info`)
  await page.getByRole('link', { name: '0:12' }).click()
  await expect(page).toHaveURL(/#t=12$/)
  const canvas = page.getByTestId('watch-canvas')
  await expect.poll(async () => (await probeOf(canvas)).last?.time).toBe(12)
  await expect(page.getByTestId('watch-clock')).toHaveText(/^0:12 \//)
  // The arrow keys step five seconds; the player's link names the moment it shows.
  await page.getByTestId('watch-player').focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('watch-clock')).toHaveText(/^0:17 \//)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByTestId('watch-copy-link').click()
  await expect(page.getByTestId('watch-copy-link')).toHaveText('Link copied')
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(`${new URL(page.url()).origin}/chart/${chart.id}/info#t=17`)
})

test('bad files: the player says what failed in the site’s language, and the page goes on', async ({
  page,
}) => {
  const chart = await chartNamed(page, 'Midnight Relay')
  const item = await levelItemOf(page.request, chart.id)
  await page.route(`**/sonolus/repository/${item.data.hash}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/gzip', body: Buffer.from('not level data') }),
  )
  await page.goto(`/chart/${chart.id}/info`)
  await page.getByTestId('watch-toggle').click()
  await expect(page.getByTestId('watch-error')).toHaveText(
    'This chart cannot be played: its level data is not valid.',
  )
  // The rest of the page works: the comments, the leaderboard, the description.
  await expect(page.getByTestId('comment').first()).toBeVisible()
  await expect(page.getByTestId('record').first()).toBeVisible()
  await expect(page.getByText('Relay ticks and scratch holds.')).toBeVisible()

  await page.unroute(`**/sonolus/repository/${item.data.hash}`)
  await page.route(`**/sonolus/repository/${item.engine.skin.texture.hash}`, (route) =>
    route.fulfill({ status: 404 }),
  )
  await page.reload()
  await page.getByTestId('watch-toggle').click()
  await expect(page.getByTestId('watch-error')).toHaveText(
    'The skin this chart uses could not be loaded, so it cannot be shown.',
  )
})

test('music that will not play: the chart plays without it, and says so', async ({ page }) => {
  const chart = await chartNamed(page, 'Midnight Relay')
  expect(chart.musicHash).toMatch(/^[0-9a-f]{40}$/)
  await page.route(`**/sonolus/repository/${chart.musicHash}`, (route) =>
    route.fulfill({ status: 200, contentType: 'audio/mpeg', body: Buffer.from('not an mp3 at all') }),
  )
  await page.goto(`/chart/${chart.id}/info`)
  await page.getByTestId('watch-toggle').click()
  await expect(
    page.getByText('The music cannot be played in this browser; the chart plays without it.'),
  ).toBeVisible()
  await expect.poll(() => timeOf(page)).toBeGreaterThan(1)
})

test('on a 390 px phone the player and its controls fit, and play', async ({ page }) => {
  const errors = consoleErrors(page)
  await page.setViewportSize({ width: 390, height: 844 })
  const chart = await chartNamed(page, 'Midnight Relay')
  await page.goto(`/chart/${chart.id}/info`)
  const player = page.getByTestId('watch-player')
  await player.scrollIntoViewIfNeeded()
  const box = (await player.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  for (const id of ['watch-toggle', 'watch-speed', 'watch-mirror', 'watch-clock']) {
    const control = page.getByTestId(id)
    if (!(await control.count())) continue
    const at = (await control.boundingBox())!
    expect(at.x + at.width, id).toBeLessThanOrEqual(390)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.getByTestId('watch-toggle').click()
  await expect.poll(() => timeOf(page)).toBeGreaterThan(0.5)
  // Space pauses: the player takes the focus when it starts.
  await page.keyboard.press('Space')
  await expect(page.getByTestId('watch-toggle')).toHaveText(/Play/)
  expect(errors).toEqual([])
})

test('the create page plays the chart converted from the picked SUS before it is submitted', async ({
  page,
}) => {
  const errors = consoleErrors(page)
  await logIn(page, { id: 'watch-creator', handle: '7301', name: 'Watcher' })
  await page.goto('/chart/create')
  await expect(page.getByTestId('create-watch')).toHaveCount(0)
  const { chart, music } = await files()
  await page.locator('#create-music').setInputFiles(music)
  await page.locator('#create-chart').setInputFiles(chart)
  const card = page.getByTestId('create-watch')
  await expect(card).toBeVisible()
  await card.getByTestId('watch-toggle').click()
  await expect.poll(() => timeOf(page)).toBeGreaterThan(1)
  const drawn = await probeOf(card.getByTestId('watch-canvas'))
  expect(drawn.last!.quads.length).toBeGreaterThan(0)
  expect(errors).toEqual([])
})
