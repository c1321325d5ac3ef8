// What each note archetype looks and sounds like, and the preprocess of the lines: the same in play and
// watch mode.
import { BeatToTime, Execute, If, TimeToScaledTime, num } from '../builder/dsl.js'
import type { Expr } from '../builder/node.js'
import { ARCHETYPES, SPLIT_FADE } from './constants.js'
import { D, L, bucketOf, deriveNote, type NoteLook } from './common.js'
import { C, P, S } from './resources.js'

export type NoteKind = { name: string; look: NoteLook }

const tap = (head: number, colour: 'RED' | 'YELLOW' | 'BLUE'): NoteLook => ({
  head,
  linear: P[`#NOTE_LINEAR_TAP_${colour}`],
  circular: P[`#NOTE_CIRCULAR_TAP_${colour}`],
  clip: C['#PERFECT'],
})

/** Taps and hold starts: red, critical yellow, holds blue; a scratch hold starts like a tap. */
export const FLAT_NOTES: NoteKind[] = [
  { name: ARCHETYPES.normal, look: tap(S['#NOTE_HEAD_RED'], 'RED') },
  { name: ARCHETYPES.critical, look: tap(S['#NOTE_HEAD_YELLOW'], 'YELLOW') },
  { name: ARCHETYPES.holdStart, look: tap(S['#NOTE_HEAD_BLUE'], 'BLUE') },
  { name: ARCHETYPES.criticalHoldStart, look: tap(S['#NOTE_HEAD_YELLOW'], 'YELLOW') },
  { name: ARCHETYPES.scratchHoldStart, look: tap(S['#NOTE_HEAD_RED'], 'RED') },
  { name: ARCHETYPES.criticalScratchHoldStart, look: tap(S['#NOTE_HEAD_YELLOW'], 'YELLOW') },
  {
    name: ARCHETYPES.flick,
    look: {
      head: S['#NOTE_HEAD_PURPLE'],
      marker: true,
      linear: P['#NOTE_LINEAR_TAP_CYAN'],
      circular: P['#NOTE_CIRCULAR_TAP_CYAN'],
      clip: C['#PERFECT'],
    },
  },
]

/** Hold ends: a blue body (purple for scratches), the head held on the line, and (tailed) the end. */
export const holdLook = (scratch: boolean, tailed: boolean): NoteLook => ({
  head: tailed ? (scratch ? S['#NOTE_HEAD_PURPLE'] : S['#NOTE_TAIL_BLUE']) : -1,
  stuck: scratch ? S['#NOTE_HEAD_PURPLE'] : S['#NOTE_HEAD_BLUE'],
  body: scratch ? S['#NOTE_CONNECTION_PURPLE'] : S['#NOTE_CONNECTION_BLUE'],
  marker: scratch,
  linear: scratch ? P['#NOTE_LINEAR_TAP_CYAN'] : P['#NOTE_LINEAR_TAP_BLUE'],
  circular: scratch ? P['#NOTE_CIRCULAR_TAP_CYAN'] : P['#NOTE_CIRCULAR_TAP_BLUE'],
  clip: tailed ? C['#PERFECT'] : -1,
})

/** Sound ticks (blue, or purple on scratch holds: holdType 110, 111 and their nontail codes) and hold
 *  eighths (unseen, silent). */
export const tickLook = (eighth: boolean): Expr => {
  const name = eighth ? ARCHETYPES.holdEighth : ARCHETYPES.sound
  const purple = D.holdType.get().mod(1000).ge(110)
  return Execute(
    deriveNote({ clip: eighth ? -1 : C['#PERFECT_ALTERNATIVE'] }, false, bucketOf(name)),
    eighth ? 0 : D.body.set(If(purple, S['#NOTE_TICK_PURPLE'], S['#NOTE_TICK_BLUE'])),
  )
}

/** Sync lines: their times and, after mirror, their lanes. */
export const deriveSyncLine = (): Expr =>
  Execute(
    deriveNote({}, false, -1),
    D.l.set(If(L.mirror.get(), num(13).sub(D.right.get()), D.left.get())),
    D.r.set(If(L.mirror.get(), num(13).sub(D.left.get()), D.right.get())),
  )

/** Split lines: `time` when they begin, `start` when they are gone (after the end's fade), `scaledStart`
 *  when they begin to fade in. */
export const deriveSplitLine = (): Expr =>
  Execute(
    D.time.set(BeatToTime(D.beat.get())),
    D.start.set(BeatToTime(D.endBeat.get()).add(SPLIT_FADE.out)),
    D.scaledStart.set(TimeToScaledTime(D.time.get().sub(SPLIT_FADE.in))),
  )
