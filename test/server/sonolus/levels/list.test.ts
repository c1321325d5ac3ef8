// Finding charts on SQLite and PostgreSQL: every filter and sort of the level list against a
// model of the same charts, the bounds and bad input, trending from the last week's likes, ratings and
// plays, and a creator's counts. (Stats computed from real charts: chartStats.test.ts.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ChartStats, NOTE_KINDS } from '../../../../common/chart/index'
import { type RecordRow, statsColumns } from '../../../../server/db/repositories'
import { LEADERBOARDS } from '../../../../common/api/levels'
import { TRENDING_INTERVAL_MS, difficultyOf } from '../../../../common/rules'
import { TRENDING_KEY } from '../../../../server/jobs/trendingScores'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openTestApp } from '../../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../../helpers/sessions'

/** One chart of the model: what the list filters and sorts on. */
type Spec = {
  n: number
  title: string
  level: number
  olivier?: boolean
  tags: string[]
  composer?: string
  /** [seconds, average NPS, scratches, split lines, speed changes]; none: no level data. */
  stats?: [number, number, boolean, boolean, boolean]
  likes: number
  rating: number
  plays: number
  trending: number
  isPublic?: boolean
  hidden?: boolean
}

export const SPECS: Spec[] = [
  {
    n: 1,
    title: 'Alpha Dawn',
    level: 5,
    tags: ['pop'],
    stats: [90, 2, false, false, false],
    likes: 1,
    rating: 3,
    plays: 0,
    trending: 0.5,
  },
  {
    n: 2,
    title: 'Bravo Relay',
    level: 12,
    tags: ['Rock', 'live'],
    stats: [120, 4.5, true, false, false],
    likes: 5,
    rating: 4.5,
    plays: 10,
    trending: 3,
  },
  {
    n: 3,
    title: 'Charlie Storm',
    level: 20,
    tags: ['rock'],
    stats: [150, 6, true, true, false],
    likes: 2,
    rating: 5,
    plays: 3,
    trending: 0,
  },
  {
    n: 4,
    title: 'Delta Olivier',
    level: 3,
    olivier: true,
    tags: ['olivier'],
    stats: [200, 8, true, false, true],
    likes: 9,
    rating: 4,
    plays: 7,
    trending: 1,
  },
  {
    n: 5,
    title: 'Echo Quiet',
    level: 8,
    tags: ['rockabilly'],
    stats: [60, 1.5, false, false, false],
    likes: 0,
    rating: 0,
    plays: 1,
    trending: 0,
  },
  { n: 6, title: 'Foxtrot Sketch', level: 15, tags: [], likes: 3, rating: 0, plays: 0, trending: 2 },
  {
    n: 7,
    title: 'Golf Speed',
    level: 25,
    tags: ['pop', 'Rock'],
    composer: 'Rockwell',
    stats: [300, 7.5, false, false, true],
    likes: 4,
    rating: 2,
    plays: 20,
    trending: 0.25,
  },
  {
    n: 8,
    title: 'Hotel Private',
    level: 10,
    tags: ['rock'],
    stats: [100, 3, true, true, true],
    likes: 7,
    rating: 5,
    plays: 5,
    trending: 4,
    isPublic: false,
  },
  {
    n: 9,
    title: 'India Long',
    level: 28,
    tags: ['long'],
    stats: [700, 5, false, true, false],
    likes: 6,
    rating: 3.5,
    plays: 2,
    trending: 0,
  },
  {
    n: 10,
    title: 'Juliet Hidden',
    level: 10,
    tags: ['rock'],
    stats: [100, 3, true, false, false],
    likes: 8,
    rating: 1,
    plays: 9,
    trending: 5,
    hidden: true,
  },
  {
    n: 11,
    title: 'Kilo Olivier',
    level: 9,
    olivier: true,
    tags: ['olivier', 'pop'],
    stats: [240, 9.5, true, true, true],
    likes: 5,
    rating: 4.5,
    plays: 10,
    trending: 0,
  },
  {
    n: 12,
    title: 'Lima Plain',
    level: 1,
    tags: ['ROCK'],
    stats: [45, 0.5, false, false, false],
    likes: 0,
    rating: 0,
    plays: 0,
    trending: 0,
  },
]

