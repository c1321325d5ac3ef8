// Demo content for a fresh installation: a few charts by a "demo" user, built from the assets in
// server/demo/assets (our own, made by make-assets.mjs). Seeded once; `npm run demo:remove` removes them.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AppContext } from '../context.js'
import { composeBackground } from '../media/background.js'
import { putBuffer } from '../storage/putFile.js'

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets')

export const DEMO_USER = { id: 'demo', handle: 'demo', name: 'Demo' }
export const DEMO_SEEDED_KEY = 'demo_seeded'

type DemoChart = {
  title: string
  composer: string
  artists: string
  level: number
  isOliver: 0 | 1
  isPublic: 0 | 1
  tags: string[]
  cover: string
  music: string
  description: string
}

export const DEMO_CHARTS: DemoChart[] = [
  {
    title: 'Starlight Overture',
    composer: 'Demo Composer',
    artists: 'Sirius Demo Band',
    level: 12,
    isOliver: 0,
    isPublic: 1,
    tags: ['demo', 'pop'],
    cover: 'cover-starlight.png',
    music: 'tune-a.mp3',
    description: 'A **demo chart** that ships with Sirius Charts.\n\n- taps and holds\n- a gentle opener',
  },
  {
    title: 'Midnight Relay',
    composer: 'Demo Composer',
    artists: 'The Placeholders',
    level: 24,
    isOliver: 0,
    isPublic: 1,
    tags: ['demo', 'rock'],
    cover: 'cover-relay.png',
    music: 'tune-b.mp3',
    description: 'Relay ticks and scratch holds. *Demo content.*',
  },
  {
    title: 'Olivier Trial',
    composer: 'Demo Composer',
    artists: 'Sirius Demo Band',
    level: 3,
    isOliver: 1,
    isPublic: 1,
    tags: ['demo', 'olivier'],
    cover: 'cover-olivier.png',
    music: 'tune-a.mp3',
    description: 'A multi-finger (Olivier) demo chart.',
  },
  {
    title: 'Unfinished Sketch',
    composer: 'Demo Composer',
    artists: 'The Placeholders',
    level: 7,
    isOliver: 0,
    isPublic: 0,
    tags: [],
    cover: 'cover-sketch.png',
    music: 'tune-b.mp3',
    description: 'A private demo chart: only its author sees it.',
  },
]

/** Seeds the demo charts into an empty installation, once. Returns undefined when nothing was done. */
export const seedDemo = async (
  ctx: AppContext,
  now = Date.now(),
): Promise<{ charts: number } | undefined> => {
  const { repos, blobStore } = ctx
  if ((await repos.meta.get(DEMO_SEEDED_KEY)) !== undefined) return undefined
  if ((await repos.charts.countAll()) > 0) {
    // An installation that already has charts is not "empty": never add demo content to it.
    await repos.meta.set(DEMO_SEEDED_KEY, 'skipped')
    return undefined
  }

  // Files first (content-addressed and idempotent), then the rows in one transaction.
  const prepared: { chart: DemoChart; coverHash: string; backgroundHash: string; musicHash: string }[] = []
  for (const chart of DEMO_CHARTS) {
    const cover = await fs.readFile(path.join(assets, chart.cover))
    const coverHash = await putBuffer(blobStore, repos, cover, 'image/png', now)
    const backgroundHash = await putBuffer(blobStore, repos, await composeBackground(cover), 'image/png', now)
    const musicHash = await putBuffer(
      blobStore,
      repos,
      await fs.readFile(path.join(assets, chart.music)),
      'audio/mpeg',
      now,
    )
    prepared.push({ chart, coverHash, backgroundHash, musicHash })
  }

  const seeded = await repos.transaction(async (trx) => {
    // Two instances starting together both get here; the claim lets exactly one of them seed.
    if (!(await trx.meta.claim(DEMO_SEEDED_KEY, String(now)))) return false
    await trx.users.upsert({ ...DEMO_USER, profile: '{}' }, now)
    for (const [index, { chart, coverHash, backgroundHash, musicHash }] of prepared.entries()) {
      // Older charts first, so "newest" lists them in the order above.
      const time = now - (prepared.length - index) * 60_000
      const id = randomBytes(16).toString('hex')
      // The media worker makes their CBR bgm and preview clips, as for an upload (issue 15: listen first).
      await trx.charts.insert({
        id,
        authorId: DEMO_USER.id,
        author: `${DEMO_USER.name}#${DEMO_USER.handle}`,
        title: chart.title,
        artists: chart.artists,
        composer: chart.composer,
        description: chart.description,
        level: chart.level,
        isOliver: chart.isOliver,
        isPublic: chart.isPublic,
        tags: JSON.stringify(chart.tags),
        coverHash,
        backgroundHash,
        musicHash,
        previewHash: null,
        susHash: null,
        dataHash: null,
        publishTime: time,
        updatedTime: time,
      })
      await trx.uploads.enqueueMedia(id, musicHash, now)
    }
    return true
  })
  return seeded ? { charts: prepared.length } : undefined
}

/** Removes the demo user's charts, the user, and the files no other chart uses. */
export const removeDemo = async (ctx: AppContext): Promise<{ charts: number; files: number }> => {
  const { repos, blobStore } = ctx
  const charts = await repos.charts.listByAuthor(DEMO_USER.id)
  const hashes = new Set(
    charts.flatMap((chart) =>
      [
        chart.coverHash,
        chart.backgroundHash,
        chart.musicHash,
        // Made by the media worker from the music.
        chart.bgmHash,
        chart.previewHash,
        chart.susHash,
        chart.dataHash,
      ].filter((hash): hash is string => !!hash),
    ),
  )
  await repos.transaction(async (trx) => {
    for (const chart of charts) await trx.charts.delete(chart.id)
    await trx.users.delete(DEMO_USER.id)
    // Keep the flag so that the next start does not seed them again.
    await trx.meta.set(DEMO_SEEDED_KEY, 'removed')
  })
  let files = 0
  for (const hash of hashes) {
    if (await repos.files.isReferenced(hash)) continue
    // Row first: a missing row hides the file at once, and a leftover blob is harmless.
    await repos.files.delete(hash)
    await blobStore.delete(hash)
    files++
  }
  return { charts: charts.length, files }
}
