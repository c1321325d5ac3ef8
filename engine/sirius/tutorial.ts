// Tutorial mode: a short walk through each note kind. Every segment lets one note fall to the judgment
// line, shows the hand doing what the note asks (tap, flick, hold and release, hold and swipe), plays the
// hit, and moves on; previous and next step through the segments, and after the last the walk begins again.
import type { EngineTutorialData } from '@sonolus/core'
import { tutorialData } from '../builder/engineData.js'
import { And, Execute, Get, If, Max, Min, Paint, Play, Set, type Val, num, when } from '../builder/dsl.js'
import { Layout } from '../builder/memory.js'
import type { Expr } from '../builder/node.js'
import { TUTORIAL } from '../modes.js'
import { APPEAR_TIME, JUDGMENT_DEPTH } from './constants.js'
import { L, drawArrows, drawBody, drawHead, drawStage, hitParticles } from './common.js'
import { depthOf, edgeX, halfWidthFor, yAt } from './geometry.js'
import { C, P, S, effectOf, particleOf, skinOf } from './resources.js'

/** The note speed the tutorial shows (the default of the option). */
const APPEAR = APPEAR_TIME / 5
/** After its hit, how long a segment waits before the next. */
const AFTER = 1
/** How long a hold is held. */
const HOLD = 1.2

const TEXTS = ['#TAP', '#TAP_FLICK', '#TAP_HOLD', '#RELEASE', '#FLICK'] as const
const TEXT = Object.fromEntries(TEXTS.map((name, id) => [name, id])) as Record<(typeof TEXTS)[number], number>
const ICONS = ['#HAND'] as const

const M = new Layout(TUTORIAL.TutorialMemory, 4096, 'Tutorial Memory').fields({
  segment: 1,
  start: 1,
  /** Hits shown in this segment (the head's, then a hold's end). */
  hits: 1,
})

type Segment = {
  /** Seconds from the segment's start to the note's hit, and to the end of its hold. */
  hold: number
  head: number
  tail?: number
  body?: number
  flick?: boolean
  scratch?: boolean
  linear: number
  circular: number
  texts: [number, number?]
}

const SEGMENTS: Segment[] = [
  {
    hold: 0,
    head: S['#NOTE_HEAD_RED'],
    linear: P['#NOTE_LINEAR_TAP_RED'],
    circular: P['#NOTE_CIRCULAR_TAP_RED'],
    texts: [TEXT['#TAP']],
  },
  {
    hold: 0,
    head: S['#NOTE_HEAD_YELLOW'],
    linear: P['#NOTE_LINEAR_TAP_YELLOW'],
    circular: P['#NOTE_CIRCULAR_TAP_YELLOW'],
    texts: [TEXT['#TAP']],
  },
  {
    hold: 0,
    head: S['#NOTE_HEAD_PURPLE'],
    flick: true,
    linear: P['#NOTE_LINEAR_TAP_CYAN'],
    circular: P['#NOTE_CIRCULAR_TAP_CYAN'],
    texts: [TEXT['#TAP_FLICK']],
  },
  {
    hold: HOLD,
    head: S['#NOTE_HEAD_BLUE'],
    tail: S['#NOTE_TAIL_BLUE'],
    body: S['#NOTE_CONNECTION_BLUE'],
    linear: P['#NOTE_LINEAR_TAP_BLUE'],
    circular: P['#NOTE_CIRCULAR_TAP_BLUE'],
    texts: [TEXT['#TAP_HOLD'], TEXT['#RELEASE']],
  },
  {
    hold: HOLD,
    head: S['#NOTE_HEAD_RED'],
    tail: S['#NOTE_HEAD_PURPLE'],
    body: S['#NOTE_CONNECTION_PURPLE'],
    scratch: true,
    linear: P['#NOTE_LINEAR_TAP_CYAN'],
    circular: P['#NOTE_CIRCULAR_TAP_CYAN'],
    texts: [TEXT['#TAP_HOLD'], TEXT['#FLICK']],
  },
]
export const TUTORIAL_SEGMENTS = SEGMENTS.length
const lengthOf = (segment: Segment) => APPEAR + segment.hold + AFTER
/** Seconds the walk through every segment takes. */
export const TUTORIAL_LENGTH = SEGMENTS.reduce((sum, segment) => sum + lengthOf(segment), 0)

// The notes fall on lanes 5–8.
const FIRST = 5
const LAST = 8

const now = () => Get(TUTORIAL.RuntimeUpdate, 0)
const elapsed = () => now().sub(M.start.get())
/** Depth of something due `at` seconds into the segment. */
const depthAt = (at: Val) => depthOf(Max(elapsed().sub(at).div(APPEAR).add(1), 0))
const instruction = (text: Val) => Set(TUTORIAL.TutorialInstruction, 0, text)

/** The hand on the judgment line over the note's lanes, moved up for a flick. */
const hand = (up: Val, alpha: Val) => {
  const w = L.halfWidth.get()
  const x = edgeX(FIRST - 1, JUDGMENT_DEPTH, w)
    .add(edgeX(LAST, JUDGMENT_DEPTH, w))
    .div(2)
  return Paint(0, x, yAt(JUDGMENT_DEPTH).sub(0.15).add(up), 0.25, 0, 100, alpha)
}

