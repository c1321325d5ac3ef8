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

/** The stage's left edge of column c. */
const columnX = (column: number) => COLUMN_MARGIN + column * (COLUMN_WIDTH + 2 * COLUMN_MARGIN)

export const layoutPreview = (entities: readonly FlatEntity[], maxBeat: number): PreviewLayout => {
  const columns = columnCount(maxBeat)
  const lastColumn = columns - 1
  const width = COLUMN_MARGIN * 2 * columns + COLUMN_WIDTH * columns
  const height = COLUMN_HEIGHT + PADDING * 2

  const columnOf = (time: number) =>
    Math.min(lastColumn, Math.max(0, Math.floor(time / BEATS_PER_COLUMN + 1e-9)))
  /** y of a time inside a given column (bottom = column start). */
  const yIn = (column: number, time: number) =>
    PADDING + COLUMN_HEIGHT - ((time - column * BEATS_PER_COLUMN) / BEATS_PER_COLUMN) * COLUMN_HEIGHT
  const place = (time: number) => {
    const column = columnOf(time)
    return { column, x: columnX(column), y: yIn(column, time) }
  }
  const laneX = (column: number, lane: number) => columnX(column) + (lane - 1) * LANE_WIDTH
  /** Splits [from, to] at column boundaries: one piece per column it crosses. */
  const pieces = (from: number, to: number) => {
    const out: { column: number; y1: number; y2: number }[] = []
    for (let column = columnOf(from); column <= columnOf(to); column++) {
      const start = Math.max(from, column * BEATS_PER_COLUMN)
      const end = Math.min(to, (column + 1) * BEATS_PER_COLUMN)
      if (end < start || (end === start && from !== to)) continue
      out.push({ column, y1: yIn(column, end), y2: yIn(column, start) })
    }
    return out
  }

  const shapes: PreviewShape[] = []
  const note = (
    entity: FlatEntity,
    style: NoteStyle,
    lane: number,
    laneLength: number,
    time: number,
    direction?: Direction,
  ) => {
    const { column, y } = place(time)
    shapes.push({
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
      shapes.push({ kind: 'noteNumber', x: columnX(column) + COLUMN_WIDTH + 4, y, value: entity.noteCount })
    }
  }
  const direction = (value: number): Direction => (value === 0 ? 'both' : value < 0 ? 'left' : 'right')
  const body = (entity: FlatEntity, style: BodyStyle, nontail: boolean) => {
    const { lane, laneLength, beat, stBeat } = entity.fields
    for (const piece of pieces(stBeat, beat)) {
      shapes.push({
        kind: 'body',
        style,
        nontail,
        x: laneX(piece.column, lane),
        y: piece.y1,
        width: laneLength * LANE_WIDTH,
        height: piece.y2 - piece.y1,
      })
    }
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
        shapes.push({
          kind: 'sync',
          x1: laneX(column, f.left) + LANE_WIDTH / 2,
          x2: laneX(column, f.right) + LANE_WIDTH / 2,
          y,
        })
        break
      }
      case ARCHETYPES.splitLine: {
        const positions = DIVIDER_POSITIONS[f.split] ?? DIVIDER_POSITIONS[1]
        for (const piece of pieces(f.beat, f.endBeat)) {
          positions.forEach((position, slot) => {
            shapes.push({
              kind: 'divider',
              x: columnX(piece.column) + position * LANE_WIDTH,
              y1: piece.y1,
              y2: piece.y2,
              colorId: f.color,
              slot,
            })
          })
        }
        break
      }
      case ARCHETYPES.timescaleChange: {
        // docs/chart-format.md §10.1: the value in yellow on the right edge, with a yellow grid line.
        const { x, y } = place(f['#BEAT'])
        shapes.push({
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

  const columnList: PreviewColumn[] = Array.from({ length: columns }, (_, index) => ({
    index,
    x: columnX(index),
    // docs/spec.md §2: a time label every two beats, m:ss.
    label: formatClock(index * BEATS_PER_COLUMN),
    labelY: PADDING + COLUMN_HEIGHT,
  }))
  const noteCount = shapes.filter((shape) => shape.kind === 'note').length
  return { width, height, columns: columnList, shapes, noteCount }
}
