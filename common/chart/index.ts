// The chart library's one API (docs/chart-format.md §15): convertSus, convertTxt, readLevelData.
import { gzip } from 'pako'
import { ChartError, type ChartWarning } from './errors.js'
import { parseLevelDataJson, readLevelDataJson } from './levelData/read.js'
import { type LevelData } from './levelData/types.js'
import { parseSus } from './sus/parse.js'
import { susToTxtRows } from './sus/toTxt.js'
import { parseTxt } from './txt/parse.js'
import { sortRows, txtRowsToLevelData } from './txt/toLevelData.js'
import { writeTxt } from './txt/write.js'
import { GZIP_LEVEL } from '../rules.js'
import { type ChartLimits, limitsOf } from './limits.js'
import { NOTE_ARCHETYPES } from './levelData/types.js'

export type Conversion = {
  /** The intermediate Sirius TXT ('' when the input was level data already). */
  txt: string
  levelData: LevelData
  /** gzip of JSON.stringify(levelData), level 9 (docs/spec.md §5). */
  gzipped: Uint8Array
  warnings: ChartWarning[]
  /** The tempos the SUS sets (its #BPMxx definitions in use), for the chart's stats; none from TXT. */
  bpms: number[]
}

/** gzip at level 9 (docs/spec.md §5). The browser uses pako; Node callers may pass native zlib at the same level,
 *  which is about twice as fast (the server converts every upload again). */
export type Gzip = (json: string) => Uint8Array
export const pakoGzip: Gzip = (json) => gzip(json, { level: GZIP_LEVEL as 9 })

export type ConvertOptions = {
  gzip?: Gzip
  limits?: Partial<ChartLimits>
  /** Accept a chart without a playable note (tests of fragments; the preview of a work in progress).
   *  Off by default: a chart to publish must have something to play. */
  allowEmpty?: boolean
}

/** A chart must have something to play. */
const requireNotes = (levelData: LevelData, options: ConvertOptions): LevelData => {
  if (!options.allowEmpty && !levelData.entities.some((entity) => NOTE_ARCHETYPES.has(entity.archetype)))
    throw new ChartError('chart.no_notes', 'the chart has no playable note')
  return levelData
}

/** SUS (ChedPlus) → Sirius TXT → level data. Throws ChartError with line:column, and ChartLimitError
 *  (a ChartError) as soon as the chart passes one of CHART_LIMITS. */
export const convertSus = (text: string, options: ConvertOptions = {}): Conversion => {
  const limits = limitsOf(options.limits)
  const { score, warnings: parseWarnings } = parseSus(text, { limits })
  const { rows, warnings } = susToTxtRows(score, limits)
  // Sorted once, for the TXT and for the level data.
  sortRows(rows)
  const levelData = requireNotes(txtRowsToLevelData(rows, true, limits.entities), options)
  return {
    txt: writeTxt(rows, true),
    levelData,
    gzipped: (options.gzip ?? pakoGzip)(JSON.stringify(levelData)),
    warnings: [...parseWarnings, ...warnings],
    bpms: [
      ...new Set(
        score.bpmChanges
          .map((change) => score.bpmDefinitions.get(change.id)?.value)
          .filter((bpm): bpm is number => bpm !== undefined),
      ),
    ],
  }
}

/** Sirius TXT → level data. Text that is level-data JSON (converter output, "cut at the first
 *  newline", docs/spec.md §5) is validated and passed through. */
export const convertTxt = (text: string, options: ConvertOptions & { offset?: number } = {}): Conversion => {
  const compress = options.gzip ?? pakoGzip
  const limits = limitsOf(options.limits)
  if (text.trimStart().startsWith('{')) {
    const read = readLevelDataJson(parseLevelDataJson(text.trimStart()), { maxEntities: limits.entities })
    return {
      txt: '',
      levelData: requireNotes(read.levelData, options),
      gzipped: compress(JSON.stringify(read.levelData)),
      warnings: read.warnings,
      bpms: [],
    }
  }
  const rows = sortRows(parseTxt(text, { ...options, limits }))
  const levelData = requireNotes(txtRowsToLevelData(rows, true, limits.entities), options)
  return {
    txt: writeTxt(rows, true),
    levelData,
    gzipped: compress(JSON.stringify(levelData)),
    warnings: [],
    bpms: [],
  }
}

export { readLevelData, readLevelDataJson, scratchTarget } from './levelData/read.js'
export { chartStats, NOTE_KINDS, PEAK_WINDOW_SECONDS, STATS_VERSION } from './stats.js'
export type { ChartStats, NoteKind } from './stats.js'
export type { FlatEntity, ReadLevelData, ReadOptions } from './levelData/read.js'
export { ChartError } from './errors.js'
export { CHANGE_LIMITS, diffNotes } from './diff.js'
export type { BeatSpan, ChangedNote, LevelChanges, NoteChangeKind } from './diff.js'
export { ChartLimitError, limitsOf } from './limits.js'
export type { ChartLimits } from './limits.js'
export type { ChartIssue, ChartWarning } from './errors.js'
export { ARCHETYPES, NOTE_ARCHETYPES } from './levelData/types.js'
export type { LevelData, LevelDataEntity } from './levelData/types.js'
export { parseMusicConfigOffset } from './txt/parse.js'
export {
  layoutPreview,
  layoutColumns,
  markBox,
  planPreview,
  formatClock,
  columnCount,
  DIVIDER_POSITIONS,
  BOTTOM_BORDER_OPACITY,
  COLUMN_HEIGHT,
  COLUMN_SLOT,
  COLUMN_WIDTH,
  PADDING,
} from './preview/layout.js'
export type {
  PreviewLayout,
  PreviewShape,
  PreviewColumn,
  PreviewPlan,
  PreviewSpan,
} from './preview/layout.js'
export {
  renderLayoutMarkup,
  renderPreviewTile,
  renderPreviewImage,
  previewTileCount,
  defaultDividerColor,
  PREVIEW_COLORS,
  PREVIEW_TILE_COLUMNS,
  PREVIEW_TILE_WIDTH,
  PREVIEW_IMAGE_COLUMNS_PER_ROW,
  PREVIEW_IMAGE_MAX_SIDE,
  DENSE_SHAPES,
} from './preview/svg.js'
export type { DividerColors } from './preview/svg.js'
