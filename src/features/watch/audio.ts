// Sound and time for the player. The music plays in an audio element, which keeps its pitch at other
// speeds (preservesPitch); while it plays, its clock drives the level's time, smoothed between its updates
// by the page's clock. Without music (none, not decodable, not yet started) the page's clock alone runs
// time. Hit sounds are the engine's scheduled sounds, played through Web Audio a little ahead of time.
import { type ScheduledSound } from './protocol'

/** How far ahead hit sounds are handed to Web Audio, and how far the music may drift before time follows. */
const LOOKAHEAD = 0.25
const DRIFT = 0.04
/** How long play waits for the music before it starts without it. */
const MUSIC_WAIT_MS = 4000

export class WatchClock {
  private anchorLevel = 0
  private anchorWall = 0
  playing = false
  rate = 1

  constructor(private readonly now: () => number = () => performance.now() / 1000) {}

  time(): number {
    return this.playing ? this.anchorLevel + (this.now() - this.anchorWall) * this.rate : this.anchorLevel
  }

  set(time: number) {
    this.anchorLevel = time
    this.anchorWall = this.now()
  }

  start() {
    if (this.playing) return
    this.anchorWall = this.now()
    this.playing = true
  }

  pause() {
    this.anchorLevel = this.time()
    this.playing = false
  }

  setRate(rate: number) {
    this.set(this.time())
    this.rate = rate
  }

  /** The music says where it is: time follows when it has drifted (the audio clock leads). */
  follow(musicTime: number) {
    if (Math.abs(musicTime - this.time()) > DRIFT) this.set(musicTime)
  }
}

export class WatchAudio {
  private readonly context: AudioContext | undefined
  private readonly buffers = new Map<string, AudioBuffer>()
  private readonly live = new Set<AudioScheduledSourceNode>()
  private scheduledUntil = -Infinity
  private sounds: ScheduledSound[] = []
  private stops = new Map<number, number>()
  private next = 0

  constructor() {
    const Context = typeof AudioContext === 'undefined' ? undefined : AudioContext
    this.context = Context ? new Context() : undefined
  }

  /** Decodes the effect's clips; one that does not decode stays silent. */
  async decode(clips: Map<string, Uint8Array>): Promise<void> {
    const context = this.context
    if (!context) return
    await Promise.all(
      [...clips].map(async ([name, bytes]) => {
        try {
          this.buffers.set(name, await context.decodeAudioData(bytes.slice().buffer))
        } catch {
          // A clip that will not decode is not played.
        }
      }),
    )
  }

  setSchedule(sounds: ScheduledSound[], stops: { id: number; time: number }[]) {
    this.sounds = [...sounds].sort((a, b) => a.time - b.time)
    this.stops = new Map(stops.map((stop) => [stop.id, stop.time]))
    this.reset()
  }

  async resume() {
    await this.context?.resume().catch(() => undefined)
  }

  /** Forget what was handed ahead (a seek, a pause, a new speed). */
  reset(from = -Infinity) {
    for (const source of this.live) source.stop()
    this.live.clear()
    this.scheduledUntil = from
    let low = 0
    let high = this.sounds.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (this.sounds[middle]!.time < from) low = middle + 1
      else high = middle
    }
    this.next = low
  }

  /** Hands Web Audio the sounds due before time + LOOKAHEAD (level seconds, playing at `rate`). */
  schedule(time: number, rate: number) {
    const context = this.context
    if (!context || context.state !== 'running') return
    const until = time + LOOKAHEAD * rate
    if (this.scheduledUntil < time - LOOKAHEAD) this.reset(time)
    while (this.next < this.sounds.length && this.sounds[this.next]!.time < until) {
      const sound = this.sounds[this.next++]!
      const buffer = this.buffers.get(sound.clip)
      if (!buffer || sound.time < time - 0.05) continue
      const source = context.createBufferSource()
      source.buffer = buffer
      // A loop repeats only until its stop time; one never told to stop plays once.
      const stop = sound.looped ? this.stops.get(sound.id) : undefined
      source.loop = stop !== undefined
      source.connect(context.destination)
      source.start(context.currentTime + Math.max(0, (sound.time - time) / rate))
      if (stop !== undefined) source.stop(context.currentTime + Math.max(0, (stop - time) / rate))
      this.live.add(source)
      source.onended = () => this.live.delete(source)
    }
    this.scheduledUntil = until
  }

  close() {
    this.reset()
    void this.context?.close().catch(() => undefined)
  }
}

/** Waits (a few seconds at most) until the music can play; false when it cannot. */
/** Whether the music has a moment `at` seconds into it (its length unknown until loaded: then it may). */
export const musicHas = (element: HTMLAudioElement, at: number): boolean =>
  at >= 0 && (!Number.isFinite(element.duration) || at < element.duration)

export const musicReady = (element: HTMLAudioElement): Promise<boolean> => {
  if (element.readyState >= 3) return Promise.resolve(true)
  if (element.error) return Promise.resolve(false)
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer)
      element.removeEventListener('canplay', yes)
      element.removeEventListener('error', no)
      resolve(ready)
    }
    const yes = () => done(true)
    const no = () => done(false)
    const timer = setTimeout(() => done(element.readyState >= 3), MUSIC_WAIT_MS)
    element.addEventListener('canplay', yes)
    element.addEventListener('error', no)
    element.preload = 'auto'
    if (element.networkState === element.NETWORK_EMPTY || element.readyState === 0) element.load()
  })
}
