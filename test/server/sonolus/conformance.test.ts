// The custom-server spec (Sonolus wiki, custom-server-specs), read page by page, where no other suite
// asserts a statement: every item type's info, list and details in the wiki's shapes, the names a deep
// link opens, 404s, pages, locales, configuration options, forms, resources and the signing key. Each
// request goes out as the app sends it: no site header, its session in Sonolus-Session.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelItem, signaturePublicKeyJWK } from '@sonolus/core'
import { LEADERBOARDS } from '../../../common/api/levels'
import { playlistName } from '../../../common/api/playlists'
import { convertSus, readLevelData } from '../../../common/chart'
import { type RecordRow } from '../../../server/db/repositories'
import { putBuffer } from '../../../server/storage/putFile'
import { signBody, testPublicKeyEnv, userProfile } from '../../fixtures/keys/sign'
import { multipartBody, replayFiles, replayItem } from '../../fixtures/replay/replay'
import { hex, newChart } from '../helpers/charts'
import { DIALECTS, openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession, postSigned } from '../helpers/sessions'

type Json = Record<string, unknown>

// A 1×1 PNG, the cover the charts below name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex')

/** The item types the wiki's endpoint pages name, rooms aside (we serve none), with the item type of
 *  their sections. */
const TYPES = {
  posts: 'post',
  playlists: 'playlist',
  levels: 'level',
  skins: 'skin',
  backgrounds: 'background',
  effects: 'effect',
  particles: 'particle',
  engines: 'engine',
  replays: 'replay',
} as const
type ItemType = (typeof TYPES)[keyof typeof TYPES]

/** The wiki's item pages as a table of what each item carries: its version, its texts and numbers, its
 *  resource locators (required and optional). */
const ITEMS: Record<
  ItemType,
  { version: number; texts: string[]; numbers?: string[]; srls: string[]; optionalSrls?: string[] }
> = {
  post: { version: 1, texts: ['title', 'author'], numbers: ['time'], srls: [], optionalSrls: ['thumbnail'] },
  playlist: { version: 1, texts: ['title', 'subtitle', 'author'], srls: [], optionalSrls: ['thumbnail'] },
  level: {
    version: 1,
    texts: ['title', 'artists', 'author'],
    numbers: ['rating'],
    srls: ['cover', 'bgm', 'data'],
    optionalSrls: ['preview'],
  },
  skin: { version: 4, texts: ['title', 'subtitle', 'author'], srls: ['thumbnail', 'data', 'texture'] },
  background: {
    version: 2,
    texts: ['title', 'subtitle', 'author'],
    srls: ['thumbnail', 'data', 'image', 'configuration'],
  },
  effect: { version: 5, texts: ['title', 'subtitle', 'author'], srls: ['thumbnail', 'data', 'audio'] },
  particle: { version: 3, texts: ['title', 'subtitle', 'author'], srls: ['thumbnail', 'data', 'texture'] },
  engine: {
    version: 13,
    texts: ['title', 'subtitle', 'author'],
    srls: ['thumbnail', 'playData', 'watchData', 'previewData', 'tutorialData', 'configuration'],
    optionalSrls: ['rom'],
  },
  replay: { version: 1, texts: ['title', 'subtitle', 'author'], srls: ['data', 'configuration'] },
}

