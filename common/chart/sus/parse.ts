// SUS reader (docs/chart-format.md §13.1-13.2, §13.4-13.6, §14). Only '#' lines matter; data comes
// only from lines shaped like data, so a colon inside a quoted title cannot make a data line.
import { ChartError, type ChartWarning, warning } from '../errors.js'
import { frac, parseDecimalFraction } from '../fraction.js'
import { parseStrictFloat, parseStrictInt } from '../numbers.js'
import { BPM_MIN } from '../../rules.js'
import { type SusScore, type SusPosition } from './types.js'
import { type ChartLimits, ChartLimitError, forEachLine, limitsOf } from '../limits.js'

const BPM_LINE = /^#BPM([0-9A-Za-z]{2}):\s?(.*)$/
const TIL_LINE = /^#TIL([0-9A-Za-z]{2}):\s?(.*)$/
const DATA_LINE = /^#(\d{3})([0-9A-Za-z]{2,3}):\s?(.*)$/
const HEADER_LINE = /^#([A-Za-z_][A-Za-z0-9_]*)(?:\s+(.*))?$/

const METADATA = new Set([
  'TITLE',
  'SUBTITLE',
  'ARTIST',
  'GENRE',
  'DESIGNER',
  'DIFFICULTY',
  'PLAYLEVEL',
  'SONGID',
  'WAVE',
  'JACKET',
  'BACKGROUND',
  'MOVIE',
  'MOVIEOFFSET',
  'BASEBPM',
])
const IGNORED_WITH_WARNING = new Set(['HISPEED', 'MEASUREHS', 'MEASUREBS', 'NOSPEED'])

const BASE36 = new Int8Array(128).fill(-1)
for (let digit = 0; digit < 36; digit++) {
  const char = digit.toString(36)
  BASE36[char.charCodeAt(0)] = digit
  BASE36[char.toUpperCase().charCodeAt(0)] = digit
}

/** Base-36 digit, case-insensitive (§14: the reference decoded only lower case); −1 if not a digit. */
export const base36 = (char: string): number => {
  const code = char.charCodeAt(0)
  return code < 128 ? BASE36[code] : -1
}

const unquote = (text: string): string => {
  const trimmed = text.trim()
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1)
    : trimmed
}

export type ParsedSus = { score: SusScore; warnings: ChartWarning[] }

/** Running counts against the chart limits, checked as each note is read. */
type Budget = { limits: ChartLimits; notes: number; slides: number }

export const parseSus = (text: string, options: { limits?: Partial<ChartLimits> } = {}): ParsedSus => {
  const budget: Budget = { limits: limitsOf(options.limits), notes: 0, slides: 0 }
  const warnings: ChartWarning[] = []
  const score: SusScore = {
    metadata: {},
    waveOffset: 0,
    ticksPerBeat: 480,
    beatsPerMeasure: [],
    bpmDefinitions: new Map(),
    bpmChanges: [],
    hiSpeeds: [],
    splitEvents: [],
    taps: [],
    airs: [],
    slides: [],
  }
  const tilLines: { body: string; line: number; column: number; id: string }[] = []
  const warnedChannels = new Set<string>()

  forEachLine(text, budget.limits, (raw, line) => {
    const content = raw.trimEnd()
    if (!content.startsWith('#')) return

    // Data lines first: they are most of a chart.
    let match = DATA_LINE.exec(content)
    if (match) {
      const [, measureText, channel, data] = match
      const dataColumn = content.length - data.length + 1
      parseDataLine(
        score,
        Number(measureText),
        channel,
        data.trim(),
        line,
        dataColumn,
        warnings,
        warnedChannels,
        budget,
      )
      return
    }

    match = BPM_LINE.exec(content)
    if (match) {
      const value = parseStrictFloat(match[2].trim())
      if (value === undefined || value <= 0) {
        throw new ChartError(
          'sus.bad_bpm',
          `BPM ${match[1]} must be a positive number, got "${match[2].trim()}"`,
          line,
          8,
        )
      }
      if (value > budget.limits.bpm) throw new ChartLimitError('bpm', budget.limits.bpm, line, 8)
      if (value < BPM_MIN)
        throw new ChartError(
          'sus.bad_bpm',
          `BPM ${match[1]} must be at least ${BPM_MIN}, got ${value}`,
          line,
          8,
        )
      score.bpmDefinitions.set(match[1], { value, source: { line, column: 1 } })
      return
    }

    match = TIL_LINE.exec(content)
    if (match) {
      tilLines.push({ id: match[1], body: match[2], line, column: content.indexOf(match[2]) + 1 })
      return
    }

    match = HEADER_LINE.exec(content)
    if (match) {
      const name = match[1].toUpperCase()
      const value = match[2] ?? ''
      if (name === 'WAVEOFFSET') {
        const offset = parseStrictFloat(value.trim())
        if (offset === undefined)
          throw new ChartError(
            'sus.bad_header',
            `#WAVEOFFSET needs a number, got "${value.trim()}"`,
            line,
            12,
          )
        if (Math.abs(offset) > budget.limits.waveOffset)
          throw new ChartLimitError('waveOffset', budget.limits.waveOffset, line, 12)
        score.waveOffset = offset
      } else if (name === 'REQUEST') {
        const request = unquote(value)
        const ticks = /^ticks_per_beat\s+(\S+)$/.exec(request)
        if (ticks) {
          const count = parseStrictInt(ticks[1])
          if (count === undefined || count <= 0) {
            throw new ChartError(
              'sus.bad_header',
              `ticks_per_beat must be a positive whole number, got "${ticks[1]}"`,
              line,
              10,
            )
          }
          if (count > budget.limits.ticksPerBeat)
            throw new ChartLimitError('ticksPerBeat', budget.limits.ticksPerBeat, line, 10)
          score.ticksPerBeat = count
        } else if (!/^lane_slided\b/.test(request)) {
          warnings.push(warning('sus.ignored_request', `#REQUEST "${request}" is ignored`, line, 1))
        }
      } else if (name === 'TITLE') score.metadata.title = unquote(value)
      else if (name === 'ARTIST') score.metadata.artist = unquote(value)
      else if (name === 'DESIGNER') score.metadata.designer = unquote(value)
      else if (name === 'WAVE') score.metadata.wave = unquote(value)
      else if (IGNORED_WITH_WARNING.has(name)) {
        warnings.push(
          warning('sus.ignored_header', `#${name} is not supported by Sirius and is ignored`, line, 1),
        )
      } else if (!METADATA.has(name)) {
        warnings.push(warning('sus.unknown_header', `unknown header #${name} is ignored`, line, 1))
      }
      return
    }
    warnings.push(
      warning('sus.unknown_line', `line "${content.slice(0, 20)}" is not SUS and is ignored`, line, 1),
    )
  })

  for (const til of tilLines) parseTil(score, til, warnings, budget.limits)
  return { score, warnings }
}

