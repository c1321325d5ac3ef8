// Play mode of our engine, run through the interpreter on every authored SUS fixture and on fuzzed charts,
// each converted by our own pipeline: perfect touches, late touches, no touches, and the options.
import { describe, expect, it } from 'vitest'
import { convertSus } from '../../common/chart'
import { generateSus } from '../fixtures/sus/generate'
import { ARCHETYPES, type LevelData } from '../../common/chart/levelData/types'
import { ARCADE_SCORE_MAX, MISS_LIFE_LOSS, START_LIFE, checkResultAgainstChart } from '../../common/scoring'
import { autoplay } from '../../engine/autoplay'
import { TAP_ARCHETYPES } from '../../engine/sirius/constants'
import { numeric } from '../../engine/sirius/geometry'
import { engine, fixtures, fuzzedCharts, notesOf, options, play, tinyLevel, valueOf } from './helpers'

const JUDGMENT = { miss: 0, perfect: 1, great: 2, good: 3 } as const

/** Life after every note is missed: 80 a note, 40 a sound tick or hold eighth, never below 0. */
const lifeWithEveryNoteMissed = (level: LevelData) =>
  Math.max(
    0,
    START_LIFE -
      notesOf(level).reduce((loss, entity) => {
        const archetype = level.entities[entity]!.archetype
        const least = archetype === ARCHETYPES.sound || archetype === ARCHETYPES.holdEighth
        return loss + (least ? MISS_LIFE_LOSS.least : MISS_LIFE_LOSS.most)
      }, 0),
  )

/** Taps whose late touch is theirs alone: no other finger goes down within a quarter second of it in the
 *  tap's hitbox widened by two lanes (there, a late touch rightly counts for another note, or another
 *  note's touch for this one). */
const isolatedTaps = (level: LevelData, late: number) => {
  const halfWidth = numeric.halfWidth(16 / 9)
  const edge = (at: number) => numeric.edgeX(at, 0.75, halfWidth)
  const starts = autoplay(level, { late }).map((touch) => touch.points[0]!)
  return level.entities.flatMap((entity, index) => {
    if (!TAP_ARCHETYPES.has(entity.archetype)) return []
    const time = valueOf(level, index, 'beat')! + late
    const first = valueOf(level, index, 'lane')!
    const last = first + valueOf(level, index, 'laneLength')! - 1
    const x = edge((first - 1 + last) / 2)
    const near = starts.filter(
      (start) =>
        Math.abs(start.time - time) <= 0.25 && start.x >= edge(first - 4) && start.x <= edge(last + 3),
    )
    // Its own finger, and no other.
    return near.length === 1 && Math.abs(near[0]!.x - x) < 1e-9 ? [index] : []
  })
}

describe.each(fixtures)('play mode on $name', ({ level }) => {
  const notes = notesOf(level)

  it('judges every note Perfect with perfect touches: arcade score 1,000,000, life 1,000, a plausible result', () => {
    const run = play(level, autoplay(level))
    expect(run.skipped).toEqual([])
    expect(run.judged.map((item) => item.entity).sort((a, b) => a - b)).toEqual(notes)
    expect(run.judged.filter((item) => item.judgment !== JUDGMENT.perfect)).toEqual([])
    const result = run.result()
    expect(result).toMatchObject({
      grade: 'allPerfect',
      arcadeScore: ARCADE_SCORE_MAX,
      combo: notes.length,
      perfect: notes.length,
      totalCount: notes.length,
    })
    expect(run.life).toBe(START_LIFE)
    expect(checkResultAgainstChart(result, notes.length)).toBeUndefined()
  })

  it.each([
    [0.06, JUDGMENT.great],
    [0.1, JUDGMENT.good],
    [0.15, JUDGMENT.miss],
  ])('judges taps touched %s s late by the windows', (late, expected) => {
    const run = play(level, autoplay(level, { late }))
    const isolated = isolatedTaps(level, late)
    const taps = level.entities.filter((entity) => TAP_ARCHETYPES.has(entity.archetype)).length
    expect(isolated.length).toBeGreaterThanOrEqual(Math.min(3, taps))
    const judgments = new Map(run.judged.map((item) => [item.entity, item.judgment]))
    expect(isolated.filter((entity) => judgments.get(entity) !== expected)).toEqual([])
    if (expected !== JUDGMENT.miss)
      for (const entity of isolated)
        expect(run.judged.find((item) => item.entity === entity)!.accuracy).toBeCloseTo(late, 6)
  })

  it('misses every note with no touches: score 0, life down by the documented amounts', () => {
    const run = play(level, [])
    expect(run.judged).toHaveLength(notes.length)
    expect(run.judged.every((item) => item.judgment === JUDGMENT.miss)).toBe(true)
    expect(run.result()).toMatchObject({ grade: 'fail', arcadeScore: 0, combo: 0, miss: notes.length })
    expect(run.life).toBe(lifeWithEveryNoteMissed(level))
    expect(checkResultAgainstChart(run.result(), notes.length)).toBeUndefined()
  })
})