/** An SRL: hash and url each absent, null or text; a relative url starts with a slash. */
const expectSrl = (value: unknown, where: string) => {
  expect(value, where).toBeTypeOf('object')
  const srl = value as Json
  for (const key of ['hash', 'url'])
    if (srl[key] !== undefined && srl[key] !== null) expect(srl[key], `${where}.${key}`).toBeTypeOf('string')
  if (typeof srl.url === 'string' && !/^https?:\/\//.test(srl.url)) expect(srl.url, where).toMatch(/^\//)
}

/** A tag: a title, and an icon or none. */
const expectTags = (tags: unknown, where: string) => {
  expect(Array.isArray(tags), where).toBe(true)
  for (const [i, tag] of (tags as Json[]).entries()) {
    expect(tag.title, `${where}[${i}].title`).toBeTypeOf('string')
    if (tag.icon !== undefined) expect(tag.icon, `${where}[${i}].icon`).toBeTypeOf('string')
  }
}

/** An item of a type as the wiki's item page gives it, its embedded items too. */
const expectItem = (type: ItemType, value: unknown, where: string): void => {
  const item = value as Json
  const shape = ITEMS[type]
  expect(item.name, `${where}.name`).toBeTypeOf('string')
  expect(item.version, `${where}.version`).toBe(shape.version)
  if (item.source !== undefined) expect(item.source, `${where}.source`).toBeTypeOf('string')
  for (const key of shape.texts) expect(item[key], `${where}.${key}`).toBeTypeOf('string')
  for (const key of shape.numbers ?? []) expect(item[key], `${where}.${key}`).toBeTypeOf('number')
  expectTags(item.tags, `${where}.tags`)
  for (const key of shape.srls) expectSrl(item[key], `${where}.${key}`)
  for (const key of shape.optionalSrls ?? [])
    if (item[key] !== undefined) expectSrl(item[key], `${where}.${key}`)
  if (type === 'engine')
    for (const part of ['skin', 'background', 'effect', 'particle'] as const)
      expectItem(part, item[part], `${where}.${part}`)
  if (type === 'level') {
    expectItem('engine', item.engine, `${where}.engine`)
    for (const [key, part] of [
      ['useSkin', 'skin'],
      ['useBackground', 'background'],
      ['useEffect', 'effect'],
      ['useParticle', 'particle'],
    ] as const) {
      const use = item[key] as Json
      if (use.useDefault === true) expect(Object.keys(use), `${where}.${key}`).toEqual(['useDefault'])
      else {
        expect(use.useDefault, `${where}.${key}`).toBe(false)
        expectItem(part, use.item, `${where}.${key}.item`)
      }
    }
  }
  if (type === 'playlist') {
    expect(Array.isArray(item.levels), `${where}.levels`).toBe(true)
    for (const [i, level] of (item.levels as unknown[]).entries())
      expectItem('level', level, `${where}.levels[${i}]`)
  }
  if (type === 'replay') expectItem('level', item.level, `${where}.level`)
}

/** A ServerForm and its options, each with the fields the wiki gives its option type. */
const OPTION_FIELDS: Record<string, [string, 'string' | 'number' | 'boolean' | 'object'][]> = {
  text: [
    ['def', 'string'],
    ['placeholder', 'string'],
    ['limit', 'number'],
    ['shortcuts', 'object'],
  ],
  textArea: [
    ['def', 'string'],
    ['placeholder', 'string'],
    ['limit', 'number'],
    ['shortcuts', 'object'],
  ],
  slider: [
    ['def', 'number'],
    ['min', 'number'],
    ['max', 'number'],
    ['step', 'number'],
  ],
  toggle: [['def', 'boolean']],
  select: [
    ['def', 'string'],
    ['values', 'object'],
  ],
  multi: [
    ['def', 'object'],
    ['values', 'object'],
  ],
  serverItem: [
    ['itemType', 'string'],
    ['def', 'object'],
    ['allowOtherServers', 'boolean'],
  ],
  serverItems: [
    ['itemType', 'string'],
    ['def', 'object'],
    ['allowOtherServers', 'boolean'],
    ['limit', 'number'],
  ],
  collectionItem: [['itemType', 'string']],
  file: [['def', 'string']],
}
const expectForm = (value: unknown, where: string) => {
  const form = value as Json
  expect(form.type, `${where}.type`).toBeTypeOf('string')
  expect(form.title, `${where}.title`).toBeTypeOf('string')
  for (const key of ['icon', 'description', 'help'])
    if (form[key] !== undefined) expect(form[key], `${where}.${key}`).toBeTypeOf('string')
  expect(form.requireConfirmation, `${where}.requireConfirmation`).toBeTypeOf('boolean')
  expect(Array.isArray(form.options), `${where}.options`).toBe(true)
  for (const [i, option] of (form.options as Json[]).entries()) {
    const at = `${where}.options[${i}]`
    expect(option.query, `${at}.query`).toBeTypeOf('string')
    expect(option.name, `${at}.name`).toBeTypeOf('string')
    expect(option.required, `${at}.required`).toBeTypeOf('boolean')
    const fields = OPTION_FIELDS[option.type as string]
    expect(fields, `${at}.type ${String(option.type)}`).toBeDefined()
    for (const [key, kind] of fields) expect(option[key], `${at}.${key}`).toBeTypeOf(kind)
    if (option.type === 'select' || option.type === 'multi')
      for (const choice of option.values as Json[]) {
        expect(choice.name, `${at}.values`).toBeTypeOf('string')
        expect(choice.title, `${at}.values`).toBeTypeOf('string')
      }
  }
}

/** A section: a title, its item type, and items of that type. */
const expectSection = (value: unknown, type: ItemType | 'user', where: string) => {
  const section = value as Json
  expect(section.title, `${where}.title`).toBeTypeOf('string')
  expect(section.itemType, `${where}.itemType`).toBe(type)
  expect(Array.isArray(section.items), `${where}.items`).toBe(true)
  if (type !== 'user')
    for (const [i, item] of (section.items as unknown[]).entries())
      expectItem(type, item, `${where}.items[${i}]`)
  if (section.search !== undefined) expectForm(section.search, `${where}.search`)
  if (section.searchValues !== undefined) expect(section.searchValues, where).toBeTypeOf('string')
}

describe.each(DIALECTS)('the custom-server spec on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const PEOPLE = {
    owner: { id: 'owner', handle: '6001', name: 'Owner' },
    player: { id: 'player', handle: '6002', name: 'Player' },
    mod: { id: 'mod', handle: '6099', name: 'Mod' },
  }
  type Person = keyof typeof PEOPLE
  const sessions = {} as Record<Person, string>
  const owned = { authorId: PEOPLE.owner.id, author: 'Owner#6001' }
  // Played and commented on; a second for a page of comments, a third for a page of records.
  const shown = newChart(0xc1, { ...owned, title: 'Conform Song' })
  const talked = newChart(0xc2, { ...owned, title: 'Talked About' })
  const ranked = newChart(0xc3, { ...owned, title: 'Ranked Run' })
  const PLAYLIST = hex(0xc4, 32)
  const NEWS = hex(0xc5, 32)
  /** The note count of chart-50.sus's level data. */
  let notes = 0
  let comment = ''
  let recordName = ''

  /** As the app sends it: its session header and no site header. */
  const app = (method: 'GET' | 'POST', url: string, as?: Person, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { 'x-sirius-client': undefined, ...(as ? { 'sonolus-session': sessions[as] } : {}) },
      ...(payload ? { payload } : {}),
    })
  const json = async (url: string, as?: Person) => {
    const response = await app('GET', url, as)
    expect(response.statusCode, url).toBe(200)
    return response.json() as Json
  }

  const record = (n: number, chartId: string, userId: string, player: string): RecordRow => ({
    id: hex(0xc00 + n, 32),
    chartId,
    userId,
    player,
    grade: 'pass',
    arcadeScore: 900_000 - n,
    accuracyScore: 985_250,
    combo: 10,
    perfect: 10,
    great: 0,
    good: 0,
    miss: 0,
    totalCount: 10,
    dataHash: 'd'.repeat(40),
    configurationHash: 'c'.repeat(40),
    replayTitle: 'Replay',
    version: 1,
    createdTime: 1_700_000_000_000 + n,
  })
  const addRecord = (row: RecordRow) =>
    test.ctx.repos.transaction((trx) =>
      trx.leaderboards.addRecord(
        row,
        LEADERBOARDS.map((board) => ({ board, sortKey: -row.arcadeScore })),
      ),
    )

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: {
        SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
        PUBLIC_URL: TEST_PUBLIC_URL,
        ADMIN_HANDLES: PEOPLE.mod.handle,
      },
    })
    for (const person of Object.keys(PEOPLE) as Person[])
      sessions[person] = await appSession(test.app, PEOPLE[person])
    // Real files, so that every SRL a level names resolves to bytes of its hash.
    const sus = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/sus/chart-50.sus'), 'utf8')
    const gzipped = Buffer.from(convertSus(sus).gzipped)
    notes = readLevelData(gzipped).noteCount
    const put = (bytes: Buffer, type: string) => putBuffer(test.ctx.blobStore, test.ctx.repos, bytes, type)
    const files = { dataHash: await put(gzipped, 'application/gzip'), coverHash: await put(PNG, 'image/png') }
    for (const chart of [shown, talked, ranked]) await test.ctx.repos.charts.insert({ ...chart, ...files })
    // The player's record on the first chart; eleven players' on the third.
    const played = record(0, shown.id, PEOPLE.player.id, 'Player#6002')
    recordName = played.id
    await addRecord(played)
    for (let n = 1; n <= 11; n++) {
      const handle = String(6100 + n)
      await test.ctx.repos.users.upsert({ id: `fan${n}`, handle, name: `Fan ${n}`, profile: '{}' })
      await addRecord(record(n, ranked.id, `fan${n}`, `Fan ${n}#${handle}`))
    }
    // A comment on the first chart; eleven on the second, from two people (each may post ten a minute).
    const post = (as: Person, id: string, text: string) =>
      app('POST', `/sonolus/levels/wbs-${id}/community/submit`, as, {
        values: `type=comment&comment=${text}`,
      })
    expect((await post('player', shown.id, 'Lovely')).statusCode).toBe(200)
    for (let n = 0; n < 11; n++)
      expect((await post(n % 2 ? 'owner' : 'player', talked.id, `Note ${n}`)).statusCode).toBe(200)
    const comments = await json(`/sonolus/levels/wbs-${shown.id}/community/comments/list`)
    comment = (comments.comments as Json[])[0].name as string
    await test.ctx.repos.playlists.create({
      id: PLAYLIST,
      ownerId: PEOPLE.player.id,
      owner: 'Player#6002',
      title: 'Conform List',
      description: '',
      isPublic: 1,
      createdTime: 1,
      updatedTime: 1,
    })
    await test.ctx.repos.playlists.setCharts(PLAYLIST, [shown.id, talked.id], 2)
    await test.ctx.repos.people.addNews({
      id: NEWS,
      title: 'Conform News',
      body: 'Hello',
      authorId: PEOPLE.mod.id,
      author: 'Mod#6099',
      createdTime: 3,
      updatedTime: 3,
    })
  })
  afterAll(async () => test.cleanup())

  describe('item types', () => {
    it.each(Object.entries(TYPES))(
      '%s: info sections, a paged list and details of every listed name, each item as the wiki shapes it',
      async (plural, type) => {
        for (const as of [undefined, 'player'] as const) {
          const info = await json(`/sonolus/${plural}/info`, as)
          for (const key of ['creates', 'searches'])
            if (info[key] !== undefined)
              for (const [i, form] of (info[key] as unknown[]).entries())
                expectForm(form, `info.${key}[${i}]`)
          if (info.banner !== undefined) expectSrl(info.banner, 'info.banner')
          expect(Array.isArray(info.sections)).toBe(true)
          for (const [i, section] of (info.sections as unknown[]).entries())
            expectSection(section, type, `info.sections[${i}]`)

          const list = await json(`/sonolus/${plural}/list`, as)
          // Pages by number: a whole positive count, never the negative one that means cursors.
          expect(Number.isInteger(list.pageCount) && (list.pageCount as number) >= 1).toBe(true)
          expect(list.cursor).toBeUndefined()
          const items = list.items as Json[]
          // A visitor's posts are the news; a player's, their notifications, of which they have none yet.
          if (!as) expect(items.length, plural).toBeGreaterThan(0)
          for (const [i, item] of items.entries()) {
            expectItem(type, item, `list.items[${i}]`)
            // Each names this server as its source, so the app can update it in a collection.
            expect(item.source, `list.items[${i}].source`).toBe(TEST_PUBLIC_URL)
          }
          if (list.searches !== undefined)
            for (const [i, form] of (list.searches as unknown[]).entries())
              expectForm(form, `list.searches[${i}]`)

          // The details of every name the list hands out: what a deep link to it opens.
          for (const listed of items) {
            const details = await json(`/sonolus/${plural}/${encodeURIComponent(listed.name as string)}`, as)
            expectItem(type, details.item, `${plural}/${String(listed.name)}.item`)
            expect((details.item as Json).name).toBe(listed.name)
            if (details.description !== undefined) expect(details.description).toBeTypeOf('string')
            for (const [i, form] of (details.actions as unknown[]).entries())
              expectForm(form, `actions[${i}]`)
            expect(details.hasCommunity).toBeTypeOf('boolean')
            for (const board of details.leaderboards as Json[]) {
              expect(board.name).toBeTypeOf('string')
              expect(board.title).toBeTypeOf('string')
              if (board.description !== undefined) expect(board.description).toBeTypeOf('string')
            }
            expect(Array.isArray(details.sections)).toBe(true)
          }
        }
      },
    )

    it.each(Object.keys(TYPES))(
      'answers 404 on /sonolus/%s/{itemName} for a name nobody has',
      async (plural) => {
        const response = await app('GET', `/sonolus/${plural}/nobody-has-this`, 'player')
        expect(response.statusCode).toBe(404)
      },
    )

    it('fills a level community info with its forms and top comments in the wiki shapes', async () => {
      const community = await json(`/sonolus/levels/wbs-${shown.id}/community/info`, 'player')
      for (const [i, form] of (community.actions as unknown[]).entries()) expectForm(form, `actions[${i}]`)
      const top = community.topComments as Json[]
      expect(top.length).toBeGreaterThan(0)
      for (const item of top) {
        for (const key of ['name', 'author', 'content']) expect(item[key], key).toBeTypeOf('string')
        expect(Number.isInteger(item.time) && (item.time as number) > 1_600_000_000_000).toBe(true)
        for (const [i, form] of (item.actions as unknown[]).entries())
          expectForm(form, `comment actions[${i}]`)
      }
    })

    it('gives a level details sections of levels and replays in the wiki shapes', async () => {
      const details = await json(`/sonolus/levels/wbs-${shown.id}`, 'player')
      const types = (details.sections as Json[]).map((section) => section.itemType)
      expect(types).toContain('replay')
      for (const [i, section] of (details.sections as Json[]).entries())
        expectSection(section, section.itemType as ItemType, `sections[${i}]`)
    })
  })

  describe('a level and what hangs off it', () => {
    const level = () => `/sonolus/levels/wbs-${shown.id}`
    const missing = `/sonolus/levels/wbs-${'e'.repeat(32)}`

    it('answers 404 when a level, comment, leaderboard or record named in the path does not exist', async () => {
      const gets = [
        `${missing}/community/info`,
        `${missing}/community/comments/list`,
        `${missing}/leaderboards/arcScore`,
        `${missing}/leaderboards/arcScore/records/list`,
        `${level()}/leaderboards/nothing`,
        `${level()}/leaderboards/nothing/records/list`,
        `${level()}/leaderboards/arcScore/records/${'0'.repeat(32)}`,
      ]
      for (const url of gets) expect([url, (await app('GET', url, 'player')).statusCode]).toEqual([url, 404])
      const posts: [string, string][] = [
        [`${missing}/submit`, 'type=report'],
        [`${missing}/community/submit`, 'type=like'],
        [`${level()}/community/comments/nothing/submit`, 'type=reply&content=Hi'],
        [`${missing}/community/comments/${comment}/submit`, 'type=reply&content=Hi'],
      ]
      for (const [url, values] of posts) {
        const response = await app('POST', url, 'player', { values })
        expect([url, response.statusCode]).toEqual([url, 404])
        // A ServerMessage, which the app shows.
        expect(response.json()).toEqual({ message: expect.any(String) })
      }
    })

    it('asks for no file on any action but the level result: every answer has an empty key and no hashes', async () => {
      const submits: [string, Person, string][] = [
        [`${level()}/submit`, 'player', 'type=report&reason=other'],
        [`${level()}/community/submit`, 'player', 'type=like'],
        [`${level()}/community/submit`, 'player', 'type=dislike'],
        [`${level()}/community/submit`, 'owner', 'type=comment&comment=Thanks'],
        [`${level()}/community/comments/${comment}/submit`, 'owner', 'type=reply&content=Welcome'],
        [`/sonolus/users/${PEOPLE.owner.handle}/submit`, 'player', 'type=follow'],
      ]
      for (const [url, as, values] of submits) {
        const response = await app('POST', url, as, { values })
        expect([url, response.statusCode]).toEqual([url, 200])
        expect(response.json()).toMatchObject({ key: '', hashes: [] })
      }
      // So the upload steps the app would take after them are no routes of ours.
      for (const url of [
        '/sonolus/levels/upload',
        `${level()}/upload`,
        `${level()}/community/upload`,
        `${level()}/community/comments/${comment}/upload`,
      ])
        expect([url, (await app('POST', url, 'player', {})).statusCode]).toEqual([url, 404])
    })

    it('answers a comment action with the fields the wiki gives a community answer', async () => {
      const response = await app('POST', `${level()}/community/comments/${comment}/submit`, 'player', {
        values: 'type=reply&content=Again',
      })
      expect(response.statusCode).toBe(200)
      const body = response.json() as Json
      expect(body).toMatchObject({
        key: '',
        hashes: [],
        shouldUpdateCommunity: true,
        shouldUpdateComments: true,
      })
      if (body.shouldNavigateCommentsToPage !== undefined)
        expect(Number.isInteger(body.shouldNavigateCommentsToPage)).toBe(true)
    })

    it('pages comments and leaderboard records ten at a time, by page number from 0', async () => {
      const comments = async (page: number) =>
        json(`/sonolus/levels/wbs-${talked.id}/community/comments/list?page=${page}`)
      const first = await comments(0)
      expect(first.pageCount).toBe(2)
      expect(first.comments).toHaveLength(10)
      expect((await comments(1)).comments).toHaveLength(1)
      const records = async (page: number) =>
        json(`/sonolus/levels/wbs-${ranked.id}/leaderboards/arcScore/records/list?page=${page}`)
      const top = await records(0)
      expect(top.pageCount).toBe(2)
      expect(top.records).toHaveLength(10)
      expect((await records(1)).records).toHaveLength(1)
      for (const row of top.records as Json[])
        for (const key of ['name', 'rank', 'player', 'value']) expect(row[key], key).toBeTypeOf('string')
      const details = await json(`/sonolus/levels/wbs-${ranked.id}/leaderboards/arcScore`)
      expect((details.topRecords as unknown[]).length).toBeGreaterThan(0)
      const replays = await json(
        `/sonolus/levels/wbs-${shown.id}/leaderboards/arcScore/records/${recordName}`,
      )
      for (const [i, replay] of (replays.replays as unknown[]).entries())
        expectItem('replay', replay, `replays[${i}]`)
    })

    it('takes a cursor parameter without effect: no list of ours pages by cursor', async () => {
      for (const url of [
        '/sonolus/levels/list',
        '/sonolus/replays/list',
        '/sonolus/playlists/list',
        '/sonolus/posts/list',
        `/sonolus/levels/wbs-${talked.id}/community/comments/list`,
        `/sonolus/levels/wbs-${ranked.id}/leaderboards/arcScore/records/list`,
      ]) {
        const plain = await json(url)
        expect(await json(`${url}?cursor=abc`)).toEqual(plain)
        expect(plain.cursor).toBeUndefined()
        expect(Number.isInteger(plain.pageCount) && (plain.pageCount as number) >= 1).toBe(true)
      }
    })
  })

  describe('the level result', () => {
    it('takes the replay the submit named and answers its upload with an empty object', async () => {
      const item = (await json(`/sonolus/levels/wbs-${shown.id}`, 'owner')).item as LevelItem
      const files = replayFiles({
        grade: 'fullCombo',
        arcadeScore: 990_000,
        accuracyScore: 950_000,
        combo: notes,
        perfect: notes - 2,
        great: 2,
        good: 0,
        miss: 0,
        totalCount: notes,
      })
      const submitted = await app('POST', '/sonolus/levels/result/submit', 'owner', {
        replay: replayItem(item, files),
        values: '',
      })
      expect(submitted.statusCode).toBe(200)
      const { key, hashes } = submitted.json() as { key: string; hashes: string[] }
      expect(key).not.toBe('')
      expect(hashes).toEqual([sha1(files.data), sha1(files.configuration)])
      const { body, contentType } = multipartBody([{ bytes: files.data }, { bytes: files.configuration }])
      const uploaded = await test.app.inject({
        method: 'POST',
        url: '/sonolus/levels/result/upload',
        headers: { 'x-sirius-client': undefined, 'content-type': contentType, 'sonolus-upload-key': key },
        payload: body,
      })
      expect(uploaded.statusCode).toBe(200)
      expect(uploaded.json()).toEqual({})
    })

    it('refuses a result upload without its key (401)', async () => {
      const { body, contentType } = multipartBody([{ bytes: PNG }])
      const response = await test.app.inject({
        method: 'POST',
        url: '/sonolus/levels/result/upload',
        headers: { 'x-sirius-client': undefined, 'content-type': contentType },
        payload: body,
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: expect.any(String) })
    })
  })

  describe('requests as the app makes them', () => {
    const reads = () => [
      '/sonolus/info',
      '/sonolus/levels/info',
      '/sonolus/levels/list',
      `/sonolus/levels/wbs-${shown.id}`,
      `/sonolus/levels/wbs-${shown.id}/community/info`,
      `/sonolus/levels/wbs-${shown.id}/community/comments/list`,
      `/sonolus/levels/wbs-${shown.id}/leaderboards/arcScore`,
      `/sonolus/levels/wbs-${shown.id}/leaderboards/arcScore/records/list`,
      `/sonolus/levels/wbs-${shown.id}/leaderboards/arcScore/records/${recordName}`,
      '/sonolus/levels/result/info',
      '/sonolus/posts/list',
      '/sonolus/playlists/list',
      '/sonolus/replays/list',
      '/sonolus/engines/list',
      '/sonolus/skins/info',
    ]

    /** Every read answers in `localization`, and the level info's "My charts" is titled `myCharts`. */
    const answersIn = async (localization: string, myCharts: string) => {
      for (const url of reads())
        expect([
          url,
          localization,
          (await app('GET', `${url}?localization=${localization}`, 'owner')).statusCode,
        ]).toEqual([url, localization, 200])
      const info = await json(`/sonolus/levels/info?localization=${localization}`, 'owner')
      expect(
        (info.sections as Json[]).map((section) => section.title),
        localization,
      ).toContain(myCharts)
    }

    it('answers every locale the app lists, our own titles in en, ja and zhs and English for the rest', async () => {
      const locales = ['el', 'en', 'es', 'fr', 'id', 'it', 'ja', 'ko', 'ru', 'tr', 'zhs', 'zht']
      const mine: Record<string, string> = { ja: '自分の譜面', zhs: '我的谱面' }
      for (const localization of locales) await answersIn(localization, mine[localization] ?? 'My charts')
    })

    it('answers a localization that names a property every object has as it answers an unknown locale', async () => {
      for (const localization of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
        await answersIn(localization, 'My charts')
    })

    it('takes query parameters it does not know, as the configuration options the app adds to every call', async () => {
      // As a visitor: a player's notifications are read by listing them, so their second page differs.
      for (const url of reads()) {
        const plain = await app('GET', url)
        const withOption = await app('GET', `${url}?localization=en&quality=high&volume=80`)
        expect([url, withOption.statusCode]).toEqual([url, 200])
        expect(withOption.json()).toEqual(plain.json())
      }
      const like = await app(
        'POST',
        `/sonolus/levels/wbs-${shown.id}/community/submit?quality=high`,
        'player',
        {
          values: 'type=like',
        },
      )
      expect(like.statusCode).toBe(200)
      expect(like.json()).toMatchObject({ key: '', hashes: [], newLike: 1 })
    })

    it('asks for a sign-in again (401) once a session has expired, where the call needs one', async () => {
      const expiring = await appSession(test.app, { id: 'brief', handle: '6200', name: 'Brief' })
      const mine = () =>
        test.app.inject({
          method: 'GET',
          url: '/sonolus/levels/list?type=advanced&in=my',
          headers: { 'x-sirius-client': undefined, 'sonolus-session': expiring },
        })
      expect((await mine()).statusCode).toBe(200)
      await test.ctx.db.db
        .updateTable('sessions')
        .set({ expiresTime: Date.now() - 1 })
        .where('idHash', '=', sha1(Buffer.from(expiring)))
        .execute()
      // A session the server keeps in memory a moment (its own test) is news to it here.
      test.ctx.auth.sessions.clear()
      expect((await mine()).statusCode).toBe(401)
      // A read that needs nobody is answered as to a visitor.
      const plain = await test.app.inject({
        method: 'GET',
        url: '/sonolus/levels/list',
        headers: { 'x-sirius-client': undefined, 'sonolus-session': expiring },
      })
      expect(plain.statusCode).toBe(200)
    })

    it('signs in with a profile shaped as the wiki gives it, social links and favorites included', async () => {
      const body = JSON.stringify({
        type: 'authenticateServer',
        address: TEST_PUBLIC_URL,
        time: Date.now(),
        userProfile: {
          id: 'wiki-shaped',
          handle: '6300',
          name: 'Wiki Shaped',
          avatarForegroundColor: '#ffffffff',
          avatarBackgroundColor: '#000020ff',
          aboutMe: 'Nice to meet you!',
          socialLinks: [{ title: 'Link', address: 'https://example.com' }],
          favorites: ['sonolus://example.com/levels/x'],
        },
      })
      const response = await postSigned(
        test.app,
        '/sonolus/authenticate?localization=en',
        body,
        signBody(body),
      )
      expect(response.statusCode).toBe(200)
      const { session, expiration } = response.json() as { session: string; expiration: number }
      expect(session).toBeTypeOf('string')
      expect(Number.isInteger(expiration)).toBe(true)
      expect((await test.ctx.repos.users.findById('wiki-shaped'))?.handle).toBe('6300')
    })

    it('narrows the pack item lists with the quick search the app sends', async () => {
      for (const plural of ['engines', 'skins', 'backgrounds', 'effects', 'particles']) {
        const all = (await json(`/sonolus/${plural}/list`)).items as Json[]
        const title = all[0].title as string
        const found = (await json(`/sonolus/${plural}/list?type=quick&keywords=${encodeURIComponent(title)}`))
          .items as Json[]
        expect(found.map((item) => item.title)).toContain(title)
        expect((await json(`/sonolus/${plural}/list?type=quick&keywords=zzzz-nothing`)).items).toEqual([])
      }
    })
  })

  describe('forms', () => {
    it('serves every form with the fields the wiki gives its option types', async () => {
      const forms: [string, unknown][] = []
      const collect = (label: string, list: unknown) => {
        for (const [i, form] of ((list as unknown[]) ?? []).entries()) forms.push([`${label}[${i}]`, form])
      }
      for (const as of [undefined, 'owner', 'player', 'mod'] as const) {
        const who = as ?? 'visitor'
        collect(`${who} levels/info searches`, (await json('/sonolus/levels/info', as)).searches)
        collect(`${who} level actions`, (await json(`/sonolus/levels/wbs-${shown.id}`, as)).actions)
        collect(
          `${who} community actions`,
          (await json(`/sonolus/levels/wbs-${shown.id}/community/info`, as)).actions,
        )
        const list = await json(`/sonolus/levels/wbs-${shown.id}/community/comments/list`, as)
        for (const [i, item] of (list.comments as Json[]).entries())
          collect(`${who} comment ${i} actions`, item.actions)
        collect(`${who} result submits`, (await json('/sonolus/levels/result/info', as)).submits)
        collect(`${who} user actions`, (await json(`/sonolus/users/${PEOPLE.owner.handle}`, as)).actions)
      }
      expect(forms.length).toBeGreaterThan(10)
      for (const [label, form] of forms) expectForm(form, label)
      // The option types we use at all, each checked above.
      const used = new Set(
        forms.flatMap(([, form]) => (form as { options: { type: string }[] }).options.map((o) => o.type)),
      )
      expect([...used].sort()).toEqual(expect.arrayContaining(['select', 'slider', 'text', 'textArea']))
    })
  })

  describe('resources', () => {
    it('serves each SRL a level names as the bytes of its SHA-1, JSON gzip-compressed and archives as ZIP', async () => {
      const item = (await json(`/sonolus/levels/wbs-${shown.id}`)).item as unknown as LevelItem
      const fetchSrl = async (srl: { hash?: string | null; url?: string | null }) => {
        expect(srl.url).toMatch(/^\/sonolus\/repository\//)
        const file = await test.app.inject({ method: 'GET', url: srl.url! })
        expect(file.statusCode).toBe(200)
        expect(sha1(file.rawPayload)).toBe(srl.hash)
        return file.rawPayload
      }
      const gzip = (bytes: Buffer) => bytes.subarray(0, 2).toString('hex')
      expect(gzip(await fetchSrl(item.data))).toBe('1f8b')
      const engine = item.engine
      for (const srl of [
        engine.playData,
        engine.watchData,
        engine.previewData,
        engine.tutorialData,
        engine.configuration,
      ])
        expect(gzip(await fetchSrl(srl))).toBe('1f8b')
      for (const srl of [engine.skin.data, engine.background.data, engine.effect.data, engine.particle.data])
        expect(gzip(await fetchSrl(srl))).toBe('1f8b')
      // Images as PNG, the effect's audio as a ZIP archive.
      expect((await fetchSrl(item.cover)).subarray(1, 4).toString('latin1')).toBe('PNG')
      expect((await fetchSrl(engine.effect.audio)).subarray(0, 2).toString('latin1')).toBe('PK')
    })
  })

  describe('share links', () => {
    it('leads each share link (an endpoint path without /sonolus) to the site page about the same thing', async () => {
      const led = async (url: string) => {
        const response = await test.app.inject({ method: 'GET', url })
        return [response.statusCode, response.headers.location]
      }
      expect(await led(`/levels/wbs-${shown.id}`)).toEqual([302, `/chart/${shown.id}/info`])
      expect(await led('/levels/list?keywords=song&sort=newest')).toEqual([
        302,
        '/chart/list?keywords=song&sort=newest',
      ])
      expect(await led(`/backgrounds/wbs-${shown.id}`)).toEqual([302, `/chart/${shown.id}/info`])
      expect(await led(`/playlists/${playlistName(PLAYLIST)}`)).toEqual([302, `/playlist/${PLAYLIST}`])
      expect(await led('/playlists/list')).toEqual([302, '/playlists'])
      expect(await led(`/users/${PEOPLE.owner.handle}`)).toEqual([302, `/user/${PEOPLE.owner.handle}`])
      // Not a share link: left to the site (no page here).
      expect((await led('/levels/not-a-level'))[0]).toBe(404)
      expect((await led(`/levels/wbs-${shown.id}/extra`))[0]).toBe(404)
    })
  })

  describe('rooms', () => {
    it('serves no rooms: creating, joining or listing one is a bare 404, and no button offers multiplayer', async () => {
      for (const url of ['/sonolus/rooms/create', '/sonolus/rooms/some-room']) {
        const response = await app('POST', url, 'player', {})
        expect([url, response.statusCode]).toEqual([url, 404])
      }
      for (const url of ['/sonolus/rooms/info', '/sonolus/rooms/list']) {
        const response = await app('GET', url, 'player')
        expect([url, response.statusCode, response.body]).toEqual([url, 404, ''])
      }
      const buttons = ((await json('/sonolus/info', 'player')).buttons as Json[]).map((button) => button.type)
      expect(buttons).not.toContain('multiplayer')
      expect(buttons).not.toContain('room')
    })
  })
})