const parseDataLine = (
  score: SusScore,
  measure: number,
  channel: string,
  data: string,
  line: number,
  column: number,
  warnings: ChartWarning[],
  warnedChannels: Set<string>,
  budget: Budget,
) => {
  if (measure > budget.limits.measure) throw new ChartLimitError('measure', budget.limits.measure, line, 2)
  if (channel === '02') {
    const beats = parseDecimalFraction(data)
    if (!beats || beats.num <= 0) {
      throw new ChartError(
        'sus.bad_measure_length',
        `beats per measure must be a positive number, got "${data}"`,
        line,
        column,
      )
    }
    if (beats.num > budget.limits.beatsPerMeasure * beats.den)
      throw new ChartLimitError('beatsPerMeasure', budget.limits.beatsPerMeasure, line, column)
    score.beatsPerMeasure.push({ measure, beats, source: { line, column } })
    return
  }

  const kind = channel[0]
  const isTap = channel.length === 2 && kind === '1'
  const isAir = channel.length === 2 && kind === '5'
  const isBpm = channel === '08'
  const isSlide = channel.length === 3 && kind === '3'
  if (!isTap && !isAir && !isBpm && !isSlide) {
    const family = channel.length === 3 && (kind === '2' || kind === '4') ? `${kind}xy` : channel
    if (!warnedChannels.has(family)) {
      warnedChannels.add(family)
      const what =
        family === '2xy'
          ? 'hold channels (#mmm2xy)'
          : family === '4xy'
            ? 'air-action channels (#mmm4xy)'
            : `channel ${channel}`
      warnings.push(warning('sus.ignored_channel', `${what} are not used by Sirius and are ignored`, line, 1))
    }
    return
  }

  if (data.length % 2 !== 0 || !/^[0-9A-Za-z]*$/.test(data)) {
    throw new ChartError('sus.bad_cells', 'note data must be pairs of letters or digits', line, column)
  }
  const cells = data.length / 2
  for (let j = 0; j < cells; j++) {
    const cell = data.slice(j * 2, j * 2 + 2)
    if (cell === '00') continue
    const cellColumn = column + j * 2
    const position: SusPosition = { measure, offset: frac(j, cells) }
    if (isBpm) {
      // BPM changes cost the timing what notes cost: they count against the same limit.
      if (++budget.notes > budget.limits.notes)
        throw new ChartLimitError('notes', budget.limits.notes, line, cellColumn)
      score.bpmChanges.push({ position, id: cell, source: { line, column: cellColumn } })
      continue
    }
    const type = base36(cell[0])
    if (type === 0) continue
    if (++budget.notes > budget.limits.notes)
      throw new ChartLimitError('notes', budget.limits.notes, line, cellColumn)
    const width = base36(cell[1])
    const laneChar = channel[1]
    const lane = base36(laneChar) - 1
    const enLane = lane + width - 1
    // §13.6: lanes 1..12, i.e. SUS lane characters 2..d.
    if (width < 1 || lane < 1 || enLane > 12) {
      throw new ChartError(
        'sus.lane_out_of_range',
        `lane ${laneChar} with width ${cell[1]} covers lanes ${lane}..${enLane}; Sirius lanes are 1..12 (SUS lanes 2..d)`,
        line,
        cellColumn,
      )
    }
    const source = { line, column: cellColumn }
    if (isTap) {
      if (type === 3) {
        warnings.push(
          warning('sus.ignored_tap', 'tap type 3 is not used by Sirius and is ignored', line, cellColumn),
        )
        continue
      }
      if (type !== 1 && type !== 2 && type !== 4) {
        throw new ChartError(
          'sus.unknown_tap_type',
          `tap type ${cell[0]} is not 1 (normal), 2 (critical) or 4 (damage)`,
          line,
          cellColumn,
        )
      }
      score.taps.push({ ...source, position, lane, width, type })
    } else if (isAir) {
      if (type !== 1 && type !== 3 && type !== 4) {
        throw new ChartError(
          'sus.unknown_air_type',
          `air type ${cell[0]} is not 1 (up), 3 (left) or 4 (right)`,
          line,
          cellColumn,
        )
      }
      score.airs.push({ ...source, position, lane, width, type })
    } else {
      if (type !== 1 && type !== 2 && type !== 3) {
        throw new ChartError(
          'sus.unknown_slide_type',
          `slide type ${cell[0]} is not 1 (start), 2 (end) or 3 (relay)${type === 4 || type === 5 ? '; curve controls and invisible relays are not supported' : ''}`,
          line,
          cellColumn,
        )
      }
      if (type === 1 && ++budget.slides > budget.limits.slides)
        throw new ChartLimitError('slides', budget.limits.slides, line, cellColumn)
      score.slides.push({ ...source, position, lane, width, type, channel: channel[2].toLowerCase() })
    }
  }
}

