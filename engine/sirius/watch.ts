// Watch mode: the level played back. With a replay, each judged note imports its judgment and accuracy
// (#JUDGMENT, #ACCURACY) and is hit when the play hit it, or passes the line when it was missed; with none,
// every note is hit on time (the imports' defaults). Entities live by scaled time between their
// appearance and their hit, so seeking anywhere rebuilds the screen; hit sounds are scheduled on the
// level's timeline in preprocess, hit effects shown as each note leaves (not while seeking).
import type { EngineWatchData } from '@sonolus/core'
import { type ArchetypeDef, type Callback, watchData } from '../builder/engineData.js'
import {
  And,
  DestroyParticleEffect,
  Execute,
  Get,
  If,
  Not,
  Or,
  PlayLoopedScheduled,
  PlayScheduled,
  Set,
  StopLoopedScheduled,
  TimeToScaledTime,
  type Val,
  num,
  when,
} from '../builder/dsl.js'
import type { Expr } from '../builder/node.js'
import { ARCHETYPE_FIELDS } from '../../common/chart/levelData/types.js'
import { WATCH } from '../modes.js'
import { ARCHETYPES, JUDGMENT_DEPTH, WINDOW } from './constants.js'
import {
  ARCHETYPE_ORDER,
  bucketOf,
  D,
  L,
  M,
  deriveNote,
  depthAtScaled,
  drawArrows,
  drawBodyBetween,
  drawHead,
  drawSplitLine,
  drawStage,
  drawSyncLine,
  hitParticles,
  holdParticle,
  levelConstants,
  now,
  scaledNow,
  scoring,
  splitTable,
  uiLayout,
  type NoteLook,
} from './common.js'
import { REPLAY_IMPORTS, importsOf } from './layout.js'
import { FLAT_NOTES, deriveSplitLine, deriveSyncLine, holdLook, tickLook } from './looks.js'
import { C, P, effectOf, particleOf, skinOf } from './resources.js'
import { BPM_IMPORTS, TIMESCALE_IMPORTS, bucketsOf } from './shared.js'

const skipping = () => Get(WATCH.RuntimeUpdate, 3)
const NEVER = { spawnTime: { body: -1 }, despawnTime: { body: -1 } }
const ALWAYS = { spawnTime: { body: -1e9 }, despawnTime: { body: 1e9 } }

const between = (from: Val, to: Val): { spawnTime: Callback; despawnTime: Callback } => ({
  spawnTime: { body: from },
  despawnTime: { body: to },
})

/** The clip a judgment plays: the note's own for a Perfect, then Great and Good. */
const clipFor = (judgment: Val) =>
  If(num(judgment).eq(1), D.clip.get(), If(num(judgment).eq(2), C['#GREAT'], C['#GOOD']))

/** When the note is hit (or passes), its input for the app's judgment display, and its sounds. */
const replayed = (judged: boolean, hold: boolean): Expr => {
  return Execute(
    D.hit.set(
      judged
        ? If(D.judgment.get(), D.time.get().add(D.accuracy.get()), D.time.get().add(WINDOW.good))
        : D.time.get(),
    ),
    D.scaledHit.set(TimeToScaledTime(D.hit.get())),
    ...(judged
      ? [
          Set(WATCH.EntityInput, 0, D.time.get()),
          Set(WATCH.EntityInput, 1, If(D.judgment.get(), D.bucket.get(), -1)),
          Set(WATCH.EntityInput, 2, D.accuracy.get().mul(1000)),
          when(
            And(Or(L.hitSounds.get(), L.autoSfx.get()), D.judgment.get(), D.clip.get().ge(0)),
            // With the auto SFX option, each note sounds its Perfect on time, whatever the play did.
            If(
              L.autoSfx.get(),
              PlayScheduled(D.clip.get(), D.time.get(), 0.02),
              PlayScheduled(clipFor(D.judgment.get()), D.hit.get(), 0.02),
            ),
          ),
        ]
      : []),
    ...(hold
      ? [
          when(
            Or(L.hitSounds.get(), L.autoSfx.get()),
            StopLoopedScheduled(PlayLoopedScheduled(C['#HOLD'], D.start.get()), D.hit.get()),
          ),
        ]
      : []),
  )
}