describe('the signing key', () => {
  it('checks signatures against the key the wiki publishes, unless a test key replaces it', async () => {
    // The wiki's JWK (headers/sonolus-signature.md) is core's, which the verifier takes by default.
    expect(signaturePublicKeyJWK).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      x: 'd2B14ZAn-zDsqY42rHofst8rw3XB90-a5lT80NFdXo0',
      y: 'Hxzi9DHrlJ4CVSJVRnydxFWBZAgkFxZXbyxPSa8SJQw',
    })
    const test = await openTestApp('sqlite', { env: { PUBLIC_URL: TEST_PUBLIC_URL } })
    try {
      expect(test.ctx.config.sonolusPublicKey).toBeUndefined()
      const body = JSON.stringify({
        type: 'authenticateServer',
        address: TEST_PUBLIC_URL,
        time: Date.now(),
        userProfile: userProfile({ id: 'keyless', handle: '6400', name: 'Keyless' }),
      })
      // Signed with our test key, which only SONOLUS_PUBLIC_KEY makes acceptable.
      const response = await postSigned(test.app, '/sonolus/authenticate', body, signBody(body))
      expect(response.statusCode).toBe(401)
      expect(await test.ctx.repos.users.findById('keyless')).toBeUndefined()
    } finally {
      await test.cleanup()
    }
  })
})
