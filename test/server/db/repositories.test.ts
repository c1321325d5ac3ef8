// The repository suite runs on SQLite always, and on PostgreSQL when PG_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type NewChart, type Repositories } from '../../../server/db/repositories'
import { hex, newChart } from '../helpers/charts'
import { DIALECTS, type TestContext, openTestContext } from '../helpers/context'

const chart = (n: number, overrides: Partial<NewChart> = {}): NewChart =>
  newChart(n, {
    authorId: 'u1',
    author: 'Alice#1001',
    artists: 'Artist',
    composer: 'Composer',
    tags: '["a"]',
    publishTime: 1_700_000_000_000 + n,
    updatedTime: 1_700_000_000_000 + n,
    ...overrides,
  })

describe.each(DIALECTS)('repositories on %s', (dialect) => {
  let test: TestContext
  let repos: Repositories

  beforeAll(async () => {
    test = await openTestContext(dialect)
    repos = test.ctx.repos
  })
  afterAll(async () => test.cleanup())

  it('answers the health ping', async () => {
    await expect(repos.ping()).resolves.toBeUndefined()
  })

  it('runs the migrations once: a second run finds nothing to do', async () => {
    const { migrateToLatest } = await import('../../../server/db/migrate')
    expect(await migrateToLatest(test.ctx.db.db)).toEqual([])
  })

  it('upserts users, refreshing handle and name', async () => {
    const created = await repos.users.upsert({ id: 'u1', handle: '1001', name: 'Alice', profile: '{}' }, 1000)
    expect(created).toEqual({
      id: 'u1',
      handle: '1001',
      name: 'Alice',
      profile: '{}',
      createdTime: 1000,
      updatedTime: 1000,
      // Moderation: not suspended, no notice read yet.
      suspensionKind: null,
      suspendedUntil: null,
      suspensionReason: null,
      noticesReadTime: 0,
      notificationsOff: '',
    })
    const refreshed = await repos.users.upsert(
      { id: 'u1', handle: '1001', name: 'Alice B', profile: '{"x":1}' },
      2000,
    )
    expect(refreshed).toMatchObject({
      name: 'Alice B',
      profile: '{"x":1}',
      createdTime: 1000,
      updatedTime: 2000,
    })
    expect(await repos.users.findByHandle('1001')).toMatchObject({ id: 'u1' })
  })

  it('stores every chart field of docs/spec.md §3 and reads numbers back as numbers', async () => {
    const stored = await repos.charts.insert(chart(1, { tags: '["pop","demo"]', isOliver: 1, level: 5 }))
    expect(stored).toEqual({
      ...chart(1, { tags: '["pop","demo"]', isOliver: 1, level: 5 }),
      likeNumber: 0,
      commentNumber: 0,
      rating: 0,
      ratingNumber: 0,
      tagsText: 'pop demo',
      // Set by a media job once the music is re-encoded.
      bgmHash: null,
      // Moderation: shown.
      hidden: 0,
      hiddenReason: null,
      hiddenByBan: 0,
      // Others may not download the SUS unless the creator allows it.
      allowSusDownload: 0,
      // No level data read yet, never played, not trending.
      noteCount: null,
      noteCounts: null,
      duration: null,
      npsAverage: null,
      npsPeak: null,
      bpmMin: null,
      bpmMax: null,
      hasScratches: 0,
      hasSplitLines: 0,
      hasSpeedChanges: 0,
      statsVersion: 0,
      playCount: 0,
      trending: 0,
      announced: 0,
      scheduledTime: null,
      version: 1,
      versionTime: chart(1).publishTime,
      songSet: null,
      // Nobody co-authors it; its first version is its owner's.
      coauthors: '',
      versionEditor: '',
    })
    expect(typeof stored.publishTime).toBe('number')
    // Stats and counters read back as numbers on both databases.
    await repos.charts.update(stored.id, { duration: 92.5, npsAverage: 3.25, noteCount: 300 })
    const read = (await repos.charts.findById(stored.id))!
    expect([read.duration, read.npsAverage, read.noteCount, read.playCount, read.trending]).toEqual([
      92.5, 3.25, 300, 0, 0,
    ])
  })

  it('enforces the level range and the 1/0 flags in the database too', async () => {
    await expect(repos.charts.insert(chart(2, { level: 31 }))).rejects.toThrow()
    await expect(repos.charts.insert(chart(3, { level: 0 }))).rejects.toThrow()
    await expect(repos.charts.insert(chart(4, { isPublic: 2 }))).rejects.toThrow()
    expect(await repos.charts.findById(hex(2, 32))).toBeUndefined()
  })

  it('refuses a chart by an unknown user (foreign key)', async () => {
    await expect(repos.charts.insert(chart(5, { authorId: 'nobody' }))).rejects.toThrow()
  })

  it('lists an author’s charts newest first and counts them', async () => {
    await repos.charts.insert(chart(6))
    await repos.charts.insert(chart(7))
    expect((await repos.charts.listByAuthor('u1')).map((row) => row.title)).toEqual([
      'Chart 7',
      'Chart 6',
      'Chart 1',
    ])
    expect(await repos.charts.countAll()).toBe(3)
  })

  it('records files idempotently and knows when a chart uses one', async () => {
    const file = { hash: hex(6, 40), size: 123, contentType: 'image/png', createdTime: 5 }
    await repos.files.record(file)
    await repos.files.record({ ...file, size: 999 })
    // Recorded without an origin, a file counts as the system's: never collected.
    expect(await repos.files.get(file.hash)).toEqual({ ...file, origin: 'system' })
    expect(await repos.files.isReferenced(file.hash)).toBe(true)
    expect(await repos.files.isReferenced(hex(99, 40))).toBe(false)
  })

  it('finds only unexpired sessions and removes expired ones', async () => {
    await repos.sessions.create({
      idHash: 'live',
      userId: 'u1',
      kind: 'web',
      createdTime: 0,
      expiresTime: 10_000,
    })
    await repos.sessions.create({
      idHash: 'dead',
      userId: 'u1',
      kind: 'app',
      createdTime: 0,
      expiresTime: 500,
    })
    expect(await repos.sessions.findValid('live', 1000)).toMatchObject({ userId: 'u1', kind: 'web' })
    expect(await repos.sessions.findValid('dead', 1000)).toBeUndefined()
    expect(await repos.sessions.deleteExpired(1000)).toBe(1)
  })

  it('keeps key-value facts', async () => {
    expect(await repos.meta.get('k')).toBeUndefined()
    await repos.meta.set('k', 'one')
    await repos.meta.set('k', 'two')
    expect(await repos.meta.get('k')).toBe('two')
  })

  it('rolls a failed transaction back whole', async () => {
    await expect(
      repos.transaction(async (trx) => {
        await trx.charts.insert(chart(8))
        await trx.charts.insert(chart(9, { level: 99 }))
      }),
    ).rejects.toThrow()
    expect(await repos.charts.findById(hex(8, 32))).toBeUndefined()
  })

  it('deletes charts and users', async () => {
    expect(await repos.charts.delete(hex(6, 32))).toBe(true)
    expect(await repos.charts.delete(hex(6, 32))).toBe(false)
    await repos.users.upsert({ id: 'u2', handle: '1002', name: 'Bob', profile: '{}' })
    expect(await repos.users.delete('u2')).toBe(true)
  })
})

