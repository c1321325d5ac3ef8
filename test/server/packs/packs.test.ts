// Engine and pack import (docs/protocol.md §13.3) and the pack endpoints, with a pack our tests build.
import { gunzipSync } from 'node:zlib'
import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { zipSync } from 'fflate'
import { PackImportError, SCP_MAX_ENTRY_BYTES, importPack } from '../../../server/packs/import'
import { DIALECTS, openTestApp, tempDir } from '../helpers/context'
import { newChart } from '../helpers/charts'
import { buildTestPack, writePackFolder, writeScp } from '../helpers/testPack'

const chart = newChart(0xc, { authorId: 'u', author: 'U#1' })

describe.each(DIALECTS)('packs on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  let work: string

  beforeEach(async () => {
    // An operator who asked for an imported engine named "sirius" (ENGINE_NAME).
    test = await openTestApp(dialect, { env: { ENGINE_NAME: 'sirius' } })
    work = tempDir('sirius-pack-')
    await test.ctx.repos.users.upsert({ id: 'u', handle: '1', name: 'U', profile: '{}' })
    await test.ctx.repos.charts.insert(chart)
  })
  afterEach(async () => {
    await test.cleanup()
    fs.rmSync(work, { recursive: true, force: true })
  })

  const get = (url: string) => test.app.inject({ method: 'GET', url })
  const levelEngine = async () => (await get('/sonolus/levels/list')).json().items[0].engine
  const packRows = async () => (await test.ctx.repos.packItems.list()).length

  const resolvesByHash = async (srl: { hash: string; url: string }) => {
    const file = await get(srl.url)
    expect(file.statusCode).toBe(200)
    expect(createHash('sha1').update(file.rawPayload).digest('hex')).toBe(srl.hash)
  }

  it('serves its own engine while the one ENGINE_NAME names is not imported: every level names it, its files resolve', async () => {
    const info = (await get('/sonolus/server/info')).json()
    expect(info.engine).toMatchObject({ name: 'sirius-charts', installed: true })
    expect(info.engine.message).toContain('"sirius", which is not installed')
    expect((await get('/sonolus/info')).json().description).not.toContain('not installed')
    const engine = await levelEngine()
    expect(engine).toMatchObject({
      name: 'sirius-charts',
      version: 13,
      title: 'Sirius',
      skin: { name: 'pixel' },
    })
    for (const field of [
      'thumbnail',
      'playData',
      'watchData',
      'previewData',
      'tutorialData',
      'configuration',
    ])
      await resolvesByHash(engine[field])
    // Its texts in the app's languages.
    const ja = (await get('/sonolus/levels/list?localization=ja')).json().items[0].engine
    expect(ja.subtitle).toBe('Sirius Charts エンジン')
    const details = await get('/sonolus/engines/sirius-charts')
    expect(details.json().item).toEqual(engine)
    expect(details.json().description).toContain('12 lanes')
  })

  it('lists its own engine beside imported ones, and the one ENGINE_NAME names takes over once imported', async () => {
    const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name)
    expect(names((await get('/sonolus/engines/list')).json())).toEqual(['sirius-charts'])
    expect(names((await get('/sonolus/engines/info')).json().sections[0])).toEqual(['sirius-charts'])
    await importPack(
      writePackFolder(buildTestPack(), path.join(work, 'pack')),
      test.ctx.repos,
      test.ctx.blobStore,
    )
    await test.ctx.packs.reloadIfChanged()
    expect(names((await get('/sonolus/engines/list')).json())).toEqual(['sirius-charts', 'sirius'])
    expect((await levelEngine()).name).toBe('sirius')
    expect((await get('/sonolus/server/info')).json().engine.message).toBe('Engine "sirius" is installed.')
  })

  it("serves each chart's background item where the level names it, to whoever sees the chart", async () => {
    const withBackground = newChart(0xd, { authorId: 'u', author: 'U#1', backgroundHash: 'b'.repeat(40) })
    const privateOne = newChart(0xe, {
      authorId: 'u',
      author: 'U#1',
      backgroundHash: 'e'.repeat(40),
      isPublic: 0,
    })
    await test.ctx.repos.charts.insert(withBackground)
    await test.ctx.repos.charts.insert(privateOne)
    const level = (await get(`/sonolus/levels/wbs-${withBackground.id}`)).json().item
    expect(level.useBackground.useDefault).toBe(false)
    const details = await get(`/sonolus/backgrounds/${level.useBackground.item.name}`)
    expect(details.statusCode).toBe(200)
    expect(details.json().item).toEqual(level.useBackground.item)
    expect(details.json().item.image).toEqual({
      hash: 'b'.repeat(40),
      url: `/sonolus/repository/${'b'.repeat(40)}`,
    })
    // Its data gives the composite's own aspect ratio (1920×1180), so the app draws it unsquashed.
    const data = await get(details.json().item.data.url)
    expect(JSON.parse(gunzipSync(data.rawPayload).toString())).toEqual({
      aspectRatio: 1920 / 1180,
      fit: 'cover',
      color: '#000020',
    })
    // Lists: the pack's backgrounds, then the charts' (newest first; not the private one).
    const list = (await get('/sonolus/backgrounds/list')).json()
    expect(list.items.map((item: { name: string }) => item.name)).toEqual([
      'black',
      'darkblue',
      'vanilla',
      `wbs-${withBackground.id}`,
    ])
    const info = (await get('/sonolus/backgrounds/info')).json()
    expect(
      info.sections.map((section: { items: { name: string }[] }) => section.items.map((i) => i.name)),
    ).toEqual([['black', 'darkblue', 'vanilla'], [`wbs-${withBackground.id}`]])
    // The app's quick search over the list.
    const found = (await get('/sonolus/backgrounds/list?keywords=dark')).json()
    expect(found.items.map((item: { name: string }) => item.name)).toEqual(['darkblue'])
    // A private chart's background is its owner's, like the chart; a missing one is 404.
    expect((await get(`/sonolus/backgrounds/wbs-${privateOne.id}`)).statusCode).toBe(401)
    expect((await get(`/sonolus/backgrounds/wbs-${'f'.repeat(32)}`)).statusCode).toBe(404)
  })

  it.each(['pack folder', '.scp'])(
    'imports an engine from a %s; levels then embed it and its files are served',
    async (form) => {
      const pack = buildTestPack()
      const input =
        form === '.scp'
          ? writeScp(pack, path.join(work, 'test.scp'))
          : writePackFolder(pack, path.join(work, 'pack'))
      const result = await importPack(input, test.ctx.repos, test.ctx.blobStore)
      expect(result.items).toEqual({
        engine: ['sirius'],
        skin: ['test-skin'],
        background: ['test-bg'],
        effect: ['test-effect'],
        particle: ['test-particle'],
      })
      expect(result.files).toBe(pack.files.size)
      expect(await test.ctx.packs.reloadIfChanged()).toBe(true)
      expect(await test.ctx.packs.reloadIfChanged()).toBe(false)

      const engine = await levelEngine()
      expect(engine).toMatchObject({
        name: 'sirius',
        title: 'Sirius (test build)',
        skin: { name: 'test-skin' },
        background: { name: 'test-bg' },
      })
      for (const srl of [engine.playData, engine.configuration, engine.skin.texture, engine.effect.audio])
        await resolvesByHash(srl)
      expect((await get('/sonolus/server/info')).json().engine).toMatchObject({ installed: true })
      expect(
        (await get('/sonolus/engines/list')).json().items.map((item: { name: string }) => item.name),
      ).toEqual(['sirius-charts', 'sirius'])
      expect((await get('/sonolus/engines/sirius')).json().item).toMatchObject({
        name: 'sirius',
        version: 13,
      })
      expect(
        (await get('/sonolus/skins/list')).json().items.map((item: { name: string }) => item.name),
      ).toEqual(['pixel', 'test-skin'])
    },
  )

  const failing: [string, (pack: ReturnType<typeof buildTestPack>) => void, RegExp][] = [
    ['a missing file', (pack) => pack.files.delete([...pack.files.keys()][2]), /is missing from the pack/],
    [
      'a file whose SHA-1 does not match',
      (pack) => {
        const [hash] = [...pack.files.keys()]
        pack.files.set(hash, new Uint8Array([9, 9, 9]))
      },
      /has SHA-1/,
    ],
    [
      'an engine of another version',
      (pack) => ((pack.db.engines[0] as { version: number }).version = 12),
      /version 12/,
    ],
    [
      'an engine whose skin is nowhere',
      (pack) => ((pack.db.engines[0] as { skin: string }).skin = 'ghost'),
      /skin "ghost"/,
    ],
  ]
  it.each(failing)('rejects a pack with %s and imports nothing', async (_label, damage, message) => {
    const pack = buildTestPack()
    damage(pack)
    const usedBefore = (await test.ctx.blobStore.usage()).used
    await expect(
      importPack(writePackFolder(pack, path.join(work, 'pack')), test.ctx.repos, test.ctx.blobStore),
    ).rejects.toThrow(message)
    expect(await packRows()).toBe(0)
    expect((await test.ctx.blobStore.usage()).used).toBe(usedBefore)
    expect(await test.ctx.packs.reloadIfChanged()).toBe(false)
    expect((await levelEngine()).name).toBe('sirius-charts')
  })

  it('refuses a .scp whose entry claims more than the per-file cap, before inflating it', async () => {
    const zip = Buffer.from(zipSync({ 'db.json': new TextEncoder().encode('{}') }))
    // The central directory's uncompressed size (offset 24 of its entry) says 1 GiB.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    zip.writeUInt32LE(1024 * 1024 * 1024, central + 24)
    fs.writeFileSync(path.join(work, 'bomb.scp'), zip)
    const usedBefore = (await test.ctx.blobStore.usage()).used
    await expect(importPack(path.join(work, 'bomb.scp'), test.ctx.repos, test.ctx.blobStore)).rejects.toThrow(
      new RegExp(`db.json decompresses to more than ${SCP_MAX_ENTRY_BYTES} bytes`),
    )
    expect(await packRows()).toBe(0)
    expect((await test.ctx.blobStore.usage()).used).toBe(usedBefore)
  })

  it('rejects what is not a pack', async () => {
    fs.writeFileSync(path.join(work, 'junk.scp'), 'not a zip')
    await expect(
      importPack(path.join(work, 'junk.scp'), test.ctx.repos, test.ctx.blobStore),
    ).rejects.toBeInstanceOf(PackImportError)
    await expect(importPack(work, test.ctx.repos, test.ctx.blobStore)).rejects.toThrow(/not a Sonolus pack/)
  })
})