describe.each(fixtures)('play mode with an input offset, on $name', ({ level }) => {
  const notes = notesOf(level)

  // Input offset 0 is the perfect play above; the same touches judged without the offset taken off are
  // late (test/engine/conformance.test.ts).
  it.each([-0.3, 0.1, 0.2, 0.3])(
    'judges every note Perfect at input offset %s s when the touches arrive that much late',
    (offset) => {
      // The device reports each touch `offset` late; the engine sees its time with the offset taken off.
      const run = play(level, autoplay(level, { late: offset }), options(), false, offset)
      expect(run.judged).toHaveLength(notes.length)
      expect(run.judged.filter((item) => item.judgment !== JUDGMENT.perfect)).toEqual([])
      expect(run.result().arcadeScore).toBe(ARCADE_SCORE_MAX)
      // Taps are judged on the compensated start: on time, to the replay grid's precision.
      const taps = new Set(notes.filter((entity) => TAP_ARCHETYPES.has(level.entities[entity]!.archetype)))
      for (const item of run.judged)
        if (taps.has(item.entity)) expect(Math.abs(item.accuracy)).toBeLessThan(1e-6)
    },
  )
})

describe('hitbox edges', () => {
  const edge = (at: number) => numeric.edgeX(at, 0.75, numeric.halfWidth(16 / 9))
  const tap = (time: number, x: number) => ({
    points: [
      { time, x, y: numeric.judgmentY },
      { time: time + 0.05, x, y: numeric.judgmentY },
    ],
  })
  const judgedOf = (run: ReturnType<typeof play>, entity: number) =>
    run.judged.find((item) => item.entity === entity)!
  // Entity 4 is the first note after the level's header.
  const one = tinyLevel([{ archetype: ARCHETYPES.normal, data: { beat: 1, lane: 5, laneLength: 2 } }])

  it('holds a touch exactly on either edge (the note’s lanes and one more either side), and not a hair outside', () => {
    // Lanes 5–6: the hitbox runs from lane 4's left edge (edge 3) to lane 7's right edge (edge 7).
    for (const x of [edge(3), edge(7)])
      expect(judgedOf(play(one, [tap(1, x)]), 4).judgment).toBe(JUDGMENT.perfect)
    for (const x of [edge(3) - 1e-4, edge(7) + 1e-4])
      expect(judgedOf(play(one, [tap(1, x)]), 4).judgment).toBe(JUDGMENT.miss)
  })

  it('gives a touch on one note’s edge and inside another’s to the note nearer in time; inside both, to the earlier', () => {
    // A: lanes 1–2 at 1 s, hitbox edges −1 to 3. B: lanes 4–5 at 1.1 s, hitbox edges 2 to 6.
    const two = tinyLevel([
      { archetype: ARCHETYPES.normal, data: { beat: 1, lane: 1, laneLength: 2 } },
      { archetype: ARCHETYPES.normal, data: { beat: 1.1, lane: 4, laneLength: 2 } },
    ])
    const onEdge = play(two, [tap(1.08, edge(3))])
    expect(judgedOf(onEdge, 5)).toMatchObject({ judgment: JUDGMENT.perfect })
    expect(judgedOf(onEdge, 5).accuracy).toBeCloseTo(-0.02, 6)
    expect(judgedOf(onEdge, 4).judgment).toBe(JUDGMENT.miss)
    const inside = play(two, [tap(1.08, edge(2.5))])
    expect(judgedOf(inside, 4).judgment).toBe(JUDGMENT.good)
    expect(judgedOf(inside, 4).accuracy).toBeCloseTo(0.08, 6)
  })

  it('places a new touch where it went down, not where it has moved to by the frame', () => {
    // Down outside the hitbox, then moved into it within the same frame: no note takes it.
    const x = edge(2)
    const moved = {
      points: [
        { time: 1, x, y: numeric.judgmentY },
        { time: 1.005, x: edge(6), y: numeric.judgmentY },
        { time: 1.05, x: edge(6), y: numeric.judgmentY },
      ],
    }
    expect(judgedOf(play(one, [moved]), 4).judgment).toBe(JUDGMENT.miss)
  })
})

