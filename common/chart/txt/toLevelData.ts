// Sirius TXT rows → LevelData (docs/chart-format.md §12), with stable, fully keyed ordering and
// tolerance-based time comparisons (§14) instead of the reference's unstable sorts and float equality.
import { ARCHETYPES, HEADER_ARCHETYPES, type LevelData, type LevelDataEntity } from '../levelData/types.js'
import { quantize } from '../numbers.js'
import { ChartLimitError } from '../limits.js'
import { CHART_LIMITS } from '../../rules.js'
import { HOLD_BODY_TYPES, TXT_TYPES, type TxtRow, splitOfGimmick } from './types.js'

const entity = (archetype: string, data: Record<string, number>): LevelDataEntity => {
  const list: LevelDataEntity['data'] = []
  for (const name in data) list.push({ name, value: data[name] })
  return { archetype, data: list }
}

/** §14's deterministic key: time, type, lane, width, end, then source position. */
export const compareRows = (a: TxtRow, b: TxtRow): number =>
  (a.startTime === b.startTime ? 0 : quantize(a.startTime) - quantize(b.startTime)) ||
  a.type - b.type ||
  a.leftLane - b.leftLane ||
  a.laneLength - b.laneLength ||
  a.endTime - b.endTime ||
  a.line - b.line ||
  a.column - b.column

const HEAD_ARCHETYPE: Record<number, string> = {
  [TXT_TYPES.holdStart]: ARCHETYPES.holdStart,
  [TXT_TYPES.blueTap]: ARCHETYPES.holdStart,
  [TXT_TYPES.criticalHoldStart]: ARCHETYPES.criticalHoldStart,
  [TXT_TYPES.scratchHoldStart]: ARCHETYPES.scratchHoldStart,
  [TXT_TYPES.criticalScratchHoldStart]: ARCHETYPES.criticalScratchHoldStart,
}

const BODY_END: Record<number, { archetype: string; tailed: boolean; scratch: boolean }> = {
  100: { archetype: ARCHETYPES.holdEnd, tailed: true, scratch: false },
  101: { archetype: ARCHETYPES.holdEnd, tailed: true, scratch: false },
  110: { archetype: ARCHETYPES.scratchHoldEnd, tailed: true, scratch: true },
  111: { archetype: ARCHETYPES.scratchHoldEnd, tailed: true, scratch: true },
  1100: { archetype: ARCHETYPES.nontailHoldEnd, tailed: false, scratch: false },
  1101: { archetype: ARCHETYPES.nontailHoldEnd, tailed: false, scratch: false },
  1110: { archetype: ARCHETYPES.nontailScratchHoldEnd, tailed: false, scratch: true },
  1111: { archetype: ARCHETYPES.nontailScratchHoldEnd, tailed: false, scratch: true },
}

type Pending = { row: TxtRow; order: number }

/** Sorts rows into §14's deterministic order, in place. */
export const sortRows = (rows: TxtRow[]): TxtRow[] => rows.sort(compareRows)

