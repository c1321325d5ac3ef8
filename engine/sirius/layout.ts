// Where the engine keeps things. Every note archetype imports its level data at the same Entity Data
// indexes and writes what it derives (times, lanes after mirror, sprites…) at the same places, so one
// drawing or judging routine serves them all and its nodes are shared. Level Data holds what preprocess
// works out once for the level; Level Memory what changes during play.
import { Layout } from '../builder/memory.js'
import type { Import } from '../builder/engineData.js'

/** Imports by level-data name, at fixed Entity Data indexes. */
export const IMPORTS: Record<string, number> = {
  beat: 0,
  lane: 1,
  laneLength: 2,
  stBeat: 3,
  scratchLength: 4,
  holdType: 5,
  left: 6,
  right: 7,
  endBeat: 8,
  split: 9,
  color: 10,
}

/** The imports of an archetype with these level-data fields (plus the replay's, in watch mode). */
export const importsOf = (fields: readonly string[], extra: Import[] = []): Import[] => [
  ...fields.map((name) => ({ name, index: IMPORTS[name]! })),
  ...extra,
]

/** Entity Data of every Sirius entity: the imports, then what preprocess derives. */
export const entityLayout = (block: number) => {
  const layout = new Layout(block, 32, 'Entity Data', 0)
  const imported = layout.fields({
    beat: 1,
    lane: 1,
    laneLength: 1,
    stBeat: 1,
    scratchLength: 1,
    holdType: 1,
    left: 1,
    right: 1,
    endBeat: 1,
    split: 1,
    color: 1,
  })
  const derived = layout.fields({
    /** The note's time in seconds (the level's tempo and speed applied). */
    time: 1,
    /** A hold's start (stBeat) in seconds; the note's time for other notes. */
    start: 1,
    scaled: 1,
    scaledStart: 1,
    /** First and last lane after mirror (1..12). */
    l: 1,
    r: 1,
    /** A scratch end's target span after mirror. */
    targetL: 1,
    targetR: 1,
    head: 1,
    /** A hold's head while it is held on the judgment line. */
    stuck: 1,
    body: 1,
    marker: 1,
    /** −1 left, 0 both ways, 1 right; NaN for none. */
    arrow: 1,
    linear: 1,
    circular: 1,
    clip: 1,
    bucket: 1,
    /** Replay imports in watch mode. */
    judgment: 1,
    accuracy: 1,
    /** Watch mode: when the note is hit (or, missed, leaves), in seconds and scaled. */
    hit: 1,
    scaledHit: 1,
  })
  return { ...imported, ...derived, used: layout.used }
}

export type EntityFields = ReturnType<typeof entityLayout>

/** The watch mode's replay imports, after the level data's. */
export const REPLAY_IMPORTS = (fields: EntityFields): Import[] => [
  { name: '#JUDGMENT', index: fields.judgment.offset, def: 1 },
  { name: '#ACCURACY', index: fields.accuracy.offset, def: 0 },
]

/** What preprocess works out once (Level Data). */
export const levelDataLayout = (block: number) =>
  new Layout(block, 4096, 'Level Data').fields({
    /** Half the stage's bottom width (screen units). */
    halfWidth: 1,
    /** Seconds (scaled) a note is on screen before its time. */
    appear: 1,
    noteSize: 1,
    /** The latest time anything happens, plus a moment. */
    end: 1,
    mirror: 1,
    hitSounds: 1,
    autoSfx: 1,
    syncLines: 1,
    stageAlpha: 1,
  })

export type LevelFields = ReturnType<typeof levelDataLayout>

/** Touch claims in play mode: notes that could take a new touch this frame register; the Input Manager
 *  then hands out the frame's new touches (Level Memory). */
export const CANDIDATES = 64
export const claimLayout = (block: number) => {
  const layout = new Layout(block, 4096, 'Level Memory')
  return {
    count: layout.field('count'),
    /** Per candidate: entity, time, centre x, left and right of its hitbox. */
    entity: layout.field('entity', CANDIDATES),
    time: layout.field('time', CANDIDATES),
    centre: layout.field('centre', CANDIDATES),
    left: layout.field('left', CANDIDATES),
    right: layout.field('right', CANDIDATES),
    taken: layout.field('taken', CANDIDATES),
    /** Per touch slot of this frame: already given to a note. */
    touchTaken: layout.field('touchTaken', 64),
  }
}
