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
 *  through the current entity), or every entity's values side by side (`entityArray`, `stride` each). */
export type BlockScope = 'level' | 'perEntity' | 'entityArray' | 'archetypeArray'

export type BlockSpec = {
  name: string
  id: number
  scope: BlockScope
  /** Values in the block (per entity for perEntity; per entity or archetype for the arrays). */
  size: number
  read: readonly AnyCallback[]
  write: readonly AnyCallback[]
  /** The per-entity block an array is made of (entityArray only). */
  view?: string
}

const ALL = {
  play: CALLBACKS.play,
  watch: CALLBACKS.watch,
  preview: CALLBACKS.preview,
  tutorial: CALLBACKS.tutorial,
}

const block = (
  name: string,
  id: number,
  size: number,
  read: readonly AnyCallback[],
  write: readonly AnyCallback[],
  scope: BlockScope = 'level',
  view?: string,
): BlockSpec => ({ name, id, size, read, write, scope, ...(view ? { view } : {}) })

// Play: which callbacks may write the "shared" blocks (the wiki's write table).
const P = ALL.play
const playPre = ['preprocess'] as const
const playSeq = ['preprocess', 'updateSequential', 'touch'] as const

export const BLOCKS: Record<Mode, readonly BlockSpec[]> = {
  play: [
    block('RuntimeEnvironment', 1000, 5, P, playPre),
    block('RuntimeUpdate', 1001, 4, P, []),
    block('RuntimeTouchArray', 1002, 15 * 64, P, []),
    block('RuntimeSkinTransform', 1003, 16, P, playSeq),
    block('RuntimeParticleTransform', 1004, 16, P, playSeq),
    block('RuntimeBackground', 1005, 8, P, playSeq),
    block('RuntimeUI', 1006, 80, P, playPre),
    block('RuntimeUIConfiguration', 1007, 10, P, playPre),
    block('LevelMemory', 2000, 4096, P, playSeq),
    block('LevelData', 2001, 4096, P, playPre),
    block('LevelOption', 2002, 256, P, []),
    block('LevelBucket', 2003, 6 * 256, P, playPre),
    block('LevelScore', 2004, 12, P, playPre),
    block('LevelLife', 2005, 6, P, playPre),
    block('EngineRom', 3000, 0, P, []),
    block('EntityMemory', 4000, 64, P, P, 'perEntity'),
    block('EntityData', 4001, 32, P, playPre, 'perEntity'),
    block('EntitySharedMemory', 4002, 32, P, playSeq, 'perEntity'),
    block('EntityInfo', 4003, 3, P, [], 'perEntity'),
    block('EntityDespawn', 4004, 1, P, P, 'perEntity'),
    block('EntityInput', 4005, 4, P, P, 'perEntity'),
    block('EntityDataArray', 4101, 32, P, playPre, 'entityArray', 'EntityData'),
    block('EntitySharedMemoryArray', 4102, 32, P, playSeq, 'entityArray', 'EntitySharedMemory'),
    block('EntityInfoArray', 4103, 3, P, [], 'entityArray', 'EntityInfo'),
    block('ArchetypeLife', 5000, 4, P, playPre, 'archetypeArray'),
    block('TemporaryMemory', 10000, 4096, P, P),
  ],
  watch: [
    block('RuntimeEnvironment', 1000, 5, ALL.watch, ['preprocess']),
    block('RuntimeUpdate', 1001, 4, ALL.watch, []),
    block('RuntimeSkinTransform', 1002, 16, ALL.watch, ['preprocess', 'updateSequential']),
    block('RuntimeParticleTransform', 1003, 16, ALL.watch, ['preprocess', 'updateSequential']),
    block('RuntimeBackground', 1004, 8, ALL.watch, ['preprocess', 'updateSequential']),
    block('RuntimeUI', 1005, 90, ALL.watch, ['preprocess']),
    block('RuntimeUIConfiguration', 1006, 12, ALL.watch, ['preprocess']),
    block('LevelMemory', 2000, 4096, ALL.watch, ['preprocess', 'updateSequential']),
    block('LevelData', 2001, 4096, ALL.watch, ['preprocess']),
    block('LevelOption', 2002, 256, ALL.watch, []),
    block('LevelBucket', 2003, 6 * 256, ALL.watch, ['preprocess']),
    block('LevelScore', 2004, 12, ALL.watch, ['preprocess']),
    block('LevelLife', 2005, 6, ALL.watch, ['preprocess']),
    block('EngineRom', 3000, 0, ALL.watch, []),
    block(
      'EntityMemory',
      4000,
      64,
      ALL.watch,
      ALL.watch.filter((callback) => callback !== 'updateSpawn'),
      'perEntity',
    ),
    block('EntityData', 4001, 32, ALL.watch, ['preprocess'], 'perEntity'),
    block('EntitySharedMemory', 4002, 32, ALL.watch, ['preprocess', 'updateSequential'], 'perEntity'),
    block('EntityInfo', 4003, 3, ALL.watch, [], 'perEntity'),
    block(
      'EntityInput',
      4004,
      3,
      ALL.watch,
      ALL.watch.filter((callback) => callback !== 'updateSpawn'),
      'perEntity',
    ),
    block('EntityDataArray', 4101, 32, ALL.watch, ['preprocess'], 'entityArray', 'EntityData'),
    block(
      'EntitySharedMemoryArray',
      4102,
      32,
      ALL.watch,
      ['preprocess', 'updateSequential'],
      'entityArray',
      'EntitySharedMemory',
    ),
    block('EntityInfoArray', 4103, 3, ALL.watch, [], 'entityArray', 'EntityInfo'),
    block('ArchetypeLife', 5000, 4, ALL.watch, ['preprocess'], 'archetypeArray'),
    block('TemporaryMemory', 10000, 4096, ALL.watch, ALL.watch),
  ],
  preview: [
    block('RuntimeEnvironment', 1000, 2, ALL.preview, ['preprocess']),
    block('RuntimeCanvas', 1001, 2, ALL.preview, ['preprocess']),
    block('RuntimeSkinTransform', 1002, 16, ALL.preview, ['preprocess']),
    block('RuntimeUI', 1003, 18, ALL.preview, ['preprocess']),
    block('RuntimeUIConfiguration', 1004, 4, ALL.preview, ['preprocess']),
    block('PreviewData', 2000, 4096, ALL.preview, ['preprocess']),
    block('PreviewOption', 2001, 256, ALL.preview, []),
    block('EngineRom', 3000, 0, ALL.preview, []),
    block('EntityData', 4000, 32, ALL.preview, ['preprocess'], 'perEntity'),
    block('EntitySharedMemory', 4001, 32, ALL.preview, ['preprocess'], 'perEntity'),
    block('EntityInfo', 4002, 2, ALL.preview, [], 'perEntity'),
    block('EntityDataArray', 4100, 32, ALL.preview, ['preprocess'], 'entityArray', 'EntityData'),
    block(
      'EntitySharedMemoryArray',
      4101,
      32,
      ALL.preview,
      ['preprocess'],
      'entityArray',
      'EntitySharedMemory',
    ),
    block('EntityInfoArray', 4102, 2, ALL.preview, [], 'entityArray', 'EntityInfo'),
    block('TemporaryMemory', 10000, 4096, ALL.preview, ALL.preview),
  ],
  tutorial: [
    block('RuntimeEnvironment', 1000, 3, ALL.tutorial, ['preprocess']),
    block('RuntimeUpdate', 1001, 3, ALL.tutorial, []),
    block('RuntimeSkinTransform', 1002, 16, ALL.tutorial, ALL.tutorial),
    block('RuntimeParticleTransform', 1003, 16, ALL.tutorial, ALL.tutorial),
    block('RuntimeBackground', 1004, 8, ALL.tutorial, ALL.tutorial),
    block('RuntimeUI', 1005, 36, ALL.tutorial, ['preprocess']),
    block('RuntimeUIConfiguration', 1006, 6, ALL.tutorial, ['preprocess']),
    block('TutorialMemory', 2000, 4096, ALL.tutorial, ALL.tutorial),
    block('TutorialData', 2001, 4096, ALL.tutorial, ['preprocess']),
    block('TutorialInstruction', 2002, 1, ALL.tutorial, ALL.tutorial),
    block('EngineRom', 3000, 0, ALL.tutorial, []),
    block('TemporaryMemory', 10000, 4096, ALL.tutorial, ALL.tutorial),
  ],
}

