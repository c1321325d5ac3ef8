// Property tests (docs/chart-format.md §17): random valid SUS never throws; every tap, air and slide is
// accounted for; entities come out sorted by time. Plus a bounded fuzz run (npm run fuzz:chart does 100k).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { convertSus, readLevelData } from '../../../common/chart'
import { generateSus } from '../../fixtures/sus/generate'
import { runFuzzCase } from './fuzzCases'

const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1)

const rowTypes = (txt: string) =>
  txt
    .split('\n')
    .filter(Boolean)
    .map((line) => Number(line.split(',')[2]))
const count = (types: number[], ...wanted: number[]) => types.filter((type) => wanted.includes(type)).length

describe('random valid SUS (seeded generator)', () => {
  it.each(SEEDS)('seed %d converts without throwing and accounts for every note', (seed) => {
    const { text, counts } = generateSus(40 + (seed % 7) * 30, seed)
    const result = convertSus(text)
    const types = rowTypes(result.txt)

    // Taps: normal taps are never consumed; critical taps either head a hold or stand alone.
    expect(count(types, 10)).toBe(counts.normalTaps)
    expect(count(types, 20)).toBe(counts.criticalTaps)
    expect(count(types, 101, 111, 1101, 1111)).toBe(counts.criticalHeads)
    // Damage taps: a headless start, a nontail end, or nothing (with a warning).
    expect(count(types, 1100, 1101, 1110, 1111)).toBe(counts.nontail)
    expect(result.warnings.filter((warning) => warning.code === 'sus.lone_damage')).toHaveLength(
      counts.loneDamage,
    )
    // Airs: a flick, a mid-hold scratch, or the end of a scratch hold.
    expect(count(types, 50)).toBe(counts.flicks)
    expect(count(types, 40)).toBe(counts.midScratches)
    expect(count(types, 110, 111, 1110, 1111)).toBe(counts.scratchEnds)
    // Slides: one body each; relays become Sounds; heads for all but the headless.
    expect(count(types, 100, 101, 110, 111, 1100, 1101, 1110, 1111)).toBe(counts.slides)
    expect(count(types, 30)).toBe(counts.relays)
    expect(count(types, 80, 81, 82, 83)).toBe(counts.slides - counts.headless)
    expect(count(types, -1)).toBe(counts.hiSpeeds)
    expect(count(types, 0)).toBe(counts.splits)
  })

  it.each(SEEDS)('seed %d emits entities in time order, then the sync lines in time order', (seed) => {
    const { levelData } = convertSus(generateSus(60, seed).text)
    const entities = levelData.entities.slice(4)
    const firstSync = entities.findIndex((entity) => entity.archetype === 'Sirius Sync Line')
    const timeOf = (entity: (typeof entities)[number]) =>
      entity.data.find((entry) => entry.name === 'beat' || entry.name === '#BEAT')!.value
    const body = entities.slice(0, firstSync).map(timeOf)
    const sync = entities.slice(firstSync).map(timeOf)
    expect(entities.slice(firstSync).every((entity) => entity.archetype === 'Sirius Sync Line')).toBe(true)
    for (const times of [body, sync])
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1] - 1e-9)
  })

  it('converts the same input to the same bytes every time (deterministic output)', () => {
    const { text } = generateSus(200, 7)
    const first = convertSus(text)
    const second = convertSus(text)
    expect(second.txt).toBe(first.txt)
    expect(second.gzipped).toEqual(first.gzipped)
  })
})

describe('whole-chart fixtures', () => {
  it.each([50, 1000, 5000])('chart-%d.sus converts to about that many notes', (notes) => {
    const text = fs.readFileSync(path.join(__dirname, '../../fixtures/sus', `chart-${notes}.sus`), 'utf8')
    const result = convertSus(text)
    const read = readLevelData(result.gzipped, { strict: true })
    expect(read.noteCount).toBeGreaterThan(notes * 0.9)
    expect(read.noteCount).toBeLessThan(notes * 1.1)
  })
})

describe('fuzz: random bytes and mutated charts give a typed error or a conversion, never a crash', () => {
  it('survives 2,000 cases', () => {
    const outcomes = { converted: 0, chart_error: 0 }
    for (let seed = 1; seed <= 2000; seed++) outcomes[runFuzzCase(seed)]++
    // Both outcomes occur, so the cases reach past the first check.
    expect(outcomes.converted).toBeGreaterThan(50)
    expect(outcomes.chart_error).toBeGreaterThan(50)
  })
})
