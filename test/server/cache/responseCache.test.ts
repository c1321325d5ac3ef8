import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ResponseCache } from '../../../server/cache/responseCache'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { catalogueChanged } from '../../../server/cache/tags'
import { hex, newChart } from '../helpers/charts'
import { openTestApp } from '../helpers/context'
import { appSession } from '../helpers/sessions'

describe('ResponseCache', () => {
  it('keeps an entry for its TTL only', () => {
    const cache = new ResponseCache(1000, 10)
    cache.set('a', 'A', 0)
    expect(cache.get('a', 999)?.body).toBe('A')
    expect(cache.get('a', 1000)).toBeUndefined()
  })

  it('drops the least recently used entry beyond its size', () => {
    const cache = new ResponseCache(60_000, 2)
    cache.set('a', 'A', 0)
    cache.set('b', 'B', 0)
    cache.get('a', 1)
    cache.set('c', 'C', 2)
    expect(cache.get('a', 3)?.body).toBe('A')
    expect(cache.get('b', 3)).toBeUndefined()
    expect(cache.get('c', 3)?.body).toBe('C')
  })

  it('keeps an entry read all the time, however many are set after it', () => {
    const cache = new ResponseCache(60_000, 100)
    cache.set('hot', 'H', 0)
    for (let n = 0; n < 1000; n++) {
      cache.set(`cold${n}`, 'C', 0)
      expect(cache.get('hot', 1)?.body).toBe('H')
    }
    expect(cache.size).toBe(100)
    // The oldest of the others went first.
    expect(cache.get('cold899', 1)).toBeUndefined()
    expect(cache.get('cold901', 1)?.body).toBe('C')
  })
})

describe('ResponseCache tags', () => {
  it('drops the entries carrying a tag, and only those', () => {
    const cache = new ResponseCache(60_000, 10)
    cache.set('detailsA', 'A', 0, ['chart:a'])
    cache.set('detailsB', 'B', 0, ['chart:b'])
    cache.set('list', 'AB', 0, ['lists', 'chart:a', 'chart:b'])
    cache.invalidate(['chart:a'])
    expect(cache.get('detailsA', 1)).toBeUndefined()
    expect(cache.get('list', 1)).toBeUndefined()
    expect(cache.get('detailsB', 1)?.body).toBe('B')
    cache.invalidate(['lists', 'chart:nothing'])
    expect(cache.get('detailsB', 1)?.body).toBe('B')
  })

  it('forgets the tags of entries replaced or dropped for size', () => {
    const cache = new ResponseCache(60_000, 1)
    cache.set('a', 'A', 0, ['x'])
    cache.set('a', 'A2', 0, ['y'])
    cache.invalidate(['x'])
    expect(cache.get('a', 1)?.body).toBe('A2')
    cache.set('b', 'B', 0, ['y'])
    expect(cache.size).toBe(1)
    cache.invalidate(['y'])
    expect(cache.size).toBe(0)
  })
})

describe('cached anonymous level lists', () => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  let session: string
  const PUBLIC_URL = 'https://charts.example.com'
  const insert = (n: number, title: string) =>
    test.ctx.repos.charts.insert(newChart(n, { title, publishTime: Date.now() }))
  const titles = async (headers: Record<string, string> = {}) =>
    (await test.app.inject({ method: 'GET', url: '/sonolus/levels/list', headers }))
      .json()
      .items.map((item: { title: string }) => item.title)

  beforeAll(async () => {
    test = await openTestApp('sqlite', { env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL } })
    session = await appSession(test.app, { id: 'alice', handle: '1001', name: 'Alice' }, PUBLIC_URL)
  })
  afterAll(async () => test.cleanup())

  it('answers visitors and signed-in users from what it keeps until a change to the catalogue drops it', async () => {
    await insert(1, 'First')
    expect(await titles()).toEqual(['First'])
    // Written to the database alone: nothing dropped the kept list (the create route drops it).
    await insert(2, 'Second')
    expect(await titles()).toEqual(['First'])
    expect(await titles({ 'sonolus-session': session })).toEqual(['First'])
    catalogueChanged(test.ctx, { id: hex(2, 32), authorId: 'alice' })
    expect(await titles()).toEqual(['Second', 'First'])
    expect(await titles({ 'sonolus-session': session })).toEqual(['Second', 'First'])
  })
  it('sends the cached page gzip-compressed when the client accepts gzip, and plain otherwise', async () => {
    for (let n = 10; n < 30; n++) await insert(n, `Gzip ${n}`)
    test.ctx.cache.clear()
    const plain = await test.app.inject({ method: 'GET', url: '/sonolus/levels/list' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('Accept-Encoding')
    for (let round = 0; round < 2; round++) {
      const zipped = await test.app.inject({
        method: 'GET',
        url: '/sonolus/levels/list',
        headers: { 'accept-encoding': 'br, gzip;q=0.8' },
      })
      expect(zipped.headers['content-encoding']).toBe('gzip')
      expect(zipped.headers.vary).toContain('Accept-Encoding')
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body)
    }
    const refused = await test.app.inject({
      method: 'GET',
      url: '/sonolus/levels/list',
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body).toBe(plain.body)
  })

  it('compresses a kept answer fast when built, and smaller once it is served again, with the same JSON', async () => {
    test.ctx.cache.clear()
    const ask = () =>
      test.app.inject({ method: 'GET', url: '/sonolus/levels/list', headers: { 'accept-encoding': 'gzip' } })
    const built = await ask()
    expect(built.headers['x-cache']).toBe('MISS')
    const json = gunzipSync(built.rawPayload).toString('utf8')
    // Served again: the same bytes (the smaller ones are made after this turn).
    const again = await ask()
    expect(again.headers['x-cache']).toBe('HIT')
    expect(again.rawPayload.equals(built.rawPayload)).toBe(true)
    await new Promise((resolve) => setImmediate(resolve))
    const smaller = await ask()
    expect(smaller.headers['x-cache']).toBe('HIT')
    expect(smaller.rawPayload.length).toBeLessThan(built.rawPayload.length)
    expect(gunzipSync(smaller.rawPayload).toString('utf8')).toBe(json)
    // Once: what is served from then on is those bytes.
    await new Promise((resolve) => setImmediate(resolve))
    expect((await ask()).rawPayload.equals(smaller.rawPayload)).toBe(true)
  })

  it('compresses fresh JSON answers too, but never repository files or small bodies', async () => {
    const fresh = await test.app.inject({
      method: 'GET',
      url: '/sonolus/levels/list',
      headers: { 'sonolus-session': session, 'accept-encoding': 'gzip' },
    })
    expect(fresh.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(fresh.rawPayload).toString('utf8')).items.length).toBe(20)

    const small = await test.app.inject({
      method: 'GET',
      url: '/sonolus/user/mine',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(small.headers['content-encoding']).toBeUndefined()

    const item = JSON.parse(gunzipSync(fresh.rawPayload).toString('utf8')).items[0]
    // A gzip JSON resource (the skin's data): served as stored, with no Content-Encoding.
    const dataUrl: string = item.engine.skin.data.url
    const file = await test.app.inject({
      method: 'GET',
      url: dataUrl,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-encoding']).toBeUndefined()
  })
})
