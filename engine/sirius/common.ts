// Long because it is the one place both modes' shared expressions live (the reason for the file).
// What play and watch mode share: the two modes number the blocks used here alike, so the same
// expressions (and nodes) serve both. Level constants, each note's derived data, and drawing.
import {
  Abs,
  And,
  BeatToTime,
  Draw,
  Execute,
  Get,
  If,
  Max,
  Min,
  Or,
  Set,
  SpawnParticleEffect,
  TimeToScaledTime,
  type Val,
  While,
  num,
  rect,
  when,
} from '../builder/dsl.js'
import { Layout } from '../builder/memory.js'
import type { Expr } from '../builder/node.js'
import { PLAY, WATCH } from '../modes.js'
import {
  APPEAR_TIME,
  ARCHETYPES,
  EIGHTH_WINDOW,
  HITBOX_EDGE,
  JUDGMENT_DEPTH,
  JUDGMENT_LINE_HEIGHT,
  LANES,
  MISS_LIFE,
  NOTE_HEIGHT,
  OPTION,
  SCORE,
  SPLIT_DIVIDERS,
  SPLIT_FADE,
  WINDOW,
} from './constants.js'
import {
  bandQuad,
  depthOf,
  edgeX,
  halfWidthFor,
  onStage,
  progressOf,
  scaleAt,
  spanQuad,
  widthAt,
  yAt,
} from './geometry.js'
import { NOTE_ARCHETYPES } from '../../common/chart/levelData/types.js'
import { entityLayout, levelDataLayout } from './layout.js'
import { S } from './resources.js'

for (const name of [
  'EntityData',
  'EntityMemory',
  'LevelData',
  'LevelOption',
  'RuntimeUpdate',
  'RuntimeEnvironment',
] as const)
  if (PLAY[name] !== WATCH[name]) throw new Error(`play and watch number ${name} differently`)
for (const name of ['LevelScore', 'LevelLife', 'LevelBucket', 'ArchetypeLife'] as const)
  if (PLAY[name] !== WATCH[name]) throw new Error(`play and watch number ${name} differently`)

export const D = entityLayout(PLAY.EntityData)
export const L = levelDataLayout(PLAY.LevelData)
export const now = (): Expr => Get(PLAY.RuntimeUpdate, 0)
export const scaledNow = (): Expr => Get(PLAY.RuntimeUpdate, 2)
export const option = (index: number): Expr => Get(PLAY.LevelOption, index)
export const aspect = (): Expr => Get(PLAY.RuntimeEnvironment, 1)
/** The player's input offset (seconds): touches' times already have it taken off, so a touch on time
 *  reaches the engine this much later (the engine specs' input essentials). */
export const inputOffset = (): Expr => Get(PLAY.RuntimeEnvironment, 3)

/** Entity Memory shared by every note archetype (each entity has its own). */
export const M = new Layout(PLAY.EntityMemory, 64, 'Entity Memory').fields({
  judged: 1,
  /** Flick: armed by a claimed touch, and when. */
  armed: 1,
  armedAt: 1,
  /** Holds: a touch is on the body; the loop and particle playing for it. */
  holding: 1,
  loop: 1,
  particle: 1,
  /** A judged time recorded before the judgment is made (holds, scratches). */
  recorded: 1,
  recordedAt: 1,
  flicked: 1,
  /** Watch: the hit has been shown. */
  shown: 1,
})

/** Scratch memory for loops; each name is used by one loop at a time. */
export const T = new Layout(10000, 4096, 'Temporary Memory').fields({
  i: 1,
  j: 1,
  found: 1,
  foundT: 1,
  foundSt: 1,
  foundEnded: 1,
  best: 1,
  bestTouch: 1,
  bestTime: 1,
  bestDistance: 1,
  /** How far apart in time a touch's start and a note are; whether the touch is on the hitbox's edge. */
  gap: 1,
  bestGap: 1,
  edge: 1,
  bestEdge: 1,
  x: 1,
  distance: 1,
  depth: 1,
  position: 1,
})

/** Archetypes in the order every mode lists them (Archetype Life is indexed by it): the converter's. */
export const ARCHETYPE_ORDER: readonly string[] = Object.values(ARCHETYPES)