const hit = (segment: Segment, clip: number) =>
  Execute(hitParticles(segment.linear, segment.circular, FIRST, LAST), Play(clip, 0.02))

const show = (segment: Segment): Expr => {
  const headAt = APPEAR
  const tailAt = APPEAR + segment.hold
  const holding = And(elapsed().ge(headAt), elapsed().lt(tailAt))
  const z = 0
  const swipe = Max(Min(elapsed().sub(tailAt).mul(4), 1), 0).mul(0.4)
  return Execute(
    instruction(
      segment.texts[1] !== undefined
        ? If(elapsed().lt(headAt + segment.hold / 2), segment.texts[0], segment.texts[1])
        : segment.texts[0],
    ),
    segment.body !== undefined
      ? drawBody(
          segment.body,
          FIRST,
          LAST,
          Min(depthAt(headAt), JUDGMENT_DEPTH),
          Min(depthAt(tailAt), JUDGMENT_DEPTH),
          z,
          0.8,
        )
      : 0,
    when(elapsed().lt(headAt), drawHead(segment.head, FIRST, LAST, depthAt(headAt), z)),
    segment.flick ? when(elapsed().lt(headAt), drawArrows(FIRST, LAST, depthAt(headAt), z, 0)) : 0,
    segment.tail !== undefined
      ? Execute(
          when(holding, drawHead(segment.head, FIRST, LAST, JUDGMENT_DEPTH, z)),
          when(elapsed().lt(tailAt), drawHead(segment.tail, FIRST, LAST, depthAt(tailAt), z)),
          segment.scratch ? when(elapsed().lt(tailAt), drawArrows(FIRST, LAST, depthAt(tailAt), z, 0)) : 0,
        )
      : 0,
    // The hand: down for the hit and kept down through a hold, up for a flick or a scratch.
    when(
      And(elapsed().ge(headAt - 0.4), elapsed().lt(tailAt + 0.5)),
      hand(
        segment.flick ? Max(Min(elapsed().sub(headAt).mul(4), 1), 0).mul(0.4) : segment.scratch ? swipe : 0,
        1,
      ),
    ),
    when(And(elapsed().ge(headAt), M.hits.get().eq(0)), M.hits.set(1), hit(segment, C['#PERFECT'])),
    segment.tail !== undefined
      ? when(And(elapsed().ge(tailAt), M.hits.get().eq(1)), M.hits.set(2), hit(segment, C['#PERFECT']))
      : 0,
  )
}

const begin = (segment: Val) => Execute(M.segment.set(segment), M.start.set(now()), M.hits.set(0))

const preprocess = (): Expr =>
  Execute(
    L.halfWidth.set(halfWidthFor(Get(TUTORIAL.RuntimeEnvironment, 1))),
    L.appear.set(APPEAR),
    L.noteSize.set(1),
    L.stageAlpha.set(0.8),
    // Menu top right; previous and next at the stage's sides; the instruction above the stage's middle.
    // Each is sized by its own entry of Runtime UI Configuration: menu, navigation (both), instruction.
    ...[
      [Get(TUTORIAL.RuntimeEnvironment, 1).sub(0.05), 0.95, 1, 1, 0.15, 0.15, 0, 1, 1],
      [L.halfWidth.get().neg().add(0.05), 0, 0, 0.5, 0.15, 0.15, 0, 1, 1],
      [L.halfWidth.get().sub(0.05), 0, 1, 0.5, 0.15, 0.15, 0, 1, 1],
      [0, 0.3, 0.5, 0.5, 1.2, 0.15, 0, 1, 0],
    ].flatMap((item, k) =>
      item.map((value, i) =>
        Set(
          TUTORIAL.RuntimeUI,
          k * 9 + i,
          num(value).mul(i === 4 || i === 5 ? Get(TUTORIAL.RuntimeUIConfiguration, [0, 1, 1, 2][k]! * 2) : 1),
        ),
      ),
    ),
    begin(0),
  )

/** Previous (−1) or next (1): the segment before or after, round the walk. */
const navigate = (): Expr =>
  begin(M.segment.get().add(Get(TUTORIAL.RuntimeUpdate, 2)).add(SEGMENTS.length).mod(SEGMENTS.length))

const update = (): Expr => {
  const length = (i: number) => lengthOf(SEGMENTS[i]!)
  const current = M.segment.get()
  return Execute(
    // Past its length the segment gives way to the next.
    when(
      elapsed().ge(
        SEGMENTS.reduce<Expr>((chosen, _, i) => If(current.eq(i), length(i), chosen), num(length(0))),
      ),
      begin(current.add(1).mod(SEGMENTS.length)),
    ),
    drawStage(),
    ...SEGMENTS.map((segment, i) => when(current.eq(i), show(segment))),
  )
}

export const buildTutorialData = (): EngineTutorialData =>
  tutorialData({
    skin: skinOf(),
    effect: effectOf(),
    particle: particleOf(),
    instruction: {
      texts: TEXTS.map((name, id) => ({ name, id })),
      icons: ICONS.map((name, id) => ({ name, id })),
    },
    preprocess: preprocess(),
    navigate: navigate(),
    update: update(),
  })