/** Splits a quoted TIL body into its comma-separated entries, with the column of each. */
const tilEntries = (body: string, column: number): { text: string; column: number }[] => {
  const trimmed = body.trim()
  const start = body.indexOf(trimmed)
  let inner = trimmed
  let innerColumn = column + start
  if (inner.startsWith('"')) {
    inner = inner.slice(1)
    innerColumn++
  }
  if (inner.endsWith('"')) inner = inner.slice(0, -1)
  const entries: { text: string; column: number }[] = []
  let offset = 0
  for (const part of inner.split(',')) {
    const lead = part.length - part.trimStart().length
    if (part.trim() !== '') entries.push({ text: part.trim(), column: innerColumn + offset + lead })
    offset += part.length + 1
  }
  return entries
}

const parseTil = (
  score: SusScore,
  til: { id: string; body: string; line: number; column: number },
  warnings: ChartWarning[],
  limits: ChartLimits,
) => {
  if (til.id !== '00' && til.id !== '01') {
    warnings.push(
      warning('sus.ignored_til', `#TIL${til.id} is not used by Sirius and is ignored`, til.line, 1),
    )
    return
  }
  for (const entry of tilEntries(til.body, til.column)) {
    const match = /^(\d+)'(\d+):(.+)$/.exec(entry.text)
    if (!match) {
      throw new ChartError(
        'sus.bad_til_entry',
        `"${entry.text}" is not measure'tick:value`,
        til.line,
        entry.column,
      )
    }
    const measure = Number(match[1])
    const tick = Number(match[2])
    if (measure > limits.measure) throw new ChartLimitError('measure', limits.measure, til.line, entry.column)
    const valueText = match[3].trim()
    const source = { line: til.line, column: entry.column }
    if (til.id === '00') {
      const value = parseStrictFloat(valueText)
      if (value === undefined)
        throw new ChartError(
          'sus.bad_til_entry',
          `hi-speed "${valueText}" is not a number`,
          til.line,
          entry.column,
        )
      if (Math.abs(value) > limits.hiSpeed)
        throw new ChartLimitError('hiSpeed', limits.hiSpeed, til.line, entry.column)
      score.hiSpeeds.push({ measure, tick, value, source })
    } else {
      const split = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(valueText)
      const n = split ? Number(split[2]) : NaN
      if (!split || n < 1 || n > 6) {
        throw new ChartError(
          'sus.bad_split',
          `split "${valueText}" must be ±N.COLOUR with N from 1 to 6`,
          til.line,
          entry.column,
        )
      }
      // §13.5: the digits after the dot, read as an integer, are the colour id (4.4030 → 4030, 4.00005 → 5).
      const color = split[3] ? Number(split[3]) : 0
      score.splitEvents.push({ measure, tick, split: split[1] === '-' ? -n : n, color, source })
    }
  }
}