describe('SQLite statements', () => {
  it('write a parameter LIMIT as a cast, the offset and everything else as they were', async () => {
    const { castLimits } = await import('../../../server/db/database')
    expect(castLimits('select * from "charts" where "id" = ? order by "id" limit ? offset ?')).toBe(
      'select * from "charts" where "id" = ? order by "id" limit cast(? as integer) offset ?',
    )
    expect(castLimits('select count(*) from (select 1 from "t" limit ?) as "m"')).toBe(
      'select count(*) from (select 1 from "t" limit cast(? as integer)) as "m"',
    )
    expect(castLimits('select "unlimited" from "t"')).toBe('select "unlimited" from "t"')
  })
})

describe('SQLite rows', () => {
  it('are made with camelCase keys from the column values, a later duplicate name winning', async () => {
    const { rowMaker } = await import('../../../server/db/database')
    const make = rowMaker(['like_number', 'id', 'id', 'count'], (column) =>
      column.replace(/_([a-z])/g, (_, char: string) => char.toUpperCase()),
    )
    expect(make([3, 'a', 'b', 7])).toEqual({ likeNumber: 3, id: 'b', count: 7 })
    // A name that is no identifier stays a key, not code.
    expect(rowMaker(['a"b', '}'], (column) => column)(['x', 'y'])).toEqual({ 'a"b': 'x', '}': 'y' })
  })
})