const statsOf = ([duration, nps, scratches, splits, speeds]: NonNullable<Spec['stats']>): ChartStats => ({
  noteCount: Math.round(duration * nps),
  counts: Object.fromEntries(
    NOTE_KINDS.map((kind) => [kind, kind === 'tap' ? Math.round(duration * nps) : 0]),
  ) as ChartStats['counts'],
  duration,
  npsAverage: nps,
  npsPeak: nps * 2,
  bpmMin: 150,
  bpmMax: 150,
  hasScratches: scratches,
  hasSplitLines: splits,
  hasSpeedChanges: speeds,
})

/** Inserts the model's charts with their counters as the repositories store them. */
export const seedSpecs = async (test: Awaited<ReturnType<typeof openTestApp>>, specs: Spec[]) => {
  await test.ctx.repos.users.upsert({ id: 'alice', handle: '1001', name: 'Alice', profile: '{}' })
  for (const spec of specs) {
    await test.ctx.repos.charts.insert({
      ...newChart(spec.n, {
        title: spec.title,
        level: spec.level,
        isOliver: spec.olivier ? 1 : 0,
        isPublic: spec.isPublic === false ? 0 : 1,
        tags: JSON.stringify(spec.tags),
        composer: spec.composer ?? 'Writer',
        dataHash: spec.stats ? hex(1000 + spec.n, 40) : null,
      }),
      ...statsColumns(spec.stats ? statsOf(spec.stats) : null),
    })
    await test.ctx.db.db
      .updateTable('charts')
      .set({
        likeNumber: spec.likes,
        rating: spec.rating,
        ratingNumber: spec.rating > 0 ? 1 : 0,
        playCount: spec.plays,
        trending: spec.trending,
        hidden: spec.hidden ? 1 : 0,
      })
      .where('id', '=', hex(spec.n, 32))
      .execute()
  }
}

/** The model's answer: the visible charts that pass `keep`, in the list's order (ties by id). */
const expected = (keep: (spec: Spec) => boolean, sort = 'newest', specs = SPECS) => {
  const key: Record<string, (spec: Spec) => number | string> = {
    newest: (spec) => spec.n,
    likes: (spec) => spec.likes,
    rating: (spec) => spec.rating,
    trending: (spec) => spec.trending,
    plays: (spec) => spec.plays,
    title: (spec) => spec.title,
    // No level data: last (-1 sorts below every length and density).
    length: (spec) => spec.stats?.[0] ?? -1,
    nps: (spec) => spec.stats?.[1] ?? -1,
  }
  const by = key[sort]
  return specs
    .filter((spec) => spec.isPublic !== false && !spec.hidden && keep(spec))
    .sort((a, b) => {
      const [x, y] = [by(a), by(b)]
      if (sort === 'title') return x < y ? -1 : x > y ? 1 : a.n - b.n
      return x !== y ? (y as number) - (x as number) : b.n - a.n
    })
    .map((spec) => spec.title)
}

const difficulty = (spec: Spec) => difficultyOf(spec.level, !!spec.olivier)
const hasTag = (spec: Spec, tag: string) => spec.tags.some((t) => t.toLowerCase() === tag.toLowerCase())

