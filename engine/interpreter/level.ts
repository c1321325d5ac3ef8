// A level's entities as every mode loads them: each archetype by name, and each import's value from the
// entity's data by name (a `ref` is the index of the entity of that name), else the import's default.
import type { LevelData } from '@sonolus/core'

type Imported = { name: string; index: number; def?: number }
type Archetype = { name: string; imports: readonly Imported[] }

export type LoadedLevel = {
  /** Each entity's archetype index, −1 for one the mode does not define (it is skipped). */
  archetypes: number[]
  skipped: number[]
}

/** Writes every entity's imports into `entityData` (32 values each) and says which archetype each has.
 *  Refuses an entity whose archetype the mode lacks unless `skipUnknown` (the app leaves such entities out). */
export const loadLevel = (
  level: LevelData,
  archetypes: readonly Archetype[],
  entityData: Float64Array,
  mode: string,
  skipUnknown = false,
): LoadedLevel => {
  const names = archetypes.map((archetype) => archetype.name)
  const byName = new Map<string, number>()
  level.entities.forEach((entity, index) => {
    if (entity.name !== undefined) byName.set(entity.name, index)
  })
  const skipped: number[] = []
  const indexes = level.entities.map((entity, index) => {
    const archetype = names.indexOf(entity.archetype)
    if (archetype < 0) {
      if (!skipUnknown)
        throw new Error(
          `entity ${index}: archetype "${entity.archetype}" is not in the engine's ${mode} data`,
        )
      skipped.push(index)
      return -1
    }
    for (const item of archetypes[archetype]!.imports) {
      const datum = entity.data.find((candidate) => candidate.name === item.name)
      let value = item.def ?? 0
      if (datum && 'value' in datum) value = datum.value
      else if (datum && 'ref' in datum) value = byName.get(datum.ref) ?? -1
      entityData[index * 32 + item.index] = value
    }
    return archetype
  })
  return { archetypes: indexes, skipped }
}
