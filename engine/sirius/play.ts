// Long because play mode is one archetype set whose callbacks share block numbers and memory layout.
// Play mode. Each frame, notes whose window is open register for the frame's new touches (touch, order
// 0); the Input Manager then gives each new touch to the earliest note whose hitbox holds where it went
// down, nearest centre first (touch, order 1); in updateParallel every note judges what it was given, or
// what touches on it are doing (holds, flicks), misses when its window closes, and draws itself.
// Touches' times come with the input offset taken off, so everything is judged on them, and a note's
// window, counted in frame time, stays open the input offset longer (the engine specs' input essentials).
import type { EnginePlayData } from '@sonolus/core'
import { type ArchetypeDef, type Callback, playData } from '../builder/engineData.js'
import {
  Abs,
  And,
  DestroyParticleEffect,
  Execute,
  Get,
  GetShifted,
  If,
  JudgeSimple,
  Max,
  Min,
  Not,
  Or,
  Play,
  PlayLooped,
  PlayLoopedScheduled,
  PlayScheduled,
  Set,
  SetShifted,
  StopLooped,
  StopLoopedScheduled,
  TimeToScaledTime,
  type Val,
  While,
  num,
  when,
} from '../builder/dsl.js'
import { Layout } from '../builder/memory.js'
import type { Expr } from '../builder/node.js'
import { PLAY } from '../modes.js'
import { ARCHETYPES, EIGHTH_WINDOW, FLICK_SPEED, JUDGMENT_DEPTH, SPAWN_LEAD, WINDOW } from './constants.js'
import {
  ARCHETYPE_ORDER,
  bucketOf,
  D,
  L,
  M,
  T,
  deriveNote,
  depthAtScaled,
  drawArrows,
  drawBodyBetween,
  drawHead,
  drawSplitLine,
  drawStage,
  drawSyncLine,
  hitParticles,
  hitbox,
  holdParticle,
  inputOffset,
  onEdge,
  levelConstants,
  now,
  scaledNow,
  scoring,
  splitTable,
  uiLayout,
  within,
} from './common.js'
import { CANDIDATES, claimLayout, importsOf } from './layout.js'
import { C, P, effectOf, particleOf, skinOf } from './resources.js'
import { ARCHETYPE_FIELDS } from '../../common/chart/levelData/types.js'
import { BPM_IMPORTS, TIMESCALE_IMPORTS, bucketsOf } from './shared.js'
import { FLAT_NOTES, type NoteKind, deriveSplitLine, deriveSyncLine, holdLook, tickLook } from './looks.js'

const claims = claimLayout(PLAY.LevelMemory)
/** What the Input Manager gives a note: the frame it was given a touch, and when that touch began. */
const given = new Layout(PLAY.EntitySharedMemory, 32, 'Entity Shared Memory').fields({ at: 1, start: 1 })
const GIVEN_ARRAY = PLAY.EntitySharedMemoryArray

// The touches of this frame.
const touchCount = () => Get(PLAY.RuntimeUpdate, 3)
const touch = (slot: Val, field: number) => GetShifted(PLAY.RuntimeTouchArray, field, slot, 15)
const TOUCH = { started: 1, ended: 2, t: 3, st: 4, x: 5, sx: 7, vr: 13 } as const

const despawn = () => Set(PLAY.EntityDespawn, 0, 1)
const self = () => Get(PLAY.EntityInfo, 0)
const FAR_AWAY = -1e9

/** Finds the first touch in lanes l..r's hitbox (moving at least FLICK_SPEED when `moving`): T.found,
 *  T.foundT (its time), T.foundSt (its start) and T.foundEnded. */
