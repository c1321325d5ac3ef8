// Tutorial mode of our engine through the interpreter: the walk through each note kind runs to its end and
// round again, and previous and next step through it.
import { describe, expect, it } from 'vitest'
import { TutorialRun } from '../../engine/interpreter/tutorial'
import { TUTORIAL_LENGTH, TUTORIAL_SEGMENTS } from '../../engine/sirius/tutorial'
import { engine } from './helpers'

const sprite = (name: string) => engine.tutorialData.skin.sprites.find((item) => item.name === name)!.id
const text = (name: string) => engine.tutorialData.instruction.texts.find((item) => item.name === name)!.id

describe('tutorial mode', () => {
  it('walks through every note kind to its end, with instructions, the hand, sounds and effects', () => {
    const run = new TutorialRun(engine.tutorialData)
    for (let frame = 0; frame / 60 <= TUTORIAL_LENGTH + 0.5; frame++) run.step(frame / 60)
    const drawn = new Set(run.frames.flatMap((frame) => frame.draws.map((draw) => draw.sprite)))
    for (const name of [
      '#NOTE_HEAD_RED',
      '#NOTE_HEAD_YELLOW',
      '#NOTE_HEAD_PURPLE',
      '#DIRECTIONAL_MARKER_PURPLE',
      '#NOTE_HEAD_BLUE',
      '#NOTE_CONNECTION_BLUE',
      '#NOTE_CONNECTION_PURPLE',
      '#JUDGMENT_LINE',
    ])
      expect(drawn.has(sprite(name))).toBe(true)
    // The instructions in order, each once, then the walk begins again.
    const shown = run.frames
      .map((frame) => frame.instruction)
      .filter((id, i, all) => i === 0 || all[i - 1] !== id)
    expect(shown).toEqual(
      ['#TAP', '#TAP_FLICK', '#TAP_HOLD', '#RELEASE', '#TAP_HOLD', '#FLICK', '#TAP'].map(text),
    )
    const memory = run.host.blocks.raw('TutorialMemory')
    expect(memory[0]).toBe(0)
    // A hit sound and effects for each head, and for each hold's end.
    expect(run.frames.flatMap((frame) => frame.sounds)).toHaveLength(TUTORIAL_SEGMENTS + 2)
    expect(run.frames.flatMap((frame) => frame.particles).length).toBeGreaterThanOrEqual(
      2 * (TUTORIAL_SEGMENTS + 2),
    )
    expect(run.frames.filter((frame) => frame.icons.length > 0).length).toBeGreaterThan(
      60 * TUTORIAL_SEGMENTS,
    )
  })

  it('steps to the next and previous part, round the walk', () => {
    const run = new TutorialRun(engine.tutorialData)
    const segment = () => run.host.blocks.raw('TutorialMemory')[0]
    run.step(0)
    run.step(0.1, -1)
    expect(segment()).toBe(TUTORIAL_SEGMENTS - 1)
    run.step(0.2, 1)
    run.step(0.3, 1)
    expect(segment()).toBe(1)
    expect(run.frames.at(-1)!.instruction).toBe(text('#TAP'))
  })
})