const reset = () => Execute(M.particle.set(0), M.shown.set(0))
const hitEffects = (judged: boolean) =>
  Execute(
    when(M.particle.get(), DestroyParticleEffect(M.particle.get()), M.particle.set(0)),
    judged
      ? when(
          And(Not(skipping()), D.judgment.get(), now().ge(D.hit.get().sub(0.1))),
          hitParticles(D.linear.get(), D.circular.get(), D.targetL.get(), D.targetR.get()),
        )
      : 0,
  )

const noteDepth = () => depthAtScaled(D.scaled.get())
const beforeHit = () => now().lt(D.hit.get())

const flatNote = (name: string, look: NoteLook): ArchetypeDef<'watch'> => ({
  name,
  hasInput: true,
  imports: [...importsOf(ARCHETYPE_FIELDS[name]!), ...REPLAY_IMPORTS(D)],
  callbacks: {
    preprocess: {
      body: Execute(deriveNote(look, false, bucketOf(name)), replayed(true, false)),
    },
    ...between(D.scaledStart.get().sub(L.appear.get()), D.scaledHit.get()),
    initialize: { body: reset() },
    updateParallel: {
      body: Execute(
        drawHead(D.head.get(), D.l.get(), D.r.get(), noteDepth(), D.scaled.get()),
        name === ARCHETYPES.flick
          ? drawArrows(D.l.get(), D.r.get(), noteDepth(), D.scaled.get(), D.arrow.get())
          : 0,
      ),
    },
    terminate: { body: hitEffects(true) },
  },
})

const holdEnd = (name: string, scratch: boolean, tailed: boolean): ArchetypeDef<'watch'> => {
  const look = holdLook(scratch, tailed)
  const held = And(now().ge(D.start.get()), beforeHit())
  return {
    name,
    hasInput: tailed,
    imports: [...importsOf(ARCHETYPE_FIELDS[name]!), ...(tailed ? REPLAY_IMPORTS(D) : [])],
    callbacks: {
      preprocess: {
        body: Execute(deriveNote(look, true, bucketOf(name), scratch), replayed(tailed, true)),
      },
      ...between(D.scaledStart.get().sub(L.appear.get()), D.scaledHit.get()),
      initialize: { body: reset() },
      updateParallel: {
        body: Execute(
          when(
            And(held, Not(M.particle.get())),
            M.particle.set(
              holdParticle(
                scratch ? P['#NOTE_CIRCULAR_HOLD_CYAN'] : P['#NOTE_CIRCULAR_HOLD_BLUE'],
                D.l.get(),
                D.r.get(),
              ),
            ),
          ),
          drawBodyBetween(
            D.body.get(),
            D.l.get(),
            D.r.get(),
            D.scaledStart.get(),
            D.scaled.get(),
            If(held, 0.9, 0.7),
          ),
          when(
            And(held, now().lt(D.time.get())),
            drawHead(D.stuck.get(), D.l.get(), D.r.get(), JUDGMENT_DEPTH, scaledNow()),
          ),
          tailed ? drawHead(D.head.get(), D.targetL.get(), D.targetR.get(), noteDepth(), D.scaled.get()) : 0,
          tailed && scratch
            ? drawArrows(D.targetL.get(), D.targetR.get(), noteDepth(), D.scaled.get(), D.arrow.get())
            : 0,
        ),
      },
      terminate: { body: hitEffects(tailed) },
    },
  }
}