/** The judged archetypes (the spec's note archetypes), each with its own bucket (index = bucket). */
export const BUCKETED: readonly string[] = ARCHETYPE_ORDER.filter((name) => NOTE_ARCHETYPES.has(name))
/** A judged archetype's bucket; −1 for the others. */
export const bucketOf = (name: string): number => BUCKETED.indexOf(name)

/** Life each judged archetype loses on a Miss. */
export const missLife = (name: string): number =>
  name === ARCHETYPES.sound || name === ARCHETYPES.holdEighth ? MISS_LIFE.least : MISS_LIFE.most

/** What a note archetype looks like and sounds like. */
export type NoteLook = {
  head?: number
  stuck?: number
  body?: number
  marker?: boolean
  linear?: number
  circular?: number
  clip?: number
}

// Level-wide set-up, run by the Initialization entity's preprocess before everyone else's.

/** The level's constants (Level Data), read from the options and the screen. */
export const levelConstants = (): Expr =>
  Execute(
    L.halfWidth.set(halfWidthFor(aspect())),
    L.appear.set(num(APPEAR_TIME).div(option(OPTION.noteSpeed))),
    L.noteSize.set(option(OPTION.noteSize)),
    L.mirror.set(option(OPTION.mirror)),
    L.hitSounds.set(And(option(OPTION.hitSounds), option(OPTION.autoSfx).not())),
    L.autoSfx.set(And(option(OPTION.hitSounds), option(OPTION.autoSfx))),
    L.syncLines.set(option(OPTION.syncLines)),
    L.stageAlpha.set(option(OPTION.stageAlpha)),
  )

/** Level Score (no combo bonus), Archetype Life (a Miss only) and the buckets' windows in ms. */
export const scoring = (): Expr =>
  Execute(
    Set(PLAY.LevelScore, 0, SCORE.perfect),
    Set(PLAY.LevelScore, 1, SCORE.great),
    Set(PLAY.LevelScore, 2, SCORE.good),
    ...BUCKETED.map((name) => Set(PLAY.ArchetypeLife, ARCHETYPE_ORDER.indexOf(name) * 4 + 3, missLife(name))),
    ...BUCKETED.flatMap((name, bucket) => {
      const eighth = name === ARCHETYPES.holdEighth
      const windows = eighth
        ? [EIGHTH_WINDOW.perfect, EIGHTH_WINDOW.perfect, EIGHTH_WINDOW.good]
        : [WINDOW.perfect, WINDOW.great, WINDOW.good]
      return windows.flatMap((window, k) => [
        Set(PLAY.LevelBucket, bucket * 6 + k * 2, -window * 1000),
        Set(PLAY.LevelBucket, bucket * 6 + k * 2 + 1, window * 1000),
      ])
    }),
  )

/** Each entity's derived data (preprocess): times through the tempo map and the time scale, lanes after
 *  mirror, the scratch target span, and what it looks like. Keeps the level's end time. */
export const deriveNote = (look: NoteLook, hold: boolean, bucket: number, scratchTarget = false): Expr => {
  const lastLane = D.lane.get().add(D.laneLength.get()).sub(1)
  const mirrored = L.mirror.get()
  const scratch = If(mirrored, D.scratchLength.get().neg(), D.scratchLength.get())
  return Execute(
    D.time.set(BeatToTime(D.beat.get())),
    D.start.set(hold ? BeatToTime(D.stBeat.get()) : D.time.get()),
    D.scaled.set(TimeToScaledTime(D.time.get())),
    D.scaledStart.set(TimeToScaledTime(D.start.get())),
    D.l.set(If(mirrored, num(LANES + 1).sub(lastLane), D.lane.get())),
    D.r.set(D.l.get().add(D.laneLength.get()).sub(1)),
    D.targetL.set(scratchTarget ? If(scratch.lt(0), D.r.get().add(scratch).add(1), D.l.get()) : D.l.get()),
    D.targetR.set(scratchTarget ? If(scratch.gt(0), D.l.get().add(scratch).sub(1), D.r.get()) : D.r.get()),
    D.arrow.set(If(scratch.gt(0), 1, If(scratch.lt(0), -1, 0))),
    D.head.set(look.head ?? -1),
    D.stuck.set(look.stuck ?? -1),
    D.body.set(look.body ?? -1),
    D.marker.set(look.marker ? 1 : 0),
    D.linear.set(look.linear ?? -1),
    D.circular.set(look.circular ?? -1),
    D.clip.set(look.clip ?? -1),
    D.bucket.set(bucket),
    L.end.set(Max(L.end.get(), D.time.get().add(1))),
  )
}

