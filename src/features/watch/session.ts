// A chart watched through our interpreter: the engine's watch data and the level data in, one frame's Draw
// calls out at any time. Pure, so that it runs in the watch worker (whose own policy allows the compiled
// callbacks) or, where there is no worker, in the page (tests).
import type { EngineWatchData, ReplayData } from '@sonolus/core'
import { NOTE_ARCHETYPES, readLevelData } from '../../../common/chart'
import { readJsonFile } from '../../../common/inflate'
import { WatchRun } from '../../../engine/interpreter/watch'
import type { SoundCall } from '../../../engine/interpreter/host'
import { levelTiming } from '../../../engine/interpreter/timing'
import { DRAW_STRIDE, type LoadedWatch, type WatchFrame, type WatchLoad } from './protocol'

/** Engine data and replays are small; these caps only stop a hostile file from filling the tab. */
const MAX_WATCH_DATA_BYTES = 16 * 1024 * 1024
const MAX_REPLAY_BYTES = 32 * 1024 * 1024

/** Why a chart cannot be watched: the page shows its key in the site's language. */
export class WatchError extends Error {
  constructor(
    readonly key: 'watch.level_refused' | 'watch.engine_refused' | 'watch.replay_refused',
    detail: string,
  ) {
    super(detail)
    this.name = 'WatchError'
  }
}

/** The scheduled sounds the app plays: a clip scheduled within its `distance` (seconds) after the same clip
 *  is not played again (the engine specs' PlayScheduled), so notes at one time sound once. */
const withinDistance = (sounds: readonly SoundCall[]): SoundCall[] => {
  const last = new Map<number, number>()
  return [...sounds]
    .sort((a, b) => (a.time ?? 0) - (b.time ?? 0))
    .filter((sound) => {
      if (sound.looped || sound.time === undefined) return true
      const before = last.get(sound.clip)
      if (before !== undefined && sound.time - before < (sound.distance ?? 0)) return false
      last.set(sound.clip, sound.time)
      return true
    })
}

export class WatchSession {
  private readonly run: WatchRun
  readonly loaded: LoadedWatch

  constructor(load: WatchLoad) {
    let read
    try {
      read = readLevelData(load.level)
    } catch (error) {
      throw new WatchError('watch.level_refused', (error as Error).message)
    }
    let replay: ReplayData | undefined
    if (load.replay) {
      try {
        replay = readJsonFile(load.replay, MAX_REPLAY_BYTES) as ReplayData
        if (!replay?.inputs || !Array.isArray(replay.inputs.entityIndex)) throw new Error('no inputs')
      } catch (error) {
        throw new WatchError('watch.replay_refused', (error as Error).message)
      }
    }
    const level = read.levelData
    let data: EngineWatchData
    try {
      data = readJsonFile(load.watchData, MAX_WATCH_DATA_BYTES) as EngineWatchData
      this.run = new WatchRun({
        data,
        level,
        options: load.options,
        replay,
        aspectRatio: load.aspectRatio,
      })
      // Each frame's Draw calls, without the run keeping every frame it ever made.
      this.run.host.recordDraws = true
    } catch (error) {
      throw new WatchError('watch.engine_refused', (error as Error).message)
    }

    // What the page needs besides frames: the sounds preprocess scheduled, the judged notes' times (the
    // seek bar's density, the judgment display without a replay) and the tempo changes.
    const timing = levelTiming(level.entities)
    const clips = data.effect.clips.map((clip) => clip.name)
    const notes: { time: number; entity: number }[] = []
    const tempos: number[] = []
    read.entities.forEach((entity, index) => {
      const beat = entity.fields.beat ?? entity.fields['#BEAT']
      if (beat === undefined) return
      if (NOTE_ARCHETYPES.has(entity.archetype)) notes.push({ time: timing.beatToTime(beat), entity: index })
      else if (entity.archetype === '#BPM_CHANGE' && beat > 0) tempos.push(timing.beatToTime(beat))
    })
    notes.sort((a, b) => a.time - b.time || a.entity - b.entity)
    // A replay without inputs plays every note on time, as the engine shows it.
    const inputs = this.run.replayInputs
    const judgments = inputs?.entityIndex.length
      ? inputs.entityIndex
          .map((_, i) => ({ time: inputs.time[i] ?? 0, judgment: inputs.judgment[i] ?? 0 }))
          .filter((item) => Number.isFinite(item.time))
          .sort((a, b) => a.time - b.time)
      : notes.map((note) => ({ time: note.time, judgment: 1 }))
    const last = Math.max(notes.length ? notes[notes.length - 1]!.time : 0, timing.beatToTime(read.maxBeat))
    this.loaded = {
      bgmOffset: level.bgmOffset,
      end: Math.max(last, replay?.duration ?? 0) + 1,
      noteTimes: notes.map((note) => note.time),
      tempoTimes: tempos,
      judgments: {
        time: judgments.map((item) => item.time),
        judgment: judgments.map((item) => item.judgment),
      },
      noteCount: notes.length,
      result: replay?.result,
      sounds: withinDistance(this.run.scheduled).flatMap((sound) =>
        sound.time === undefined || clips[sound.clip] === undefined
          ? []
          : [
              {
                clip: clips[sound.clip]!,
                time: sound.time,
                looped: sound.looped ?? false,
                id: sound.id ?? 0,
              },
            ],
      ),
      stops: this.run.scheduledStops.map((stop) => ({ ...stop })),
      sprites: data.skin.sprites.map((sprite) => sprite.name),
    }
  }

  /** The frame at `time` seconds of the level; `skip` after a jump (no hit effects). */
  frame(time: number, skip: boolean): WatchFrame {
    const started = performance.now()
    this.run.step(time, skip)
    const calls = this.run.host.draws
    const draws = new Float32Array(calls.length * DRAW_STRIDE)
    calls.forEach((call, i) => {
      const at = i * DRAW_STRIDE
      draws[at] = call.sprite
      draws.set(call.quad, at + 1)
      draws[at + 9] = call.z
      draws[at + 10] = call.alpha
    })
    return { time, draws, cost: performance.now() - started }
  }
}
