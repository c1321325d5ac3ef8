// The node-graph builder and what it builds: shared nodes, named memory, deterministic files, the node
// budget, every archetype in every mode, and only the standard names any skin, effect and particle have.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { EffectClipName, InstructionIconName, ParticleEffectName, SkinSpriteName, Text } from '@sonolus/core'
import { ARCHETYPES } from '../../common/chart/levelData/types'
import { buildEngineData, buildEngineFiles } from '../../engine'
import { Execute, Get, num } from '../../engine/builder/dsl'
import { Layout } from '../../engine/builder/memory'
import { NodeTable } from '../../engine/builder/node'
import { LANES } from '../../engine/sirius/constants'
import { numeric } from '../../engine/sirius/geometry'
import { autoplay } from '../../engine/autoplay'
import { engine, options, play, tinyLevel } from './helpers'

describe('the node-graph builder', () => {
  it('makes identical expressions one node, and emits only what a root reaches', () => {
    const x = Get(4000, 1).add(2)
    expect(Get(4000, 1).add(2)).toBe(x)
    const table = new NodeTable()
    table.add(Execute(x.mul(x), x))
    // Get, 4000, 1, 2, Add, Multiply, Execute: each once.
    expect(table.nodes).toHaveLength(7)
    expect(table.nodes.filter((node) => 'func' in node && node.func === 'Add')).toHaveLength(1)
  })

  it('folds arithmetic on numbers and leaves out adding 0 and multiplying by 1', () => {
    expect(num(2).mul(3).add(1).constant).toBe(7)
    const x = Get(4000, 0)
    expect(x.add(0)).toBe(x)
    expect(x.mul(1)).toBe(x)
  })

  it('gives named places in a block and refuses to grow past it', () => {
    const layout = new Layout(4000, 4, 'Entity Memory')
    const fields = layout.fields({ a: 1, b: 2 })
    expect([fields.a.offset, fields.b.offset]).toEqual([0, 1])
    expect(() => layout.field('c', 2)).toThrow(/Entity Memory: "c" does not fit/)
    expect(() => fields.b.at(2)).toThrow(/outside a field of 2/)
  })
})

describe('the Sirius engine as built', () => {
  it('builds the same bytes every time: gzip without a time stamp, the same SHA-1s', () => {
    const sha1 = (files: ReturnType<typeof buildEngineFiles>) =>
      Object.fromEntries(
        Object.entries(files).map(([field, bytes]) => [
          field,
          createHash('sha1').update(bytes).digest('hex'),
        ]),
      )
    const first = buildEngineFiles()
    expect(sha1(buildEngineFiles(buildEngineData()))).toEqual(sha1(first))
    for (const field of ['configuration', 'playData', 'watchData', 'previewData', 'tutorialData'] as const) {
      expect([...first[field].subarray(0, 3)]).toEqual([0x1f, 0x8b, 8])
      expect([...first[field].subarray(4, 8)]).toEqual([0, 0, 0, 0])
    }
    // A square PNG.
    expect([...first.thumbnail.subarray(1, 4)]).toEqual([...Buffer.from('PNG')])
  })

  it('keeps its play data within 10,000 nodes', () => {
    expect(engine.playData.nodes.length).toBeLessThanOrEqual(10_000)
  })

  it('defines every archetype our converter emits in every mode', () => {
    const names = Object.values(ARCHETYPES).sort()
    for (const data of [engine.playData, engine.watchData, engine.previewData])
      expect(data.archetypes.map((archetype) => archetype.name).sort()).toEqual(names)
  })

  it('asks only for standard sprite, clip, particle, option, text and icon names', () => {
    const all = (data: { skin: { sprites: { name: string }[] } }) =>
      data.skin.sprites.map((sprite) => sprite.name)
    for (const data of [engine.playData, engine.watchData, engine.previewData, engine.tutorialData])
      expect(all(data).filter((name) => !Object.values(SkinSpriteName).includes(name as never))).toEqual([])
    for (const data of [engine.playData, engine.watchData, engine.tutorialData]) {
      expect(
        data.effect.clips.filter((clip) => !Object.values(EffectClipName).includes(clip.name as never)),
      ).toEqual([])
      expect(
        data.particle.effects.filter(
          (effect) => !Object.values(ParticleEffectName).includes(effect.name as never),
        ),
      ).toEqual([])
    }
    expect(
      engine.configuration.options.filter((option) => !Object.values(Text).includes(option.name as never)),
    ).toEqual([])
    const { texts, icons } = engine.tutorialData.instruction
    expect(texts.filter((text) => !Object.values(Text).includes(text.name as never))).toEqual([])
    expect(icons.filter((icon) => !Object.values(InstructionIconName).includes(icon.name as never))).toEqual(
      [],
    )
  })
})

describe('the stage in play mode', () => {
  const level = tinyLevel(
    [1, 4, 9, 12].map((lane, i) => ({
      archetype: ARCHETYPES.normal,
      data: { beat: 2 + i, lane, laneLength: 1 },
    })),
  )

  it('draws the judgment line with #JUDGMENT_LINE across exactly lanes 1–12 at the judgment height', () => {
    const run = play(level, [], options(), true)
    const sprite = engine.playData.skin.sprites.find((item) => item.name === '#JUDGMENT_LINE')!.id
    const line = run.frames[1]!.draws.find((draw) => draw.sprite === sprite)!
    const halfWidth = numeric.halfWidth(16 / 9)
    const [x1, y1, , , x3, y3] = line.quad
    expect(x1).toBeCloseTo(numeric.edgeX(0, 0.75, halfWidth), 9)
    expect(x3).toBeCloseTo(numeric.edgeX(LANES, 0.75, halfWidth), 9)
    expect((y1 + y3) / 2).toBeCloseTo(numeric.judgmentY, 9)
  })

  it.each([1, -0.95, 0.95])('takes a touch at the centre of a note’s lanes at height %s', (y) => {
    const touches = autoplay(level).map((touch) => ({
      points: touch.points.map((point) => ({ ...point, y })),
    }))
    const run = play(level, touches)
    expect(run.judged.map((item) => item.judgment)).toEqual([1, 1, 1, 1])
  })
})