// Positions.

const appear = () => L.appear.get()
const halfWidth = () => L.halfWidth.get()

/** Depth of something at scaled time `at` now. */
export const depthAtScaled = (at: Val): Expr => depthOf(progressOf(scaledNow(), at, appear()))
/** The same, stopped at the judgment line (hold bodies end there). */
export const depthUpToLine = (at: Val): Expr => Min(depthAtScaled(at), JUDGMENT_DEPTH)

const noteHalf = (depth: Val) =>
  scaleAt(depth)
    .mul(L.noteSize.get())
    .mul(NOTE_HEIGHT / 2)

/** z: later notes under earlier ones, in bands per kind. */
const zOf = (band: number, scaled: Val) => num(band).sub(num(scaled).div(10000))

/** A note head over lanes l..r at a depth. */
export const drawHead = (sprite: Val, left: Val, right: Val, depth: Val, scaled: Val): Expr =>
  Draw(
    sprite,
    bandQuad(num(left).sub(1), right, depth, noteHalf(depth), halfWidth(), scaleAt(depth).mul(0.01)),
    zOf(200, scaled),
    1,
  )

/** Arrows over a span: right (1), left (−1) or both ways (0), pointing along the stage. */
export const drawArrows = (left: Val, right: Val, depth: Val, scaled: Val, direction: Val): Expr => {
  const size = noteHalf(depth).mul(1.6)
  const y0 = yAt(depth).add(noteHalf(depth))
  const y1 = y0.add(size.mul(2))
  const x0 = edgeX(num(left).sub(1), depth, halfWidth())
  const x1 = edgeX(right, depth, halfWidth())
  const middle = x0.add(x1).div(2)
  const z = zOf(400, scaled)
  // The marker points up; a right arrow is it turned a quarter clockwise, a left one anticlockwise.
  const pointRight = Draw(S['#DIRECTIONAL_MARKER_PURPLE'], [middle, y1, x1, y1, x1, y0, middle, y0], z, 1)
  const pointLeft = Draw(S['#DIRECTIONAL_MARKER_PURPLE'], [middle, y0, x0, y0, x0, y1, middle, y1], z, 1)
  const d = num(direction)
  return Execute(when(d.ge(0), pointRight), when(d.le(0), pointLeft))
}

/** A hold body over lanes l..r between two depths. */
export const drawBody = (sprite: Val, left: Val, right: Val, near: Val, far: Val, z: Val, alpha: Val): Expr =>
  Draw(
    sprite,
    spanQuad(num(left).sub(1), right, onStage(near), onStage(far), halfWidth()),
    zOf(100, z),
    alpha,
  )

/** The same from one scaled time to another, not past the judgment line. */
export const drawBodyBetween = (
  sprite: Val,
  left: Val,
  right: Val,
  fromScaled: Val,
  toScaled: Val,
  alpha: Val,
): Expr =>
  drawBody(sprite, left, right, depthUpToLine(fromScaled), depthUpToLine(toScaled), fromScaled, alpha)

/** The line joining notes at the same time: from lane `left`'s left edge to lane `right`'s right edge. */
export const drawSyncLine = (left: Val, right: Val, depth: Val, scaled: Val): Expr =>
  Draw(
    S['#SIMULTANEOUS_CONNECTION_NEUTRAL'],
    bandQuad(num(left).sub(1), right, depth, noteHalf(depth).mul(0.15), halfWidth()),
    zOf(50, scaled),
    0.8,
  )