export const PLAY = {
  RuntimeEnvironment: 1000,
  RuntimeUpdate: 1001,
  RuntimeTouchArray: 1002,
  RuntimeSkinTransform: 1003,
  RuntimeParticleTransform: 1004,
  RuntimeBackground: 1005,
  RuntimeUI: 1006,
  RuntimeUIConfiguration: 1007,
  LevelMemory: 2000,
  LevelData: 2001,
  LevelOption: 2002,
  LevelBucket: 2003,
  LevelScore: 2004,
  LevelLife: 2005,
  EntityMemory: 4000,
  EntityData: 4001,
  EntitySharedMemory: 4002,
  EntityInfo: 4003,
  EntityDespawn: 4004,
  EntityInput: 4005,
  EntityDataArray: 4101,
  EntitySharedMemoryArray: 4102,
  EntityInfoArray: 4103,
  ArchetypeLife: 5000,
  TemporaryMemory: 10000,
} as const

export const WATCH = {
  RuntimeEnvironment: 1000,
  RuntimeUpdate: 1001,
  RuntimeSkinTransform: 1002,
  RuntimeParticleTransform: 1003,
  RuntimeBackground: 1004,
  RuntimeUI: 1005,
  RuntimeUIConfiguration: 1006,
  LevelMemory: 2000,
  LevelData: 2001,
  LevelOption: 2002,
  LevelBucket: 2003,
  LevelScore: 2004,
  LevelLife: 2005,
  EntityMemory: 4000,
  EntityData: 4001,
  EntitySharedMemory: 4002,
  EntityInfo: 4003,
  EntityInput: 4004,
  EntityDataArray: 4101,
  EntitySharedMemoryArray: 4102,
  EntityInfoArray: 4103,
  ArchetypeLife: 5000,
  TemporaryMemory: 10000,
} as const

export const PREVIEW = {
  RuntimeEnvironment: 1000,
  RuntimeCanvas: 1001,
  RuntimeSkinTransform: 1002,
  RuntimeUI: 1003,
  RuntimeUIConfiguration: 1004,
  PreviewData: 2000,
  PreviewOption: 2001,
  EntityData: 4000,
  EntitySharedMemory: 4001,
  EntityInfo: 4002,
  EntityDataArray: 4100,
  EntitySharedMemoryArray: 4101,
  EntityInfoArray: 4102,
  TemporaryMemory: 10000,
} as const

export const TUTORIAL = {
  RuntimeEnvironment: 1000,
  RuntimeUpdate: 1001,
  RuntimeSkinTransform: 1002,
  RuntimeParticleTransform: 1003,
  RuntimeBackground: 1004,
  RuntimeUI: 1005,
  RuntimeUIConfiguration: 1006,
  TutorialMemory: 2000,
  TutorialData: 2001,
  TutorialInstruction: 2002,
  TemporaryMemory: 10000,
} as const