const tick = (name: string): ArchetypeDef<'watch'> => {
  const eighth = name === ARCHETYPES.holdEighth
  return {
    name,
    hasInput: true,
    imports: [...importsOf(ARCHETYPE_FIELDS[name]!), ...REPLAY_IMPORTS(D)],
    callbacks: {
      preprocess: { body: Execute(tickLook(eighth), replayed(true, false)) },
      ...between(D.scaledStart.get().sub(L.appear.get()), D.scaledHit.get()),
      initialize: { body: reset() },
      updateParallel: {
        body: eighth ? 0 : drawHead(D.body.get(), D.l.get(), D.r.get(), noteDepth(), D.scaled.get()),
      },
    },
  }
}

const plain = (
  name: string,
  imports: ArchetypeDef<'watch'>['imports'],
  callbacks: ArchetypeDef<'watch'>['callbacks'],
) => ({
  name,
  hasInput: false,
  imports,
  callbacks,
})

export const watchArchetypes = (): ArchetypeDef<'watch'>[] => {
  const byName: Record<string, ArchetypeDef<'watch'>> = {
    [ARCHETYPES.initialization]: plain(ARCHETYPES.initialization, [], {
      preprocess: {
        order: -1,
        body: Execute(
          levelConstants(),
          scoring(),
          splitTable(),
          uiLayout(WATCH.RuntimeUI, WATCH.RuntimeUIConfiguration, true),
        ),
      },
      ...NEVER,
    }),
    [ARCHETYPES.inputManager]: plain(ARCHETYPES.inputManager, [], NEVER),
    [ARCHETYPES.stage]: plain(ARCHETYPES.stage, [], { ...ALWAYS, updateParallel: { body: drawStage() } }),
    [ARCHETYPES.bpmChange]: plain(ARCHETYPES.bpmChange, BPM_IMPORTS, NEVER),
    [ARCHETYPES.timescaleChange]: plain(ARCHETYPES.timescaleChange, TIMESCALE_IMPORTS, NEVER),
    ...Object.fromEntries(FLAT_NOTES.map((kind) => [kind.name, flatNote(kind.name, kind.look)])),
    [ARCHETYPES.holdEnd]: holdEnd(ARCHETYPES.holdEnd, false, true),
    [ARCHETYPES.scratchHoldEnd]: holdEnd(ARCHETYPES.scratchHoldEnd, true, true),
    [ARCHETYPES.nontailHoldEnd]: holdEnd(ARCHETYPES.nontailHoldEnd, false, false),
    [ARCHETYPES.nontailScratchHoldEnd]: holdEnd(ARCHETYPES.nontailScratchHoldEnd, true, false),
    [ARCHETYPES.sound]: tick(ARCHETYPES.sound),
    [ARCHETYPES.holdEighth]: tick(ARCHETYPES.holdEighth),
    [ARCHETYPES.syncLine]: plain(ARCHETYPES.syncLine, importsOf(ARCHETYPE_FIELDS[ARCHETYPES.syncLine]!), {
      preprocess: { body: deriveSyncLine() },
      ...between(D.scaledStart.get().sub(L.appear.get()), D.scaled.get()),
      updateParallel: {
        body: when(L.syncLines.get(), drawSyncLine(D.l.get(), D.r.get(), noteDepth(), D.scaled.get())),
      },
    }),
    [ARCHETYPES.splitLine]: plain(ARCHETYPES.splitLine, importsOf(ARCHETYPE_FIELDS[ARCHETYPES.splitLine]!), {
      preprocess: { body: Execute(deriveSplitLine(), D.scaledHit.set(TimeToScaledTime(D.start.get()))) },
      ...between(D.scaledStart.get(), D.scaledHit.get()),
      updateParallel: { body: drawSplitLine() },
    }),
  }
  return ARCHETYPE_ORDER.map((name) => byName[name]!)
}

export const buildWatchData = (): EngineWatchData =>
  watchData({
    skin: skinOf(),
    effect: effectOf(),
    particle: particleOf(),
    buckets: bucketsOf(),
    archetypes: watchArchetypes(),
    updateSpawn: scaledNow(),
  })
