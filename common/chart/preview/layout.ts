// The chart preview's layout model (docs/spec.md §2 "Chart preview"; docs/chart-format.md §7, §10). Pure data:
// the SPA's SVG renderer draws it. Time runs bottom to top inside a column and columns run left to right.
import { ARCHETYPES, LANES } from '../levelData/types.js'
import { type FlatEntity } from '../levelData/read.js'

/** docs/spec.md §2: 2 beats per column, column spacing 200, margin 60, padding 20, column height 600. */
export const BEATS_PER_COLUMN = 2
export const COLUMN_WIDTH = 200
export const COLUMN_MARGIN = 60
export const PADDING = 20
export const COLUMN_HEIGHT = 600
export const BOTTOM_BORDER_OPACITY = 0.3
const NOTE_HEIGHT = 8
const LANE_WIDTH = COLUMN_WIDTH / LANES

/** Divider positions (0..12) per split count (docs/chart-format.md §7, the engine's table). The spec lists 1-7 entries; its
 *  7th, [0,2,4,6,8,10,12], is the same as split 6. */
export const DIVIDER_POSITIONS: Record<number, number[]> = {
  1: [0, 12],
  2: [0, 6, 12],
  3: [0, 4, 8, 12],
  4: [0, 3, 6, 9, 12],
  5: [0, 3, 5, 7, 9, 12],
  6: [0, 2, 4, 6, 8, 10, 12],
  7: [0, 2, 4, 6, 8, 10, 12],
}

export type NoteStyle = 'normal' | 'critical' | 'hold' | 'scratch' | 'tick-blue' | 'tick-purple' | 'eighth'
export type BodyStyle = 'hold' | 'scratch'
export type Direction = 'both' | 'left' | 'right'

export type PreviewShape =
  | {
      kind: 'note'
      style: NoteStyle
      x: number
      y: number
      width: number
      height: number
      direction?: Direction
      noteCount: number
    }
  | { kind: 'body'; style: BodyStyle; nontail: boolean; x: number; y: number; width: number; height: number }
  | { kind: 'sync'; x1: number; x2: number; y: number }
  | { kind: 'divider'; x: number; y1: number; y2: number; colorId: number; slot: number }
  | { kind: 'timescale'; x: number; y: number; value: number; lineX1: number; lineX2: number }
  | { kind: 'noteNumber'; x: number; y: number; value: number }

export type PreviewColumn = { index: number; x: number; label: string; labelY: number }

export type PreviewLayout = {
  width: number
  height: number
  columns: PreviewColumn[]
  shapes: PreviewShape[]
  /** Judged notes drawn (one shape per note archetype entity). */
  noteCount: number
}

/** m:ss, the spec's time label. */
export const formatClock = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds + 1e-9))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

export const columnCount = (maxBeat: number): number =>
  Math.max(1, Math.ceil(maxBeat / BEATS_PER_COLUMN - 1e-9))

/** One column and its margins: the preview's width is this times the column count. */
export const COLUMN_SLOT = COLUMN_WIDTH + 2 * COLUMN_MARGIN

/** The stage's left edge of column c. */
const columnX = (column: number) => COLUMN_MARGIN + column * COLUMN_SLOT

/** Something that runs over time and is cut at column boundaries when drawn: a hold body or a split line. */
export type PreviewSpan =
  | {
      kind: 'body'
      style: BodyStyle
      nontail: boolean
      lane: number
      laneLength: number
      from: number
      to: number
    }
  | { kind: 'split'; positions: number[]; colorId: number; from: number; to: number }

/** A chart made ready to draw any range of its columns. Shapes at one time sit in one column's list; spans
 *  are cut per column only for the columns drawn, so what a drawing costs depends on the columns it shows,
 *  not on the chart's length. */
export type PreviewPlan = {
  columnCount: number
  width: number
  height: number
  /** Judged notes drawn (one shape per note archetype entity), over the whole chart. */
  noteCount: number
  /** Notes, note numbers, sync lines and hi-speed marks by column. */
  points: PreviewShape[][]
  spans: PreviewSpan[]
}

const columnOfTime = (lastColumn: number, time: number) =>
  Math.min(lastColumn, Math.max(0, Math.floor(time / BEATS_PER_COLUMN + 1e-9)))
/** y of a time inside a given column (bottom = column start). */
const yIn = (column: number, time: number) =>
  PADDING + COLUMN_HEIGHT - ((time - column * BEATS_PER_COLUMN) / BEATS_PER_COLUMN) * COLUMN_HEIGHT
