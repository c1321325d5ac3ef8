import { ChartError, type Conversion, convertSus, convertTxt } from '../../../common/chart'

/** 4/4 at 120 BPM: one measure is 2 s, so measure m starts at 2·m seconds. */
export const HEADER = ['#00002: 4', '#BPM01: 120', '#00008: 01']

export const sus = (...lines: string[]) => [...HEADER, ...lines].join('\n')

export const txtLines = (conversion: Conversion) => conversion.txt.split('\n').filter(Boolean)

/** Entities after the four header entities, as 'Archetype(v1,v2,…)' without the 'Sirius ' prefix. */
export const compact = (conversion: Conversion) =>
  conversion.levelData.entities
    .slice(4)
    .map(
      (entity) =>
        `${entity.archetype.replace('Sirius ', '')}(${entity.data.map((entry) => entry.value).join(',')})`,
    )

/** Fragments of charts: a chart without a playable note is allowed here (convertSus refuses it by default). */
export const convert = (...lines: string[]) => convertSus(sus(...lines), { allowEmpty: true })
export const convertText = (text: string) => convertTxt(text, { allowEmpty: true })

/** The ChartError a conversion throws (fails the test when it does not throw one). */
export const errorOf = (run: () => unknown): ChartError => {
  try {
    run()
  } catch (error) {
    if (error instanceof ChartError) return error
    throw error
  }
  throw new Error('expected a ChartError')
}
