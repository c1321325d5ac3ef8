// Long because preview mode is one archetype set drawing one layout; split, its constants would be shared.
// Preview mode: the whole chart on one canvas that scrolls left to right, in columns of two seconds read
// bottom to top (the same layout as the site's chart preview, docs/chart-format.md §10). A line marks each
// beat (stronger each fourth), the time is printed every second on the left, every tenth note's count on
// the right, and time scale changes in yellow.
import type { EnginePreviewData } from '@sonolus/core'
import { type ArchetypeDef, previewData } from '../builder/engineData.js'
import {
  BeatToTime,
  Ceil,
  Draw,
  Execute,
  Floor,
  Get,
  If,
  Max,
  Min,
  Print,
  Set,
  type Val,
  While,
  num,
  rect,
  when,
} from '../builder/dsl.js'
import { Layout } from '../builder/memory.js'
import type { Expr } from '../builder/node.js'
import { ARCHETYPE_FIELDS, NOTE_ARCHETYPES } from '../../common/chart/levelData/types.js'
import { PREVIEW } from '../modes.js'
import { ARCHETYPES, LANES, OPTION, SPLIT_FADE } from './constants.js'
import { ARCHETYPE_ORDER, SPLIT_TABLE, splitTable } from './common.js'
import { entityLayout, importsOf } from './layout.js'
import { FLAT_NOTES, holdLook } from './looks.js'
import { S, skinOf } from './resources.js'
import { BPM_IMPORTS, TIMESCALE_IMPORTS } from './shared.js'

/** Seconds a column shows, its width on the canvas, and the stage's half width in it. */
export const COLUMN = { seconds: 2, width: 1, stage: 0.35 } as const
const LANE_WIDTH = (COLUMN.stage * 2) / LANES
const BOTTOM = -0.95
const TOP = 0.95
const NOTE_HALF = 0.02

const D = entityLayout(PREVIEW.EntityData)
const shared = new Layout(PREVIEW.EntitySharedMemory, 32, 'Entity Shared Memory').fields({ count: 1 })
const PD = new Layout(PREVIEW.PreviewData, 4096, 'Preview Data').fields({
  aspect: 1,
  mirror: 1,
  noteSize: 1,
  end: 1,
  count: 1,
  columns: 1,
})
const T = new Layout(PREVIEW.TemporaryMemory, 4096, 'Temporary Memory').fields({
  i: 1,
  column: 1,
  from: 1,
  to: 1,
})

const columnOf = (time: Val) => Max(Floor(num(time).div(COLUMN.seconds)), 0)
const columnX = (column: Val) => num(column).add(0.5).mul(COLUMN.width).sub(PD.aspect.get())
const yOf = (time: Val) =>
  num(time)
    .sub(columnOf(time).mul(COLUMN.seconds))
    .div(COLUMN.seconds)
    .mul(TOP - BOTTOM)
    .add(BOTTOM)
/** Lane edge p (0..12) in a column. */
const edge = (column: Val, p: Val) => columnX(column).sub(COLUMN.stage).add(num(p).mul(LANE_WIDTH))

const text = (value: Val, format: number, x: Val, y: Val, pivotX: number, align: number, color: number) =>
  Print(value, format, -1, x, y, pivotX, 0.5, 0.2, 0.05, 0, color, 1, align, 0)

/** The note's lanes after mirror. */
const lanes = () => {
  const last = D.lane.get().add(D.laneLength.get()).sub(1)
  return Execute(
    D.l.set(If(PD.mirror.get(), num(LANES + 1).sub(last), D.lane.get())),
    D.r.set(D.l.get().add(D.laneLength.get()).sub(1)),
  )
}

/** Times, lanes, the chart's end, and each judged note's count in entity order. */
const deriveNote = (name: string, hold: boolean) =>
  Execute(
    D.time.set(BeatToTime(D.beat.get())),
    D.start.set(hold ? BeatToTime(D.stBeat.get()) : D.time.get()),
    lanes(),
    PD.end.set(Max(PD.end.get(), D.time.get())),
    NOTE_ARCHETYPES.has(name) ? shared.count.set(PD.count.set(PD.count.get().add(1))) : 0,
  )

const head = (sprite: Val, time: Val, left: Val, right: Val) => {
  const column = columnOf(time)
  const y = yOf(time)
  const half = num(NOTE_HALF).mul(PD.noteSize.get())
  return Draw(
    sprite,
    rect(edge(column, num(left).sub(1)), edge(column, right), y.sub(half), y.add(half)),
    6,
    1,
  )
}

