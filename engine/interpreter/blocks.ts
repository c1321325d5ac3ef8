// The blocks of one mode, with the engine specs' access tables enforced: a read or write that the current
// callback may not make is refused, as is a write outside a block or an index that is not a whole number,
// and an entity's blocks used with no entity (or, but for Entity Memory and Entity Despawn, by one made by
// Spawn, which has no others). A read outside a block gives 0, as in the app.
import { BLOCKS, CALLBACKS, type Mode } from '../modes.js'
import type { FastBlocks } from './compile.js'
import { EngineRefusal, type Where } from './errors.js'

type Accessor = {
  name: string
  id: number
  readable: Uint8Array
  writable: Uint8Array
  /** Values of the block; per-entity blocks hold every entity's, `stride` apart. */
  values: Float64Array
  stride: number
  /** Values an index may reach (per entity for per-entity blocks). */
  length: number
  /** Read through the current entity. */
  entityBound: boolean
  /** An entity made by Spawn has this block too. */
  spawnedHaveIt: boolean
}

export type BlockSetup = {
  mode: Mode
  /** Entities of the level (those with data, info and input). */
  entityCount: number
  archetypeCount: number
  /** Sizes that depend on the level or engine: option count, touch capacity, rom length. */
  sizes?: Partial<Record<string, number>>
  rom?: Float32Array
}

export class Blocks implements FastBlocks {
  /** The callback running, as its index in CALLBACKS[mode]; -1 outside callbacks. */
  callback = -1
  /** The entity whose callback runs; -1 for none (a global callback). */
  entity = -1
  frame: number | undefined = undefined
  archetypeName: (entity: number) => string | undefined = () => undefined
  /** Entities with blocks: the level's, then those made by Spawn. */
  entities: number

  private readonly byName = new Map<string, Accessor>()
  private readonly accessors: (Accessor | undefined)[] = []
  private readonly callbacks: readonly string[]

  constructor(private readonly setup: BlockSetup) {
    this.callbacks = CALLBACKS[setup.mode]
    this.entities = setup.entityCount
    const flags = (list: readonly string[]) =>
      Uint8Array.from(this.callbacks.map((callback) => (list.includes(callback) ? 1 : 0)))
    for (const spec of BLOCKS[setup.mode]) {
      if (spec.scope === 'entityArray') continue
      const size = setup.sizes?.[spec.name] ?? spec.size
      const perEntity = spec.scope === 'perEntity'
      const count = perEntity ? setup.entityCount : spec.scope === 'archetypeArray' ? setup.archetypeCount : 1
      const values =
        spec.name === 'EngineRom'
          ? Float64Array.from(setup.rom ?? [])
          : new Float64Array(Math.max(count, 1) * size)
      if (/(Skin|Particle)Transform$/.test(spec.name)) for (const i of [0, 5, 10, 15]) values[i] = 1
      const accessor: Accessor = {
        name: spec.name,
        id: spec.id,
        // The specs let every callback read every block.
        readable: flags(this.callbacks),
        writable: flags(spec.write),
        values,
        stride: perEntity ? size : 0,
        length: perEntity ? size : values.length,
        entityBound: perEntity,
        spawnedHaveIt: spec.name === 'EntityMemory' || spec.name === 'EntityDespawn',
      }
      this.accessors[spec.id] = accessor
      this.byName.set(spec.name, accessor)
    }
    // The entity arrays are every entity's per-entity block side by side.
    for (const spec of BLOCKS[setup.mode]) {
      if (spec.scope !== 'entityArray') continue
      const view = this.byName.get(spec.view!)!
      const accessor: Accessor = {
        ...view,
        name: spec.name,
        id: spec.id,
        readable: flags(this.callbacks),
        writable: flags(spec.write),
        stride: 0,
        length: setup.entityCount * view.stride,
        entityBound: false,
        spawnedHaveIt: false,
      }
      this.accessors[spec.id] = accessor
      this.byName.set(spec.name, accessor)
    }
  }

  /** A new entity with only Entity Memory (filled from `memory`) and Entity Despawn; its index. */
  addEntity(memory: readonly number[] = []): number {
    const entity = this.entities++
    for (const accessor of this.accessors) {
      if (!accessor?.spawnedHaveIt) continue
      const needed = this.entities * accessor.stride
      if (accessor.values.length < needed) {
        const grown = new Float64Array(Math.max(needed, accessor.values.length * 2))
        grown.set(accessor.values)
        accessor.values = grown
      }
      accessor.values.fill(0, entity * accessor.stride, (entity + 1) * accessor.stride)
    }
    this.byName.get('EntityMemory')?.values.set(memory.slice(0, 64), entity * 64)
    return entity
  }

  where(): Where {
    const entity = this.entity >= 0 ? this.entity : undefined
    return {
      mode: this.setup.mode,
      ...(this.callback >= 0 ? { callback: this.callbacks[this.callback] } : {}),
      ...(entity !== undefined ? { entity, archetype: this.archetypeName(entity) } : {}),
      ...(this.frame !== undefined ? { frame: this.frame } : {}),
    }
  }

  refuse(reason: string): never {
    throw new EngineRefusal(reason, this.where())
  }

  /** Where `index` of the accessor is for the current entity, or -1 outside the block. */
  private place(accessor: Accessor, index: number, write: boolean): number {
    if ((write ? accessor.writable : accessor.readable)[this.callback] !== 1)
      this.refuse(
        `${write ? 'writes' : 'reads'} ${accessor.name} (block ${accessor.id}), which this callback may not`,
      )
    let base = 0
    if (accessor.entityBound) {
      if (this.entity < 0) this.refuse(`uses ${accessor.name} outside an entity's callback`)
      if (this.entity >= this.setup.entityCount && !accessor.spawnedHaveIt)
        this.refuse(`uses ${accessor.name} in an entity made by Spawn, which has none`)
      base = this.entity * accessor.stride
    }
    if (index >= 0 && index < accessor.length && Math.floor(index) === index) return base + index
    if (Math.floor(index) !== index)
      this.refuse(`uses index ${index} of ${accessor.name}, not a whole number`)
    if (write) this.refuse(`writes ${accessor.name}[${index}], outside its ${accessor.length} values`)
    return -1
  }

  read = (block: number, index: number): number => {
    const accessor = this.accessors[block]
    if (accessor === undefined) return 0
    const at = this.place(accessor, index, false)
    return at < 0 ? 0 : accessor.values[at]!
  }

  write = (block: number, index: number, value: number): void => {
    const accessor = this.accessors[block]
    if (accessor === undefined)
      this.refuse(`writes block ${block}, which ${this.setup.mode} mode does not have`)
    accessor.values[this.place(accessor, index, true)] = value
  }

  // What the compiler needs to check an access to a constant block once and make it a plain array access.
  info(block: number) {
    return this.accessors[block]
  }
  values(block: number): Float64Array {
    return this.accessors[block]!.values
  }
  current(): number {
    return this.entity
  }
  get levelEntities(): number {
    return this.setup.entityCount
  }

  /** The interpreter's own access to a block's values, with no checks (set-up, scoring). */
  raw(name: string): Float64Array {
    const accessor = this.byName.get(name)
    if (!accessor) throw new Error(`no block ${name} in ${this.setup.mode} mode`)
    return accessor.values
  }

  callbackIndex(name: string): number {
    return this.callbacks.indexOf(name)
  }
}
