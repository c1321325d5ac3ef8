// Small pieces every mode's archetype list uses.
import type { EngineDataBucket } from '@sonolus/core'
import type { Import } from '../builder/engineData.js'
import { ARCHETYPES } from './constants.js'
import { BUCKETED } from './common.js'
import { S } from './resources.js'

/** The app reads tempo and time scale changes from these, by name. */
export const BPM_IMPORTS: Import[] = [
  { name: '#BEAT', index: 0 },
  { name: '#BPM', index: 1 },
]
export const TIMESCALE_IMPORTS: Import[] = [
  { name: '#BEAT', index: 0 },
  { name: '#TIMESCALE', index: 1 },
]

const BUCKET_SPRITE: Record<string, number> = {
  [ARCHETYPES.normal]: S['#NOTE_HEAD_RED'],
  [ARCHETYPES.critical]: S['#NOTE_HEAD_YELLOW'],
  [ARCHETYPES.holdStart]: S['#NOTE_HEAD_BLUE'],
  [ARCHETYPES.criticalHoldStart]: S['#NOTE_HEAD_YELLOW'],
  [ARCHETYPES.scratchHoldStart]: S['#NOTE_HEAD_RED'],
  [ARCHETYPES.criticalScratchHoldStart]: S['#NOTE_HEAD_YELLOW'],
  [ARCHETYPES.flick]: S['#NOTE_HEAD_PURPLE'],
  [ARCHETYPES.holdEnd]: S['#NOTE_TAIL_BLUE'],
  [ARCHETYPES.scratchHoldEnd]: S['#NOTE_HEAD_PURPLE'],
  [ARCHETYPES.sound]: S['#NOTE_TICK_BLUE'],
  [ARCHETYPES.holdEighth]: S['#NOTE_CONNECTION_BLUE'],
}

/** One bucket per judged archetype for the result screen's judgment chart, in milliseconds. */
export const bucketsOf = (): EngineDataBucket[] =>
  BUCKETED.map((name) => ({
    sprites: [{ id: BUCKET_SPRITE[name]!, x: 0, y: 0, w: 2, h: 1, rotation: 0 }],
    unit: '#MILLISECOND_UNIT',
  }))
