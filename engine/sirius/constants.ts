// The Sirius game's numbers (shared docs engine.md: windows, hitboxes, score, life, stage) and our own
// choices for how the stage looks, in one place for the engine, its tests and the auto-player.
import { ARCHETYPES } from '../../common/chart/levelData/types.js'

export { ARCHETYPES }

/** Notes judged on a new touch's start: taps and the four hold starts. */
export const TAP_ARCHETYPES: ReadonlySet<string> = new Set([
  ARCHETYPES.normal,
  ARCHETYPES.critical,
  ARCHETYPES.holdStart,
  ARCHETYPES.criticalHoldStart,
  ARCHETYPES.scratchHoldStart,
  ARCHETYPES.criticalScratchHoldStart,
])

/** Judgment windows in seconds, either side of a note's time (in Sonolus's three grades). */
export const WINDOW = { perfect: 0.04, great: 0.07, good: 0.125 } as const
/** A Hold Eighth knows only Perfect and Good. */
export const EIGHTH_WINDOW = { perfect: 0.07, good: 0.125 } as const
/** How close to a hitbox's edge a touch counts as on it (screen units): far below a finger's size, far
 *  above the rounding of the sums that place an edge, so that both edges are decided alike. */
export const HITBOX_EDGE = 1e-6
/** A note is on screen at least this long (seconds) before its window opens, whatever the time scale and
 *  input offset. */
export const SPAWN_LEAD = 0.25
/** A flick or scratch counts a touch moving at least this fast (screen units a second). */
export const FLICK_SPEED = 0.1

/** Arcade multipliers per judgment; no combo bonus. */
export const SCORE = { perfect: 1, great: 0.8, good: 0.5 } as const
/** Life lost on a Miss: most notes, and hold eighths and sound ticks. */
export const MISS_LIFE = { most: -80, least: -40 } as const

export const LANES = 12
/** Depth of the judgment line: the stage runs from the top of the screen (0) to its bottom (1), and the
 *  line sits a quarter of the height up from the bottom. */
export const JUDGMENT_DEPTH = 0.75
/** The stage's top edge is this fraction of its bottom edge. */
export const TOP_WIDTH = 0.1
/** The widest a stage gets, as a screen's aspect ratio: wider screens leave room at the sides. */
export const MAX_STAGE_ASPECT = 16 / 9
/** Seconds a note is visible before its time at note speed 1 (the default speed 5 gives 1.48 s). */
export const APPEAR_TIME = 7.4
/** Steepness of the approach curve: a note's depth grows as (e^(k·t) − 1)/(e^k − 1) of its way. */
export const APPROACH_CURVE = 2.6
/** A note's height at the judgment line (screen units), before the note size option. */
export const NOTE_HEIGHT = 0.1
export const JUDGMENT_LINE_HEIGHT = 0.03

/** Options, in the configuration's order (Level Option indexes). */
export const OPTION = {
  speed: 0,
  noteSpeed: 1,
  mirror: 2,
  noteSize: 3,
  stageAlpha: 4,
  hitSounds: 5,
  autoSfx: 6,
  syncLines: 7,
} as const

/** Split line dividers for split 1..6, on 0..12 (docs/chart-format.md §7). */
export const SPLIT_DIVIDERS: readonly (readonly number[])[] = [
  [0, 12],
  [0, 6, 12],
  [0, 4, 8, 12],
  [0, 3, 6, 9, 12],
  [0, 3, 5, 7, 9, 12],
  [0, 2, 4, 6, 8, 10, 12],
]
/** A split line fades in this long before its start and out this long after its end. */
export const SPLIT_FADE = { in: 0.75, out: 0.2 } as const
