import { gunzipSync, gzipSync } from 'node:zlib'
import type { EnginePlayData, ReplayData } from '@sonolus/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { convertSus, readLevelData } from '../../../common/chart'
import { decodeReplayInputs } from '../../../common/replay'
import { runPlay } from '../../../engine/interpreter/play'
import { touchScriptsOf } from '../../../engine/replay'
import { defaultOptions } from '../../../engine/sirius/configuration'
import { OPTION } from '../../../engine/sirius/constants'
import { demoPlay } from '../../../server/demo/plays'
import { encodeOldDemoReplays } from '../../../server/demo/upgrade'
import { builtInEngine } from '../../../server/packs/builtInEngine'
import {
  DEMO_CHARTS,
  DEMO_PLAYERS,
  DEMO_USER,
  DEMO_USER_IDS,
  removeDemo,
  seedDemo,
} from '../../../server/demo/seed'
import { demoSus } from '../../../server/demo/chart'
import { putBuffer, readBlob } from '../../../server/storage/putFile'
import { speakAsSite } from '../helpers/context'
import { buildApp } from '../../../server/app'
import { newChart } from '../helpers/charts'
import { DIALECTS, type TestContext, openTestContext } from '../helpers/context'

describe.each(DIALECTS)('demo content on %s', (dialect) => {
  let test: TestContext

  beforeAll(async () => {
    test = await openTestContext(dialect)
  })
  afterAll(async () => test.cleanup())

  let usedBeforeSeed = 0
  it('seeds the demo charts by the demo user into an empty installation, with their files', async () => {
    usedBeforeSeed = (await test.ctx.blobStore.usage()).used
    expect(await seedDemo(test.ctx)).toEqual({ charts: DEMO_CHARTS.length })
    const charts = await test.ctx.repos.charts.listByAuthor(DEMO_USER.id)
    expect(charts.map((chart) => chart.title).sort()).toEqual(DEMO_CHARTS.map((chart) => chart.title).sort())
    expect(charts.every((chart) => chart.author === 'Demo#demo')).toBe(true)
    expect(charts.some((chart) => chart.isPublic === 0)).toBe(true)
    const app = await buildApp({ ...test.ctx, close: async () => {} }, { logger: false })
    for (const chart of charts) {
      for (const [hash, type] of [
        [chart.coverHash, 'image/png'],
        [chart.backgroundHash, 'image/png'],
        [chart.musicHash, 'audio/mpeg'],
      ] as const) {
        const response = await app.inject({ method: 'GET', url: `/sonolus/repository/${hash}` })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe(type)
      }
      // The background is the spec's 1920×1180 composite (PNG header: width and height at bytes 16-23).
      const background = await app.inject({
        method: 'GET',
        url: `/sonolus/repository/${chart.backgroundHash}`,
      })
      expect(background.rawPayload.readUInt32BE(16)).toBe(1920)
      expect(background.rawPayload.readUInt32BE(20)).toBe(1180)
    }
    await app.close()
  })

  it('gives every demo chart real level data, and the public ones comments, ratings and a leaderboard', async () => {
    const app = speakAsSite(await buildApp({ ...test.ctx, close: async () => {} }, { logger: false }))
    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      return response
    }
    for (const chart of await test.ctx.repos.charts.listByAuthor(DEMO_USER.id)) {
      const spec = DEMO_CHARTS.find((demo) => demo.title === chart.title)!
      // The SUS is what our generator writes for the chart, converted as an upload is.
      expect(chart.susHash).toMatch(/^[0-9a-f]{40}$/)
      const sus = (await readBlob(test.ctx.blobStore, chart.susHash!))!.toString('utf8')
      expect(sus).toBe(demoSus({ seed: spec.seed, measures: 16, style: spec.style, title: spec.title }))
      // Served by its hash only as the chart allows (anonymously here).
      const served = await app.inject({ method: 'GET', url: `/sonolus/repository/${chart.susHash}` })
      expect(served.statusCode).toBe(chart.allowSusDownload && chart.isPublic ? 200 : 404)
      if (served.statusCode === 200) expect(served.body).toBe(sus)
      const data = (await get(`/sonolus/repository/${chart.dataHash}`)).rawPayload
      const { noteCount } = readLevelData(new Uint8Array(data))
      expect(noteCount).toBeGreaterThan(50)
      expect(JSON.parse(gunzipSync(data).toString()).entities.length).toBeGreaterThan(noteCount)
      if (!chart.isPublic) continue
      const level = `/sonolus/levels/wbs-${chart.id}`
      const board = (await get(`${level}/leaderboards/arcScore/records/list`)).json()
      expect(board.records).toHaveLength(spec.plays.length)
      // The players' results are for this chart: their note count is its note count.
      const records = await Promise.all(
        board.records.map((record: { name: string }) => test.ctx.repos.leaderboards.findRecord(record.name)),
      )
      expect(records.every((record) => record?.totalCount === noteCount)).toBe(true)
      expect((await get(`${level}/community/comments/list`)).json().comments).toHaveLength(
        spec.comments.length,
      )
      expect(chart.ratingNumber).toBe(spec.ratings.length)
      expect(chart.likeNumber).toBe(spec.ratings.length)
      // Each replay resolves, and so does the player's page.
      for (const record of board.records) await get(`/sonolus/replays/${record.replay}`)
    }
    for (const player of DEMO_PLAYERS) {
      const page = (await get(`/sonolus/users/${player.handle}`)).json()
      expect(page.stats.records).toBeGreaterThan(0)
    }
    expect((await get(`/sonolus/users/${DEMO_USER.handle}`)).json().stats.charts).toBe(3)
    expect((await get('/sonolus/news')).json().items).toHaveLength(1)
    await app.close()
  })

  it('seeds only once', async () => {
    expect(await seedDemo(test.ctx)).toBeUndefined()
    expect(await test.ctx.repos.charts.countAll()).toBe(DEMO_CHARTS.length)
  })

  it('removes the demo charts, the demo user and their files, for good', async () => {
    const charts = await test.ctx.repos.charts.listByAuthor(DEMO_USER.id)
    const removed = await removeDemo(test.ctx)
    expect(removed.charts).toBe(DEMO_CHARTS.length)
    expect(removed.files).toBeGreaterThan(0)
    expect(await test.ctx.repos.charts.countAll()).toBe(0)
    for (const id of DEMO_USER_IDS) expect(await test.ctx.repos.users.findById(id)).toBeUndefined()
    expect(await test.ctx.repos.leaderboards.countRecords()).toBe(0)
    expect(await test.ctx.repos.people.countNews()).toBe(0)
    expect(await test.ctx.blobStore.head(charts[0].coverHash)).toBeUndefined()
    expect(await test.ctx.repos.files.get(charts[0].coverHash)).toBeUndefined()
    expect((await test.ctx.blobStore.usage()).used).toBe(usedBeforeSeed)
    expect(await seedDemo(test.ctx)).toBeUndefined()
  })
})

