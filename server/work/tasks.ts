// What runs in the worker threads (pool.ts): chart conversion, the level-data reader and replay parsing.
// Each task reads bytes and answers a small plain object; a refusal is an answer ({ok: false}), not a
// thrown error, so its message survives the thread boundary. Nothing here touches the database or files.
import { isMainThread } from 'node:worker_threads'
import { gunzipSync, gzipSync } from 'node:zlib'
import {
  type ChartStats,
  ChartError,
  chartStats,
  convertSus,
  readLevelData,
} from '../../common/chart/index.js'
import { type LevelChanges, diffNotes } from '../../common/chart/diff.js'
import { jsonTooDeep } from '../../common/json.js'
import { GZIP_LEVEL, JSON_MAX_DEPTH, REPLAY_MAX_BYTES } from '../../common/rules.js'

export type Refusal = { ok: false; message: string }
/** A chart's level data, and what it is like (common/chart/stats.ts). */
export type Converted = {
  ok: true
  gzipped: Uint8Array
  noteCount: number
  warnings: number
  stats: ChartStats
}
export type LevelDataRead = { ok: true; noteCount: number; stats: ChartStats }
export type LevelsCompared = { ok: true; changes: LevelChanges }
/** The judgments a replay's inputs record, one per judged entity (0 Miss, 1 Perfect, 2 Great, 3 Good);
 *  undefined when the inputs are not the arrays ReplayData has. */
export type InputJudgments = { perfect: number; great: number; good: number; miss: number; inputs: number }
export type ReplayRead = { ok: true; result: unknown; judgments?: InputJudgments }

const countJudgments = (inputs: unknown): InputJudgments | undefined => {
  const judgment = (inputs as { judgment?: unknown } | null)?.judgment
  if (!Array.isArray(judgment)) return undefined
  const counts = { perfect: 0, great: 0, good: 0, miss: 0, inputs: judgment.length }
  const names = ['miss', 'perfect', 'great', 'good'] as const
  for (const value of judgment) {
    const name = typeof value === 'number' ? names[value] : undefined
    if (name === undefined) return undefined
    counts[name]++
  }
  return counts
}

const refuse = (message: string): Refusal => ({ ok: false, message })

/** After a large input the thread ends itself once its answer is on its way: V8 keeps a grown heap (and
 *  the allocator its pages) long after a collection, and a thread that read a 20 MB file would hold tens
 *  of MB for good. The pool starts a fresh thread in its place. */
const RECYCLE_AFTER_BYTES = 2 * 1024 * 1024
const afterLarge = <T>(size: number, answer: T): T => {
  if (size >= RECYCLE_AFTER_BYTES && !isMainThread) setImmediate(() => process.exit(0))
  return answer
}

/** A ChartError as a sentence for people: where, and what. */
const chartMessage = (error: ChartError, what: string): string =>
  error.line > 0
    ? `${what} has an error on line ${error.line}: ${error.detail}`
    : `${what} has an error: ${error.message}`

/** Text of a chart file: UTF-8, without a byte-order mark. */
const chartText = (bytes: Uint8Array): string => {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** The server's own conversion of a SUS file, gzip level 9 with native zlib. */
const convertSusImpl = ({ bytes }: { bytes: Uint8Array }): Converted | Refusal => {
  if (bytes.includes(0)) return refuse('The chart file must be a SUS text file')
  try {
    const conversion = convertSus(chartText(bytes), {
      gzip: (json) => gzipSync(json, { level: GZIP_LEVEL }),
    })
    const read = readLevelData(conversion.gzipped, { strict: true })
    return {
      ok: true,
      gzipped: conversion.gzipped,
      noteCount: read.noteCount,
      warnings: conversion.warnings.length,
      stats: chartStats(read, conversion.bpms),
    }
  } catch (error) {
    if (error instanceof ChartError) return refuse(chartMessage(error, 'The chart'))
    throw error
  }
}

/** Level data given as it is (gzip or JSON): the reader's checks, and it must have notes. */
const readLevelDataImpl = ({ bytes }: { bytes: Uint8Array }): LevelDataRead | Refusal => {
  try {
    const read = readLevelData(bytes)
    if (read.noteCount === 0) return refuse('The level data is not valid: it has no playable note')
    return { ok: true, noteCount: read.noteCount, stats: chartStats(read) }
  } catch (error) {
    if (error instanceof ChartError) return refuse(`The level data is not valid: ${error.message}`)
    throw error
  }
}

/** gzip JSON of a replay file: inflated to at most REPLAY_MAX_BYTES, depth-checked, parsed. */
const replayJson = (bytes: Uint8Array, what: string): unknown => {
  let text: string
  try {
    text = gunzipSync(bytes, { maxOutputLength: REPLAY_MAX_BYTES }).toString('utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Error(
        `the ${what} decompresses to more than ${REPLAY_MAX_BYTES.toLocaleString('en-US')} bytes`,
        { cause: error },
      )
    throw new Error(`the ${what} is not gzip JSON`, { cause: error })
  }
  if (jsonTooDeep(text, JSON_MAX_DEPTH))
    throw new Error(`the ${what} nests deeper than ${JSON_MAX_DEPTH} levels`)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new Error(`the ${what} is not gzip JSON`, { cause: error })
  }
}

/** A replay's data and configuration; only the data's result goes back to the request. */
const readReplayImpl = ({
  data,
  configuration,
}: {
  data: Uint8Array
  configuration: Uint8Array
}): ReplayRead | Refusal => {
  try {
    const parsed = replayJson(data, 'replay data') as { result?: unknown; inputs?: unknown } | null
    replayJson(configuration, 'replay configuration')
    if (!parsed || typeof parsed !== 'object') return { ok: true, result: null }
    return { ok: true, result: { result: parsed.result }, judgments: countJudgments(parsed.inputs) }
  } catch (error) {
    return refuse((error as Error).message)
  }
}

/** Two versions' level data: what changed in their notes. Either may be refused like any level data. */
const compareLevelsImpl = ({
  before,
  after,
}: {
  before: Uint8Array
  after: Uint8Array
}): LevelsCompared | Refusal => {
  try {
    return { ok: true, changes: diffNotes(readLevelData(before).entities, readLevelData(after).entities) }
  } catch (error) {
    if (error instanceof ChartError) return refuse(`The level data is not valid: ${error.message}`)
    throw error
  }
}

export const convertSusTask = (task: { bytes: Uint8Array }): Converted | Refusal =>
  afterLarge(task.bytes.length, convertSusImpl(task))
export const readLevelDataTask = (task: { bytes: Uint8Array }): LevelDataRead | Refusal =>
  afterLarge(task.bytes.length, readLevelDataImpl(task))
export const readReplayTask = (task: { data: Uint8Array; configuration: Uint8Array }): ReplayRead | Refusal =>
  afterLarge(task.data.length + task.configuration.length, readReplayImpl(task))
export const compareLevelsTask = (task: {
  before: Uint8Array
  after: Uint8Array
}): LevelsCompared | Refusal => afterLarge(task.before.length + task.after.length, compareLevelsImpl(task))