/** The stage: lanes, borders and the judgment line across lanes 1–12 at the judgment depth. */
export const drawStage = (): Expr => {
  const alpha = L.stageAlpha.get()
  const w = halfWidth()
  const lanes = [] as Expr[]
  for (let lane = 0; lane < LANES; lane++)
    lanes.push(
      Draw(lane % 2 ? S['#LANE_ALTERNATIVE'] : S['#LANE'], spanQuad(lane, lane + 1, 1, 0, w), 2, alpha),
    )
  const border = (edge: number, sprite: number) =>
    Draw(
      sprite,
      [
        edgeX(edge, 1, w).sub(0.02),
        -1,
        edgeX(edge, 0, w).sub(0.002),
        1,
        edgeX(edge, 0, w).add(0.002),
        1,
        edgeX(edge, 1, w).add(0.02),
        -1,
      ],
      3,
      alpha,
    )
  const y = yAt(JUDGMENT_DEPTH)
  return Execute(
    Draw(S['#STAGE_MIDDLE'], spanQuad(0, LANES, 1, 0, w), 1, alpha),
    ...lanes,
    border(0, S['#STAGE_LEFT_BORDER']),
    border(LANES, S['#STAGE_RIGHT_BORDER']),
    Draw(
      S['#JUDGMENT_LINE'],
      rect(
        edgeX(0, JUDGMENT_DEPTH, w),
        edgeX(LANES, JUDGMENT_DEPTH, w),
        y.sub(JUDGMENT_LINE_HEIGHT / 2),
        y.add(JUDGMENT_LINE_HEIGHT / 2),
      ),
      4,
      1,
    ),
  )
}

/** The hit effects over lanes l..r on the judgment line. */
export const hitParticles = (linear: Val, circular: Val, left: Val, right: Val): Expr => {
  const w = halfWidth()
  const x0 = edgeX(num(left).sub(1), JUDGMENT_DEPTH, w)
  const x1 = edgeX(right, JUDGMENT_DEPTH, w)
  const y = yAt(JUDGMENT_DEPTH)
  const height = x1.sub(x0).mul(0.5)
  return Execute(
    when(num(linear).ge(0), SpawnParticleEffect(linear, rect(x0, x1, y, y.add(height.mul(2))), 0.5, 0)),
    when(
      num(circular).ge(0),
      SpawnParticleEffect(circular, rect(x0, x1, y.sub(height), y.add(height)), 0.5, 0),
    ),
  )
}

/** A looped hold effect over lanes l..r on the judgment line. */
export const holdParticle = (effect: Val, left: Val, right: Val): Expr => {
  const w = halfWidth()
  const x0 = edgeX(num(left).sub(1), JUDGMENT_DEPTH, w)
  const x1 = edgeX(right, JUDGMENT_DEPTH, w)
  const y = yAt(JUDGMENT_DEPTH)
  const height = x1.sub(x0).mul(0.5)
  return SpawnParticleEffect(effect, rect(x0, x1, y.sub(height), y.add(height)), 1, 1)
}

/** Split line dividers from the top of the stage to its bottom, faded in before the start and out after
 *  the end; the divider table is in Level Data after the constants. */
export const SPLIT_TABLE = 64
export const splitTable = (block: number = PLAY.LevelData): Expr =>
  Execute(
    ...SPLIT_DIVIDERS.flatMap((dividers, split) =>
      dividers.map((edge, i) => Set(block, SPLIT_TABLE + split * 8 + i, edge)),
    ),
  )

export const drawSplitLine = (): Expr => {
  const split = Min(Max(D.split.get(), 1), 6)
  const fadeIn = num(now()).sub(D.time.get()).div(SPLIT_FADE.in).add(1)
  const fadeOut = num(1).sub(num(now()).sub(BeatToTime(D.endBeat.get())).div(SPLIT_FADE.out))
  const alpha = Max(Min(Min(fadeIn, fadeOut), 1), 0).mul(0.6)
  const edge = Get(PLAY.LevelData, num(SPLIT_TABLE).add(split.sub(1).mul(8)).add(T.i.get()))
  const w = halfWidth()
  const quad = [
    edgeX(edge, 1, w).sub(0.008),
    -1,
    edgeX(edge, 0, w).sub(0.002),
    1,
    edgeX(edge, 0, w).add(0.002),
    1,
    edgeX(edge, 1, w).add(0.008),
    -1,
  ] as const
  return Execute(
    T.i.set(0),
    While(T.i.get().le(split), Draw(S['#GRID_NEUTRAL'], quad, 10, alpha), T.i.set(T.i.get().add(1))),
  )
}

