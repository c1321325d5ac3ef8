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

  it('runs its whole lifecycle with no access the specs forbid: next through every part, back through every part, then on to its end', () => {
    const run = new TutorialRun(engine.tutorialData)
    const segment = () => run.host.blocks.raw('TutorialMemory')[0]
    let frame = 0
    const step = (navigate: -1 | 0 | 1 = 0) => run.step(frame++ / 60, navigate)
    step()
    const seen: number[] = []
    for (let part = 0; part < TUTORIAL_SEGMENTS; part++) {
      for (let k = 0; k < 30; k++) step()
      step(1)
      seen.push(segment()!)
    }
    for (let part = 0; part < TUTORIAL_SEGMENTS; part++) {
      for (let k = 0; k < 30; k++) step()
      step(-1)
      seen.push(segment()!)
    }
    // Forward round the walk and back again, each part once each way.
    expect(seen).toEqual([
      ...Array.from({ length: TUTORIAL_SEGMENTS }, (_, k) => (k + 1) % TUTORIAL_SEGMENTS),
      ...Array.from({ length: TUTORIAL_SEGMENTS }, (_, k) => TUTORIAL_SEGMENTS - 1 - k),
    ])
    const from = frame
    while ((frame - from) / 60 <= TUTORIAL_LENGTH + 0.5) step()
    // To its end and round: every part's instruction shown after the navigation.
    const instructions = new Set(run.frames.slice(from).map((item) => item.instruction))
    expect(instructions.size).toBeGreaterThanOrEqual(4)
  })

  it('sizes the menu, the previous and next buttons, and the instruction by their own entries of Runtime UI Configuration', () => {
    const ui = (configuration?: number[]) => [
      ...new TutorialRun(engine.tutorialData, 16 / 9, configuration).host.blocks.raw('RuntimeUI'),
    ]
    const plain = ui()
    const scaled = ui([2, 0.5, 3, 0.6, 4, 0.7])
    // Width and height are each element's 5th and 6th of 9 values: menu, previous, next, instruction.
    const scale = [2, 3, 3, 4]
    for (let k = 0; k < 4; k++)
      for (const i of [4, 5]) expect(scaled[k * 9 + i]).toBeCloseTo(plain[k * 9 + i]! * scale[k]!, 9)
  })
})