const findTouch = (left: Val, right: Val, moving: boolean): Expr => {
  const box = hitbox(left, right)
  const i = T.i
  const hit = And(
    box.contains(touch(i.get(), TOUCH.x)),
    moving ? touch(i.get(), TOUCH.vr).ge(FLICK_SPEED) : 1,
  )
  return Execute(
    T.found.set(0),
    i.set(0),
    While(
      And(i.get().lt(touchCount()), Not(T.found.get())),
      when(
        hit,
        T.found.set(1),
        T.foundT.set(touch(i.get(), TOUCH.t)),
        T.foundSt.set(touch(i.get(), TOUCH.st)),
        T.foundEnded.set(touch(i.get(), TOUCH.ended)),
      ),
      i.set(i.get().add(1)),
    ),
  )
}
/** The time a touch held on a note counts for: its release when it ended; while it is down, the note's
 *  time, or its start if it went down after the note. */
const heldTime = () => If(T.foundEnded.get(), T.foundT.get(), Max(T.foundSt.get(), D.time.get()))
/** The time a touch seen moving on a note counts for: its release or its latest time, not before the note. */
const movedTime = () => If(T.foundEnded.get(), T.foundT.get(), Max(T.foundT.get(), D.time.get()))

/** A judgment made: input, sound, effects, and away. `judgment` 0 is a Miss. */
const judge = (judgment: Val, at: Val): Expr => {
  const j = T.best
  const accuracy = num(at).sub(D.time.get())
  return Execute(
    j.set(judgment),
    M.judged.set(1),
    Set(PLAY.EntityInput, 0, j.get()),
    Set(PLAY.EntityInput, 1, If(j.get(), accuracy, WINDOW.good)),
    Set(PLAY.EntityInput, 2, If(j.get(), D.bucket.get(), -1)),
    Set(PLAY.EntityInput, 3, If(j.get(), accuracy.mul(1000), 0)),
    when(
      j.get(),
      when(
        And(L.hitSounds.get(), D.clip.get().ge(0)),
        Play(If(j.get().eq(1), D.clip.get(), If(j.get().eq(2), C['#GREAT'], C['#GOOD'])), 0.02),
      ),
      hitParticles(D.linear.get(), D.circular.get(), D.targetL.get(), D.targetR.get()),
    ),
    despawn(),
  )
}
const miss = () => judge(0, 0)
/** In frame time: a touch at `time` (input offset taken off) reaches the engine from this moment. */
const arrives = (time: Val) => num(time).add(inputOffset())
const windowOpen = () => now().ge(arrives(D.time.get().sub(WINDOW.good)))
const windowClosed = () => now().gt(arrives(D.time.get().add(WINDOW.good)))
/** A touch on the note at its time has reached the engine. */
const timeReached = () => now().ge(arrives(D.time.get()))
const open = () => Not(M.judged.get())

// Spawning: every entity is queued by the scaled time it appears at.
const spawnAt = (scaled: Val): { spawnOrder: Callback; shouldSpawn: Callback } => ({
  spawnOrder: { body: scaled },
  shouldSpawn: { body: scaledNow().ge(scaled) },
})
/** A note appears `appear` (scaled) before its start, and in any case a moment before its window opens,
 *  however fast the time scale runs and however early a negative input offset opens it. */
const noteSpawn = () =>
  spawnAt(
    Min(
      D.scaledStart.get().sub(L.appear.get()),
      TimeToScaledTime(
        D.start
          .get()
          .sub(WINDOW.good + SPAWN_LEAD)
          .add(Min(inputOffset(), 0)),
      ),
    ),
  )
const always = () => spawnAt(FAR_AWAY)

/** A note whose window is open asks for a new touch (touch callback, order 0). */
const register = (): Expr => {
  const box = hitbox(D.l.get(), D.r.get())
  const slot = claims.count.get()
  return when(
    And(open(), Not(M.armed.get()), windowOpen(), slot.lt(CANDIDATES)),
    claims.entity.at(slot).set(self()),
    claims.time.at(slot).set(D.time.get()),
    claims.centre.at(slot).set(box.centre),
    claims.left.at(slot).set(box.left),
    claims.right.at(slot).set(box.right),
    claims.taken.at(slot).set(0),
    claims.count.set(slot.add(1)),
  )
}
const givenNow = () => And(open(), given.at.get().eq(now()))
/** No frame is at time −1: a note starts with no touch given. */
const notGiven = () => given.at.set(-1)