/** Whether x lies between left and right: both edges in, alike, within HITBOX_EDGE. */
export const within = (x: Val, left: Val, right: Val): Expr =>
  And(num(x).ge(num(left).sub(HITBOX_EDGE)), num(x).le(num(right).add(HITBOX_EDGE)))
/** Whether x is on the edge at left or at right, within HITBOX_EDGE. */
export const onEdge = (x: Val, left: Val, right: Val): Expr =>
  Or(Abs(num(x).sub(left)).le(HITBOX_EDGE), Abs(num(x).sub(right)).le(HITBOX_EDGE))

/** The hitbox of lanes l..r: their span at the judgment line and one lane more either side, over the whole
 *  height of the screen. */
export const hitbox = (left: Val, right: Val) => {
  const w = halfWidth()
  const lane = widthAt(JUDGMENT_DEPTH)
    .mul(w)
    .div(LANES / 2)
  const x0 = edgeX(num(left).sub(1), JUDGMENT_DEPTH, w).sub(lane)
  const x1 = edgeX(right, JUDGMENT_DEPTH, w).add(lane)
  return {
    left: x0,
    right: x1,
    centre: x0.add(x1).div(2),
    contains: (x: Val) => within(x, x0, x1),
  }
}

/** Where the app's own UI goes (Runtime UI), each element scaled and faded by the player's UI settings
 *  (Runtime UI Configuration): `elements` in the block's order, the configuration's index for each. */
export const uiLayout = (uiBlock: number, configurationBlock: number, progress: boolean): Expr => {
  const a = aspect()
  const gap = 0.05
  const scale = (config: number) => Get(configurationBlock, config * 2)
  const alpha = (config: number) => Get(configurationBlock, config * 2 + 1)
  // anchor x, anchor y, pivot x, pivot y, width, height, rotation, alpha, align, background
  type Item = [Val, Val, Val, Val, Val, Val, Val, Val, Val, Val]
  const menuSize = scale(0).mul(0.15)
  const primaryHeight = scale(3).mul(0.15)
  const secondaryX = a.sub(gap).sub(menuSize).sub(gap)
  const items: Item[] = [
    [a.sub(gap), 1 - gap, 1, 1, menuSize, menuSize, 0, alpha(0), 0, 1],
    [0, -0.2, 0.5, 0.5, scale(1).mul(0.8), scale(1).mul(0.12), 0, alpha(1), 0, 0],
    [a.mul(0.72), 0.05, 0.5, 0.5, scale(2).mul(0.5), scale(2).mul(0.18), 0, alpha(2), 0, 0],
    [a.mul(0.72), 0.2, 0.5, 0.5, scale(2).mul(0.5), scale(2).mul(0.07), 0, alpha(2), 0, 0],
    [a.neg().add(gap), 1 - gap, 0, 1, scale(3).mul(0.75), primaryHeight, 0, alpha(3), -1, 1],
    [
      a.neg().add(gap).add(scale(3).mul(0.715)),
      num(1 - gap).sub(scale(3).mul(0.035)),
      1,
      1,
      scale(3).mul(0.6),
      scale(3).mul(0.08),
      0,
      alpha(3),
      1,
      0,
    ],
    [secondaryX, 1 - gap, 1, 1, scale(4).mul(0.55), scale(4).mul(0.15), 0, alpha(4), -1, 1],
    [
      secondaryX.sub(scale(4).mul(0.035)),
      num(1 - gap).sub(scale(4).mul(0.035)),
      1,
      1,
      scale(4).mul(0.45),
      scale(4).mul(0.08),
      0,
      alpha(4),
      1,
      0,
    ],
  ]
  if (progress)
    items.push([
      a.neg().add(gap),
      -1 + gap,
      0,
      0,
      a.mul(2).sub(gap * 2),
      scale(5).mul(0.15),
      0,
      alpha(5),
      0,
      1,
    ])
  return Execute(...items.flatMap((item, k) => item.map((value, i) => Set(uiBlock, k * 10 + i, value))))
}
