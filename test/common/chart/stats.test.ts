// A chart's stats from its level data: the kinds add up to the converter's note count, and
// length, density, tempos and features are what the chart holds.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NOTE_KINDS, chartStats, convertSus, readLevelData } from '../../../common/chart'
import { demoSus } from '../../../server/demo/chart'

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/sus')
const statsOf = (sus: string) => {
  const conversion = convertSus(sus)
  const read = readLevelData(conversion.gzipped)
  return { read, stats: chartStats(read, conversion.bpms) }
}

describe('chartStats', () => {
  it.each(['chart-50.sus', 'chart-1000.sus', 'chart-5000.sus'])(
    '%s: the kinds add up to the converter’s note count; split lines, speed changes and two tempos',
    (file) => {
      const { read, stats } = statsOf(fs.readFileSync(path.join(fixtures, file), 'utf8'))
      expect(stats.noteCount).toBe(read.noteCount)
      expect(NOTE_KINDS.reduce((sum, kind) => sum + stats.counts[kind], 0)).toBe(read.noteCount)
      // The generator writes #TIL01 splits, a 1.5× hi-speed and tempos of 150 and 180 (fixtures/sus/generate.ts).
      expect(stats).toMatchObject({ hasSplitLines: true, hasSpeedChanges: true, hasScratches: true })
      expect([stats.bpmMin, stats.bpmMax]).toEqual([150, 180])
      expect(stats.duration).toBe(read.maxBeat)
      expect(stats.npsPeak).toBeGreaterThanOrEqual(stats.npsAverage)
    },
  )

  it('counts the worked example of docs/chart-format.md §13.11 exactly', () => {
    const { stats } = statsOf(
      [
        '#00002: 4',
        '#BPM01: 120',
        '#00008: 01',
        '#00112: 1300',
        '#00115: 2300',
        '#0013a1: 13003300',
        '#0023a1: 23',
        '#0025a: 13',
      ].join('\n'),
    )
    expect(stats.noteCount).toBe(11)
    expect(stats.counts).toEqual({
      tap: 1,
      critical: 1,
      flick: 0,
      hold: 0,
      scratchHold: 1,
      holdEnd: 0,
      scratchHoldEnd: 1,
      relay: 1,
      holdEighth: 6,
    })
    // Notes from 2.0 s to 4.0 s: 11 notes over 2 s; the busiest second holds the two taps, the hold's
    // start and its eighths up to 2.75 s.
    expect(stats.npsAverage).toBe(5.5)
    expect(stats.npsPeak).toBe(6)
    expect(stats.duration).toBe(4)
    expect([stats.bpmMin, stats.bpmMax]).toEqual([120, 120])
    expect(stats).toMatchObject({ hasScratches: true, hasSplitLines: false, hasSpeedChanges: false })
  })

  it('tells the demo styles apart: no scratches in a gentle chart', () => {
    const gentle = statsOf(demoSus({ seed: 3, measures: 16, style: 'gentle', title: 't' })).stats
    const relay = statsOf(demoSus({ seed: 3, measures: 16, style: 'relay', title: 't' })).stats
    expect(relay.npsAverage).toBeGreaterThan(gentle.npsAverage)
    expect(relay.counts.relay).toBeGreaterThan(0)
    expect([gentle.hasSplitLines, gentle.hasSpeedChanges]).toEqual([false, false])
  })
})
