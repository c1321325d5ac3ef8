// A replay's touches played again: each finger's events, decoded as the replay specs say, become the
// finger our interpreter is given (common/replay.ts says what our replays' touches hold).
import { decodeReplayTouches } from '../common/replay.js'
import type { TouchPoint, TouchScript } from './interpreter/play.js'

/** The fingers of a replay, in the order they went down. */
export const touchScriptsOf = (replay: { touches?: unknown }): TouchScript[] => {
  const touches = decodeReplayTouches(replay)
  const fingers = new Map<number, TouchPoint[]>()
  touches.l.forEach((id, i) => {
    let points = fingers.get(id)
    if (!points) fingers.set(id, (points = []))
    points.push({ time: touches.t[i]!, x: touches.x[i]!, y: touches.y[i]! })
  })
  return [...fingers.values()].map((points) => ({ points }))
}
