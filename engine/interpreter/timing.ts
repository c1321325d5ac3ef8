// The timing functions the app derives from a level's #BPM_CHANGE (#BEAT, #BPM) and #TIMESCALE_CHANGE
// (#BEAT, #TIMESCALE) entities: beats to seconds through the tempo changes, and seconds to scaled time
// through the time scale changes (1 before the first one).
import type { Timing } from './compile.js'

type Change = { beat: number; value: number }
type Entity = { archetype: string; data: { name: string; value?: number }[] }

const valueOf = (entity: Entity, name: string): number | undefined =>
  entity.data.find((item) => item.name === name)?.value

/** `speed` is the #SPEED option's value: the app applies it to every tempo. */
export const levelTiming = (entities: readonly Entity[], speed = 1): Timing => {
  const changes = (archetype: string, name: string): Change[] =>
    entities
      .filter((entity) => entity.archetype === archetype)
      .map((entity) => ({
        beat: valueOf(entity, '#BEAT') ?? 0,
        value: (valueOf(entity, name) ?? 0) * (name === '#BPM' ? speed : 1),
      }))
      .sort((a, b) => a.beat - b.beat)

  const bpms = changes('#BPM_CHANGE', '#BPM')
  if (bpms.length === 0 || bpms[0]!.beat > 0) bpms.unshift({ beat: 0, value: bpms[0]?.value ?? 60 * speed })
  // Each tempo's starting time.
  const bpmTimes: number[] = []
  bpms.forEach((change, i) => {
    if (i === 0) bpmTimes.push(0)
    else {
      const previous = bpms[i - 1]!
      bpmTimes.push(bpmTimes[i - 1]! + ((change.beat - previous.beat) * 60) / previous.value)
    }
  })
  const bpmAt = (beat: number) => {
    let i = 0
    while (i + 1 < bpms.length && bpms[i + 1]!.beat <= beat) i++
    return i
  }
  const beatToTime = (beat: number) => {
    const i = bpmAt(beat)
    return bpmTimes[i]! + ((beat - bpms[i]!.beat) * 60) / bpms[i]!.value
  }

  const scales = changes('#TIMESCALE_CHANGE', '#TIMESCALE').map((change) => ({
    time: beatToTime(change.beat),
    value: change.value,
  }))
  scales.sort((a, b) => a.time - b.time)
  if (scales.length === 0 || scales[0]!.time > 0) scales.unshift({ time: 0, value: 1 })
  const scaledStarts: number[] = []
  scales.forEach((change, i) => {
    if (i === 0) scaledStarts.push(change.time)
    else {
      const previous = scales[i - 1]!
      scaledStarts.push(scaledStarts[i - 1]! + (change.time - previous.time) * previous.value)
    }
  })
  const scaleAt = (time: number) => {
    let i = 0
    while (i + 1 < scales.length && scales[i + 1]!.time <= time) i++
    return i
  }

  return {
    beatToTime,
    beatToBpm: (beat) => bpms[bpmAt(beat)]!.value,
    beatToStartingBeat: (beat) => bpms[bpmAt(beat)]!.beat,
    beatToStartingTime: (beat) => bpmTimes[bpmAt(beat)]!,
    timeToScaledTime: (time) => {
      const i = scaleAt(time)
      return scaledStarts[i]! + (time - scales[i]!.time) * scales[i]!.value
    },
    timeToStartingScaledTime: (time) => scaledStarts[scaleAt(time)]!,
    timeToStartingTime: (time) => scales[scaleAt(time)]!.time,
    timeToTimeScale: (time) => scales[scaleAt(time)]!.value,
  }
}