/** Every tenth judged note's count beside its column. */
const countLabel = () =>
  when(
    shared.count.get().mod(10).eq(0),
    text(shared.count.get(), 0, edge(columnOf(D.time.get()), LANES).add(0.02), yOf(D.time.get()), 0, -1, 0),
  )

const arrows = (time: Val, left: Val, right: Val, direction: Val) => {
  const column = columnOf(time)
  const y = yOf(time).add(NOTE_HALF)
  const x0 = edge(column, num(left).sub(1))
  const x1 = edge(column, right)
  const middle = x0.add(x1).div(2)
  const y1 = y.add(0.05)
  const d = num(direction)
  return Execute(
    when(d.ge(0), Draw(S['#DIRECTIONAL_MARKER_PURPLE'], [middle, y1, x1, y1, x1, y, middle, y], 7, 1)),
    when(d.le(0), Draw(S['#DIRECTIONAL_MARKER_PURPLE'], [middle, y, x0, y, x0, y1, middle, y1], 7, 1)),
  )
}

/** Something over lanes edges [left, right] from one time to another, cut at column boundaries. */
const across = (from: Val, to: Val, draw: (column: Expr, bottom: Expr, top: Expr) => Expr) =>
  Execute(
    T.column.set(columnOf(from)),
    While(
      T.column.get().le(columnOf(to)),
      T.from.set(Max(from, T.column.get().mul(COLUMN.seconds))),
      T.to.set(Min(to, T.column.get().add(1).mul(COLUMN.seconds))),
      draw(
        T.column.get(),
        T.from
          .get()
          .sub(T.column.get().mul(COLUMN.seconds))
          .div(COLUMN.seconds)
          .mul(TOP - BOTTOM)
          .add(BOTTOM),
        T.to
          .get()
          .sub(T.column.get().mul(COLUMN.seconds))
          .div(COLUMN.seconds)
          .mul(TOP - BOTTOM)
          .add(BOTTOM),
      ),
      T.column.set(T.column.get().add(1)),
    ),
  )

const note = (name: string, sprite: number, markers: boolean): ArchetypeDef<'preview'> => ({
  name,
  imports: importsOf(ARCHETYPE_FIELDS[name]!),
  callbacks: {
    preprocess: { body: deriveNote(name, false) },
    render: {
      body: Execute(
        head(sprite, D.time.get(), D.l.get(), D.r.get()),
        markers
          ? arrows(
              D.time.get(),
              D.l.get(),
              D.r.get(),
              If(PD.mirror.get(), D.scratchLength.get().neg(), D.scratchLength.get()),
            )
          : 0,
        countLabel(),
      ),
    },
  },
})

const hold = (name: string, scratch: boolean, tailed: boolean): ArchetypeDef<'preview'> => {
  const look = holdLook(scratch, tailed)
  const scratchLength = If(PD.mirror.get(), D.scratchLength.get().neg(), D.scratchLength.get())
  return {
    name,
    imports: importsOf(ARCHETYPE_FIELDS[name]!),
    callbacks: {
      preprocess: {
        body: Execute(
          deriveNote(name, true),
          D.targetL.set(
            scratch ? If(scratchLength.lt(0), D.r.get().add(scratchLength).add(1), D.l.get()) : D.l.get(),
          ),
          D.targetR.set(
            scratch ? If(scratchLength.gt(0), D.l.get().add(scratchLength).sub(1), D.r.get()) : D.r.get(),
          ),
        ),
      },
      render: {
        body: Execute(
          across(D.start.get(), D.time.get(), (column, bottom, top) =>
            Draw(
              look.body!,
              rect(
                edge(column, D.l.get().sub(1)).add(0.004),
                edge(column, D.r.get()).sub(0.004),
                bottom,
                top,
              ),
              4,
              0.8,
            ),
          ),
          tailed ? head(look.head!, D.time.get(), D.targetL.get(), D.targetR.get()) : 0,
          tailed && scratch ? arrows(D.time.get(), D.targetL.get(), D.targetR.get(), scratchLength) : 0,
          tailed ? countLabel() : 0,
        ),
      },
    },
  }
}

const tick = (name: string): ArchetypeDef<'preview'> => {
  const eighth = name === ARCHETYPES.holdEighth
  return {
    name,
    imports: importsOf(ARCHETYPE_FIELDS[name]!),
    callbacks: {
      preprocess: { body: deriveNote(name, false) },
      render: {
        body: Execute(
          eighth
            ? 0
            : head(
                If(D.holdType.get().mod(1000).ge(110), S['#NOTE_TICK_PURPLE'], S['#NOTE_TICK_BLUE']),
                D.time.get(),
                D.l.get(),
                D.r.get(),
              ),
          countLabel(),
        ),
      },
    },
  }
}

