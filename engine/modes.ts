// The four engine modes as the Sonolus engine specs define them: each mode's callbacks, in the order the
// app runs them, and each block's id, size and which callbacks may read and write it. The builder takes
// its block ids from here and the interpreter its checks, so the two cannot disagree.

export type Mode = 'play' | 'watch' | 'preview' | 'tutorial'

export const CALLBACKS = {
  play: [
    'preprocess',
    'spawnOrder',
    'shouldSpawn',
    'initialize',
    'updateSequential',
    'touch',
    'updateParallel',
    'terminate',
  ],
  watch: [
    'preprocess',
    'spawnTime',
    'despawnTime',
    'initialize',
    'updateSequential',
    'updateParallel',
    'terminate',
    'updateSpawn',
  ],
  preview: ['preprocess', 'render'],
  tutorial: ['preprocess', 'navigate', 'update'],
} as const

export type CallbackOf<M extends Mode> = (typeof CALLBACKS)[M][number]
export type AnyCallback = CallbackOf<Mode>

/** How a block's values are laid out: one array for the level, one per entity (`perEntity`, read
 *  through the current entity), every entity's side by side (`entityArray`, a view of the per-entity block
 *  `view`), or every archetype's (`archetypeArray`). */
export type BlockScope = 'level' | 'perEntity' | 'entityArray' | 'archetypeArray'

export type BlockSpec = {
  name: string
  id: number
  scope: BlockScope
  /** Values in the block (per entity for perEntity; per entity or archetype for the arrays). */
  size: number
  /** Every callback may read every block (the specs' read tables); these may write it. */
  write: readonly AnyCallback[]
  view?: string
}

type Row = Omit<BlockSpec, 'name'>
const row = (
  id: number,
  size: number,
  write: readonly AnyCallback[],
  scope: BlockScope = 'level',
  view?: string,
): Row => ({
  id,
  size,
  write,
  scope,
  ...(view ? { view } : {}),
})

// Which callbacks may write each block: the specs' write tables.
const P = CALLBACKS.play
const playPre = ['preprocess'] as const
const playSeq = ['preprocess', 'updateSequential', 'touch'] as const
const W = CALLBACKS.watch
const watchPre = ['preprocess'] as const
const watchSeq = ['preprocess', 'updateSequential'] as const
const watchEntity = W.filter((callback) => callback !== 'updateSpawn')
const previewPre = ['preprocess'] as const
const T = CALLBACKS.tutorial

