// Watch mode of our engine through the interpreter: a play's replay played back with its judgments, the
// engine's own perfect run without one, and seeking.
import { describe, expect, it } from 'vitest'
import type { ReplayData } from '@sonolus/core'
import { WatchRun } from '../../engine/interpreter/watch'
import { levelTiming } from '../../engine/interpreter/timing'
import { autoplay } from '../../engine/autoplay'
import { OPTION } from '../../engine/sirius/constants'
import { decodeReplayInputs } from '../../common/replay'
import { engine, fixtures, notesOf, options, play, valueOf } from './helpers'

const level = fixtures.find((fixture) => fixture.name === 'chart-1000.sus')!.level
const clipId = (name: string) => engine.watchData.effect.clips.find((clip) => clip.name === name)!.id
const watch = (replay?: ReplayData) =>
  new WatchRun({
    data: engine.watchData,
    level,
    options: options(),
    replay,
    speedOption: OPTION.speed,
    record: true,
  })
const timing = levelTiming(level.entities)

describe('watch mode', () => {
  it("plays a replay back with the play's judgments: each note's sound at its hit, by its judgment", () => {
    // 60 ms late: taps Great, the rest mostly Perfect.
    const replay = play(level, autoplay(level, { late: 0.06 })).replay()
    const run = watch(replay)
    const inputs = decodeReplayInputs(replay)
    const judgments = new Map(inputs.entityIndex.map((entity, i) => [entity, i]))
    const great = clipId('#GREAT')
    // Every Great the play judged sounds #GREAT at its time plus its accuracy, and nothing else does.
    const greats = inputs.entityIndex.filter((_, i) => inputs.judgment[i] === 2)
    expect(greats.length).toBeGreaterThan(100)
    const scheduledGreats = run.scheduled.filter((sound) => sound.clip === great && !sound.looped)
    expect(scheduledGreats.map((sound) => sound.time).sort((a, b) => a! - b!)).toEqual(
      greats
        .map((entity) => {
          const i = judgments.get(entity)!
          return valueOf(level, entity, 'beat')! + inputs.accuracy[i]!
        })
        .sort((a, b) => a - b)
        .map((time) => expect.closeTo(time, 9)),
    )
    // Each judged note is on screen until it is hit.
    for (const entity of greats.slice(0, 20)) {
      const accuracy = inputs.accuracy[judgments.get(entity)!]!
      expect(run.ranges[entity]!.despawn).toBeCloseTo(
        timing.timeToScaledTime(valueOf(level, entity, 'beat')! + accuracy),
        9,
      )
    }
  })

  it('shows missed notes passing the line with no hit effect', () => {
    const replay = play(level, []).replay()
    expect(replay.inputs.judgment.every((judgment) => judgment === 0)).toBe(true)
    const run = watch(replay)
    expect(run.scheduled.filter((sound) => !sound.looped)).toEqual([])
    for (let frame = 0; frame <= 60 * 20; frame++) run.step(frame / 60)
    expect(run.frames.flatMap((frame) => frame.particles).filter((particle) => !particle.looped)).toEqual([])
  })

  it('with no replay, plays every note Perfect on its time', () => {
    const run = watch()
    const perfect = clipId('#PERFECT')
    const notes = notesOf(level)
    const withClips = run.scheduled.filter((sound) => !sound.looped)
    expect(
      withClips.every((sound) => sound.clip === perfect || sound.clip === clipId('#PERFECT_ALTERNATIVE')),
    ).toBe(true)
    // Every note with a sound (all but hold eighths) sounds once, on its time.
    const eighths = notes.filter(
      (entity) => level.entities[entity]!.archetype === 'Sirius Hold Eighth',
    ).length
    expect(withClips).toHaveLength(notes.length - eighths)
    const times = new Set(notes.map((entity) => valueOf(level, entity, 'beat')!.toFixed(6)))
    expect(withClips.every((sound) => times.has(sound.time!.toFixed(6)))).toBe(true)
    // Hit effects show as notes leave, frame by frame.
    for (let frame = 0; frame <= 60 * 30; frame++) run.step(frame / 60)
    expect(run.frames.flatMap((frame) => frame.particles).length).toBeGreaterThan(100)
  })

  it('seeks: after a jump the screen holds the entities that playing through would', () => {
    const through = watch()
    for (let frame = 0; frame <= 60 * 40; frame++) through.step(frame / 60)
    const seeking = watch()
    seeking.step(0)
    seeking.step(70, true)
    seeking.step(5, true)
    seeking.step(40, true)
    expect([...seeking.activeEntities].sort((a, b) => a - b)).toEqual(
      [...through.activeEntities].sort((a, b) => a - b),
    )
    // No hit effects while seeking.
    expect(
      seeking.frames.slice(1).flatMap((frame) => frame.particles.filter((particle) => !particle.looped)),
    ).toEqual([])
    expect(seeking.frames.at(-1)!.draws.length).toBeGreaterThan(10)
  })
})