const syncLine: ArchetypeDef<'preview'> = {
  name: ARCHETYPES.syncLine,
  imports: importsOf(ARCHETYPE_FIELDS[ARCHETYPES.syncLine]!),
  callbacks: {
    preprocess: {
      body: Execute(
        D.time.set(BeatToTime(D.beat.get())),
        D.l.set(If(PD.mirror.get(), num(LANES + 1).sub(D.right.get()), D.left.get())),
        D.r.set(If(PD.mirror.get(), num(LANES + 1).sub(D.left.get()), D.right.get())),
      ),
    },
    render: {
      body: Draw(
        S['#SIMULTANEOUS_CONNECTION_NEUTRAL'],
        rect(
          edge(columnOf(D.time.get()), D.l.get().sub(0.5)),
          edge(columnOf(D.time.get()), D.r.get().sub(0.5)),
          yOf(D.time.get()).sub(0.003),
          yOf(D.time.get()).add(0.003),
        ),
        5,
        0.8,
      ),
    },
  },
}

const splitLine: ArchetypeDef<'preview'> = {
  name: ARCHETYPES.splitLine,
  imports: importsOf(ARCHETYPE_FIELDS[ARCHETYPES.splitLine]!),
  callbacks: {
    preprocess: {
      body: Execute(
        D.time.set(BeatToTime(D.beat.get())),
        D.start.set(BeatToTime(D.endBeat.get())),
        PD.end.set(Max(PD.end.get(), D.time.get())),
      ),
    },
    render: {
      body: (() => {
        const split = Min(Max(D.split.get(), 1), 6)
        const position = (mirror: Val) => {
          const p = Get(PREVIEW.PreviewData, num(SPLIT_TABLE).add(split.sub(1).mul(8)).add(T.i.get()))
          return If(mirror, num(LANES).sub(p), p)
        }
        return Execute(
          T.i.set(0),
          While(
            T.i.get().le(split),
            across(
              num(D.time.get()).sub(SPLIT_FADE.in),
              D.start.get().add(SPLIT_FADE.out),
              (column, bottom, top) =>
                Draw(
                  S['#GRID_NEUTRAL'],
                  rect(
                    edge(column, position(PD.mirror.get())).sub(0.003),
                    edge(column, position(PD.mirror.get())).add(0.003),
                    bottom,
                    top,
                  ),
                  8,
                  0.6,
                ),
            ),
            T.i.set(T.i.get().add(1)),
          ),
        )
      })(),
    },
  },
}

const timescaleChange: ArchetypeDef<'preview'> = {
  name: ARCHETYPES.timescaleChange,
  imports: TIMESCALE_IMPORTS,
  callbacks: {
    preprocess: {
      body: Execute(D.time.set(BeatToTime(D.beat.get())), PD.end.set(Max(PD.end.get(), D.time.get()))),
    },
    render: {
      body: Execute(
        Draw(
          S['#GRID_YELLOW'],
          rect(
            edge(columnOf(D.time.get()), 0),
            edge(columnOf(D.time.get()), LANES),
            yOf(D.time.get()).sub(0.004),
            yOf(D.time.get()).add(0.004),
          ),
          9,
          0.8,
        ),
        // #TIMESCALE sits where a note keeps its lane (import index 1).
        text(D.lane.get(), 21, edge(columnOf(D.time.get()), LANES).add(0.02), yOf(D.time.get()), 0, -1, 4),
      ),
    },
  },
}