const TABLES = {
  play: {
    RuntimeEnvironment: row(1000, 5, playPre),
    RuntimeUpdate: row(1001, 4, []),
    RuntimeTouchArray: row(1002, 15 * 64, []),
    RuntimeSkinTransform: row(1003, 16, playSeq),
    RuntimeParticleTransform: row(1004, 16, playSeq),
    RuntimeBackground: row(1005, 8, playSeq),
    RuntimeUI: row(1006, 80, playPre),
    RuntimeUIConfiguration: row(1007, 10, playPre),
    LevelMemory: row(2000, 4096, playSeq),
    LevelData: row(2001, 4096, playPre),
    LevelOption: row(2002, 256, []),
    LevelBucket: row(2003, 6 * 256, playPre),
    LevelScore: row(2004, 12, playPre),
    LevelLife: row(2005, 6, playPre),
    EngineRom: row(3000, 0, []),
    EntityMemory: row(4000, 64, P, 'perEntity'),
    EntityData: row(4001, 32, playPre, 'perEntity'),
    EntitySharedMemory: row(4002, 32, playSeq, 'perEntity'),
    EntityInfo: row(4003, 3, [], 'perEntity'),
    EntityDespawn: row(4004, 1, P, 'perEntity'),
    EntityInput: row(4005, 4, P, 'perEntity'),
    EntityDataArray: row(4101, 32, playPre, 'entityArray', 'EntityData'),
    EntitySharedMemoryArray: row(4102, 32, playSeq, 'entityArray', 'EntitySharedMemory'),
    EntityInfoArray: row(4103, 3, [], 'entityArray', 'EntityInfo'),
    ArchetypeLife: row(5000, 4, playPre, 'archetypeArray'),
    TemporaryMemory: row(10000, 4096, P),
  },
  watch: {
    RuntimeEnvironment: row(1000, 5, watchPre),
    RuntimeUpdate: row(1001, 4, []),
    RuntimeSkinTransform: row(1002, 16, watchSeq),
    RuntimeParticleTransform: row(1003, 16, watchSeq),
    RuntimeBackground: row(1004, 8, watchSeq),
    RuntimeUI: row(1005, 90, watchPre),
    RuntimeUIConfiguration: row(1006, 12, watchPre),
    LevelMemory: row(2000, 4096, watchSeq),
    LevelData: row(2001, 4096, watchPre),
    LevelOption: row(2002, 256, []),
    LevelBucket: row(2003, 6 * 256, watchPre),
    LevelScore: row(2004, 12, watchPre),
    LevelLife: row(2005, 6, watchPre),
    EngineRom: row(3000, 0, []),
    EntityMemory: row(4000, 64, watchEntity, 'perEntity'),
    EntityData: row(4001, 32, watchPre, 'perEntity'),
    EntitySharedMemory: row(4002, 32, watchSeq, 'perEntity'),
    EntityInfo: row(4003, 3, [], 'perEntity'),
    EntityInput: row(4004, 3, watchEntity, 'perEntity'),
    EntityDataArray: row(4101, 32, watchPre, 'entityArray', 'EntityData'),
    EntitySharedMemoryArray: row(4102, 32, watchSeq, 'entityArray', 'EntitySharedMemory'),
    EntityInfoArray: row(4103, 3, [], 'entityArray', 'EntityInfo'),
    ArchetypeLife: row(5000, 4, watchPre, 'archetypeArray'),
    TemporaryMemory: row(10000, 4096, W),
  },
  preview: {
    RuntimeEnvironment: row(1000, 2, previewPre),
    RuntimeCanvas: row(1001, 2, previewPre),
    RuntimeSkinTransform: row(1002, 16, previewPre),
    RuntimeUI: row(1003, 18, previewPre),
    RuntimeUIConfiguration: row(1004, 4, previewPre),
    PreviewData: row(2000, 4096, previewPre),
    PreviewOption: row(2001, 256, []),
    EngineRom: row(3000, 0, []),
    EntityData: row(4000, 32, previewPre, 'perEntity'),
    EntitySharedMemory: row(4001, 32, previewPre, 'perEntity'),
    EntityInfo: row(4002, 2, [], 'perEntity'),
    EntityDataArray: row(4100, 32, previewPre, 'entityArray', 'EntityData'),
    EntitySharedMemoryArray: row(4101, 32, previewPre, 'entityArray', 'EntitySharedMemory'),
    EntityInfoArray: row(4102, 2, [], 'entityArray', 'EntityInfo'),
    TemporaryMemory: row(10000, 4096, CALLBACKS.preview),
  },
  tutorial: {
    RuntimeEnvironment: row(1000, 3, ['preprocess']),
    RuntimeUpdate: row(1001, 3, []),
    RuntimeSkinTransform: row(1002, 16, T),
    RuntimeParticleTransform: row(1003, 16, T),
    RuntimeBackground: row(1004, 8, T),
    RuntimeUI: row(1005, 36, ['preprocess']),
    RuntimeUIConfiguration: row(1006, 6, ['preprocess']),
    TutorialMemory: row(2000, 4096, T),
    TutorialData: row(2001, 4096, ['preprocess']),
    TutorialInstruction: row(2002, 1, T),
    EngineRom: row(3000, 0, []),
    TemporaryMemory: row(10000, 4096, T),
  },
} as const satisfies Record<Mode, Record<string, Row>>

export const BLOCKS: Record<Mode, readonly BlockSpec[]> = {
  play: specs(TABLES.play),
  watch: specs(TABLES.watch),
  preview: specs(TABLES.preview),
  tutorial: specs(TABLES.tutorial),
}

function specs(table: Record<string, Row>): BlockSpec[] {
  return Object.entries(table).map(([name, spec]) => ({ name, ...spec }))
}

const ids = <T extends Record<string, Row>>(table: T): { readonly [K in keyof T]: number } =>
  Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, spec.id])) as {
    [K in keyof T]: number
  }

/** Each mode's block ids by name, for the engine's sources. */
export const PLAY = ids(TABLES.play)
export const WATCH = ids(TABLES.watch)
export const PREVIEW = ids(TABLES.preview)
export const TUTORIAL = ids(TABLES.tutorial)
