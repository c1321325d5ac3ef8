import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CHARTS, DEMO_USER, removeDemo, seedDemo } from '../../server/demo/seed'
import { buildApp } from '../../server/app'
import { newChart } from './helpers/charts'
import { DIALECTS, type TestContext, openTestContext } from './helpers/context'

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
    expect(await test.ctx.repos.users.findById(DEMO_USER.id)).toBeUndefined()
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