/** `sorted` says the rows are already in sortRows order (convertSus sorts once for TXT and data). */
export const txtRowsToLevelData = (
  input: readonly TxtRow[],
  sorted = false,
  maxEntities: number = CHART_LIMITS.entities,
): LevelData => {
  const rows = sorted ? input : sortRows([...input])
  const entities: LevelDataEntity[] = HEADER_ARCHETYPES.map((archetype) => entity(archetype, {}))
  // §2: one beat is one second; #TIMESCALE_CHANGE.#BEAT is measured in beats, so always emit it.
  entities.push(entity(ARCHETYPES.bpmChange, { '#BEAT': 0, '#BPM': 60 }))

  const sync = new Map<number, { time: number; left: number; right: number }>()
  const registerSync = (time: number, lane: number, enLane: number) => {
    const key = quantize(time)
    const point = sync.get(key)
    if (point) {
      point.left = Math.min(point.left, lane)
      point.right = Math.max(point.right, enLane)
    } else sync.set(key, { time, left: lane, right: enLane })
  }
  const lastType = new Map<string, number>()
  const ticks = new Set<string>()
  const spanKey = (row: TxtRow) => `${row.leftLane}:${row.leftLane + row.laneLength - 1}`

  // Pending bodies, ordered by (endTime, lane, width, insertion); never collapsed (§14).
  const pending: Pending[] = []
  let inserted = 0
  const comparePending = (a: Pending, b: Pending) =>
    quantize(a.row.endTime) - quantize(b.row.endTime) ||
    a.row.leftLane - b.row.leftLane ||
    a.row.laneLength - b.row.laneLength ||
    a.order - b.order
  const emitEnd = ({ row }: Pending) => {
    const end = BODY_END[row.type]
    const data: Record<string, number> = {
      beat: row.endTime,
      stBeat: row.startTime,
      lane: row.leftLane,
      laneLength: row.laneLength,
    }
    if (end.scratch) data.scratchLength = row.scratchLength
    entities.push(entity(end.archetype, data))
    if (end.tailed) registerSync(row.endTime, row.leftLane, row.leftLane + row.laneLength - 1)
  }
  // pending[head..] are the bodies not yet ended; ended ones are skipped, not shifted out one by one,
  // and inserts find their place by binary search: many concurrent holds stay O(n log n).
  let head = 0
  const flushUntil = (time: number) => {
    const limit = quantize(time)
    while (head < pending.length && quantize(pending[head].row.endTime) <= limit) emitEnd(pending[head++])
    if (head > 1024 && head * 2 > pending.length) {
      pending.splice(0, head)
      head = 0
    }
  }

  for (const row of rows) {
    flushUntil(row.startTime)
    const lane = row.leftLane
    const enLane = row.leftLane + row.laneLength - 1
    const point = { beat: row.startTime, lane, laneLength: row.laneLength }
    switch (row.type) {
      case TXT_TYPES.normal:
        entities.push(entity(ARCHETYPES.normal, point))
        registerSync(row.startTime, lane, enLane)
        break
      case TXT_TYPES.critical:
        entities.push(entity(ARCHETYPES.critical, point))
        registerSync(row.startTime, lane, enLane)
        break
      case TXT_TYPES.flick:
        entities.push(entity(ARCHETYPES.flick, { ...point, scratchLength: row.scratchLength }))
        registerSync(row.startTime, lane, enLane)
        break
      case TXT_TYPES.holdStart:
      case TXT_TYPES.blueTap:
      case TXT_TYPES.criticalHoldStart:
      case TXT_TYPES.scratchHoldStart:
      case TXT_TYPES.criticalScratchHoldStart:
        entities.push(entity(HEAD_ARCHETYPE[row.type], point))
        registerSync(row.startTime, lane, enLane)
        break
      case TXT_TYPES.sound:
      case TXT_TYPES.scratchSound:
        entities.push(entity(ARCHETYPES.sound, { ...point, holdType: lastType.get(spanKey(row)) ?? 0 }))
        ticks.add(`${quantize(row.startTime)}:${spanKey(row)}`)
        break
      case TXT_TYPES.soundPurple:
        // A mid-hold scratch: a Scratch Hold End whose body has no length.
        entities.push(
          entity(ARCHETYPES.scratchHoldEnd, {
            beat: row.startTime,
            stBeat: row.startTime,
            lane,
            laneLength: row.laneLength,
            scratchLength: row.scratchLength,
          }),
        )
        registerSync(row.startTime, lane, enLane)
        ticks.add(`${quantize(row.startTime)}:${spanKey(row)}`)
        break
      case TXT_TYPES.holdEighth:
        if (!ticks.has(`${quantize(row.startTime)}:${spanKey(row)}`)) {
          entities.push(entity(ARCHETYPES.holdEighth, { ...point, holdType: 0 }))
        }
        break
      case TXT_TYPES.split:
        entities.push(
          entity(ARCHETYPES.splitLine, {
            beat: row.startTime,
            endBeat: row.endTime,
            split: splitOfGimmick(row.gimmick)!,
            color: row.scratchLength,
          }),
        )
        break
      case TXT_TYPES.hiSpeed:
        entities.push(
          entity(ARCHETYPES.timescaleChange, { '#BEAT': row.startTime, '#TIMESCALE': row.endTime }),
        )
        break
      default:
        if (HOLD_BODY_TYPES.has(row.type)) {
          lastType.set(spanKey(row), row.type)
          const item = { row, order: inserted++ }
          let low = head
          let high = pending.length
          while (low < high) {
            const middle = (low + high) >>> 1
            if (comparePending(item, pending[middle]) < 0) high = middle
            else low = middle + 1
          }
          if (low === pending.length) pending.push(item)
          else pending.splice(low, 0, item)
        }
    }
  }
  flushUntil(Number.POSITIVE_INFINITY)

  for (const point of [...sync.values()].sort((a, b) => a.time - b.time)) {
    entities.push(entity(ARCHETYPES.syncLine, { beat: point.time, left: point.left, right: point.right }))
  }
  if (entities.length > maxEntities) throw new ChartLimitError('entities', maxEntities)
  return { bgmOffset: 0, entities }
}