describe.each(DIALECTS)('the level list filters and sorts on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const get = (url: string, headers: Record<string, string | undefined> = {}) =>
    test.app.inject({ method: 'GET', url, headers })
  const titles = async (query: string) => {
    const response = await get(`/sonolus/levels/list?${query}`)
    expect(response.statusCode, query).toBe(200)
    return (response.json().items as { title: string }[]).map((item) => item.title)
  }

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    // Trending is set by hand here: the background recomputation would reset it.
    await test.app.ready()
    await test.ctx.media.stop()
    await seedSpecs(test, SPECS)
  })
  afterAll(async () => test.cleanup())

  describe('each filter', () => {
    const cases: [string, (spec: Spec) => boolean][] = [
      // Keywords: words over title, artists, composer, author and tags (substrings).
      [
        'keywords=rock',
        (s) => [s.title, s.composer ?? 'Writer', ...s.tags].join(' ').toLowerCase().includes('rock'),
      ],
      // Whole tags, any case: rockabilly is not rock.
      ['tags=rock', (s) => hasTag(s, 'rock')],
      ['tags=ROCK', (s) => hasTag(s, 'rock')],
      ['tags=rock,live', (s) => hasTag(s, 'rock') && hasTag(s, 'live')],
      ['tags=olivier,%20pop', (s) => hasTag(s, 'olivier') && hasTag(s, 'pop')],
      // The app's difficulty: Olivier charts are 30 + level.
      ['levelMin=10&levelMax=20', (s) => difficulty(s) >= 10 && difficulty(s) <= 20],
      ['levelMin=31', (s) => difficulty(s) >= 31],
      ['olivier=only', (s) => !!s.olivier],
      ['olivier=1', (s) => !!s.olivier],
      ['olivier=exclude', (s) => !s.olivier],
      // Length and density: a chart without level data has neither, so any bound leaves it out.
      ['lengthMin=100&lengthMax=200', (s) => !!s.stats && s.stats[0] >= 100 && s.stats[0] <= 200],
      ['lengthMax=90', (s) => !!s.stats && s.stats[0] <= 90],
      ['npsMin=4&npsMax=7.5', (s) => !!s.stats && s.stats[1] >= 4 && s.stats[1] <= 7.5],
      ['npsMin=8.5', (s) => !!s.stats && s.stats[1] >= 8.5],
      ['scratches=with', (s) => !!s.stats?.[2]],
      ['scratches=without', (s) => !s.stats?.[2]],
      ['splitLines=with', (s) => !!s.stats?.[3]],
      ['speedChanges=without', (s) => !s.stats?.[4]],
      ['speedChanges=any', () => true],
      // The sliders' ends filter nothing: the 700 s chart and the one without level data stay.
      ['lengthMin=0&lengthMax=600&npsMin=0&npsMax=30&levelMin=1&levelMax=40', () => true],
      ['lengthMin=&lengthMax=&npsMin=&npsMax=', () => true],
    ]
    it.each(cases)('%s', async (query, keep) => {
      expect(await titles(query)).toEqual(expected(keep))
    })
  })

  describe('each sort, alone and after three filters', () => {
    const sorts = ['newest', 'likes', 'rating', 'trending', 'plays', 'title', 'length', 'nps']
    it.each(sorts)('sort=%s', async (sort) => {
      expect(await titles(`sort=${sort}`)).toEqual(expected(() => true, sort))
      expect(await titles(`type=advanced&sort=${sort}&tags=pop&npsMax=8&olivier=exclude`)).toEqual(
        expected((s) => hasTag(s, 'pop') && !!s.stats && s.stats[1] <= 8 && !s.olivier, sort),
      )
      expect(await titles(`sort=${sort}&scratches=with&levelMin=5&lengthMin=100`)).toEqual(
        expected((s) => !!s.stats?.[2] && difficulty(s) >= 5 && s.stats[0] >= 100, sort),
      )
    })

    it('the owner sees their private chart in a filtered list, others do not', async () => {
      const alice = await appSession(test.app, { id: 'alice', handle: '1001', name: 'Alice' })
      const mine = await get('/sonolus/levels/list?tags=rock&sort=trending', { 'sonolus-session': alice })
      expect((mine.json().items as { title: string }[]).map((item) => item.title)).toEqual([
        'Hotel Private',
        ...expected((s) => hasTag(s, 'rock'), 'trending'),
      ])
    })
  })

  describe('bad input', () => {
    it.each([
      ['sort=hottest', 'querystring/sort'],
      ['scratches=maybe', 'querystring/scratches'],
      ['olivier=some', 'querystring/olivier'],
      ['lengthMin=200&lengthMax=100', 'querystring/lengthMin'],
      ['npsMin=9&npsMax=3', 'querystring/npsMin'],
      ['levelMin=20&levelMax=10', 'querystring/levelMin'],
      ['npsMax=31', 'querystring/npsMax'],
      ['lengthMax=601', 'querystring/lengthMax'],
      ['lengthMin=-1', 'querystring/lengthMin'],
      ['levelMax=41', 'querystring/levelMax'],
      ['tags=a,b,c,d,e,f', 'querystring/tags'],
    ])('%s is a 400 naming %s', async (query, field) => {
      const response = await get(`/sonolus/levels/list?${query}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'bad_request', field })
      // The app gets the protocol's bare status (no body to take for a list).
      const app = await get(`/sonolus/levels/list?${query}`, { 'x-sirius-client': undefined })
      expect([app.statusCode, app.body]).toEqual([400, ''])
    })
  })

  describe('the app', () => {
    it('offers the filters and the sorts in its advanced search', async () => {
      const info = (await get('/sonolus/levels/info')).json()
      const form = info.searches[0] as {
        type: string
        options: { query: string; values?: { name: string }[] }[]
      }
      const options = Object.fromEntries(form.options.map((option) => [option.query, option]))
      for (const query of [
        'lengthMin',
        'lengthMax',
        'npsMin',
        'npsMax',
        'scratches',
        'splitLines',
        'speedChanges',
      ])
        expect(options[query], query).toBeDefined()
      expect(options.sort.values!.map((value) => value.name)).toEqual([
        'newest',
        'likes',
        'rating',
        'trending',
        'plays',
        'title',
        'length',
        'nps',
      ])
      expect(options.scratches.values!.map((value) => value.name)).toEqual(['any', 'with', 'without'])
    })

    it('shows a chart’s notes, length and notes per second as level tags', async () => {
      const level = (await get(`/sonolus/levels/wbs-${hex(2, 32)}`)).json()
      expect(level.item.tags).toEqual(
        expect.arrayContaining([
          { title: '540 notes' },
          { title: '2:00', icon: 'stopwatch' },
          { title: '4.5 NPS' },
        ]),
      )
      const ja = (await get(`/sonolus/levels/wbs-${hex(2, 32)}?localization=ja`)).json()
      expect(ja.item.tags).toContainEqual({ title: '540 ノーツ' })
      // No level data: no stats tags.
      const sketch = (await get(`/sonolus/levels/wbs-${hex(6, 32)}`)).json()
      expect(sketch.item.tags.some((tag: { icon?: string }) => tag.icon === 'stopwatch')).toBe(false)
      expect(sketch.rawItem.stats).toBeNull()
    })

    it('gives the site the full stats and the play count', async () => {
      const level = (await get(`/sonolus/levels/wbs-${hex(3, 32)}`)).json()
      expect(level.rawItem).toMatchObject({
        playCount: 3,
        stats: {
          noteCount: 900,
          duration: 150,
          npsAverage: 6,
          npsPeak: 12,
          bpmMin: 150,
          bpmMax: 150,
          hasScratches: true,
          hasSplitLines: true,
          hasSpeedChanges: false,
        },
      })
      expect(level.rawItem.stats.counts.tap).toBe(900)
    })
  })
})

describe.each(DIALECTS)('trending on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const NOW = 1_800_000_000_000
  const HOUR = 3_600_000
  const DAY = 24 * HOUR
  const id = (n: number) => hex(100 + n, 32)

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    // Recomputed by the test at its own times only.
    await test.app.ready()
    await test.ctx.media.stop()
    const { repos } = test.ctx
    await repos.users.upsert({ id: 'alice', handle: '1001', name: 'Alice', profile: '{}' })
    for (const handle of ['2001', '2002', '2003'])
      await repos.users.upsert({ id: `u${handle}`, handle, name: `U${handle}`, profile: '{}' })
    // A: two likes an hour ago. B: a like and a 5-star rating six days ago. C: one player's five plays an
    // hour ago. D: a like eight days ago (outside the week). E: nothing.
    for (const n of [1, 2, 3, 4, 5])
      await repos.charts.insert(newChart(100 + n, { title: `Trend ${'ABCDE'[n - 1]}` }))
    const like = (chart: number, user: string, time: number) =>
      test.ctx.db.db
        .insertInto('likes')
        .values({ chartId: id(chart), userId: user, createdTime: time })
        .execute()
    await like(1, 'u2001', NOW - HOUR)
    await like(1, 'u2002', NOW - HOUR)
    await like(2, 'u2001', NOW - 6 * DAY)
    await repos.community.setRating(id(2), 'u2002', 5, NOW - 6 * DAY)
    await like(4, 'u2003', NOW - 8 * DAY)
    for (let k = 0; k < 5; k++) {
      const record: RecordRow = {
        id: hex(500 + k, 32),
        chartId: id(3),
        userId: 'u2003',
        player: 'U2003#2003',
        grade: 'clear',
        arcadeScore: 900_000,
        accuracyScore: 900_000,
        combo: 10,
        perfect: 10,
        great: 0,
        good: 0,
        miss: 0,
        totalCount: 10,
        dataHash: hex(1, 40),
        configurationHash: hex(2, 40),
        replayTitle: 'Trend C',
        version: 1,
        createdTime: NOW - HOUR - k,
      }
      await repos.transaction((trx) =>
        trx.leaderboards.addRecord(
          record,
          LEADERBOARDS.map((board) => ({ board, sortKey: -900_000 })),
        ),
      )
    }
  })
  afterAll(async () => test.cleanup())

  it('scores the last week’s likes, ratings and plays, the newest weighing most; a player’s replays count once', async () => {
    expect(await test.ctx.repos.trending.recompute(NOW)).toBe(3)
    const score = async (n: number) => (await test.ctx.repos.charts.findById(id(n)))!.trending
    // A seventh less for each whole day of age: an hour old weighs all, six days old a seventh.
    const fresh = 1
    const old = 1 / 7
    expect(await score(1)).toBeCloseTo(2 * fresh, 5)
    expect(await score(2)).toBeCloseTo(old + old, 5)
    expect(await score(3)).toBeCloseTo(0.5 * fresh, 5)
    expect(await score(4)).toBe(0)
    expect(await score(5)).toBe(0)
    // Plays are counted too, once per player and chart a day: C's five results are one player's within
    // the hour.
    expect((await test.ctx.repos.charts.findById(id(3)))!.playCount).toBe(1)
  })

  it('the background work recomputes the same scores (on SQLite in a thread of its own) and drops list pages', async () => {
    await test.ctx.db.db.updateTable('charts').set({ trending: 0 }).execute()
    const before = (
      await test.app.inject({ method: 'GET', url: '/sonolus/levels/list?sort=trending' })
    ).json()
    expect(before.items.map((item: { title: string }) => item.title)).toEqual([
      'Trend E',
      'Trend D',
      'Trend C',
      'Trend B',
      'Trend A',
    ])
    expect(await test.ctx.media.recomputeTrending(NOW)).toBe(3)
    const scores = await test.ctx.db.db
      .selectFrom('charts')
      .select(['id', 'trending'])
      .orderBy('id')
      .execute()
    await test.ctx.repos.trending.recompute(NOW)
    expect(
      await test.ctx.db.db.selectFrom('charts').select(['id', 'trending']).orderBy('id').execute(),
    ).toEqual(scores)
    // The anonymous page cached above was dropped: the new order shows at once.
    const after = (await test.app.inject({ method: 'GET', url: '/sonolus/levels/list?sort=trending' })).json()
    expect(after.items[0].title).toBe('Trend A')
  })

  it('orders the trending sort and fills the Trending section with the charts that trend', async () => {
    await test.ctx.repos.trending.recompute(NOW)
    const list = (await test.app.inject({ method: 'GET', url: '/sonolus/levels/list?sort=trending' })).json()
    expect(list.items.map((item: { title: string }) => item.title)).toEqual([
      'Trend A',
      'Trend C',
      'Trend B',
      'Trend E',
      'Trend D',
    ])
    const plays = (await test.app.inject({ method: 'GET', url: '/sonolus/levels/list?sort=plays' })).json()
    expect(plays.items[0].title).toBe('Trend C')
    const info = (await test.app.inject({ method: 'GET', url: '/sonolus/levels/info' })).json()
    const section = info.sections.find(
      (s: { searchValues?: string }) => s.searchValues === 'type=advanced&sort=trending',
    )
    expect(section.title).toBe('Trending')
    expect(section.items.map((item: { title: string }) => item.title)).toEqual([
      'Trend A',
      'Trend C',
      'Trend B',
    ])
  })

  it('writes only what changed: a day later the scores step down, a week later nothing trends', async () => {
    await test.ctx.repos.trending.recompute(NOW)
    await test.ctx.repos.trending.recompute(NOW + DAY)
    expect((await test.ctx.repos.charts.findById(id(1)))!.trending).toBeCloseTo(2 * (6 / 7), 5)
    // B's week is over.
    expect((await test.ctx.repos.charts.findById(id(2)))!.trending).toBe(0)
  })

  it('a week later nothing trends; a new like brings its chart back', async () => {
    await test.ctx.repos.trending.recompute(NOW + 7 * DAY)
    for (const n of [1, 2, 3]) expect((await test.ctx.repos.charts.findById(id(n)))!.trending).toBe(0)
    await test.ctx.db.db
      .insertInto('likes')
      .values({ chartId: id(5), userId: 'u2001', createdTime: NOW + 7 * DAY - HOUR })
      .execute()
    expect(await test.ctx.repos.trending.recompute(NOW + 7 * DAY)).toBe(1)
    expect((await test.ctx.repos.charts.findById(id(5)))!.trending).toBeGreaterThan(0.99)
  })

  it('is recomputed by one instance an interval: the meta row’s claim decides', async () => {
    const { meta } = test.ctx.repos
    const at = NOW + 30 * DAY
    await meta.set(TRENDING_KEY, String(at - TRENDING_INTERVAL_MS + 1))
    const claims = await Promise.all(
      [1, 2, 3].map(() => meta.claimDue(TRENDING_KEY, at, TRENDING_INTERVAL_MS)),
    )
    expect(claims).toEqual([false, false, false])
    const later = at + 1
    const second = await Promise.all(
      [1, 2, 3].map(() => meta.claimDue(TRENDING_KEY, later, TRENDING_INTERVAL_MS)),
    )
    expect(second.filter(Boolean)).toHaveLength(1)
    expect(await meta.get(TRENDING_KEY)).toBe(String(later))
  })
})

describe.each(DIALECTS)('a creator’s counts on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    await test.ctx.repos.users.upsert({ id: 'maker', handle: '3001', name: 'Maker', profile: '{}' })
    for (const [n, likes, rating, ratings, isPublic] of [
      [1, 4, 4, 3, 1],
      [2, 2, 2, 1, 1],
      // A private chart's likes and ratings are not shown to others.
      [3, 9, 1, 5, 0],
    ] as const) {
      await test.ctx.repos.charts.insert(
        newChart(300 + n, { authorId: 'maker', author: 'Maker#3001', isPublic }),
      )
      await test.ctx.db.db
        .updateTable('charts')
        .set({ likeNumber: likes, rating, ratingNumber: ratings })
        .where('id', '=', hex(300 + n, 32))
        .execute()
    }
  })
  afterAll(async () => test.cleanup())

  it('counts the likes their public charts received and averages every rating of them', async () => {
    const page = (await test.app.inject({ method: 'GET', url: '/sonolus/users/3001' })).json()
    // (4·3 + 2·1) / 4 ratings = 3.5
    expect(page.stats).toMatchObject({ charts: 2, likes: 6, ratings: 4, ratingAverage: 3.5 })
    expect(page.description).toContain('★ 3.5 (4)')
  })
})

// A filter combination's first pages are read as pages until someone pages deeper; from then on its kept
// order serves them. Either way the pages and the page count are the model's.
describe.each(DIALECTS)('a filtered list read as pages or from its kept order on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const specs: Spec[] = Array.from({ length: 360 }, (_, i) => ({
    n: 2000 + i,
    title: `Generated ${String(i % 37).padStart(2, '0')} ${i}`,
    level: 1 + (i % 30),
    olivier: i % 9 === 0,
    tags: [i % 3 === 0 ? 'rock' : 'pop'],
    stats: [60 + (i % 200), 1 + (i % 11), i % 4 === 0, false, false],
    likes: (i * 7) % 50,
    rating: i % 5,
    plays: i % 13,
    trending: 0,
  }))
  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    await test.app.ready()
    await test.ctx.media.stop()
    await seedSpecs(test, specs)
  })
  afterAll(async () => test.cleanup())

  it.each(['title', 'newest'])(
    'sort=%s: pages 0-4, then page 8, then pages 0-4 from the kept order',
    async (sort) => {
      const orders = vi.spyOn(test.ctx.repos.chartList, 'orderedIds')
      const model = expected(
        (s) => difficulty(s) >= 8 && difficulty(s) <= 35 && !!s.stats && s.stats[1] >= 3,
        sort,
        specs,
      )
      expect(model.length).toBeGreaterThan(160)
      const page = async (n: number, locale: string) => {
        const response = await test.app.inject({
          method: 'GET',
          url: `/sonolus/levels/list?levelMin=8&levelMax=35&npsMin=3&sort=${sort}&page=${n}&localization=${locale}`,
        })
        expect(response.statusCode).toBe(200)
        const body = response.json() as { pageCount: number; items: { title: string }[] }
        expect(body.pageCount).toBe(Math.ceil(model.length / 20))
        return body.items.map((item) => item.title)
      }
      for (const n of [0, 1, 2, 3, 4]) expect(await page(n, 'en')).toEqual(model.slice(n * 20, n * 20 + 20))
      expect(orders).not.toHaveBeenCalled()
      expect(await page(8, 'en')).toEqual(model.slice(160, 180))
      expect(orders).toHaveBeenCalledTimes(1)
      // Another language is another answer, built from the order kept for page 8.
      for (const n of [0, 1, 2, 3, 4]) expect(await page(n, 'ja')).toEqual(model.slice(n * 20, n * 20 + 20))
      expect(orders).toHaveBeenCalledTimes(1)
      orders.mockRestore()
    },
  )
})

// The same filters on PostgreSQL return the same pages as on SQLite: a generated catalogue
// with many ties, seeded into both, and every filter and sort compared page by page, trending included
// after both databases recomputed it from the same week of events.
describe.runIf(DIALECTS.includes('postgres'))('SQLite and PostgreSQL return the same pages', () => {
  const apps: Awaited<ReturnType<typeof openTestApp>>[] = []
  const NOW = 1_800_000_000_000
  let state = 7
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]
  const WORDS = ['Star', 'light', 'Rock', 'rain', 'Echo', 'drift', 'Nova', 'pulse', 'Wave', 'dawn']
  const TAGS = ['pop', 'Rock', 'rock', 'live', 'jazz', 'Olivier', 'Ünïcode', 'ünïcode', 'a_b', '50%']
  const specs: Spec[] = Array.from({ length: 240 }, (_, i) => ({
    n: 2000 + i,
    title: `${pick(WORDS)} ${pick(WORDS)}`,
    level: 1 + Math.floor(random() * 10),
    olivier: random() < 0.2,
    tags: [...new Set([pick(TAGS), pick(TAGS)])],
    stats:
      random() < 0.9
        ? [
            30 + Math.floor(random() * 12) * 30,
            Math.floor(random() * 20) / 2,
            random() < 0.5,
            random() < 0.3,
            random() < 0.3,
          ]
        : undefined,
    likes: Math.floor(random() * 4),
    rating: Math.floor(random() * 5),
    plays: Math.floor(random() * 4),
    trending: 0,
    isPublic: random() < 0.9,
    hidden: random() < 0.05,
  }))

  beforeAll(async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const test = await openTestApp(dialect, {
        env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
      })
      await test.app.ready()
      await test.ctx.media.stop()
      await seedSpecs(test, specs)
      // A week of likes from 20 people, on a third of the charts, at the same times in both.
      state = 99
      for (let u = 0; u < 20; u++)
        await test.ctx.repos.users.upsert({
          id: `p${u}`,
          handle: String(4000 + u),
          name: `P${u}`,
          profile: '{}',
        })
      for (const spec of specs.filter((_, i) => i % 3 === 0))
        for (let u = 0; u < 20; u++)
          if (random() < 0.2)
            await test.ctx.db.db
              .insertInto('likes')
              .values({
                chartId: hex(spec.n, 32),
                userId: `p${u}`,
                createdTime: NOW - Math.floor(random() * 10) * 86_400_000,
              })
              .execute()
      // In batches of 7 changes: the writing loop runs many times.
      await test.ctx.repos.trending.recompute(NOW, { batchSize: 7 })
      apps.push(test)
    }
  })
  afterAll(async () => {
    for (const test of apps) await test.cleanup()
  })

  const QUERIES = [
    '',
    'keywords=rock',
    'keywords=ech%20st',
    'tags=rock',
    'tags=%C3%BCn%C3%AFcode',
    'tags=a_b',
    'tags=50%25',
    'tags=rock,live',
    'levelMin=5&levelMax=8',
    'levelMin=31',
    'olivier=exclude',
    'lengthMin=120&lengthMax=240',
    'npsMin=2.5&npsMax=6',
    'scratches=with&splitLines=without',
    'speedChanges=with',
    'tags=pop&npsMax=7&olivier=exclude',
  ]
  const SORTS = ['newest', 'likes', 'rating', 'trending', 'plays', 'title', 'length', 'nps']
  it.each(QUERIES)('%s, every sort, every page', async (query) => {
    for (const sort of SORTS) {
      for (let page = 0; ; page++) {
        const [a, b] = await Promise.all(
          apps.map(async (test) => {
            const response = await test.app.inject({
              url: `/sonolus/levels/list?${query}&sort=${sort}&page=${page}`,
            })
            expect(response.statusCode).toBe(200)
            const body = response.json() as { pageCount: number; items: { name: string }[] }
            return { pageCount: body.pageCount, names: body.items.map((item) => item.name) }
          }),
        )
        expect(b, `${query} sort=${sort} page=${page}`).toEqual(a)
        if (page + 1 >= a.pageCount) break
      }
    }
  })

  it('trending came out the same, and something trends', async () => {
    const scores = await Promise.all(
      apps.map((test) =>
        test.ctx.db.db
          .selectFrom('charts')
          .select(['id', 'trending'])
          .where('trending', '>', 0)
          .orderBy('id')
          .execute(),
      ),
    )
    expect(scores[0].length).toBeGreaterThan(20)
    expect(scores[1]).toEqual(scores[0])
  })
})