describe('play mode on long generated charts', () => {
  // Our chart generator's charts of 1,500 notes and more: chained holds, scratch holds, relays, flicks.
  const charts = Array.from({ length: 50 }, (_, i) => i + 1).map((seed) => ({
    seed,
    level: convertSus(generateSus(1000, seed).text).levelData,
  }))

  it('are long', () => {
    for (const { level } of charts) expect(notesOf(level).length).toBeGreaterThanOrEqual(1500)
  })

  it.each(charts)('plays generated chart $seed perfectly with the auto-player: 1,000,000', ({ level }) => {
    const run = play(level, autoplay(level))
    expect(run.judged.filter((item) => item.judgment !== JUDGMENT.perfect)).toEqual([])
    expect(run.result()).toMatchObject({ grade: 'allPerfect', arcadeScore: ARCADE_SCORE_MAX })
  })
})

describe('play mode on fuzzed charts', () => {
  const charts = fuzzedCharts(50)

  it.each(charts)(
    'judges every note of fuzzed chart $seed Perfect with perfect touches, and Miss with none',
    ({ level }) => {
      const notes = notesOf(level)
      const perfect = play(level, autoplay(level))
      expect(perfect.judged.filter((item) => item.judgment !== JUDGMENT.perfect)).toEqual([])
      expect(perfect.result()).toMatchObject({ arcadeScore: ARCADE_SCORE_MAX, totalCount: notes.length })
      expect(perfect.life).toBe(START_LIFE)
      const none = play(level, [])
      expect(none.judged.every((item) => item.judgment === JUDGMENT.miss)).toBe(true)
      expect(none.life).toBe(lifeWithEveryNoteMissed(level))
    },
  )
})

describe('play mode options', () => {
  const level = fixtures.find((fixture) => fixture.name === 'chart-50.sus')!.level
  const notes = notesOf(level)
  const perfect = (run: ReturnType<typeof play>) => run.judged.filter((item) => item.judgment === 1).length

  it('mirrors the lanes: mirrored touches play it perfectly, unmirrored ones do not', () => {
    expect(perfect(play(level, autoplay(level, { mirror: true }), options({ mirror: 1 })))).toBe(notes.length)
    expect(perfect(play(level, autoplay(level), options({ mirror: 1 })))).toBeLessThan(notes.length)
  })

  it('plays at the level speed the #SPEED option sets: every time divided by it', () => {
    expect(perfect(play(level, autoplay(level, { speed: 1.5 }), options({ speed: 1.5 })))).toBe(notes.length)
    expect(perfect(play(level, autoplay(level), options({ speed: 1.5 })))).toBeLessThan(notes.length / 2)
  })

  it('shows notes 7.4 / note speed seconds before their time, and sizes them by the note size', () => {
    const one = tinyLevel([{ archetype: ARCHETYPES.normal, data: { beat: 3, lane: 5, laneLength: 2 } }])
    const firstDraw = (values: number[]) => {
      const run = play(one, [], values, true)
      const head = engine.playData.skin.sprites.findIndex((sprite) => sprite.name === '#NOTE_HEAD_RED')
      const frame = run.frames.find((item) => item.draws.some((draw) => draw.sprite === head))!
      const draw = frame.draws.find((item) => item.sprite === head)!
      return { time: frame.time, height: draw.quad[3] - draw.quad[1] }
    }
    expect(firstDraw(options()).time).toBeCloseTo(3 - 7.4 / 5, 1)
    expect(firstDraw(options({ noteSpeed: 10 })).time).toBeCloseTo(3 - 7.4 / 10, 1)
    expect(firstDraw(options({ noteSize: 2 })).height).toBeCloseTo(firstDraw(options()).height * 2, 6)
  })

  it('plays hit sounds as notes are hit, none when they are off, and schedules them with auto SFX', () => {
    const sounds = (values: number[]) => {
      const run = play(level, autoplay(level), values, true)
      return run.frames.flatMap((frame) => frame.sounds)
    }
    const played = sounds(options())
    expect(played.filter((sound) => sound.time === undefined && !sound.looped).length).toBeGreaterThan(
      notes.length / 2,
    )
    expect(sounds(options({ hitSounds: 0 }))).toEqual([])
    const auto = sounds(options({ autoSfx: 1 }))
    expect(auto.filter((sound) => sound.time === undefined && !sound.looped)).toEqual([])
    expect(auto.filter((sound) => sound.time !== undefined).length).toBeGreaterThan(notes.length / 2)
  })
})