const laneX = (column: number, lane: number) => columnX(column) + (lane - 1) * LANE_WIDTH

/** Where a beat is drawn, for marks laid over the preview: the row across its column, or across the lanes
 *  given (1-based, as notes name them). */
export const markBox = (
  columns: number,
  beat: number,
  lane?: number,
  laneLength = 1,
): { x: number; y: number; width: number } => {
  const column = columnOfTime(Math.max(1, columns) - 1, beat)
  const y = yIn(column, beat)
  return lane === undefined
    ? { x: columnX(column), y, width: COLUMN_WIDTH }
    : { x: laneX(column, lane), y, width: Math.max(1, laneLength) * LANE_WIDTH }
}

export const planPreview = (entities: readonly FlatEntity[], maxBeat: number): PreviewPlan => {
  const columns = columnCount(maxBeat)
  const lastColumn = columns - 1
  const points: PreviewShape[][] = Array.from({ length: columns }, () => [])
  const spans: PreviewSpan[] = []
  let noteCount = 0
  const place = (time: number) => {
    const column = columnOfTime(lastColumn, time)
    return { column, x: columnX(column), y: yIn(column, time) }
  }
  const note = (
    entity: FlatEntity,
    style: NoteStyle,
    lane: number,
    laneLength: number,
    time: number,
    direction?: Direction,
  ) => {
    const { column, y } = place(time)
    noteCount++
    points[column].push({
      kind: 'note',
      style,
      x: laneX(column, lane),
      y: y - NOTE_HEIGHT / 2,
      width: laneLength * LANE_WIDTH,
      height: NOTE_HEIGHT,
      direction,
      noteCount: entity.noteCount,
    })
    if (entity.noteCount > 0 && entity.noteCount % 10 === 0) {
      // docs/chart-format.md §9: the number of every 10th note, on the right edge.
      points[column].push({
        kind: 'noteNumber',
        x: columnX(column) + COLUMN_WIDTH + 4,
        y,
        value: entity.noteCount,
      })
    }
  }
  const direction = (value: number): Direction => (value === 0 ? 'both' : value < 0 ? 'left' : 'right')
  const body = (entity: FlatEntity, style: BodyStyle, nontail: boolean) => {
    const { lane, laneLength, beat, stBeat } = entity.fields
    spans.push({ kind: 'body', style, nontail, lane, laneLength, from: stBeat, to: beat })
  }

  for (const entity of entities) {
    const f = entity.fields
    switch (entity.archetype) {
      case ARCHETYPES.normal:
      case ARCHETYPES.scratchHoldStart:
        note(entity, 'normal', f.lane, f.laneLength, f.beat)
        break
      case ARCHETYPES.critical:
      case ARCHETYPES.criticalHoldStart:
      case ARCHETYPES.criticalScratchHoldStart:
        note(entity, 'critical', f.lane, f.laneLength, f.beat)
        break
      case ARCHETYPES.holdStart:
        note(entity, 'hold', f.lane, f.laneLength, f.beat)
        break
      case ARCHETYPES.flick:
        note(entity, 'scratch', f.lane, f.laneLength, f.beat, direction(f.scratchLength))
        break
      case ARCHETYPES.holdEnd:
        body(entity, 'hold', false)
        note(entity, 'hold', f.lane, f.laneLength, f.beat)
        break
      case ARCHETYPES.scratchHoldEnd:
        if (f.beat > f.stBeat) body(entity, 'scratch', false)
        // The judged target is the scratch span (docs/spec.md §5), with the arrow of the original sign.
        note(
          entity,
          'scratch',
          entity.left!,
          entity.right! - entity.left! + 1,
          f.beat,
          direction(entity.originalScratchLength!),
        )
        break
      case ARCHETYPES.nontailHoldEnd:
        body(entity, 'hold', true)
        break
      case ARCHETYPES.nontailScratchHoldEnd:
        body(entity, 'scratch', true)
        break
      case ARCHETYPES.sound: {
        const purple = [110, 111, 1110, 1111].includes(f.holdType)
        note(entity, purple ? 'tick-purple' : 'tick-blue', f.lane, f.laneLength, f.beat)
        break
      }
      case ARCHETYPES.holdEighth:
        note(entity, 'eighth', f.lane, f.laneLength, f.beat)
        break
      case ARCHETYPES.syncLine: {
        // docs/chart-format.md §10.1: from the centre of lane `left` to the centre of lane `right`.
        const { column, y } = place(f.beat)
        points[column].push({
          kind: 'sync',
          x1: laneX(column, f.left) + LANE_WIDTH / 2,
          x2: laneX(column, f.right) + LANE_WIDTH / 2,
          y,
        })
        break
      }
      case ARCHETYPES.splitLine:
        spans.push({
          kind: 'split',
          positions: DIVIDER_POSITIONS[f.split] ?? DIVIDER_POSITIONS[1],
          colorId: f.color,
          from: f.beat,
          to: f.endBeat,
        })
        break
      case ARCHETYPES.timescaleChange: {
        // docs/chart-format.md §10.1: the value in yellow on the right edge, with a yellow grid line.
        const { column, x, y } = place(f['#BEAT'])
        points[column].push({
          kind: 'timescale',
          x: x + COLUMN_WIDTH + 4,
          y,
          value: f['#TIMESCALE'],
          lineX1: x,
          lineX2: x + COLUMN_WIDTH,
        })
        break
      }
      default:
        break
    }
  }
  return {
    columnCount: columns,
    width: COLUMN_MARGIN * 2 * columns + COLUMN_WIDTH * columns,
    height: COLUMN_HEIGHT + PADDING * 2,
    noteCount,
    points,
    spans,
  }
}

