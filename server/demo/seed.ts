// Demo content for a fresh installation (every screen of a fresh `npm start` shows real data):
// charts by a "demo" creator whose SUS our own generator writes (chart.ts) and which are converted here,
// as an upload would be, so each has level data, a preview and a note count; demo players who like,
// rate, comment and play them (their results and replays made by plays.ts); and a news post. Covers and
// tunes are our own (assets/make-assets.mjs). Seeded once into an empty installation; SEED_DEMO=0 turns
// it off, and `npm run demo:remove` removes all of it.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { type EnginePlayData } from '@sonolus/core'
import { LEADERBOARDS } from '../../common/api/levels.js'
import { chartStats, convertSus, readLevelData } from '../../common/chart/index.js'
import { GZIP_LEVEL } from '../../common/rules.js'
import { type AppContext } from '../context.js'
import { type RecordRow, type StatsColumns, statsColumns } from '../db/repositories/index.js'
import { composeBackground } from '../media/background.js'
import { BOARDS } from '../../common/scoring.js'
import { putBuffer } from '../storage/putFile.js'
import { type DemoStyle, demoSus } from './chart.js'
import { type DemoSkill, demoPlay } from './plays.js'
import { builtInEngine } from '../packs/builtInEngine.js'
import { defaultOptions } from '../../engine/sirius/configuration.js'

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets')

export const DEMO_USER = { id: 'demo', handle: 'demo', name: 'Demo' }
export const DEMO_SEEDED_KEY = 'demo_seeded'

/** The demo players: handles no Sonolus account has (those are digits). */
export const DEMO_PLAYERS = [
  { id: 'demo-mika', handle: 'demo-mika', name: 'Mika', color: '#f72585', about: 'Plays everything twice.' },
  { id: 'demo-ren', handle: 'demo-ren', name: 'Ren', color: '#00b4d8', about: 'Relay ticks are my thing.' },
  { id: 'demo-sora', handle: 'demo-sora', name: 'Sora', color: '#6a994e', about: 'Still learning Olivier.' },
] as const
export const DEMO_USER_IDS = [DEMO_USER.id, ...DEMO_PLAYERS.map((player) => player.id)]

/** A demo player's signed-profile-like JSON: the fields a page shows (server/sonolus/users.ts). */
const demoProfile = (handle: string, name: string, color: string, about: string) =>
  JSON.stringify({
    id: handle,
    handle,
    name,
    avatarType: 'default',
    avatarForegroundType: 'default',
    avatarForegroundColor: '#ffffff',
    avatarBackgroundType: 'default',
    avatarBackgroundColor: color,
    bannerType: 'default',
    aboutMe: about,
    favorites: [],
  })

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
  /** The generator's pattern set and seed (chart.ts). */
  style: DemoStyle
  seed: number
  /** Who played it and how well (indexes into DEMO_PLAYERS); what they said; how they rated it. */
  plays: { player: number; skill: DemoSkill }[]
  comments: { player: number; text: string }[]
  ratings: { player: number; rating: number }[]
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
    style: 'gentle',
    seed: 12,
    plays: [
      { player: 0, skill: 'allPerfect' },
      { player: 1, skill: 'fullCombo' },
      { player: 2, skill: 'pass' },
    ],
    comments: [
      { player: 0, text: 'A **lovely** opener. The flick at the end of each phrase feels right.' },
      { player: 2, text: 'Cleared it on my third try!' },
    ],
    ratings: [
      { player: 0, rating: 5 },
      { player: 1, rating: 4 },
      { player: 2, rating: 5 },
    ],
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
    style: 'relay',
    seed: 24,
    plays: [
      { player: 1, skill: 'allPerfect' },
      { player: 0, skill: 'pass' },
    ],
    comments: [{ player: 1, text: 'The relay holds into scratches at 0:12 are great practice.' }],
    ratings: [
      { player: 1, rating: 5 },
      { player: 0, rating: 3 },
    ],
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
    style: 'chords',
    seed: 33,
    plays: [
      { player: 0, skill: 'fullCombo' },
      { player: 2, skill: 'pass' },
    ],
    comments: [{ player: 2, text: 'Both hands at once... I need more practice.' }],
    ratings: [{ player: 2, rating: 4 }],
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
    style: 'gentle',
    seed: 7,
    plays: [],
    comments: [],
    ratings: [],
  },
]

/** The plays are played by our engine as this server serves it (read once a process), with its options at
 *  their defaults. */
