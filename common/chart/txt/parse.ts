// Sirius TXT reader (docs/chart-format.md §11): 7 comma-separated fields a line, blank lines skipped,
// LF or CRLF, strict numbers, every error at line:column.
import { ChartError } from '../errors.js'
import { type ChartLimits, ChartLimitError, forEachLine, limitsOf } from '../limits.js'
import { LANES } from '../levelData/types.js'
import { parseStrictFloat, parseStrictInt } from '../numbers.js'
import { HOLD_BODY_TYPES, KNOWN_TYPES, TXT_TYPES, type TxtRow, splitOfGimmick } from './types.js'

export type TxtParseOptions = {
  /** Chart offset in seconds (music_config.txt), added to every time except hi-speed values. */
  offset?: number
  limits?: Partial<ChartLimits>
}

const FIELD_NAMES = [
  'startTime',
  'endTime',
  'type',
  'leftLane',
  'laneLength',
  'gimmick',
  'scratchLength',
] as const

export const parseTxt = (text: string, options: TxtParseOptions = {}): TxtRow[] => {
  const offset = options.offset ?? 0
  const limits = limitsOf(options.limits)
  if (Math.abs(offset) > limits.waveOffset) throw new ChartLimitError('waveOffset', limits.waveOffset)
  const rows: TxtRow[] = []
  forEachLine(text, limits, (raw, line) => {
    if (raw.trim() === '') return
    // Every row becomes one entity (or none): the entity limit bounds the rows.
    if (rows.length >= limits.entities) throw new ChartLimitError('entities', limits.entities, line, 1)
    rows.push(parseRow(raw, line, offset, limits))
  })
  return rows
}

const parseRow = (raw: string, line: number, offset: number, limits: ChartLimits): TxtRow => {
  const fields: { text: string; column: number }[] = []
  let start = 0
  for (const part of raw.split(',')) {
    const leading = part.length - part.trimStart().length
    fields.push({ text: part.trim(), column: start + leading + 1 })
    start += part.length + 1
  }
  if (fields.length !== 7) {
    throw new ChartError(
      'txt.field_count',
      `expected 7 comma-separated fields, found ${fields.length}`,
      line,
      1,
    )
  }
  const fail = (field: number, message: string): never => {
    throw new ChartError('txt.bad_field', `${FIELD_NAMES[field]}: ${message}`, line, fields[field].column)
  }
  const float = (field: number): number =>
    parseStrictFloat(fields[field].text) ?? fail(field, `"${fields[field].text}" is not a number`)
  const int = (field: number): number =>
    parseStrictInt(fields[field].text) ?? fail(field, `"${fields[field].text}" is not a whole number`)

  const startTime = float(0)
  const endTime = float(1)
  const type = int(2)
  const leftLane = int(3)
  const laneLength = int(4)
  const gimmick = fields[5].text
  const scratchLength = int(6)

  if (!KNOWN_TYPES.has(type)) fail(2, `unknown type ${type}`)
  if (!['0', 'JumpScratch', 'OneDirection'].includes(gimmick) && splitOfGimmick(gimmick) === undefined) {
    fail(5, `unknown gimmick "${gimmick}"`)
  }

  const row: TxtRow = {
    startTime: startTime + offset,
    endTime,
    type,
    leftLane,
    laneLength,
    gimmick,
    scratchLength,
    line,
    column: 1,
  }
  if (row.startTime < 0) fail(0, 'the time is negative')
  if (row.startTime > limits.seconds)
    throw new ChartLimitError('seconds', limits.seconds, line, fields[0].column)
  if (type === TXT_TYPES.hiSpeed && Math.abs(endTime) > limits.hiSpeed)
    throw new ChartLimitError('hiSpeed', limits.hiSpeed, line, fields[1].column)
  if (type !== TXT_TYPES.hiSpeed && endTime + offset > limits.seconds)
    throw new ChartLimitError('seconds', limits.seconds, line, fields[1].column)

  if (type === TXT_TYPES.hiSpeed || type === TXT_TYPES.split) {
    if (leftLane !== -1 && leftLane !== 0) fail(3, 'must be -1 (or 0) on split and hi-speed rows')
    if (laneLength !== 0) fail(4, 'must be 0 on split and hi-speed rows')
    if (type === TXT_TYPES.split) {
      if (splitOfGimmick(gimmick) === undefined)
        fail(5, `"${gimmick}" is not a split code (11-16, 31-36, 51-56, 71-76)`)
      row.endTime = endTime + offset
      if (row.endTime < row.startTime) fail(1, 'a split line cannot end before it starts')
    }
    // §11: the hi-speed row's endTime is the time-scale value, never offset.
    return row
  }

  if (laneLength < 1 || laneLength > LANES) fail(4, `must be 1 to ${LANES}`)
  if (leftLane < 1 || leftLane > LANES) fail(3, `must be 1 to ${LANES}`)
  if (leftLane + laneLength - 1 > LANES)
    fail(4, `lanes ${leftLane}..${leftLane + laneLength - 1} run past lane ${LANES}`)
  if (HOLD_BODY_TYPES.has(type)) {
    row.endTime = endTime + offset
    if (endTime === -1 || row.endTime < row.startTime) fail(1, 'a hold body must end at or after its start')
  } else {
    row.endTime = -1
  }
  return row
}

/** music_config.txt: CSV with header CueSheetName,CueName,DelaySeconds,…; the 3rd column of row 2. */
export const parseMusicConfigOffset = (text: string): number => {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '')
  if (lines.length < 2)
    throw new ChartError('txt.music_config', 'music_config.txt needs a header and one row', 0, 0)
  const cells = lines[1].split(',')
  const value = parseStrictFloat((cells[2] ?? '').trim())
  if (value === undefined)
    throw new ChartError('txt.music_config', 'the 3rd column of row 2 is not a number', 2, 1)
  return value
}
