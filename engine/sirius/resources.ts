// The skin sprites, effect clips and particle effects the engine asks for: standard names only, so the
// free pack we serve and any imported skin work. Ids are the list order, the same in every mode.
import { Resources } from '../builder/engineData.js'

export const SPRITES = new Resources([
  '#NOTE_HEAD_RED',
  '#NOTE_HEAD_YELLOW',
  '#NOTE_HEAD_BLUE',
  '#NOTE_HEAD_PURPLE',
  '#NOTE_TAIL_BLUE',
  '#NOTE_TAIL_PURPLE',
  '#NOTE_CONNECTION_BLUE',
  '#NOTE_CONNECTION_PURPLE',
  '#NOTE_TICK_BLUE',
  '#NOTE_TICK_PURPLE',
  '#DIRECTIONAL_MARKER_PURPLE',
  '#SIMULTANEOUS_CONNECTION_NEUTRAL',
  '#JUDGMENT_LINE',
  '#LANE',
  '#LANE_ALTERNATIVE',
  '#STAGE_MIDDLE',
  '#STAGE_LEFT_BORDER',
  '#STAGE_RIGHT_BORDER',
  '#STAGE_COVER',
  '#GRID_NEUTRAL',
  '#GRID_YELLOW',
] as const)

export const CLIPS = new Resources(['#PERFECT', '#GREAT', '#GOOD', '#HOLD', '#PERFECT_ALTERNATIVE'] as const)

export const PARTICLES = new Resources([
  '#NOTE_LINEAR_TAP_RED',
  '#NOTE_CIRCULAR_TAP_RED',
  '#NOTE_LINEAR_TAP_YELLOW',
  '#NOTE_CIRCULAR_TAP_YELLOW',
  '#NOTE_LINEAR_TAP_BLUE',
  '#NOTE_CIRCULAR_TAP_BLUE',
  '#NOTE_LINEAR_TAP_CYAN',
  '#NOTE_CIRCULAR_TAP_CYAN',
  '#NOTE_CIRCULAR_HOLD_BLUE',
  '#NOTE_CIRCULAR_HOLD_CYAN',
] as const)

export const S = SPRITES.ids
export const C = CLIPS.ids
export const P = PARTICLES.ids

export const skinOf = () => ({ sprites: SPRITES.list() })
export const effectOf = () => ({ clips: CLIPS.list() })
export const particleOf = () => ({ effects: PARTICLES.list() })
