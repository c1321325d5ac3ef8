// The chart library's one API (architecture.md "Contracts"): convertSus, convertTxt, readLevelData.
import { gzip } from 'pako'
import { type ChartWarning } from './errors.js'
import { parseLevelDataJson, readLevelDataJson } from './levelData/read.js'
import { type LevelData } from './levelData/types.js'
import { parseSus } from './sus/parse.js'
import { susToTxtRows } from './sus/toTxt.js'
import { parseTxt } from './txt/parse.js'
import { txtRowsToLevelData } from './txt/toLevelData.js'
import { writeTxt } from './txt/write.js'
import { GZIP_LEVEL } from '../rules.js'

export type Conversion = {
  /** The intermediate Sirius TXT ('' when the input was level data already). */
  txt: string
  levelData: LevelData
  /** gzip of JSON.stringify(levelData), level 9 (spec §5). */
  gzipped: Uint8Array
  warnings: ChartWarning[]
}

const compress = (levelData: LevelData): Uint8Array =>
  gzip(JSON.stringify(levelData), { level: GZIP_LEVEL as 9 })

/** SUS (ChedPlus) → Sirius TXT → level data. Throws ChartError with line:column. */
export const convertSus = (text: string): Conversion => {
  const { score, warnings: parseWarnings } = parseSus(text)
  const { rows, warnings } = susToTxtRows(score)
  const levelData = txtRowsToLevelData(rows)
  return {
    txt: writeTxt(rows),
    levelData,
    gzipped: compress(levelData),
    warnings: [...parseWarnings, ...warnings],
  }
}

/** Sirius TXT → level data. Text that is level-data JSON (converter output, "cut at the first
 *  newline", spec §5) is validated and passed through. */
export const convertTxt = (text: string, options: { offset?: number } = {}): Conversion => {
  if (text.trimStart().startsWith('{')) {
    const read = readLevelDataJson(parseLevelDataJson(text.trimStart()))
    return { txt: '', levelData: read.levelData, gzipped: compress(read.levelData), warnings: read.warnings }
  }
  const rows = parseTxt(text, options)
  const levelData = txtRowsToLevelData(rows)
  return { txt: writeTxt(rows), levelData, gzipped: compress(levelData), warnings: [] }
}

export { readLevelData, readLevelDataJson, scratchTarget } from './levelData/read.js'
export type { FlatEntity, ReadLevelData, ReadOptions } from './levelData/read.js'
export { ChartError } from './errors.js'
export type { ChartIssue, ChartWarning } from './errors.js'
export { ARCHETYPES, NOTE_ARCHETYPES } from './levelData/types.js'
export type { LevelData, LevelDataEntity } from './levelData/types.js'
export { parseMusicConfigOffset } from './txt/parse.js'