let parsedPlayData: EnginePlayData | undefined
const demoPlayData = (): EnginePlayData =>
  (parsedPlayData ??= JSON.parse(gunzipSync(builtInEngine().files.playData.bytes).toString('utf8')))

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
  const gzip = (json: string) => gzipSync(json, { level: GZIP_LEVEL })
  type Prepared = {
    chart: DemoChart
    id: string
    time: number
    files: { coverHash: string; backgroundHash: string; musicHash: string; susHash: string; dataHash: string }
    records: RecordRow[]
    stats: StatsColumns
  }
  const prepared: Prepared[] = []
  const playData = demoPlayData()
  const options = defaultOptions()
  for (const [index, chart] of DEMO_CHARTS.entries()) {
    const id = randomBytes(16).toString('hex')
    // Older charts first, so "newest" lists them in the order above.
    const time = now - (DEMO_CHARTS.length - index) * 60_000
    const cover = await fs.readFile(path.join(assets, chart.cover))
    const put = (bytes: Buffer | Uint8Array, type: string) =>
      putBuffer(blobStore, repos, Buffer.from(bytes), type, now)
    const sus = demoSus({ seed: chart.seed, measures: DEMO_MEASURES, style: chart.style, title: chart.title })
    // Converted as an upload is (docs/spec.md §5): SUS → TXT → level data, gzip level 9.
    const conversion = convertSus(sus, { gzip })
    const read = readLevelData(conversion.gzipped)
    const stats = statsColumns(chartStats(read, conversion.bpms))
    const files = {
      coverHash: await put(cover, 'image/png'),
      backgroundHash: await put(await composeBackground(cover), 'image/png'),
      musicHash: await put(await fs.readFile(path.join(assets, chart.music)), 'audio/mpeg'),
      susHash: await put(Buffer.from(sus), 'text/plain; charset=utf-8'),
      dataHash: await put(conversion.gzipped, 'application/gzip'),
    }
    const records: RecordRow[] = []
    for (const [n, { player, skill }] of chart.plays.entries()) {
      const who = DEMO_PLAYERS[player]
      const playedAt = time + (n + 1) * 10_000
      const { result, ...replay } = demoPlay(read.levelData, playData, options, skill, playedAt)
      records.push({
        id: randomBytes(16).toString('hex'),
        chartId: id,
        userId: who.id,
        player: `${who.name}#${who.handle}`,
        ...result,
        dataHash: await put(replay.data, 'application/gzip'),
        configurationHash: await put(replay.configuration, 'application/gzip'),
        replayTitle: chart.title,
        version: 1,
        createdTime: playedAt,
      })
    }
    prepared.push({ chart, id, time, files, records, stats })
  }

  const seeded = await repos.transaction(async (trx) => {
    // Two instances starting together both get here; the claim lets exactly one of them seed.
    if (!(await trx.meta.claim(DEMO_SEEDED_KEY, String(now)))) return false
    await trx.users.upsert(
      {
        ...DEMO_USER,
        profile: demoProfile(DEMO_USER.handle, DEMO_USER.name, '#3a0ca3', 'I make the demo charts.'),
      },
      now,
    )
    for (const player of DEMO_PLAYERS)
      await trx.users.upsert(
        {
          id: player.id,
          handle: player.handle,
          name: player.name,
          profile: demoProfile(player.handle, player.name, player.color, player.about),
        },
        now,
      )
    for (const { chart, id, time, files, records, stats } of prepared) {
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
        ...files,
        ...stats,
        previewHash: null,
        publishTime: time,
        updatedTime: time,
      })
      // The media worker makes their CBR bgm and preview clips, as for an upload (to listen before opening).
      await trx.uploads.enqueueMedia(id, files.musicHash, now)
      for (const { player, rating } of chart.ratings)
        await trx.community.setRating(id, DEMO_PLAYERS[player].id, rating, time + 5_000)
      for (const { player } of chart.ratings)
        await trx.community.setLike(id, DEMO_PLAYERS[player].id, true, time + 5_000)
      for (const [n, { player, text }] of chart.comments.entries()) {
        const who = DEMO_PLAYERS[player]
        await trx.community.addComment({
          id: randomBytes(16).toString('hex'),
          chartId: id,
          userId: who.id,
          author: `${who.name}#${who.handle}`,
          parentId: null,
          content: text,
          createdTime: time + (n + 1) * 12_000,
        })
      }
      for (const record of records)
        await trx.leaderboards.addRecord(
          record,
          LEADERBOARDS.map((board) => {
            const value = Number(record[BOARDS[board].field])
            return { board, sortKey: BOARDS[board].better === 'higher' ? -value : value }
          }),
        )
    }
    await trx.people.addNews({
      id: randomBytes(8).toString('hex'),
      title: 'Welcome to Sirius Charts',
      body: DEMO_NEWS,
      authorId: DEMO_USER.id,
      author: `${DEMO_USER.name}#${DEMO_USER.handle}`,
      createdTime: now,
      updatedTime: now,
    })
    return true
  })
  return seeded ? { charts: prepared.length } : undefined
}

/** 16 measures at 120 BPM: the demo tunes' 32 s. */
const DEMO_MEASURES = 16

const DEMO_NEWS = [
  'This server came with **demo content** so that every page has something to show:',
  '',
  '- four charts by *Demo*, one of them private;',
  '- three players, Mika, Ren and Sora, with their comments, ratings and records.',
  '',
  'Operators remove all of it with `npm run demo:remove`.',
].join('\n')

/** Removes the demo content: the demo creator's charts (their likes, ratings, comments and records go
 *  with them), the demo players (and what they did), the demo news, and the files nothing uses any more. */
export const removeDemo = async (ctx: AppContext): Promise<{ charts: number; files: number }> => {
  const { repos, blobStore } = ctx
  const charts = await repos.charts.listByAuthor(DEMO_USER.id)
  const replays = await repos.leaderboards.filesOfUsers(DEMO_USER_IDS)
  const hashes = new Set([
    ...charts.flatMap((chart) =>
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
    ...replays,
  ])
  await repos.transaction(async (trx) => {
    for (const chart of charts) await trx.charts.delete(chart.id)
    await trx.people.deleteNewsBy(DEMO_USER_IDS)
    // Their records, comments, likes and ratings go with them.
    for (const id of DEMO_USER_IDS) await trx.users.delete(id)
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
