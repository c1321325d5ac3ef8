// The web create, edit and delete (docs/spec.md §2 "Create and Edit", §5, §6; docs/protocol.md §15): fields
// and files checked again on the server, the server's own conversion of the SUS, the background composed
// when absent, the music re-encoded off the request path, owner-only edits, and deletes that take the
// community data and the unused files with them.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelFormBody, editValues } from '../../../../common/api/uploads'
import { type LevelDetailsResponse } from '../../../../common/api/levels'
import { convertSus } from '../../../../common/chart/index'
import { mp3, png, sha1, sus } from '../../../fixtures/media/media'
import { readAll } from '../../helpers/streams'
import { STORE_SETUPS, openUploadApp, uploadFile } from '../../helpers/upload'

/** ffprobe's view of an mp3 in the store. */
const probe = (bytes: Buffer) => {
  const file = path.join(os.tmpdir(), `probe-${sha1(bytes)}.mp3`)
  fs.writeFileSync(file, bytes)
  try {
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,bit_rate,channels:format=duration',
      '-of',
      'json',
      file,
    ])
    return JSON.parse(String(out)) as {
      streams: { codec_name: string; bit_rate: string; channels: number }[]
      format: { duration: string }
    }
  } finally {
    fs.rmSync(file, { force: true })
  }
}

