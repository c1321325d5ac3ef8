// Level-data reader (docs/chart-format.md §15): gunzip, parse, check the
// shape, flatten each entity's data into fields, and derive noteCount, the scratch target span and maxBeat.
import { ChartError, type ChartWarning, warning } from '../errors.js'
import { InflateLimitError, inflateCapped, isGzip } from '../../inflate.js'
import { jsonTooDeep } from '../../json.js'
import { CHART_LIMITS, JSON_MAX_DEPTH } from '../../rules.js'
import { ChartLimitError } from '../limits.js'
import {
  ARCHETYPES,
  ARCHETYPE_FIELDS,
  HEADER_ARCHETYPES,
  LANES,
  type LevelData,
  NOTE_ARCHETYPES,
} from './types.js'

export type FlatEntity = {
  archetype: string
  /** The entity's data as fields (beat, lane, laneLength, …). */
  fields: Record<string, number>
  /** Running 1-based count for note archetypes, −1 otherwise (docs/spec.md §3). */
  noteCount: number
  /** Scratch Hold End only (docs/spec.md §5): the target span and the original scratchLength. */
  left?: number
  right?: number
  originalScratchLength?: number
}

export type ReadLevelData = {
  levelData: LevelData
  entities: FlatEntity[]
  /** The largest of beat, '#BEAT', stBeat and endBeat over all entities. */
  maxBeat: number
  noteCount: number
  warnings: ChartWarning[]
}

export type ReadOptions = {
  /** Full docs/chart-format.md §15 validation for the server: known archetypes with exactly their fields, the header
   *  entities once each, lane and time bounds. Off for the preview, which shows what it can. */
  strict?: boolean
  /** CHART_LIMITS.beats unless given: the last beat any entity may name. */
  maxBeats?: number
  /** CHART_LIMITS.entities unless given. */
  maxEntities?: number
  /** CHART_LIMITS.levelDataBytes unless given: the JSON text, after decompression. */
  maxBytes?: number
}
const decoder = new TextDecoder('utf-8', { fatal: true })

const fail = (code: string, message: string): never => {
  throw new ChartError(code, message)
}

/** Bytes (gzip or plain JSON) → JSON text, at most maxBytes of it. */
const textOf = (bytes: Uint8Array, maxBytes: number): string => {
  let plain = bytes
  if (isGzip(bytes)) {
    try {
      plain = inflateCapped(bytes, maxBytes)
    } catch (error) {
      if (error instanceof InflateLimitError) throw new ChartLimitError('levelDataBytes', maxBytes)
      fail('data.bad_gzip', 'the file starts like gzip but does not decompress')
    }
  } else if (bytes.length > maxBytes) throw new ChartLimitError('levelDataBytes', maxBytes)
  try {
    return decoder.decode(plain)
  } catch {
    return fail('data.not_text', 'the level data is neither gzip nor UTF-8 JSON')
  }
}

/** docs/spec.md §5: converter output is "cut at the first newline"; a pretty-printed file parses whole. */
export const parseLevelDataJson = (text: string): unknown => {
  if (jsonTooDeep(text, JSON_MAX_DEPTH))
    fail('data.bad_json', `the level data nests deeper than ${JSON_MAX_DEPTH} levels`)
  try {
    return JSON.parse(text)
  } catch {
    const firstLine = text.split('\n', 1)[0]
    try {
      return JSON.parse(firstLine)
    } catch (error) {
      return fail('data.bad_json', `the level data is not JSON: ${(error as Error).message}`)
    }
  }
}

export const readLevelData = (bytes: Uint8Array, options: ReadOptions = {}): ReadLevelData =>
  readLevelDataJson(
    parseLevelDataJson(textOf(bytes, options.maxBytes ?? CHART_LIMITS.levelDataBytes)),
    options,
  )

