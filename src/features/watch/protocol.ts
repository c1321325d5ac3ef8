// What the page and the watch worker say to each other. Frames travel as one Float32Array of Draw calls
// (moved, not copied), DRAW_STRIDE numbers each: sprite, the quad's four corners, z and alpha.
import type { GameplayResult } from '@sonolus/core'

export const DRAW_STRIDE = 11

export type WatchLoad = {
  /** Level data as served (gzip) or plain JSON bytes. */
  level: Uint8Array
  watchData: Uint8Array
  replay?: Uint8Array
  /** The engine's options, in its configuration's order. */
  options: number[]
  aspectRatio: number
}

export type ScheduledSound = { clip: string; time: number; looped: boolean; id: number }

export type LoadedWatch = {
  bgmOffset: number
  /** Seconds of level time the player's seek bar spans. */
  end: number
  noteTimes: number[]
  tempoTimes: number[]
  /** What the judgment display shows, by time: the replay's inputs, or every note Perfect. */
  judgments: { time: number[]; judgment: number[] }
  noteCount: number
  result?: GameplayResult
  sounds: ScheduledSound[]
  stops: { id: number; time: number }[]
  /** The engine's sprite names by id. */
  sprites: string[]
}

export type WatchFrame = { time: number; draws: Float32Array; cost: number }

export type WatchAsk = { op: 'load'; load: WatchLoad } | { op: 'frame'; time: number; skip: boolean }
export type WatchRequest = WatchAsk & { id: number }
export type WatchReply = { id: number; value?: unknown; error?: { key: string; detail: string } }