describe.each(STORE_SETUPS)('create, edit and delete on $dialect with $store', (setup) => {
  let test: Awaited<ReturnType<typeof openUploadApp>>['test']
  let close: () => Promise<void>
  let alice: string
  let bob: string
  const music = mp3(20, 330)
  const chart = sus(50)
  let cover: Buffer

  beforeAll(async () => {
    ;({ test, alice, bob, close } = await openUploadApp(setup))
    cover = await png(21, 300)
    for (const [bytes, kind] of [
      [cover, 'cover'],
      [music, 'music'],
      [chart, 'chart'],
    ] as const)
      expect((await uploadFile(test.app, alice, bytes, kind)).statusCode).toBe(201)
  })
  afterAll(() => close())

  const form = (overrides: Partial<LevelFormBody> = {}): LevelFormBody => ({
    title: 'Night Drive',
    composer: 'Writer',
    artists: 'Band',
    author: 'Alice Creates',
    description: 'A **test** chart',
    level: 12,
    isOliver: 0,
    isPublic: 1,
    tags: ['test', 'night'],
    coverHash: sha1(cover),
    musicHash: sha1(music),
    susHash: sha1(chart),
    ...overrides,
  })
  const create = (body: unknown, session: string | null = alice) =>
    test.app.inject({
      method: 'POST',
      url: '/sonolus/levels/create',
      headers: session ? { authorization: session } : {},
      // Every create accepts the upload rules unless a test says otherwise.
      payload: { rulesAccepted: true, ...(body as object) },
    })
  const submit = (id: string, values: string, session: string | null = alice) =>
    test.app.inject({
      method: 'POST',
      url: `/sonolus/levels/wbs-${id}/submit`,
      headers: session ? { authorization: session } : {},
      payload: { values },
    })
  const chartCount = async () => test.ctx.repos.charts.countAll()
  const waitForBgm = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const row = await test.ctx.repos.charts.findById(id)
      if (row?.bgmHash) return row
      await test.ctx.media.pass()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('the music was never re-encoded')
  }

  it('creates a playable level from uploaded files, with the server’s own level data', async () => {
    const response = await create(form())
    expect(response.statusCode).toBe(200)
    const { code, id } = response.json() as { code: number; id: string }
    expect(code).toBe(200)
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    const row = (await test.ctx.repos.charts.findById(id))!
    expect(row).toMatchObject({
      authorId: 'alice',
      author: 'Alice Creates#1001',
      title: 'Night Drive',
      level: 12,
      isOliver: 0,
      isPublic: 1,
      tags: '["test","night"]',
      coverHash: sha1(cover),
      musicHash: sha1(music),
      susHash: sha1(chart),
    })
    // The level data is the server's conversion (native gzip level 9), not the browser's (pako).
    const own = convertSus(chart.toString('utf8'), { gzip: (json) => gzipSync(json, { level: 9 }) })
    expect(row.dataHash).toBe(sha1(Buffer.from(own.gzipped)))
    expect(row.dataHash).not.toBe(sha1(Buffer.from(convertSus(chart.toString('utf8')).gzipped)))
    const data = await test.ctx.blobStore.get(row.dataHash!)
    expect(sha1(await readAll(data!.stream))).toBe(row.dataHash)
    // The background was composed from the cover: 1920×1180.
    const background = await readAll((await test.ctx.blobStore.get(row.backgroundHash!))!.stream)
    expect(await sharp(background).metadata()).toMatchObject({ width: 1920, height: 1180 })

    // Off the request path the music becomes CBR 192 kb/s, and a preview of about 15 s appears.
    const encoded = await waitForBgm(id)
    const bgm = probe(await readAll((await test.ctx.blobStore.get(encoded.bgmHash!))!.stream))
    expect(bgm.streams[0]).toMatchObject({ codec_name: 'mp3', bit_rate: '192000', channels: 2 })
    const preview = probe(await readAll((await test.ctx.blobStore.get(encoded.previewHash!))!.stream))
    expect(Number(preview.format.duration)).toBeGreaterThan(14.5)
    expect(Number(preview.format.duration)).toBeLessThan(15.5)
    // The app sees it all through the level.
    const details = (
      await test.app.inject({ url: `/sonolus/levels/wbs-${id}` })
    ).json() as LevelDetailsResponse
    expect(details.item.data.hash).toBe(row.dataHash)
    expect(details.item.bgm.hash).toBe(encoded.bgmHash)
    expect(details.item.preview?.hash).toBe(encoded.previewHash)
    expect(details.rawItem.musicHash).toBe(sha1(music))
  })

  it('answers empty_field for each missing required field, and creates nothing', async () => {
    const before = await chartCount()
    for (const missing of [
      { title: '  ' },
      { composer: '' },
      { artists: '' },
      { level: '' as unknown as number },
      { coverHash: '' },
    ]) {
      const response = await create(form(missing))
      expect(response.statusCode, JSON.stringify(missing)).toBe(400)
      expect(response.json()).toEqual({
        code: 400,
        error: 'empty_field',
        message: 'Please complete all required fields and try again.',
      })
    }
    const { level: _level, ...noLevel } = form()
    expect((await create(noLevel)).json().error).toBe('empty_field')
    expect(await chartCount()).toBe(before)
  })

  it('checks the level range, Olivier included, and the tags', async () => {
    const before = await chartCount()
    for (const bad of [
      { level: 0 },
      { level: 31 },
      { level: 2.5 },
      { level: 11, isOliver: 1 as const },
      { tags: 'pop' as unknown as string[] },
      { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    ]) {
      const response = await create(form(bad))
      expect(response.statusCode, JSON.stringify(bad)).toBe(400)
      expect(response.json().error).toBe('create_failed')
    }
    expect(await chartCount()).toBe(before)
    const olivier = await create(form({ level: 10, isOliver: 1 }))
    expect(olivier.statusCode).toBe(200)
  })

  it('refuses files that were not uploaded or are not what they claim to be', async () => {
    const before = await chartCount()
    const missing = await create(form({ musicHash: 'b'.repeat(40) }))
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      error: 'create_failed',
      message: expect.stringMatching(/missing/),
    })
    // The cover's bytes named as the music: checked by content.
    const wrong = await create(form({ musicHash: sha1(cover) }))
    expect(wrong.json()).toMatchObject({ error: 'create_failed', message: expect.stringMatching(/MP3/) })
    const notSus = await create(form({ susHash: sha1(music) }))
    expect(notSus.json()).toMatchObject({ error: 'create_failed', message: expect.stringMatching(/SUS/) })
    // Text (the SUS, stored as a chart) named as the cover: its bytes are read again, by its role.
    const textCover = await create(form({ coverHash: sha1(chart) }))
    expect(textCover.statusCode).toBe(400)
    expect(textCover.json()).toMatchObject({
      error: 'create_failed',
      message: 'The cover is not an image',
    })
    expect((await create(form({ coverHash: 'not-a-hash' }))).json().error).toBe('create_failed')
    expect(await chartCount()).toBe(before)
  })

  it('needs a login (401 permission_denied), and ignores an app-style create', async () => {
    const anonymous = await create(form(), null)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error).toBe('permission_denied')
    expect((await create({ values: 'title=x' })).statusCode).toBe(400)
  })

  it('takes level data alone only when the reader accepts it', async () => {
    const browserData = Buffer.from(convertSus(sus(1000).toString('utf8')).gzipped)
    expect((await uploadFile(test.app, alice, browserData, 'data')).statusCode).toBe(201)
    const response = await create(
      form({ susHash: undefined, dataHash: sha1(browserData), musicHash: undefined }),
    )
    expect(response.statusCode).toBe(200)
    const row = (await test.ctx.repos.charts.findById(response.json().id))!
    expect(row).toMatchObject({ susHash: null, dataHash: sha1(browserData), musicHash: null })
  })

  it('keeps level data given as plain JSON gzipped, as the app reads it', async () => {
    const plain = gunzipSync(convertSus(sus(1000).toString('utf8')).gzipped)
    expect((await uploadFile(test.app, alice, plain, 'data')).statusCode).toBe(201)
    const response = await create(form({ susHash: undefined, dataHash: sha1(plain), musicHash: undefined }))
    expect(response.statusCode).toBe(200)
    const row = (await test.ctx.repos.charts.findById(response.json().id))!
    expect(row.dataHash).not.toBe(sha1(plain))
    const served = await test.app.inject({ method: 'GET', url: `/sonolus/repository/${row.dataHash}` })
    expect(served.headers['content-type']).toBe('application/gzip')
    expect(gunzipSync(served.rawPayload)).toEqual(plain)
    // The upload itself is served as what it is.
    const upload = await test.app.inject({ method: 'GET', url: `/sonolus/repository/${sha1(plain)}` })
    expect(upload.headers['content-type']).toBe('application/json')
  })

  it('lets only the owner edit; the author stays; new music is re-encoded and the old collected', async () => {
    const { id } = (await create(form({ title: 'Before' }))).json() as { id: string }
    await waitForBgm(id)
    const values = editValues(
      form({ title: 'After', author: 'Someone Else#9999', level: 13, tags: ['edited'], isPublic: 0 }),
    )
    for (const session of [bob, null]) {
      const denied = await submit(id, values, session)
      expect(denied.statusCode).toBe(401)
      expect(denied.json().error).toBe('permission_denied2')
    }
    expect((await test.ctx.repos.charts.findById(id))!.title).toBe('Before')

    const edited = await submit(id, values)
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toEqual({ code: 200, key: '', hashes: [], shouldUpdateItem: true })
    const row = (await test.ctx.repos.charts.findById(id))!
    expect(row).toMatchObject({
      title: 'After',
      author: 'Alice Creates#1001',
      level: 13,
      tags: '["edited"]',
      isPublic: 0,
    })
    // Search sees the new title.
    const found = await test.app.inject({
      url: '/sonolus/levels/list?title=After',
      headers: { authorization: alice },
    })
    expect(found.json().rawItems.map((item: { id: string }) => item.id)).toContain(id)

    // New music: played as uploaded until re-encoded; the old re-encode is collected once unused.
    const oldBgm = row.bgmHash!
    const other = mp3(18, 415)
    expect((await uploadFile(test.app, alice, other, 'music')).statusCode).toBe(201)
    expect((await submit(id, editValues(form({ title: 'After', musicHash: sha1(other) })))).statusCode).toBe(
      200,
    )
    const changed = (await test.ctx.repos.charts.findById(id))!
    expect(changed).toMatchObject({ musicHash: sha1(other), bgmHash: null, previewHash: null })
    const reencoded = await waitForBgm(id)
    expect(reencoded.bgmHash).not.toBe(oldBgm)
    // oldBgm is shared with the other charts made from the same music above, so it stays while used.
    expect(await test.ctx.repos.files.isReferenced(oldBgm)).toBe(true)
  })

  it('keeps the SUS to its owner unless the creator allows downloading it', async () => {
    const { id } = (await create(form({ title: 'Source kept' }))).json() as { id: string }
    const raw = async (session?: string) =>
      (
        await test.app.inject({
          url: `/sonolus/levels/wbs-${id}`,
          headers: session ? { authorization: session } : {},
        })
      ).json().rawItem as { susHash: string | null; allowSusDownload: number }
    expect(await raw()).toMatchObject({ susHash: null, allowSusDownload: 0 })
    expect(await raw(bob)).toMatchObject({ susHash: null, allowSusDownload: 0 })
    expect((await raw(alice)).susHash).toBe(sha1(chart))
    const listed = await test.app.inject({ url: '/sonolus/levels/list?title=Source+kept' })
    expect(listed.json().rawItems[0]).toMatchObject({ id, susHash: null })
    // Allowed by an edit: everyone gets the hash; an edit that leaves the field out keeps it.
    expect(
      (await submit(id, editValues(form({ title: 'Source kept', allowSusDownload: 1 })))).statusCode,
    ).toBe(200)
    expect(await raw()).toMatchObject({ susHash: sha1(chart), allowSusDownload: 1 })
    expect((await submit(id, editValues(form({ title: 'Source kept' })))).statusCode).toBe(200)
    expect((await raw(bob)).susHash).toBe(sha1(chart))
    expect((await create(form({ title: 'Bad flag', allowSusDownload: 7 as never }))).statusCode).toBe(400)
  })

  it('deletes a chart with its likes, ratings, comments and records, and collects unused files', async () => {
    const ownCover = await png(22, 120)
    expect((await uploadFile(test.app, alice, ownCover, 'cover')).statusCode).toBe(201)
    const { id } = (
      await create(form({ coverHash: sha1(ownCover), susHash: undefined, musicHash: undefined }))
    ).json() as { id: string }
    const row = (await test.ctx.repos.charts.findById(id))!
    const now = Date.now()
    await test.ctx.repos.community.setLike(id, 'bob', true, now)
    await test.ctx.repos.community.setRating(id, 'bob', 4, now)
    await test.ctx.repos.community.addComment({
      id: 'c'.repeat(32),
      chartId: id,
      userId: 'bob',
      author: 'Bob#1002',
      parentId: null,
      content: 'nice',
      createdTime: now,
    })

    expect((await submit(id, 'type=delete', bob)).statusCode).toBe(401)
    const deleted = await submit(id, 'type=delete')
    expect(deleted.json()).toEqual({ key: '', hashes: [], shouldRemoveItem: true })
    expect(await test.ctx.repos.charts.findById(id)).toBeUndefined()
    for (const table of [
      'likes',
      'ratings',
      'comments',
      'records',
      'leaderboardEntries',
      'mediaJobs',
    ] as const) {
      const rows = await test.ctx.db.db.selectFrom(table).selectAll().where('chartId', '=', id).execute()
      expect(rows, table).toEqual([])
    }
    // Its own cover and composed background are gone; the files other charts use stay.
    for (const hash of [sha1(ownCover), row.backgroundHash!]) {
      expect(await test.ctx.repos.files.get(hash)).toBeUndefined()
      expect(await test.ctx.blobStore.head(hash)).toBeUndefined()
    }
    expect(await test.ctx.blobStore.head(sha1(cover))).toBeDefined()
  })
})