export const readLevelDataJson = (json: unknown, options: ReadOptions = {}): ReadLevelData => {
  const warnings: ChartWarning[] = []
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    fail('data.bad_shape', 'level data must be an object')
  const root = json as Record<string, unknown>
  if (typeof root.bgmOffset !== 'number' || !Number.isFinite(root.bgmOffset))
    fail('data.bad_shape', 'bgmOffset must be a number')
  if (!Array.isArray(root.entities)) fail('data.bad_shape', 'entities must be an array')
  if ('formatVersion' in root) {
    // docs/chart-format.md §1: the legacy layout (lastBeat, split lines without colour).
    if (options.strict)
      fail(
        'data.legacy',
        'this is level data of an older Sirius engine (formatVersion); convert the chart again',
      )
    warnings.push(warning('data.legacy', 'level data of an older Sirius engine: lastBeat is read as stBeat'))
  }
  const list = root.entities as unknown[]
  const cap = options.maxEntities ?? CHART_LIMITS.entities
  if (list.length > cap) throw new ChartLimitError('entities', cap)

  const entities: FlatEntity[] = []
  const levelEntities: LevelData['entities'] = []
  let noteCount = 0
  let maxBeat = 0
  const headerSeen = new Map<string, number>()
  const unknown = new Set<string>()

  list.forEach((item, index) => {
    const where = `entity ${index}`
    if (typeof item !== 'object' || item === null) fail('data.bad_entity', `${where} is not an object`)
    const { archetype, data } = item as { archetype?: unknown; data?: unknown }
    if (typeof archetype !== 'string') fail('data.bad_entity', `${where} has no archetype name`)
    if (!Array.isArray(data)) fail('data.bad_entity', `${where} (${archetype}) has no data list`)
    const fields: Record<string, number> = {}
    for (const entry of data as unknown[]) {
      const { name, value } = (entry ?? {}) as { name?: unknown; value?: unknown }
      if (typeof name !== 'string' || typeof value !== 'number' || !Number.isFinite(value)) {
        fail(
          'data.bad_entity',
          `${where} (${archetype}): every data entry needs a name and a finite number value`,
        )
      }
      fields[name as string] = value as number
    }
    if ('lastBeat' in fields && !('stBeat' in fields)) {
      fields.stBeat = fields.lastBeat
      delete fields.lastBeat
    }

    const expected = ARCHETYPE_FIELDS[archetype as string]
    if (!expected) {
      if (options.strict) fail('data.unknown_archetype', `${where}: unknown archetype "${archetype}"`)
      unknown.add(archetype as string)
    } else if (options.strict) {
      const names = Object.keys(fields).sort()
      const wanted = [...expected].sort()
      if (names.join() !== wanted.join()) {
        fail(
          'data.bad_fields',
          `${where} (${archetype}) must have exactly ${wanted.join(', ') || 'no data'}, has ${names.join(', ') || 'none'}`,
        )
      }
      checkBounds(archetype as string, fields, where)
    }
    if ((HEADER_ARCHETYPES as readonly string[]).includes(archetype as string)) {
      headerSeen.set(archetype as string, (headerSeen.get(archetype as string) ?? 0) + 1)
    }

    const flat: FlatEntity = { archetype: archetype as string, fields, noteCount: -1 }
    if (NOTE_ARCHETYPES.has(archetype as string)) flat.noteCount = ++noteCount
    if (archetype === ARCHETYPES.scratchHoldEnd) Object.assign(flat, scratchTarget(fields))
    for (const name of ['beat', '#BEAT', 'stBeat', 'endBeat']) {
      if (name in fields && fields[name] > maxBeat) maxBeat = fields[name]
    }
    entities.push(flat)
    levelEntities.push({
      archetype: archetype as string,
      data: data as LevelData['entities'][number]['data'],
    })
  })

  const maxBeats = options.maxBeats ?? CHART_LIMITS.beats
  if (maxBeat > maxBeats) throw new ChartLimitError('beats', maxBeats)
  if (options.strict) {
    for (const archetype of HEADER_ARCHETYPES) {
      if (headerSeen.get(archetype) !== 1)
        fail('data.header', `level data needs exactly one "${archetype}" entity`)
    }
    if (noteCount === 0) fail('chart.no_notes', 'the level data has no playable note')
  }
  for (const name of unknown)
    warnings.push(warning('data.unknown_archetype', `archetype "${name}" is unknown and not drawn`))
  return {
    levelData: { bgmOffset: root.bgmOffset as number, entities: levelEntities },
    entities,
    maxBeat,
    noteCount,
    warnings,
  }
}

/** docs/spec.md §5 / docs/chart-format.md §6: the scratch target span of a Scratch Hold End. */
export const scratchTarget = (fields: Record<string, number>) => {
  const { lane, laneLength, scratchLength } = fields
  const enLane = lane + laneLength - 1
  let left: number
  let right: number
  if (scratchLength === 0) {
    left = lane
    right = enLane
  } else if (scratchLength < 0) {
    left = lane + laneLength + scratchLength
    right = enLane
  } else {
    left = lane
    right = lane + scratchLength - 1
  }
  return { left, right, originalScratchLength: scratchLength, scratchLength: right - left + 1 }
}

const checkBounds = (archetype: string, fields: Record<string, number>, where: string) => {
  const bad = (message: string) => fail('data.out_of_range', `${where} (${archetype}): ${message}`)
  if ('lane' in fields) {
    const { lane, laneLength } = fields
    if (
      !Number.isInteger(lane) ||
      !Number.isInteger(laneLength) ||
      lane < 1 ||
      laneLength < 1 ||
      lane + laneLength - 1 > LANES
    ) {
      bad(`lanes ${lane}..${lane + laneLength - 1} are outside 1..${LANES}`)
    }
  }
  if ('beat' in fields && fields.beat < 0) bad('beat is negative')
  if ('stBeat' in fields && fields.stBeat > fields.beat) bad('stBeat is after beat')
  if ('endBeat' in fields && fields.beat > fields.endBeat) bad('endBeat is before beat')
  if (
    archetype === ARCHETYPES.splitLine &&
    (!Number.isInteger(fields.split) || fields.split < 1 || fields.split > 6)
  ) {
    bad('split must be 1 to 6')
  }
  if (
    archetype === ARCHETYPES.syncLine &&
    !(fields.left >= 1 && fields.left <= fields.right && fields.right <= LANES)
  ) {
    bad('sync line lanes must satisfy 1 ≤ left ≤ right ≤ 12')
  }
}
