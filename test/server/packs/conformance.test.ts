// The resources we serve and read, against the Sonolus spec wikis for levels, replays, skins, effects,
// particles and backgrounds: the free-pack items and the parts of our engine, a demo level and the demo
// players' replays, each fetched through the app as the Sonolus app fetches it (by its SRL, the hash
// checked), unpacked and compared with the shape its wiki page gives. docs/conformance.md cites these.
import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BackgroundConfiguration,
  type BackgroundData,
  type BackgroundItem,
  EffectClipName,
  type EffectData,
  type EffectItem,
  type EnginePlayData,
  type EnginePreviewData,
  type EngineTutorialData,
  type EngineWatchData,
  type LevelData,
  type LevelItem,
  type ParticleData,
  ParticleEffectName,
  type ParticleItem,
  type ReplayData,
  type ReplayItem,
  SkinSpriteName,
  type SkinData,
  type SkinItem,
  type Srl,
} from '@sonolus/core'
import { LEVEL_NAME_PREFIX } from '../../../common/rules'
import { seedDemo } from '../../../server/demo/seed'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { multipartBody, replayFiles, replayItem } from '../../fixtures/replay/replay'
import { DIALECTS, openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex')

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

/** The width and height in a PNG's header chunk, once the bytes are known to be a PNG. */
const pngSize = (bytes: Buffer) => {
  expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE)
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** An mp3 file begins with an ID3 tag or with an MPEG audio frame's sync bits. */
const isMp3 = (bytes: Buffer) =>
  bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0

/** Colour strings the wiki pages allow: #RGB and #RRGGBB, and for a mask #RGBA and #RRGGBBAA too. */
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const MASK_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

const CORNERS = ['x1', 'y1', 'x2', 'y2', 'x3', 'y3', 'x4', 'y4']
const RANDOMS = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`r${n}`, `sinr${n}`, `cosr${n}`])
const EASES = [
  'linear',
  'none',
  ...['in', 'out', 'inOut', 'outIn'].flatMap((way) =>
    ['Sine', 'Quad', 'Cubic', 'Quart', 'Quint', 'Expo', 'Circ', 'Back', 'Elastic'].map((kind) => way + kind),
  ),
]

/** A transform or property expression: a map from the allowed inputs to finite coefficients. */
const expectExpression = (expression: unknown, inputs: string[], where: string) => {
  expect(typeof expression, where).toBe('object')
  for (const [input, coefficient] of Object.entries(expression as Record<string, unknown>)) {
    expect(inputs, `${where}: input ${input}`).toContain(input)
    expect(isNumber(coefficient), `${where}: ${input}`).toBe(true)
  }
}

/** A transform: exactly one expression for each corner coordinate. */
const expectTransform = (transform: Record<string, unknown>, inputs: string[], where: string) => {
  expect(Object.keys(transform).sort(), where).toEqual([...CORNERS].sort())
  for (const corner of CORNERS) expectExpression(transform[corner], inputs, `${where}.${corner}`)
}

/** Sprites of a texture atlas: whole rectangles inside the texture. */
const expectSpritesInside = (
  sprites: { x: number; y: number; w: number; h: number }[],
  size: { width: number; height: number },
  where: string,
) => {
  for (const [index, sprite] of sprites.entries()) {
    const at = `${where} sprite ${index}`
    for (const field of ['x', 'y', 'w', 'h'] as const) expect(isNumber(sprite[field]), at).toBe(true)
    expect(sprite.x >= 0 && sprite.y >= 0, at).toBe(true)
    expect(sprite.x + sprite.w <= size.width && sprite.y + sprite.h <= size.height, at).toBe(true)
  }
}