/** The Input Manager's hand-out: while some note can take some new touch, the earliest such note (nearest
 *  centre among equals) takes its nearest touch. A touch is placed where it went down. One on the very
 *  edge of a hitbox (within HITBOX_EDGE) goes to the note nearer its start in time instead, so that an
 *  edge, which rounding puts a hair either way, never hands a touch to a note far from it in time. */
const handOut = (): Expr => {
  const c = T.j
  const i = T.i
  const x = touch(i.get(), TOUCH.sx)
  const st = touch(i.get(), TOUCH.st)
  const time = claims.time.at(c.get()).get()
  const left = claims.left.at(c.get()).get()
  const right = claims.right.at(c.get()).get()
  const distance = num(x).sub(claims.centre.at(c.get()).get())
  const candidate = And(
    Not(claims.touchTaken.at(i.get()).get()),
    within(x, left, right),
    st.ge(time.sub(WINDOW.good)),
    st.le(time.add(WINDOW.good)),
  )
  const nearerInTime = Or(
    T.gap.get().lt(T.bestGap.get()),
    And(T.gap.get().eq(T.bestGap.get()), T.distance.get().lt(T.bestDistance.get())),
  )
  const earlier = Or(
    time.lt(T.bestTime.get()),
    And(time.eq(T.bestTime.get()), T.distance.get().lt(T.bestDistance.get())),
  )
  const better = If(Or(T.edge.get(), T.bestEdge.get()), nearerInTime, earlier)
  const winner = claims.entity.at(T.best.get()).get()
  return Execute(
    i.set(0),
    While(
      i.get().lt(touchCount()),
      claims.touchTaken.at(i.get()).set(Not(touch(i.get(), TOUCH.started))),
      i.set(i.get().add(1)),
    ),
    T.found.set(1),
    While(
      T.found.get(),
      T.best.set(-1),
      T.bestTime.set(1e9),
      T.bestDistance.set(1e9),
      T.bestGap.set(1e9),
      T.bestEdge.set(0),
      c.set(0),
      While(
        c.get().lt(claims.count.get()),
        when(
          Not(claims.taken.at(c.get()).get()),
          i.set(0),
          While(
            i.get().lt(touchCount()),
            when(
              candidate,
              T.distance.set(Abs(distance)),
              T.gap.set(Abs(num(st).sub(time))),
              T.edge.set(onEdge(x, left, right)),
              when(
                better,
                T.best.set(c.get()),
                T.bestTouch.set(i.get()),
                T.bestTime.set(time),
                T.bestDistance.set(T.distance.get()),
                T.bestGap.set(T.gap.get()),
                T.bestEdge.set(T.edge.get()),
              ),
            ),
            i.set(i.get().add(1)),
          ),
        ),
        c.set(c.get().add(1)),
      ),
      T.found.set(T.best.get().ge(0)),
      when(
        T.found.get(),
        claims.taken.at(T.best.get()).set(1),
        claims.touchTaken.at(T.bestTouch.get()).set(1),
        SetShifted(GIVEN_ARRAY, given.at.offset, winner, 32, now()),
        SetShifted(GIVEN_ARRAY, given.start.offset, winner, 32, touch(T.bestTouch.get(), TOUCH.st)),
      ),
    ),
    claims.count.set(0),
  )
}

// Drawing.
const noteDepth = () => depthAtScaled(D.scaled.get())
const drawNoteHead = () => drawHead(D.head.get(), D.l.get(), D.r.get(), noteDepth(), D.scaled.get())
const holding = () => M.holding.get()