/** The stage in every column, a line each beat, the time each second. */
const stageRender = (): Expr => {
  const column = T.column.get()
  const beatTime = BeatToTime(T.i.get())
  return Execute(
    T.column.set(0),
    While(
      column.lt(PD.columns.get()),
      Draw(S['#STAGE_MIDDLE'], rect(edge(column, 0), edge(column, LANES), -1, 1), 1, 0.8),
      Draw(S['#STAGE_LEFT_BORDER'], rect(edge(column, 0).sub(0.01), edge(column, 0), -1, 1), 2, 1),
      Draw(S['#STAGE_RIGHT_BORDER'], rect(edge(column, LANES), edge(column, LANES).add(0.01), -1, 1), 2, 1),
      T.column.set(column.add(1)),
    ),
    T.i.set(0),
    While(
      beatTime.le(PD.end.get()),
      Draw(
        S['#GRID_NEUTRAL'],
        rect(
          edge(columnOf(beatTime), 0),
          edge(columnOf(beatTime), LANES),
          yOf(beatTime).sub(0.002),
          yOf(beatTime).add(If(T.i.get().mod(4).eq(0), 0.004, 0.002)),
        ),
        3,
        If(T.i.get().mod(4).eq(0), 0.6, 0.3),
      ),
      T.i.set(T.i.get().add(1)),
    ),
    T.i.set(0),
    While(
      T.i.get().le(PD.end.get()),
      text(T.i.get(), 10, edge(columnOf(T.i.get()), 0).sub(0.02), yOf(T.i.get()), 1, 1, -1),
      T.i.set(T.i.get().add(1)),
    ),
  )
}

const initialization: ArchetypeDef<'preview'> = {
  name: ARCHETYPES.initialization,
  imports: [],
  callbacks: {
    preprocess: {
      order: -1,
      body: Execute(
        PD.aspect.set(Get(PREVIEW.RuntimeEnvironment, 1)),
        PD.mirror.set(Get(PREVIEW.PreviewOption, OPTION.mirror)),
        PD.noteSize.set(Get(PREVIEW.PreviewOption, OPTION.noteSize)),
        splitTable(PREVIEW.PreviewData),
        // The menu top right, the progress bar along the bottom.
        ...[
          [PD.aspect.get().sub(0.05), 0.95, 1, 1, 0.15, 0.15, 0, 1, 1],
          [PD.aspect.get().neg().add(0.05), -0.95, 0, 0, PD.aspect.get().mul(2).sub(0.1), 0.15, 0, 1, 1],
        ].flatMap((item, k) =>
          item.map((value, i) =>
            Set(
              PREVIEW.RuntimeUI,
              k * 9 + i,
              num(value).mul(i === 4 || i === 5 ? Get(PREVIEW.RuntimeUIConfiguration, k * 2) : 1),
            ),
          ),
        ),
      ),
    },
  },
}

const stage: ArchetypeDef<'preview'> = {
  name: ARCHETYPES.stage,
  imports: [],
  callbacks: {
    // After every note, when the chart's end is known.
    preprocess: {
      order: 1,
      body: Execute(
        PD.columns.set(Max(Ceil(PD.end.get().add(0.001).div(COLUMN.seconds)), 1)),
        Set(PREVIEW.RuntimeCanvas, 0, 0),
        Set(PREVIEW.RuntimeCanvas, 1, PD.columns.get().mul(COLUMN.width)),
      ),
    },
    render: { body: stageRender() },
  },
}

export const previewArchetypes = (): ArchetypeDef<'preview'>[] => {
  const byName: Record<string, ArchetypeDef<'preview'>> = {
    [ARCHETYPES.initialization]: initialization,
    [ARCHETYPES.inputManager]: { name: ARCHETYPES.inputManager, imports: [], callbacks: {} },
    [ARCHETYPES.stage]: stage,
    [ARCHETYPES.bpmChange]: { name: ARCHETYPES.bpmChange, imports: BPM_IMPORTS, callbacks: {} },
    [ARCHETYPES.timescaleChange]: timescaleChange,
    ...Object.fromEntries(
      FLAT_NOTES.map((kind) => [kind.name, note(kind.name, kind.look.head!, kind.name === ARCHETYPES.flick)]),
    ),
    [ARCHETYPES.holdEnd]: hold(ARCHETYPES.holdEnd, false, true),
    [ARCHETYPES.scratchHoldEnd]: hold(ARCHETYPES.scratchHoldEnd, true, true),
    [ARCHETYPES.nontailHoldEnd]: hold(ARCHETYPES.nontailHoldEnd, false, false),
    [ARCHETYPES.nontailScratchHoldEnd]: hold(ARCHETYPES.nontailScratchHoldEnd, true, false),
    [ARCHETYPES.sound]: tick(ARCHETYPES.sound),
    [ARCHETYPES.holdEighth]: tick(ARCHETYPES.holdEighth),
    [ARCHETYPES.syncLine]: syncLine,
    [ARCHETYPES.splitLine]: splitLine,
  }
  return ARCHETYPE_ORDER.map((name) => byName[name]!)
}

export const buildPreviewData = (): EnginePreviewData =>
  previewData({ skin: skinOf(), archetypes: previewArchetypes() })
