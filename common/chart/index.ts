// The chart library's one API (architecture.md "Contracts"): convertSus, convertTxt, readLevelData.
import { gzip } from 'pako'
import { type ChartWarning } from './errors.js'
import { parseLevelDataJson, readLevelDataJson } from './levelData/read.js'
import { type LevelData } from './levelData/types.js'
import { parseSus } from './sus/parse.js'
import { susToTxtRows } from './sus/toTxt.js'
import { parseTxt } from './txt/parse.js'
import { sortRows, txtRowsToLevelData } from './txt/toLevelData.js'
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

/** gzip at level 9 (spec §5). The browser uses pako; Node callers may pass native zlib at the same level,
 *  which is about twice as fast (the server converts every upload again). */
export type Gzip = (json: string) => Uint8Array
export const pakoGzip: Gzip = (json) => gzip(json, { level: GZIP_LEVEL as 9 })

export type ConvertOptions = { gzip?: Gzip }

/** SUS (ChedPlus) → Sirius TXT → level data. Throws ChartError with line:column. */
export const convertSus = (text: string, options: ConvertOptions = {}): Conversion => {
  const { score, warnings: parseWarnings } = parseSus(text)
  const { rows, warnings } = susToTxtRows(score)
  // Sorted once, for the TXT and for the level data.
  sortRows(rows)
  const levelData = txtRowsToLevelData(rows, true)
  return {
    txt: writeTxt(rows, true),
    levelData,
    gzipped: (options.gzip ?? pakoGzip)(JSON.stringify(levelData)),
    warnings: [...parseWarnings, ...warnings],
  }
}

/** Sirius TXT → level data. Text that is level-data JSON (converter output, "cut at the first
 *  newline", spec §5) is validated and passed through. */
export const convertTxt = (text: string, options: ConvertOptions & { offset?: number } = {}): Conversion => {
  const compress = options.gzip ?? pakoGzip
  if (text.trimStart().startsWith('{')) {
    const read = readLevelDataJson(parseLevelDataJson(text.trimStart()))
    return {
      txt: '',
      levelData: read.levelData,
      gzipped: compress(JSON.stringify(read.levelData)),
      warnings: read.warnings,
    }
  }
  const rows = sortRows(parseTxt(text, options))
  const levelData = txtRowsToLevelData(rows, true)
  return { txt: writeTxt(rows, true), levelData, gzipped: compress(JSON.stringify(levelData)), warnings: [] }
}

export { readLevelData, readLevelDataJson, scratchTarget } from './levelData/read.js'
export type { FlatEntity, ReadLevelData, ReadOptions } from './levelData/read.js'
export { ChartError } from './errors.js'
export type { ChartIssue, ChartWarning } from './errors.js'
export { ARCHETYPES, NOTE_ARCHETYPES } from './levelData/types.js'
export type { LevelData, LevelDataEntity } from './levelData/types.js'
export { parseMusicConfigOffset } from './txt/parse.js'
export {
  layoutPreview,
  formatClock,
  columnCount,
  DIVIDER_POSITIONS,
  BOTTOM_BORDER_OPACITY,
  COLUMN_HEIGHT,
  COLUMN_WIDTH,
  PADDING,
} from './preview/layout.js'
export type { PreviewLayout, PreviewShape, PreviewColumn } from './preview/layout.js'
export { renderPreviewSvg, defaultDividerColor, PREVIEW_COLORS } from './preview/svg.js'
export type { PreviewSvg, DividerColors } from './preview/svg.js'