/** A hold's body, its head held on the judgment line, and (tailed) its end. */
const drawHold = (tailed: boolean, scratch: boolean): Expr =>
  Execute(
    drawBodyBetween(
      D.body.get(),
      D.l.get(),
      D.r.get(),
      D.scaledStart.get(),
      D.scaled.get(),
      If(holding(), 0.9, 0.7),
    ),
    when(
      And(now().ge(D.start.get()), now().lt(D.time.get())),
      drawHead(D.stuck.get(), D.l.get(), D.r.get(), JUDGMENT_DEPTH, scaledNow()),
    ),
    ...(tailed
      ? [
          drawHead(D.head.get(), D.targetL.get(), D.targetR.get(), noteDepth(), D.scaled.get()),
          ...(scratch
            ? [drawArrows(D.targetL.get(), D.targetR.get(), noteDepth(), D.scaled.get(), D.arrow.get())]
            : []),
        ]
      : []),
  )

/** Holding a hold's body: the hold sound loops and its effect shows while a touch is on it. */
const trackHold = (effect: number): Expr =>
  Execute(
    findTouch(D.l.get(), D.r.get(), false),
    when(
      And(now().ge(D.start.get()), T.found.get(), Not(holding())),
      M.holding.set(1),
      when(L.hitSounds.get(), M.loop.set(PlayLooped(C['#HOLD']))),
      M.particle.set(holdParticle(effect, D.l.get(), D.r.get())),
    ),
    when(And(Not(T.found.get()), holding()), M.holding.set(0), stopHold()),
  )
const stopHold = (): Expr =>
  Execute(
    when(M.loop.get(), StopLooped(M.loop.get()), M.loop.set(0)),
    when(M.particle.get(), DestroyParticleEffect(M.particle.get()), M.particle.set(0)),
  )

/** With the auto SFX option, a note's sounds are scheduled when it spawns instead of played on hits. */
const autoSfx = (hold: boolean): Expr =>
  when(
    L.autoSfx.get(),
    when(D.clip.get().ge(0), PlayScheduled(D.clip.get(), D.time.get(), 0.02)),
    ...(hold ? [StopLoopedScheduled(PlayLoopedScheduled(C['#HOLD'], D.start.get()), D.time.get())] : []),
  )

const flatNote = ({ name, look }: NoteKind): ArchetypeDef<'play'> => ({
  name,
  hasInput: true,
  imports: importsOf(ARCHETYPE_FIELDS[name]!),
  exports: [],
  callbacks: {
    preprocess: { body: Execute(deriveNote(look, false, bucketOf(name)), notGiven()) },
    ...noteSpawn(),
    initialize: { body: autoSfx(false) },
    touch: { body: register() },
    updateParallel: {
      body: Execute(
        when(
          givenNow(),
          judge(
            JudgeSimple(given.start.get(), D.time.get(), WINDOW.perfect, WINDOW.great, WINDOW.good),
            given.start.get(),
          ),
        ),
        when(And(open(), windowClosed()), miss()),
        when(open(), drawNoteHead()),
      ),
    },
  },
})

const flick = ({ name, look }: NoteKind): ArchetypeDef<'play'> => ({
  name,
  hasInput: true,
  imports: importsOf(ARCHETYPE_FIELDS[name]!),
  exports: [],
  callbacks: {
    preprocess: { body: Execute(deriveNote(look, false, bucketOf(ARCHETYPES.flick)), notGiven()) },
    ...noteSpawn(),
    initialize: { body: autoSfx(false) },
    touch: { body: register() },
    updateParallel: {
      body: Execute(
        when(givenNow(), M.armed.set(1), M.armedAt.set(given.start.get())),
        when(
          And(open(), M.armed.get()),
          findTouch(D.l.get(), D.r.get(), true),
          when(T.found.get(), judge(1, M.armedAt.get())),
        ),
        when(And(open(), windowClosed()), If(M.armed.get(), judge(2, M.armedAt.get()), miss())),
        when(
          open(),
          drawNoteHead(),
          drawArrows(D.l.get(), D.r.get(), noteDepth(), D.scaled.get(), D.arrow.get()),
        ),
      ),
    },
  },
})