describe.each(DIALECTS)('resources as the Sonolus app reads them, on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  /** The demo's public levels, as the level list gives them to the app. */
  let levels: LevelItem[]

  const get = async (url: string) => {
    const response = await test.app.inject({ method: 'GET', url })
    expect(response.statusCode, url).toBe(200)
    return response
  }
  /** A resource by its SRL: the bytes served at its url, which must be the ones its hash names. */
  const file = async (srl: Srl): Promise<Buffer> => {
    const bytes = (await get(srl.url!)).rawPayload
    expect(sha1(bytes), srl.url!).toBe(srl.hash)
    return bytes
  }
  /** A JSON resource: served gzipped (the spec allows no other form), parsed. */
  const gzipJson = async <T>(srl: Srl): Promise<T> => {
    const bytes = await file(srl)
    expect(bytes.subarray(0, 2), srl.url!).toEqual(GZIP_MAGIC)
    return JSON.parse(gunzipSync(bytes).toString('utf8')) as T
  }
  const list = async <T>(type: string): Promise<T[]> =>
    (await get(`/sonolus/${type}/list`)).json().items as T[]
  /** Every name our engine imports of a kind (sprites, clips, particle effects), over its modes. */
  const engineImports = async () => {
    const { engine } = levels[0]!
    const modes = [
      await gzipJson<EnginePlayData>(engine.playData),
      await gzipJson<EngineWatchData>(engine.watchData),
      await gzipJson<EnginePreviewData>(engine.previewData),
      await gzipJson<EngineTutorialData>(engine.tutorialData),
    ]
    return {
      sprites: new Set(modes.flatMap((mode) => mode.skin.sprites.map((sprite) => sprite.name))),
      clips: new Set(modes.flatMap((mode) => ('effect' in mode ? mode.effect.clips : [])).map((c) => c.name)),
      effects: new Set(
        modes.flatMap((mode) => ('particle' in mode ? mode.particle.effects : [])).map((e) => e.name),
      ),
    }
  }

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    // The demo: levels converted from SUS as an upload is, and players' results with their replays.
    expect(await seedDemo(test.ctx)).toBeDefined()
    levels = await list<LevelItem>('levels')
    expect(levels.length).toBeGreaterThan(0)
  })
  afterAll(async () => test.cleanup())

  describe('skins', () => {
    it('serves skin data as gzip JSON of the spec shape, every sprite a rectangle inside its PNG texture', async () => {
      const skins = await list<SkinItem>('skins')
      expect(skins.length).toBeGreaterThan(0)
      for (const skin of skins) {
        const data = await gzipJson<SkinData>(skin.data)
        const texture = pngSize(await file(skin.texture))
        // width and height are the texture's.
        expect({ width: data.width, height: data.height }, skin.name).toEqual(texture)
        expect(typeof data.interpolation, skin.name).toBe('boolean')
        expect(Array.isArray(data.sprites), skin.name).toBe(true)
        expectSpritesInside(data.sprites, texture, skin.name)
        for (const sprite of data.sprites) {
          expect(typeof sprite.name).toBe('string')
          // A skin transform's inputs are the corners the engine gives.
          expectTransform(sprite.transform as Record<string, unknown>, CORNERS, `${skin.name} ${sprite.name}`)
        }
      }
    })

    it('gives the default skin every standard sprite name, so every sprite our engine imports is there', async () => {
      const skin = levels[0]!.engine.skin
      const data = await gzipJson<SkinData>(skin.data)
      // Pixel art, so drawn without interpolation, as the spec advises.
      expect(data.interpolation).toBe(false)
      const names = new Set(data.sprites.map((sprite) => sprite.name))
      expect(Object.values(SkinSpriteName).filter((name) => !names.has(name))).toEqual([])
      const { sprites } = await engineImports()
      expect([...sprites].filter((name) => !names.has(name))).toEqual([])
    })
  })

  describe('effects', () => {
    it('serves effect data as gzip JSON clips, each naming a file inside its zip audio', async () => {
      const effects = await list<EffectItem>('effects')
      expect(effects.length).toBeGreaterThan(0)
      for (const effect of effects) {
        const data = await gzipJson<EffectData>(effect.data)
        expect(Array.isArray(data.clips), effect.name).toBe(true)
        // The audio is a zip archive (an empty one too), and each clip's file is in it.
        const audio = await file(effect.audio)
        const entries = unzipSync(new Uint8Array(audio))
        for (const clip of data.clips) {
          expect(typeof clip.name).toBe('string')
          expect(Object.keys(entries), `${effect.name} ${clip.name}`).toContain(clip.filename)
          expect(entries[clip.filename]!.length).toBeGreaterThan(0)
        }
      }
    })

    it('gives the default effect every clip our engine imports', async () => {
      const effect = levels[0]!.engine.effect
      const names = new Set((await gzipJson<EffectData>(effect.data)).clips.map((clip) => clip.name))
      const { clips } = await engineImports()
      expect(clips.size).toBeGreaterThan(0)
      expect([...clips].filter((name) => !names.has(name))).toEqual([])
      // Standard names, every one of them (free-pack's 8bit lacks the two Miss clips; see docs/conformance.md).
      expect([...names].filter((name) => !Object.values(EffectClipName).includes(name as never))).toEqual([])
    })
  })

  describe('particles', () => {
    it('serves particle data as gzip JSON of the spec shape, sprites inside its PNG texture', async () => {
      const particles = await list<ParticleItem>('particles')
      expect(particles.length).toBeGreaterThan(0)
      for (const particle of particles) {
        const data = await gzipJson<ParticleData>(particle.data)
        const texture = pngSize(await file(particle.texture))
        expect({ width: data.width, height: data.height }, particle.name).toEqual(texture)
        expect(typeof data.interpolation, particle.name).toBe('boolean')
        expectSpritesInside(data.sprites, texture, particle.name)
        for (const effect of data.effects) {
          const where = `${particle.name} ${effect.name}`
          expect(typeof effect.name).toBe('string')
          // An effect's transform may use the corners, the constant and the random inputs.
          expectTransform(effect.transform as Record<string, unknown>, ['c', ...CORNERS, ...RANDOMS], where)
          for (const group of effect.groups) {
            expect(Number.isInteger(group.count) && group.count >= 0, where).toBe(true)
            for (const item of group.particles) {
              // A sprite of this particle's own list, a colour without alpha, a share of the effect.
              expect(Number.isInteger(item.sprite), where).toBe(true)
              expect(item.sprite >= 0 && item.sprite < data.sprites.length, where).toBe(true)
              expect(item.color, where).toMatch(COLOR)
              for (const time of [item.start, item.duration])
                expect(isNumber(time) && time >= 0 && time <= 1, where).toBe(true)
              for (const property of ['x', 'y', 'w', 'h', 'r', 'a'] as const) {
                const { from, to, ease, ...rest } = item[property]
                expect(rest, `${where} ${property}`).toEqual({})
                // Property expressions take the constant and the random inputs, not the corners.
                if (from !== undefined) expectExpression(from, ['c', ...RANDOMS], `${where} ${property}`)
                if (to !== undefined) expectExpression(to, ['c', ...RANDOMS], `${where} ${property}`)
                if (ease !== undefined) expect(EASES, `${where} ${property}`).toContain(ease)
              }
            }
          }
        }
      }
    })

    it('gives the default particle every effect our engine imports', async () => {
      const particle = levels[0]!.engine.particle
      const data = await gzipJson<ParticleData>(particle.data)
      expect(data.interpolation).toBe(false)
      const names = new Set(data.effects.map((effect) => effect.name))
      const { effects } = await engineImports()
      expect(effects.size).toBeGreaterThan(0)
      expect([...effects].filter((name) => !names.has(name))).toEqual([])
      expect([...names].filter((name) => !Object.values(ParticleEffectName).includes(name as never))).toEqual(
        [],
      )
    })
  })

  describe('backgrounds', () => {
    it('serves pack backgrounds as gzip JSON data and configuration of the spec shape, with a PNG image of that aspect ratio', async () => {
      const backgrounds = (await list<BackgroundItem>('backgrounds')).filter(
        (item) => !item.name.startsWith(LEVEL_NAME_PREFIX),
      )
      expect(backgrounds.length).toBeGreaterThan(0)
      for (const background of backgrounds) {
        const data = await gzipJson<BackgroundData>(background.data)
        const image = pngSize(await file(background.image))
        expect(isNumber(data.aspectRatio), background.name).toBe(true)
        expect(data.aspectRatio, background.name).toBeCloseTo(image.width / image.height, 2)
        expect(['width', 'height', 'contain', 'cover'], background.name).toContain(data.fit)
        expect(data.color, background.name).toMatch(COLOR)
        // The configuration page names no resource type; it is served like every other JSON resource.
        const configuration = await gzipJson<BackgroundConfiguration>(background.configuration)
        expect(isNumber(configuration.blur) && configuration.blur >= 0 && configuration.blur <= 1).toBe(true)
        expect(configuration.mask, background.name).toMatch(MASK_COLOR)
        if (configuration.scope !== undefined) expect(typeof configuration.scope).toBe('string')
      }
    })
  })

  describe('thumbnails', () => {
    it('serves every pack item’s thumbnail as a small square PNG', async () => {
      const items = [
        ...(await list<SkinItem>('skins')),
        ...(await list<EffectItem>('effects')),
        ...(await list<ParticleItem>('particles')),
        ...(await list<BackgroundItem>('backgrounds')).filter(
          (item) => !item.name.startsWith(LEVEL_NAME_PREFIX),
        ),
      ]
      for (const item of items) {
        const bytes = await file(item.thumbnail)
        const { width, height } = pngSize(bytes)
        expect(width, item.name).toBe(height)
        // "Small": a list of them loads at once. We read it as tens of kilobytes at most.
        expect(bytes.length, item.name).toBeLessThan(64 * 1024)
      }
    })

    it('keeps skin and particle textures in power-of-two sizes no larger than 2048', async () => {
      for (const item of [...(await list<SkinItem>('skins')), ...(await list<ParticleItem>('particles'))]) {
        const { width, height } = pngSize(await file(item.texture))
        expect(isPowerOfTwo(width) && isPowerOfTwo(height), item.name).toBe(true)
        expect(Math.max(width, height), item.name).toBeLessThanOrEqual(2048)
      }
    })
  })

  describe('levels', () => {
    it('serves level data as gzip JSON: a bgmOffset, and entities of an archetype our engine defines with name/value data', async () => {
      const archetypes = new Set(
        (await gzipJson<EnginePlayData>(levels[0]!.engine.playData)).archetypes.map((item) => item.name),
      )
      for (const level of levels) {
        const data = await gzipJson<LevelData>(level.data)
        expect(Object.keys(data).sort(), level.name).toEqual(['bgmOffset', 'entities'])
        // Audio alignment is in the times; the offset is always 0 (docs/chart-format.md §1).
        expect(data.bgmOffset).toBe(0)
        expect(data.entities.length).toBeGreaterThan(0)
        for (const entity of data.entities) {
          // No entity names: nothing refers to another entity, so none is written.
          expect(Object.keys(entity).sort()).toEqual(['archetype', 'data'])
          expect(archetypes, level.name).toContain(entity.archetype)
          for (const entry of entity.data) {
            // Values only, never references.
            expect(Object.keys(entry).sort()).toEqual(['name', 'value'])
            expect(typeof entry.name).toBe('string')
            expect(isNumber((entry as { value: unknown }).value)).toBe(true)
          }
        }
      }
    })

    it('serves each demo level’s cover as a small square PNG and its bgm as mp3', async () => {
      for (const level of levels) {
        const cover = await file(level.cover)
        const { width, height } = pngSize(cover)
        expect(width, level.name).toBe(height)
        expect(cover.length, level.name).toBeLessThan(64 * 1024)
        const bgm = await get(level.bgm.url!)
        expect(sha1(bgm.rawPayload)).toBe(level.bgm.hash)
        expect(bgm.headers['content-type'], level.name).toBe('audio/mpeg')
        expect(isMp3(bgm.rawPayload), level.name).toBe(true)
      }
    })
  })

  describe('replays', () => {
    /** The demo players' replays, as the app lists them. */
    const replays = async () => {
      const items = (await get('/sonolus/replays/list')).json().items as ReplayItem[]
      expect(items.length).toBeGreaterThan(0)
      return items
    }

    it('serves the demo replays as gzip JSON ReplayData with every field, and a result the spec’s GameplayResult', async () => {
      for (const replay of await replays()) {
        const data = await gzipJson<ReplayData>(replay.data)
        for (const field of ['startTime', 'saveTime', 'duration', 'inputOffset'] as const)
          expect(isNumber(data[field]), `${replay.name} ${field}`).toBe(true)
        expect(isNumber(data.playArea.width) && isNumber(data.playArea.height)).toBe(true)
        const { result } = data
        expect(['allPerfect', 'fullCombo', 'pass', 'fail']).toContain(result.grade)
        for (const field of [
          'arcadeScore',
          'accuracyScore',
          'combo',
          'perfect',
          'great',
          'good',
          'miss',
          'totalCount',
        ] as const)
          expect(isNumber(result[field]), `${replay.name} result.${field}`).toBe(true)
        // The inputs: four lists of numbers, one entry per judged note in each.
        const { inputs } = data
        const length = inputs.judgment.length
        expect(length).toBe(result.totalCount)
        for (const field of ['entityIndex', 'time', 'judgment', 'accuracy'] as const) {
          expect(inputs[field]).toHaveLength(length)
          expect(inputs[field].every(isNumber)).toBe(true)
        }
        expect(Array.isArray(data.entities)).toBe(true)
        for (const entity of data.entities)
          for (const entry of entity.data)
            expect(typeof entry.name === 'string' && isNumber(entry.value)).toBe(true)
        for (const field of ['l', 't', 'x', 'y'] as const)
          expect(Array.isArray(data.touches[field])).toBe(true)
      }
    })

    it('serves the demo replays’ configuration as gzip JSON with a list of option values', async () => {
      for (const replay of await replays()) {
        const configuration = await gzipJson<{ options: unknown }>(replay.configuration)
        expect(Array.isArray(configuration.options), replay.name).toBe(true)
        expect((configuration.options as unknown[]).every(isNumber)).toBe(true)
      }
    })

    it('refuses replay data or configuration that is not gzip JSON, and stores nothing', async () => {
      const session = await appSession(test.app, { id: 'ivy', handle: '7001', name: 'Ivy' })
      const level = levels[0]!
      const records = await test.ctx.repos.leaderboards.countRecords()
      const gzipped = replayFiles({})
      const plain = {
        data: gunzipSync(gzipped.data),
        configuration: gunzipSync(gzipped.configuration),
      }
      for (const files of [
        { data: plain.data, configuration: gzipped.configuration },
        { data: gzipped.data, configuration: plain.configuration },
      ]) {
        const submitted = await test.app.inject({
          method: 'POST',
          url: '/sonolus/levels/result/submit',
          headers: { authorization: session },
          payload: { replay: replayItem(level, files), values: '' },
        })
        expect(submitted.statusCode).toBe(200)
        const { body, contentType } = multipartBody([{ bytes: files.data }, { bytes: files.configuration }])
        const uploaded = await test.app.inject({
          method: 'POST',
          url: '/sonolus/levels/result/upload',
          headers: { 'content-type': contentType, 'sonolus-upload-key': submitted.json().key },
          payload: body,
        })
        expect(uploaded.statusCode).toBe(400)
        expect(uploaded.json()).toMatchObject({
          error: 'upload_failed',
          message: expect.stringMatching(/not gzip JSON/),
        })
        // The replay is not kept for anyone to watch.
        expect(await test.ctx.blobStore.head(sha1(files.data))).toBeUndefined()
      }
      expect(await test.ctx.repos.leaderboards.countRecords()).toBe(records)
    })
  })
})
