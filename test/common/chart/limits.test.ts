// The chart limits (CHART_LIMITS): each is checked while parsing, fails with a ChartLimitError that names
// the limit and the place, and holds for SUS, TXT and level data alike.
import { gzip } from 'pako'
import { describe, expect, it } from 'vitest'
import {
  ChartLimitError,
  convertSus,
  convertTxt,
  readLevelData,
  readLevelDataJson,
} from '../../../common/chart'
import { inflateCapped, InflateLimitError } from '../../../common/inflate'
import { jsonTooDeep } from '../../../common/json'
import { BPM_MIN, CHART_LIMITS, JSON_MAX_DEPTH } from '../../../common/rules'
import { HEADER, errorOf, sus } from './helpers'

const limitOf = (run: () => unknown) => {
  const error = errorOf(run)
  expect(error).toBeInstanceOf(ChartLimitError)
  return error as ChartLimitError
}

/** n taps, one a line, a sixteenth apart, 16 to a measure. */
const tapLines = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const cells = Array.from({ length: 16 }, (_, j) => (j === i % 16 ? '12' : '00')).join('')
    return `#${String(Math.floor(i / 16) % 1000).padStart(3, '0')}12:${cells}`
  })

describe('chart limits', () => {
  it('are the documented numbers', () => {
    expect(CHART_LIMITS).toEqual({
      lines: 100_000,
      lineLength: 10_000,
      notes: 30_000,
      slides: 5_000,
      measure: 999,
      beatsPerMeasure: 64,
      entities: 60_000,
      levelDataBytes: 16 * 1024 * 1024,
      seconds: 3600,
      waveOffset: 300,
      bpm: 100_000,
      hiSpeed: 1000,
      ticksPerBeat: 100_000,
      beats: 20_000,
    })
    expect(BPM_MIN).toBe(0.001)
  })

  it('refuses a SUS over the line limit at the first line past it, without reading the rest', () => {
    // Comment lines: only the line count can stop them.
    const text = `${HEADER.join('\n')}\n${'a comment\n'.repeat(1_000_000)}`
    const error = limitOf(() => convertSus(text))
    expect(error.limit).toBe('lines')
    expect(error.line).toBe(CHART_LIMITS.lines + 1)
    expect(error.message).toMatch(/100,000 lines/)
  })

  it('refuses a line longer than the line-length limit', () => {
    const error = limitOf(() => convertSus(sus(`#00012:${'00'.repeat(5001)}`)))
    expect(error.limit).toBe('lineLength')
    expect(error.line).toBe(HEADER.length + 1)
  })

  it('counts notes as it reads them: the 30,001st note fails on its own line and column', () => {
    const error = limitOf(() => convertSus(sus(...tapLines(CHART_LIMITS.notes + 5))))
    expect(error.limit).toBe('notes')
    // The header's BPM change (#00008: 01) counts as one: the 30,000th tap is over the limit.
    expect(error.line).toBe(HEADER.length + CHART_LIMITS.notes)
    expect(error.column).toBeGreaterThan(7)
    // Exactly at the limit is not over it (the limit is checked, not the conversion).
    const notes = limitOf(() =>
      convertSus(sus(...tapLines(CHART_LIMITS.notes - 1)), { limits: { entities: 10 } }),
    )
    expect(notes.limit).toBe('entities')
  })

  it('counts 64 notes a line one by one (the 2.9-million-note attack fails after 30,000)', () => {
    const line = (m: number, lane: string) =>
      `#${String(m % 1000).padStart(3, '0')}1${lane}:${'11'.repeat(64)}`
    const lines = Array.from({ length: 45_000 }, (_, i) => line(i, '23456789abcd'[i % 12]))
    const error = limitOf(() => convertSus(sus(...lines)))
    expect(error.limit).toBe('notes')
    expect(error.line).toBe(HEADER.length + Math.ceil((CHART_LIMITS.notes + 1) / 64))
  })

  it('refuses more slides than the slide limit', () => {
    const error = limitOf(() =>
      convertSus(sus('#00032a:1100', '#00132a:2100', '#00232a:1100', '#00332a:2100'), {
        limits: { slides: 1 },
      }),
    )
    expect(error.limit).toBe('slides')
    expect(error.line).toBe(HEADER.length + 3)
  })

  it('refuses a #TIL measure past the measure limit and a measure longer than 64 beats', () => {
    expect(limitOf(() => convertSus(sus(`#TIL00: "1000'0:1.0"`))).limit).toBe('measure')
    expect(limitOf(() => convertSus(sus('#00002: 65'))).limit).toBe('beatsPerMeasure')
    // 64 beats is allowed.
    expect(convertSus(sus('#00002: 64', '#00012:12')).levelData.entities.length).toBeGreaterThan(4)
  })

  it('holds the entity limit while a long slide makes its hold eighths (a small file cannot explode)', () => {
    // One slide over 999 measures of 64 beats: 127,872 half beats.
    const error = limitOf(() => convertSus(sus('#00002: 64', '#00032a:1100', '#99932a:2100')))
    expect(error.limit).toBe('entities')
    expect(error.line).toBe(HEADER.length + 2)
  })

  it('bounds TXT rows by the entity limit', () => {
    const rows = Array.from({ length: 11 }, (_, i) => `${i},-1,10,1,1,0,0`).join('\n')
    const error = limitOf(() => convertTxt(rows, { limits: { entities: 10 } }))
    expect(error.limit).toBe('entities')
    expect(error.line).toBe(11)
    expect(limitOf(() => convertTxt(`1,-1,10,1,1,0,0${'\n'.repeat(200_000)}`)).limit).toBe('lines')
  })

  it('refuses a chart with no playable note, in every converter and in the strict reader', () => {
    expect(errorOf(() => convertSus(sus('#00008: 01'))).code).toBe('chart.no_notes')
    expect(errorOf(() => convertTxt('0,1,0,-1,0,33,1')).code).toBe('chart.no_notes')
    const empty = convertTxt('0,1,0,-1,0,33,1', { allowEmpty: true })
    expect(errorOf(() => readLevelData(empty.gzipped, { strict: true })).code).toBe('chart.no_notes')
    expect(readLevelData(empty.gzipped).noteCount).toBe(0)
  })
})

