// Preview mode, run as the app runs it (the engine specs' preview lifecycle): preprocess every entity in
// callback order, then render every entity once. What it drew and printed, and the canvas it asked for.
import type { EnginePreviewData, LevelData } from '@sonolus/core'
import type { DrawCall, TextCall } from './host.js'
import { RunHost } from './host.js'
import { loadLevel } from './level.js'
import { levelTiming } from './timing.js'

export type PreviewSetup = {
  data: EnginePreviewData
  level: LevelData
  options: number[]
  aspectRatio?: number
}

export type Preview = {
  draws: DrawCall[]
  texts: TextCall[]
  canvas: { scroll: number; size: number }
  /** The entity each draw came from, by draw. */
  drawnBy: number[]
  host: RunHost
}

export const runPreview = (setup: PreviewSetup): Preview => {
  const { data, level } = setup
  const names = data.archetypes.map((archetype) => archetype.name)
  const host = new RunHost(
    'preview',
    {
      entityCount: level.entities.length,
      archetypeCount: data.archetypes.length,
      sizes: { PreviewOption: setup.options.length },
    },
    levelTiming(level.entities),
    { sprites: data.skin.sprites.map((sprite) => sprite.name), clips: [], particles: [] },
  )
  const blocks = host.blocks
  const archetypeOf = loadLevel(level, data.archetypes, blocks.raw('EntityData'), 'preview').archetypes
  blocks.archetypeName = (entity) => names[archetypeOf[entity] ?? -1]
  const roots = data.archetypes.flatMap((archetype) =>
    [archetype.preprocess, archetype.render].flatMap((entry, callback) =>
      entry ? [{ index: entry.index, callback }] : [],
    ),
  )
  const compiled = host.compile(data.nodes, roots)
  const entityInfo = blocks.raw('EntityInfo')
  archetypeOf.forEach((archetype, index) => entityInfo.set([index, archetype], index * 2))
  blocks.raw('RuntimeEnvironment').set([0, setup.aspectRatio ?? 16 / 9])
  blocks.raw('PreviewOption').set(setup.options)

  const run = (name: 'preprocess' | 'render', entity: number) => {
    const callback = data.archetypes[archetypeOf[entity]!]![name]
    if (!callback) return
    blocks.callback = blocks.callbackIndex(name)
    blocks.entity = entity
    compiled.fn(callback.index, blocks.callback)()
    blocks.callback = -1
    blocks.entity = -1
  }
  const order = (entity: number) => data.archetypes[archetypeOf[entity]!]!.preprocess?.order ?? 0
  const entities = level.entities.map((_, index) => index)
  for (const entity of [...entities].sort((a, b) => order(a) - order(b) || a - b)) run('preprocess', entity)
  const drawnBy: number[] = []
  for (const entity of entities) {
    const before = host.draws.length
    run('render', entity)
    for (let i = before; i < host.draws.length; i++) drawnBy.push(entity)
  }
  const canvas = blocks.raw('RuntimeCanvas')
  return {
    draws: host.draws,
    texts: host.texts,
    canvas: { scroll: canvas[0]!, size: canvas[1]! },
    drawnBy,
    host,
  }
}