const holdEnd = (name: string, scratch: boolean, tailed: boolean): ArchetypeDef<'play'> => {
  const look = holdLook(scratch, tailed)
  const holdEffect = scratch ? P['#NOTE_CIRCULAR_HOLD_CYAN'] : P['#NOTE_CIRCULAR_HOLD_BLUE']
  const inWindow = And(open(), windowOpen())
  const judging = scratch
    ? Execute(
        // Holding the body earns a Great; a touch moving on the target earns a Perfect.
        when(And(inWindow, T.found.get()), M.recorded.set(1)),
        when(
          inWindow,
          findTouch(D.targetL.get(), D.targetR.get(), true),
          when(T.found.get(), M.flicked.set(1), M.recordedAt.set(movedTime())),
        ),
        when(And(open(), timeReached(), M.flicked.get()), judge(1, M.recordedAt.get())),
        when(And(open(), windowClosed()), If(M.recorded.get(), judge(2, D.time.get()), miss())),
      )
    : Execute(
        // Judged at the release, or at the note's time while still held.
        when(And(inWindow, T.found.get()), M.recorded.set(1), M.recordedAt.set(heldTime())),
        when(
          And(open(), timeReached(), M.recorded.get()),
          judge(
            JudgeSimple(M.recordedAt.get(), D.time.get(), WINDOW.perfect, WINDOW.great, WINDOW.good),
            M.recordedAt.get(),
          ),
        ),
        when(And(open(), windowClosed()), miss()),
      )
  return {
    name,
    hasInput: tailed,
    imports: importsOf(ARCHETYPE_FIELDS[name]!),
    exports: [],
    callbacks: {
      preprocess: {
        body: deriveNote(tailed ? look : { ...look, head: -1, clip: -1 }, true, bucketOf(name), scratch),
      },
      ...noteSpawn(),
      initialize: { body: autoSfx(true) },
      updateParallel: {
        body: Execute(
          trackHold(holdEffect),
          tailed ? judging : when(now().ge(D.time.get()), M.judged.set(1), despawn()),
          when(open(), drawHold(tailed, scratch)),
        ),
      },
      terminate: { body: stopHold() },
    },
  }
}

/** Sound ticks and hold eighths: a touch on them at their time. */
const tick = (name: string): ArchetypeDef<'play'> => {
  const eighth = name === ARCHETYPES.holdEighth
  return {
    name,
    hasInput: true,
    imports: importsOf(ARCHETYPE_FIELDS[name]!),
    exports: [],
    callbacks: {
      preprocess: { body: tickLook(eighth) },
      ...noteSpawn(),
      initialize: { body: autoSfx(false) },
      updateParallel: {
        body: Execute(
          when(
            And(open(), timeReached()),
            findTouch(D.l.get(), D.r.get(), false),
            when(
              T.found.get(),
              judge(
                eighth
                  ? JudgeSimple(
                      heldTime(),
                      D.time.get(),
                      EIGHTH_WINDOW.perfect,
                      EIGHTH_WINDOW.perfect,
                      EIGHTH_WINDOW.good,
                    )
                  : JudgeSimple(heldTime(), D.time.get(), WINDOW.perfect, WINDOW.great, WINDOW.good),
                heldTime(),
              ),
            ),
          ),
          when(And(open(), windowClosed()), miss()),
          eighth
            ? 0
            : when(open(), drawHead(D.body.get(), D.l.get(), D.r.get(), noteDepth(), D.scaled.get())),
        ),
      },
    },
  }
}

const syncLine: ArchetypeDef<'play'> = {
  name: ARCHETYPES.syncLine,
  hasInput: false,
  imports: importsOf(ARCHETYPE_FIELDS[ARCHETYPES.syncLine]!),
  exports: [],
  callbacks: {
    preprocess: { body: deriveSyncLine() },
    ...noteSpawn(),
    updateParallel: {
      body: Execute(
        when(Or(now().gt(D.time.get()), Not(L.syncLines.get())), despawn()),
        when(L.syncLines.get(), drawSyncLine(D.l.get(), D.r.get(), noteDepth(), D.scaled.get())),
      ),
    },
  },
}