describe.each(DIALECTS)('demo seeding by two instances at once on %s', (dialect) => {
  it('seeds exactly once', async () => {
    const test = await openTestContext(dialect)
    const results = await Promise.all([seedDemo(test.ctx), seedDemo(test.ctx)])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await test.ctx.repos.charts.countAll()).toBe(DEMO_CHARTS.length)
    await test.cleanup()
  })
})

describe('demo seeding on an installation that already has charts', () => {
  it('adds nothing', async () => {
    const test = await openTestContext('sqlite')
    await test.ctx.repos.users.upsert({ id: 'u', handle: '1', name: 'U', profile: '{}' })
    await test.ctx.repos.charts.insert(newChart(1, { authorId: 'u', author: 'U#1', title: 'Real chart' }))
    expect(await seedDemo(test.ctx)).toBeUndefined()
    expect(await test.ctx.repos.charts.countAll()).toBe(1)
    await test.cleanup()
  })
})

describe('demo replays', () => {
  const level = readLevelData(
    convertSus(demoSus({ seed: 7, measures: 16, style: 'relay', title: 'Inputs' })).gzipped,
  )
  const playData = JSON.parse(gunzipSync(builtInEngine().files.playData.bytes).toString()) as EnginePlayData

  it.each(['allPerfect', 'fullCombo', 'pass'] as const)(
    'are plays of the chart by our engine (%s): the inputs, decoded, judge each note once as the result says, and the touches play them again',
    (skill) => {
      const play = demoPlay(level.levelData, playData, defaultOptions(), skill, 1_700_000_000_000)
      expect(play.result.grade).toBe(skill)
      expect(play.result.totalCount).toBe(level.noteCount)
      if (skill !== 'allPerfect') expect(play.result.great).toBeGreaterThan(0)
      if (skill === 'pass') expect(play.result.miss).toBeGreaterThan(0)
      const replay = JSON.parse(gunzipSync(play.data).toString()) as ReplayData
      expect(JSON.parse(gunzipSync(play.configuration).toString())).toEqual({ options: defaultOptions() })
      // As the app writes a replay: one entry of exported data per level entity, the touches, and the inputs
      // delta encoded.
      expect(replay.entities).toHaveLength(level.levelData.entities.length)
      expect(replay.touches.l.length).toBeGreaterThan(level.noteCount / 2)
      const inputs = decodeReplayInputs(replay)
      expect(new Set(inputs.entityIndex).size).toBe(level.noteCount)
      const count = (judgment: number) => inputs.judgment.filter((value) => value === judgment).length
      expect([count(1), count(2), count(3), count(0)]).toEqual([
        play.result.perfect,
        play.result.great,
        play.result.good,
        play.result.miss,
      ])
      const again = runPlay(
        { data: playData, level: level.levelData, options: defaultOptions(), speedOption: OPTION.speed },
        touchScriptsOf(replay),
      ).replay()
      expect(again.inputs).toEqual(replay.inputs)
    },
  )
})