describe('capped inflation and bounded nesting', () => {
  it('stops a gzip bomb at the cap with a limit error, not after inflating it', () => {
    // 64 MiB of spaces after a JSON prefix gzip to about 64 kB.
    const bomb = gzip(new Uint8Array(64 * 1024 * 1024).fill(32), { level: 9 })
    expect(bomb.length).toBeLessThan(200_000)
    const error = limitOf(() => readLevelData(bomb))
    expect(error.limit).toBe('levelDataBytes')
    expect(() => inflateCapped(bomb, 1024)).toThrow(InflateLimitError)
    expect(inflateCapped(gzip('{"a":1}'), 1024)).toEqual(new TextEncoder().encode('{"a":1}'))
  })

  it('refuses plain level data over the byte limit', () => {
    const big = new Uint8Array(CHART_LIMITS.levelDataBytes + 1).fill(32)
    expect(limitOf(() => readLevelData(big)).limit).toBe('levelDataBytes')
  })

  it('refuses level data nested deeper than the JSON depth limit before parsing it', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expect(jsonTooDeep(deep)).toBe(true)
    expect(jsonTooDeep('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBe(
      false,
    )
    expect(jsonTooDeep('['.repeat(JSON_MAX_DEPTH) + ']'.repeat(JSON_MAX_DEPTH))).toBe(false)
    expect(errorOf(() => readLevelData(new TextEncoder().encode(deep))).code).toBe('data.bad_json')
    expect(
      errorOf(() => readLevelDataJson(JSON.parse('{"bgmOffset":0,"entities":[]}'), { strict: true })).code,
    ).toBe('data.header')
  })

  it('refuses a #TIL tick past the last measure before walking to it, not at a timeout', () => {
    // The hostile chart: one tap, and a hi-speed change a trillion ticks in.
    const text = sus(`#TIL00: "0'999999999999:1.0"`, '#00112: 11')
    const error = limitOf(() => convertSus(text))
    expect(error.limit).toBe('measure')
    expect(error.line).toBe(HEADER.length + 1)
    // A tick inside the chart still converts.
    expect(convertSus(sus(`#TIL00: "0'1920:2.0"`, '#00112: 11')).levelData.entities.length).toBeGreaterThan(4)
  })

  it('refuses a #WAVEOFFSET beyond 300 s either way, and a TXT offset likewise', () => {
    const error = limitOf(() => convertSus(sus('#WAVEOFFSET 1000000', '#00012: 11')))
    expect(error.limit).toBe('waveOffset')
    expect(error.line).toBe(HEADER.length + 1)
    expect(limitOf(() => convertSus(sus('#WAVEOFFSET -301', '#00012: 11'))).limit).toBe('waveOffset')
    expect(() => convertSus(sus('#WAVEOFFSET 2.5', '#00012: 11'))).not.toThrow()
    expect(limitOf(() => convertTxt('1.0,-1,10,1,1,0,0\n', { offset: 1e6 })).limit).toBe('waveOffset')
  })

  it('refuses notes more than an hour from the music start: a tiny BPM cannot stretch a chart', () => {
    // BPM 1e-40 before a slide: its end would be 1e41 s away.
    const slide = sus('#BPM02: 1e-40', '#00108: 02', '#00130: 10', '#00230: 20')
    const error = errorOf(() => convertSus(slide))
    expect(error.message).toMatch(/BPM 02 must be at least 0\.001/)
    // A BPM the rule allows, so slow that a note lands past the limit.
    const slow = limitOf(() => convertSus(sus('#BPM02: 0.01', '#00108: 02', '#00212: 11')))
    expect(slow.limit).toBe('seconds')
    expect(slow.line).toBe(HEADER.length + 3)
    expect(limitOf(() => convertSus(sus('#BPM02: 1000000', '#00108: 02'))).limit).toBe('bpm')
    expect(limitOf(() => convertTxt('3601,-1,10,1,1,0,0\n')).limit).toBe('seconds')
    expect(limitOf(() => convertTxt('1,4000,100,1,1,0,0\n')).limit).toBe('seconds')
  })

  it('refuses hi-speed values beyond 1,000 either way, and ticks per beat beyond 100,000', () => {
    expect(limitOf(() => convertSus(sus(`#TIL00: "0'0:1e6"`, '#00012: 11'))).limit).toBe('hiSpeed')
    expect(limitOf(() => convertSus(sus(`#TIL00: "0'0:-1001"`, '#00012: 11'))).limit).toBe('hiSpeed')
    expect(limitOf(() => convertTxt('0.5,1e6,-1,-1,0,0,0\n1,-1,10,1,1,0,0\n')).limit).toBe('hiSpeed')
    expect(limitOf(() => convertSus(sus('#REQUEST "ticks_per_beat 1000000"', '#00012: 11'))).limit).toBe(
      'ticksPerBeat',
    )
  })

  it('refuses level data given as is past the last beat; converted charts are held by their length', () => {
    // The converters write one beat a second, so a converted chart ends by beat 3,600 + 300.
    const fast = convertSus(sus('#00002: 64', '#BPM02: 50000', '#00008: 02', '#99912: 11'))
    expect(
      Math.max(...fast.levelData.entities.flatMap((e) => e.data.map((f) => ('value' in f ? f.value : 0)))),
    ).toBeLessThan(100)
    const data = convertSus(sus('#00012: 11')).levelData
    const far = { ...data, entities: data.entities.map((entity) => ({ ...entity })) }
    const note = far.entities.find((entity) => entity.data.some((field) => field.name === 'beat'))!
    note.data = note.data.map((field) => (field.name === 'beat' ? { ...field, value: 1e9 } : field))
    const error = limitOf(() => readLevelDataJson(far))
    expect(error.limit).toBe('beats')
    expect(error.message).toMatch(/20,000 beats/)
    expect(limitOf(() => convertTxt(JSON.stringify(far))).limit).toBe('beats')
  })
})
