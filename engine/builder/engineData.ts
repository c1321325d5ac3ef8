// Engine data files from archetype definitions: every callback's statement becomes an entry node of one
// shared table, in a fixed order, so the same sources always give the same JSON.
import type {
  EngineDataBucket,
  EnginePlayData,
  EnginePreviewData,
  EngineTutorialData,
  EngineWatchData,
} from '@sonolus/core'
import { CALLBACKS, type CallbackOf } from '../modes.js'
import { NodeTable, type Val } from './node.js'

export type Callback = { body: Val; order?: number }

export type Import = { name: string; index: number; def?: number }

export type ArchetypeDef<M extends 'play' | 'watch' | 'preview'> = {
  name: string
  imports: Import[]
  callbacks: Partial<Record<Exclude<CallbackOf<M>, 'updateSpawn'>, Callback>>
} & (M extends 'preview' ? unknown : { hasInput: boolean }) &
  (M extends 'play' ? { exports: string[] } : unknown)

/** Names given ids in the order they are listed: sprites, clips, particle effects, icons, texts. */
export class Resources<N extends string> {
  readonly ids: Readonly<Record<N, number>>
  constructor(readonly names: readonly N[]) {
    this.ids = Object.fromEntries(names.map((name, id) => [name, id])) as Record<N, number>
  }
  list(): { name: N; id: number }[] {
    return this.names.map((name, id) => ({ name, id }))
  }
}

type Order<M extends 'play' | 'watch' | 'preview'> = readonly Exclude<CallbackOf<M>, 'updateSpawn'>[]

const archetypes = <M extends 'play' | 'watch' | 'preview'>(
  table: NodeTable,
  defs: readonly ArchetypeDef<M>[],
  callbacks: Order<M>,
) =>
  defs.map((def) => {
    const out: Record<string, unknown> = { name: def.name }
    if ('hasInput' in def) out.hasInput = def.hasInput
    for (const name of callbacks) {
      const callback = (def.callbacks as Record<string, Callback | undefined>)[name]
      if (!callback) continue
      out[name] = {
        index: table.add(callback.body),
        ...(callback.order !== undefined && callback.order !== 0 ? { order: callback.order } : {}),
      }
    }
    out.imports = def.imports
    if ('exports' in def) out.exports = def.exports
    return out
  })

type Skin = { sprites: { name: string; id: number }[] }
type Effect = { clips: { name: string; id: number }[] }
type Particle = { effects: { name: string; id: number }[] }

const PLAY_ORDER: Order<'play'> = CALLBACKS.play
const WATCH_ORDER: Order<'watch'> = CALLBACKS.watch.filter(
  (callback): callback is Exclude<CallbackOf<'watch'>, 'updateSpawn'> => callback !== 'updateSpawn',
)

export const playData = (input: {
  skin: Skin
  effect: Effect
  particle: Particle
  buckets: EngineDataBucket[]
  archetypes: readonly ArchetypeDef<'play'>[]
}): EnginePlayData => {
  const table = new NodeTable()
  const list = archetypes(table, input.archetypes, PLAY_ORDER) as unknown as EnginePlayData['archetypes']
  return {
    skin: input.skin,
    effect: input.effect,
    particle: input.particle,
    buckets: input.buckets,
    archetypes: list,
    nodes: table.nodes,
  }
}

export const watchData = (input: {
  skin: Skin
  effect: Effect
  particle: Particle
  buckets: EngineDataBucket[]
  archetypes: readonly ArchetypeDef<'watch'>[]
  updateSpawn: Val
}): EngineWatchData => {
  const table = new NodeTable()
  const list = archetypes(table, input.archetypes, WATCH_ORDER) as unknown as EngineWatchData['archetypes']
  const updateSpawn = table.add(input.updateSpawn)
  return {
    skin: input.skin,
    effect: input.effect,
    particle: input.particle,
    buckets: input.buckets,
    archetypes: list,
    updateSpawn,
    nodes: table.nodes,
  }
}

export const previewData = (input: {
  skin: Skin
  archetypes: readonly ArchetypeDef<'preview'>[]
}): EnginePreviewData => {
  const table = new NodeTable()
  const list = archetypes(table, input.archetypes, [
    'preprocess',
    'render',
  ]) as unknown as EnginePreviewData['archetypes']
  return { skin: input.skin, archetypes: list, nodes: table.nodes }
}

export const tutorialData = (input: {
  skin: Skin
  effect: Effect
  particle: Particle
  instruction: { texts: { name: string; id: number }[]; icons: { name: string; id: number }[] }
  preprocess: Val
  navigate: Val
  update: Val
}): EngineTutorialData => {
  const table = new NodeTable()
  const preprocess = table.add(input.preprocess)
  const navigate = table.add(input.navigate)
  const update = table.add(input.update)
  return {
    skin: input.skin,
    effect: input.effect,
    particle: input.particle,
    instruction: input.instruction,
    preprocess,
    navigate,
    update,
    nodes: table.nodes,
  }
}