/** The shapes of columns first..last. A span is cut into one piece per column; where several pieces fill a
 *  whole column at the same place they look like one, so one is kept (the last, as it would be drawn on
 *  top): a column then holds at most one full piece per lane range and style, however many spans cross it. */
export const layoutColumns = (plan: PreviewPlan, first: number, last: number): PreviewLayout => {
  const lastColumn = plan.columnCount - 1
  first = Math.max(0, Math.floor(first))
  last = Math.min(lastColumn, Math.floor(last))
  const columns: PreviewColumn[] = []
  // Pieces by column, so that shapes come out column by column (pieces in different columns never overlap).
  const cut: PreviewShape[][] = []
  const full: Map<string, PreviewShape>[] = []
  for (let column = first; column <= last; column++) {
    columns.push({
      index: column,
      x: columnX(column),
      // docs/spec.md §2: a time label every two beats, m:ss.
      label: formatClock(column * BEATS_PER_COLUMN),
      labelY: PADDING + COLUMN_HEIGHT,
    })
    cut.push([])
    full.push(new Map())
  }
  for (const span of plan.spans) {
    const from = Math.max(first, columnOfTime(lastColumn, span.from))
    const to = Math.min(last, columnOfTime(lastColumn, span.to))
    for (let column = from; column <= to; column++) {
      const columnStart = column * BEATS_PER_COLUMN
      const start = Math.max(span.from, columnStart)
      const end = Math.min(span.to, columnStart + BEATS_PER_COLUMN)
      if (end < start || (end === start && span.from !== span.to)) continue
      const y1 = yIn(column, end)
      const y2 = yIn(column, start)
      const whole = start === columnStart && end === columnStart + BEATS_PER_COLUMN
      if (span.kind === 'body') {
        const shape: PreviewShape = {
          kind: 'body',
          style: span.style,
          nontail: span.nontail,
          x: laneX(column, span.lane),
          y: y1,
          width: span.laneLength * LANE_WIDTH,
          height: y2 - y1,
        }
        if (!whole) cut[column - first].push(shape)
        else
          keepLast(
            full[column - first],
            `b${span.style}:${span.nontail}:${span.lane}:${span.laneLength}`,
            shape,
          )
      } else {
        span.positions.forEach((position, slot) => {
          const shape: PreviewShape = {
            kind: 'divider',
            x: columnX(column) + position * LANE_WIDTH,
            y1,
            y2,
            colorId: span.colorId,
            slot,
          }
          if (!whole) cut[column - first].push(shape)
          else keepLast(full[column - first], `d${position}`, shape)
        })
      }
    }
  }
  const shapes: PreviewShape[] = []
  for (let column = first; column <= last; column++) {
    for (const shape of plan.points[column]) shapes.push(shape)
    for (const shape of cut[column - first]) shapes.push(shape)
    for (const shape of full[column - first].values()) shapes.push(shape)
  }
  return { width: plan.width, height: plan.height, columns, shapes, noteCount: plan.noteCount }
}

const keepLast = (map: Map<string, PreviewShape>, key: string, shape: PreviewShape) => {
  map.delete(key)
  map.set(key, shape)
}

/** Every column of a chart: the model the tests read. Drawing goes through planPreview and layoutColumns. */
export const layoutPreview = (entities: readonly FlatEntity[], maxBeat: number): PreviewLayout => {
  const plan = planPreview(entities, maxBeat)
  return layoutColumns(plan, 0, plan.columnCount - 1)
}