const splitLine: ArchetypeDef<'play'> = {
  name: ARCHETYPES.splitLine,
  hasInput: false,
  imports: importsOf(ARCHETYPE_FIELDS[ARCHETYPES.splitLine]!),
  exports: [],
  callbacks: {
    preprocess: { body: deriveSplitLine() },
    ...spawnAt(D.scaledStart.get()),
    updateParallel: {
      body: Execute(when(now().gt(D.start.get()), despawn()), drawSplitLine()),
    },
  },
}

const despawnAtEnd = () => when(now().gt(L.end.get()), despawn())

const initialization: ArchetypeDef<'play'> = {
  name: ARCHETYPES.initialization,
  hasInput: false,
  imports: [],
  exports: [],
  callbacks: {
    preprocess: {
      order: -1,
      body: Execute(
        levelConstants(),
        scoring(),
        splitTable(),
        uiLayout(PLAY.RuntimeUI, PLAY.RuntimeUIConfiguration, false),
      ),
    },
    ...always(),
    updateParallel: { body: despawn() },
  },
}

const inputManager: ArchetypeDef<'play'> = {
  name: ARCHETYPES.inputManager,
  hasInput: false,
  imports: [],
  exports: [],
  callbacks: {
    ...always(),
    touch: { order: 1, body: handOut() },
    updateParallel: { body: despawnAtEnd() },
  },
}

const stage: ArchetypeDef<'play'> = {
  name: ARCHETYPES.stage,
  hasInput: false,
  imports: [],
  exports: [],
  callbacks: {
    ...always(),
    updateParallel: { body: Execute(drawStage(), despawnAtEnd()) },
  },
}

const marker = (name: string, imports: ReturnType<typeof importsOf>): ArchetypeDef<'play'> => ({
  name,
  hasInput: false,
  imports,
  exports: [],
  callbacks: { ...always(), updateParallel: { body: despawn() } },
})

export const playArchetypes = (): ArchetypeDef<'play'>[] => {
  const byName: Record<string, ArchetypeDef<'play'>> = {
    [ARCHETYPES.initialization]: initialization,
    [ARCHETYPES.inputManager]: inputManager,
    [ARCHETYPES.stage]: stage,
    [ARCHETYPES.bpmChange]: marker(ARCHETYPES.bpmChange, BPM_IMPORTS),
    [ARCHETYPES.timescaleChange]: marker(ARCHETYPES.timescaleChange, TIMESCALE_IMPORTS),
    ...Object.fromEntries(
      FLAT_NOTES.map((kind) => [kind.name, kind.name === ARCHETYPES.flick ? flick(kind) : flatNote(kind)]),
    ),
    [ARCHETYPES.holdEnd]: holdEnd(ARCHETYPES.holdEnd, false, true),
    [ARCHETYPES.scratchHoldEnd]: holdEnd(ARCHETYPES.scratchHoldEnd, true, true),
    [ARCHETYPES.nontailHoldEnd]: holdEnd(ARCHETYPES.nontailHoldEnd, false, false),
    [ARCHETYPES.nontailScratchHoldEnd]: holdEnd(ARCHETYPES.nontailScratchHoldEnd, true, false),
    [ARCHETYPES.sound]: tick(ARCHETYPES.sound),
    [ARCHETYPES.holdEighth]: tick(ARCHETYPES.holdEighth),
    [ARCHETYPES.syncLine]: syncLine,
    [ARCHETYPES.splitLine]: splitLine,
  }
  return ARCHETYPE_ORDER.map((name) => byName[name]!)
}

export const buildPlayData = (): EnginePlayData =>
  playData({
    skin: skinOf(),
    effect: effectOf(),
    particle: particleOf(),
    buckets: bucketsOf(),
    archetypes: playArchetypes(),
  })
