import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readLevelData } from '../../../common/chart'
import {
  DEMO_CHARTS,
  DEMO_PLAYERS,
  DEMO_USER,
  DEMO_USER_IDS,
  removeDemo,
  seedDemo,
} from '../../../server/demo/seed'
import { demoSus } from '../../../server/demo/chart'
import { readBlob } from '../../../server/storage/putFile'
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
  it('record one input per judged note, with the counts and the longest combo of their result', async () => {
    const { convertSus } = await import('../../../common/chart')
    const { demoInputs, demoResult } = await import('../../../server/demo/plays')
    const read = readLevelData(
      convertSus(demoSus({ seed: 7, measures: 16, style: 'relay', title: 'Inputs' })).gzipped,
    )
    for (const skill of ['allPerfect', 'fullCombo', 'pass'] as const) {
      const result = demoResult(read.noteCount, skill)
      const inputs = demoInputs(result, read)
      expect(inputs.entityIndex).toHaveLength(read.noteCount)
      expect(new Set(inputs.entityIndex).size).toBe(read.noteCount)
      const count = (judgment: number) => inputs.judgment.filter((value) => value === judgment).length
      expect([count(1), count(2), count(3), count(0)]).toEqual([
        result.perfect,
        result.great,
        result.good,
        result.miss,
      ])
      // In time order, a Miss ends a combo: the longest run is the result's combo.
      let run = 0
      let longest = 0
      for (const judgment of inputs.judgment) {
        run = judgment === 0 ? 0 : run + 1
        longest = Math.max(longest, run)
      }
      expect(longest, skill).toBe(result.combo)
    }
  })
})
