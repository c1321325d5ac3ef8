// Tutorial mode, run as the app runs it (the engine specs' tutorial lifecycle): preprocess once, then every
// frame navigate (when the player asked for the previous or next part) and update.
import type { EngineTutorialData } from '@sonolus/core'
import type { DrawCall, ParticleCall, SoundCall, TextCall } from './host.js'
import { RunHost } from './host.js'
import { levelTiming } from './timing.js'

export type TutorialFrame = {
  time: number
  draws: DrawCall[]
  sounds: SoundCall[]
  particles: ParticleCall[]
  icons: TextCall[]
  /** The instruction text shown (its id), −1 for none. */
  instruction: number
}

export class TutorialRun {
  readonly host: RunHost
  readonly frames: TutorialFrame[] = []
  time = 0
  frame = -1
  private readonly preprocess?: () => number
  private readonly navigateFn?: () => number
  private readonly update?: () => number

  constructor(
    readonly data: EngineTutorialData,
    aspectRatio = 16 / 9,
    /** The player's UI settings, [scale, alpha] per element (Runtime UI Configuration): 1s by default. */
    uiConfiguration?: readonly number[],
  ) {
    this.host = new RunHost('tutorial', { entityCount: 0, archetypeCount: 0 }, levelTiming([]), {
      sprites: data.skin.sprites.map((sprite) => sprite.name),
      clips: data.effect.clips.map((clip) => clip.name),
      particles: data.particle.effects.map((effect) => effect.name),
    })
    const roots = [data.preprocess, data.navigate, data.update].flatMap((index, callback) =>
      index === undefined ? [] : [{ index, callback }],
    )
    const compiled = this.host.compile(data.nodes, roots)
    if (data.preprocess !== undefined) this.preprocess = compiled.fn(data.preprocess, 0)
    if (data.navigate !== undefined) this.navigateFn = compiled.fn(data.navigate, 1)
    if (data.update !== undefined) this.update = compiled.fn(data.update, 2)
    this.host.blocks.raw('RuntimeEnvironment').set([0, aspectRatio, 0])
    this.host.blocks.raw('TutorialInstruction')[0] = -1
    const configuration = this.host.blocks.raw('RuntimeUIConfiguration')
    if (uiConfiguration) configuration.set(uiConfiguration)
    else configuration.fill(1)
    this.call('preprocess', this.preprocess)
  }

  private call(name: string, fn: (() => number) | undefined) {
    if (!fn) return
    const blocks = this.host.blocks
    blocks.callback = blocks.callbackIndex(name)
    fn()
    blocks.callback = -1
  }

  /** One frame at `time`; `navigate` is −1 for previous, 1 for next. */
  step(time: number, navigate: -1 | 0 | 1 = 0) {
    const blocks = this.host.blocks
    const delta = this.frame < 0 ? 0 : time - this.time
    this.frame++
    this.time = time
    blocks.frame = this.frame
    this.host.nextFrame()
    blocks.raw('RuntimeUpdate').set([time, delta, navigate])
    if (navigate) this.call('navigate', this.navigateFn)
    this.call('update', this.update)
    this.frames.push({
      time,
      draws: this.host.draws,
      sounds: this.host.sounds,
      particles: this.host.particles,
      icons: this.host.icons,
      instruction: blocks.raw('TutorialInstruction')[0]!,
    })
  }
}