describe.each(DIALECTS)('demo replays stored before they were delta encoded, on %s', (dialect) => {
  it('are encoded once, keeping the play, by one of two instances starting together', async () => {
    const test = await openTestContext(dialect)
    await seedDemo(test.ctx)
    const records = await test.ctx.repos.leaderboards.recordsOfUsers(DEMO_PLAYERS.map((player) => player.id))
    const [old, current] = records
    // What the demo wrote before: absolute inputs, no touches, no entities.
    const oldInputs = {
      entityIndex: [7, 5, 9],
      time: [1.5, 1, 2],
      judgment: [1, 2, 0],
      accuracy: [0, 0.05, 0],
    }
    const oldReplay = {
      ...(JSON.parse(gunzipSync((await readBlob(test.ctx.blobStore, old!.dataHash))!).toString()) as object),
      inputs: oldInputs,
      entities: [],
      touches: { l: [], t: [], x: [], y: [] },
    }
    const oldHash = await putBuffer(
      test.ctx.blobStore,
      test.ctx.repos,
      gzipSync(JSON.stringify(oldReplay)),
      'application/gzip',
    )
    await test.ctx.repos.leaderboards.setReplayData(old!.id, oldHash)

    const changed = await Promise.all([encodeOldDemoReplays(test.ctx), encodeOldDemoReplays(test.ctx)])
    expect(changed.sort()).toEqual([0, 1])
    const after = await test.ctx.repos.leaderboards.recordsOfUsers(DEMO_PLAYERS.map((player) => player.id))
    const stored = async (id: string) => {
      const hash = after.find((record) => record.id === id)!.dataHash
      return JSON.parse(gunzipSync((await readBlob(test.ctx.blobStore, hash))!).toString()) as ReplayData
    }
    const encoded = await stored(old!.id)
    expect(encoded.inputs).toEqual({
      entityIndex: [7, -2, 4],
      time: [1.5, -0.5, 1],
      judgment: [1, 2, 0],
      accuracy: [0, 0.05, 0],
    })
    expect(decodeReplayInputs(encoded)).toEqual(oldInputs)
    // A replay the engine played (with touches) is left as it is; so is everything on a second start.
    expect(after.find((record) => record.id === current!.id)!.dataHash).toBe(current!.dataHash)
    expect(await encodeOldDemoReplays(test.ctx)).toBe(0)
    await test.cleanup()
  })
})
