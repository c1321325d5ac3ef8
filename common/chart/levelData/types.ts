// Sirius level data (docs/chart-format.md §1, §4): @sonolus/core's LevelData shape, {name, value}
// pairs only, no entity names.

export type LevelDataValue = { name: string; value: number }

export type LevelDataEntity = {
  archetype: string
  data: LevelDataValue[]
}

export type LevelData = {
  bgmOffset: number
  entities: LevelDataEntity[]
}

export const ARCHETYPES = {
  initialization: 'Sirius Initialization',
  inputManager: 'Sirius Input Manager',
  stage: 'Sirius Stage',
  bpmChange: '#BPM_CHANGE',
  timescaleChange: '#TIMESCALE_CHANGE',
  normal: 'Sirius Normal Note',
  critical: 'Sirius Critical Note',
  holdStart: 'Sirius Hold Start',
  criticalHoldStart: 'Sirius Critical Hold Start',
  scratchHoldStart: 'Sirius Scratch Hold Start',
  criticalScratchHoldStart: 'Sirius Critical Scratch Hold Start',
  flick: 'Sirius Flick Note',
  holdEnd: 'Sirius Hold End',
  scratchHoldEnd: 'Sirius Scratch Hold End',
  nontailHoldEnd: 'Sirius Nontail Hold End',
  nontailScratchHoldEnd: 'Sirius Nontail Scratch Hold End',
  sound: 'Sirius Sound',
  holdEighth: 'Sirius Hold Eighth',
  syncLine: 'Sirius Sync Line',
  splitLine: 'Sirius Split Line',
} as const

/** §4: every archetype and exactly its data names. */
export const ARCHETYPE_FIELDS: Record<string, readonly string[]> = {
  [ARCHETYPES.initialization]: [],
  [ARCHETYPES.inputManager]: [],
  [ARCHETYPES.stage]: [],
  [ARCHETYPES.bpmChange]: ['#BEAT', '#BPM'],
  [ARCHETYPES.timescaleChange]: ['#BEAT', '#TIMESCALE'],
  [ARCHETYPES.normal]: ['beat', 'lane', 'laneLength'],
  [ARCHETYPES.critical]: ['beat', 'lane', 'laneLength'],
  [ARCHETYPES.holdStart]: ['beat', 'lane', 'laneLength'],
  [ARCHETYPES.criticalHoldStart]: ['beat', 'lane', 'laneLength'],
  [ARCHETYPES.scratchHoldStart]: ['beat', 'lane', 'laneLength'],
  [ARCHETYPES.criticalScratchHoldStart]: ['beat', 'lane', 'laneLength'],
  [ARCHETYPES.flick]: ['beat', 'lane', 'laneLength', 'scratchLength'],
  [ARCHETYPES.holdEnd]: ['beat', 'stBeat', 'lane', 'laneLength'],
  [ARCHETYPES.scratchHoldEnd]: ['beat', 'stBeat', 'lane', 'laneLength', 'scratchLength'],
  [ARCHETYPES.nontailHoldEnd]: ['beat', 'stBeat', 'lane', 'laneLength'],
  [ARCHETYPES.nontailScratchHoldEnd]: ['beat', 'stBeat', 'lane', 'laneLength', 'scratchLength'],
  [ARCHETYPES.sound]: ['beat', 'lane', 'laneLength', 'holdType'],
  [ARCHETYPES.holdEighth]: ['beat', 'lane', 'laneLength', 'holdType'],
  [ARCHETYPES.syncLine]: ['beat', 'left', 'right'],
  [ARCHETYPES.splitLine]: ['beat', 'endBeat', 'split', 'color'],
}

/** §9: the archetypes counted by noteCount (the spec's "note archetypes"). */
export const NOTE_ARCHETYPES: ReadonlySet<string> = new Set([
  ARCHETYPES.normal,
  ARCHETYPES.critical,
  ARCHETYPES.holdStart,
  ARCHETYPES.criticalHoldStart,
  ARCHETYPES.scratchHoldStart,
  ARCHETYPES.criticalScratchHoldStart,
  ARCHETYPES.flick,
  ARCHETYPES.sound,
  ARCHETYPES.holdEighth,
  ARCHETYPES.holdEnd,
  ARCHETYPES.scratchHoldEnd,
])

export const HEADER_ARCHETYPES = [
  ARCHETYPES.initialization,
  ARCHETYPES.inputManager,
  ARCHETYPES.stage,
] as const

export const LANES = 12
