// What the engine's tests share: the engine built once, our SUS fixtures and fuzzed charts converted by our
// own pipeline, and runs of each mode through the interpreter.
import fs from 'node:fs'
import path from 'node:path'
import { ChartError, convertSus } from '../../common/chart'
import { type LevelData, NOTE_ARCHETYPES } from '../../common/chart/levelData/types'
import { buildEngineData } from '../../engine'
import { runPlay, type TouchScript } from '../../engine/interpreter/play'
import { defaultOptions } from '../../engine/sirius/configuration'
import { OPTION } from '../../engine/sirius/constants'
import { fuzzInput } from '../common/chart/fuzzCases'

export const engine = buildEngineData()
export const options = (changes: Partial<Record<keyof typeof OPTION, number>> = {}): number[] => {
  const values = defaultOptions()
  for (const [name, value] of Object.entries(changes)) values[OPTION[name as keyof typeof OPTION]] = value
  return values
}

const SUS_DIR = path.resolve(import.meta.dirname, '../fixtures/sus')
/** Every authored SUS fixture, converted. */
export const fixtures: { name: string; level: LevelData }[] = fs
  .readdirSync(SUS_DIR)
  .filter((file) => file.endsWith('.sus'))
  .sort()
  .map((file) => ({
    name: file,
    level: convertSus(fs.readFileSync(path.join(SUS_DIR, file), 'utf8')).levelData,
  }))

/** The first `count` charts from the chart fuzzer's mutated SUS that convert and have a note to play. */
export const fuzzedCharts = (count: number): { seed: number; level: LevelData }[] => {
  const charts: { seed: number; level: LevelData }[] = []
  for (let seed = 1; charts.length < count; seed++) {
    const { kind, input } = fuzzInput(seed)
    if (kind !== 'mutated-sus' || typeof input !== 'string') continue
    try {
      const { levelData } = convertSus(input)
      if (notesOf(levelData).length > 0) charts.push({ seed, level: levelData })
    } catch (error) {
      if (!(error instanceof ChartError)) throw error
    }
  }
  return charts
}

/** The entities a play judges (the spec's note archetypes), by index. */
export const notesOf = (level: LevelData): number[] =>
  level.entities.flatMap((entity, index) => (NOTE_ARCHETYPES.has(entity.archetype) ? [index] : []))

export const play = (
  level: LevelData,
  touches: TouchScript[],
  values = options(),
  record = false,
  inputOffset = 0,
) =>
  runPlay(
    { data: engine.playData, level, options: values, speedOption: OPTION.speed, record, inputOffset },
    touches,
  )

export const valueOf = (level: LevelData, entity: number, name: string): number | undefined =>
  level.entities[entity]!.data.find((datum) => datum.name === name)?.value

/** A level of the given entities after the header every Sirius level has (60 BPM: a beat is a second). */
export const tinyLevel = (entities: { archetype: string; data: Record<string, number> }[]): LevelData => ({
  bgmOffset: 0,
  entities: [
    { archetype: 'Sirius Initialization', data: [] },
    { archetype: 'Sirius Input Manager', data: [] },
    { archetype: 'Sirius Stage', data: [] },
    {
      archetype: '#BPM_CHANGE',
      data: [
        { name: '#BEAT', value: 0 },
        { name: '#BPM', value: 60 },
      ],
    },
    ...entities.map(({ archetype, data }) => ({
      archetype,
      data: Object.entries(data).map(([name, value]) => ({ name, value })),
    })),
  ],
})
