// The level-data reader: gunzip, parse, shape checks, flattening and derived fields (docs/spec.md §3, §5).
import { gzip } from 'pako'
import { describe, expect, it } from 'vitest'
import { ChartLimitError, convertTxt, readLevelData, readLevelDataJson } from '../../../common/chart'
import { errorOf } from './helpers'

const encode = (value: unknown) =>
  new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value))
const header = [
  { archetype: 'Sirius Initialization', data: [] },
  { archetype: 'Sirius Input Manager', data: [] },
  { archetype: 'Sirius Stage', data: [] },
  {
    archetype: '#BPM_CHANGE',
    data: [
      { name: '#BEAT', value: 0 },
      { name: '#BPM', value: 60 },
    ],
  },
]
const scratchEnd = (lane: number, laneLength: number, scratchLength: number) => ({
  archetype: 'Sirius Scratch Hold End',
  data: [
    { name: 'beat', value: 2 },
    { name: 'stBeat', value: 1 },
    { name: 'lane', value: lane },
    { name: 'laneLength', value: laneLength },
    { name: 'scratchLength', value: scratchLength },
  ],
})

describe('readLevelData', () => {
  const converted = convertTxt(
    '0,-1,10,1,3,0,0\n0,-1,82,4,3,0,0\n0,2,110,4,3,0,0\n1,-1,30,4,3,0,0\n3,5,0,-1,0,12,7\n4,1.5,-1,-1,0,0,0',
  )

  it('reads gzip bytes and plain JSON bytes alike', () => {
    expect(readLevelData(converted.gzipped).levelData).toEqual(converted.levelData)
    expect(readLevelData(encode(converted.levelData)).levelData).toEqual(converted.levelData)
  })

  it('flattens data into fields and counts notes 1-based in entity order, −1 for the rest', () => {
    const { entities, noteCount } = readLevelData(converted.gzipped)
    expect(entities.map((entity) => [entity.archetype, entity.noteCount])).toEqual([
      ['Sirius Initialization', -1],
      ['Sirius Input Manager', -1],
      ['Sirius Stage', -1],
      ['#BPM_CHANGE', -1],
      ['Sirius Normal Note', 1],
      ['Sirius Scratch Hold Start', 2],
      ['Sirius Sound', 3],
      ['Sirius Scratch Hold End', 4],
      ['Sirius Split Line', -1],
      ['#TIMESCALE_CHANGE', -1],
      ['Sirius Sync Line', -1],
      ['Sirius Sync Line', -1],
    ])
    expect(noteCount).toBe(4)
    expect(entities[4].fields).toEqual({ beat: 0, lane: 1, laneLength: 3 })
  })

  it('takes maxBeat from beat, #BEAT, stBeat and endBeat', () => {
    expect(readLevelData(converted.gzipped).maxBeat).toBe(5)
  })

  it.each([
    [5, 3, 0, 5, 7, 3],
    [5, 3, -2, 6, 7, 2],
    [5, 3, -6, 2, 7, 6],
    [5, 3, 2, 5, 6, 2],
    [5, 3, 4, 5, 8, 4],
  ])(
    'derives the scratch span (lane %d, laneLength %d, scratchLength %d) → left %d, right %d, scratchLength %d',
    (lane, laneLength, scratchLength, left, right, width) => {
      const { entities } = readLevelDataJson({
        bgmOffset: 0,
        entities: [...header, scratchEnd(lane, laneLength, scratchLength)],
      })
      expect(entities[4]).toMatchObject({ left, right, originalScratchLength: scratchLength })
      expect(right - left + 1).toBe(width)
    },
  )

  it('accepts text cut at the first newline (converter output with trailing junk)', () => {
    const bytes = encode(`${JSON.stringify(converted.levelData)}\n\u0001\u0002junk`)
    expect(readLevelData(bytes).levelData).toEqual(converted.levelData)
  })

  it('reads legacy lastBeat as stBeat in the preview, and refuses legacy data when strict', () => {
    const legacy = {
      formatVersion: 5,
      bgmOffset: 0,
      entities: [
        ...header,
        {
          archetype: 'Sirius Hold End',
          data: [
            { name: 'beat', value: 2 },
            { name: 'lastBeat', value: 1 },
            { name: 'lane', value: 1 },
            { name: 'laneLength', value: 1 },
          ],
        },
      ],
    }
    const read = readLevelDataJson(legacy)
    expect(read.entities[4].fields.stBeat).toBe(1)
    expect(read.warnings.map((warning) => warning.code)).toContain('data.legacy')
    expect(errorOf(() => readLevelDataJson(legacy, { strict: true })).code).toBe('data.legacy')
  })

  it.each([
    ['bytes that are not gzip or text', new Uint8Array([0xff, 0xfe, 0x00, 0x80]), 'data.not_text'],
    ['a broken gzip', new Uint8Array([0x1f, 0x8b, 1, 2, 3]), 'data.bad_gzip'],
    ['not JSON', encode('hello'), 'data.bad_json'],
    ['an array', encode([]), 'data.bad_shape'],
    ['no entities', encode({ bgmOffset: 0 }), 'data.bad_shape'],
    ['a string bgmOffset', encode({ bgmOffset: '0', entities: [] }), 'data.bad_shape'],
    ['an entity without archetype', encode({ bgmOffset: 0, entities: [{ data: [] }] }), 'data.bad_entity'],
    [
      'a non-numeric value',
      encode({ bgmOffset: 0, entities: [{ archetype: 'Sirius Stage', data: [{ name: 'x', value: 'y' }] }] }),
      'data.bad_entity',
    ],
  ])('gives a typed error for %s', (_label, bytes, code) => {
    expect(errorOf(() => readLevelData(bytes)).code).toBe(code)
  })

  describe('strict validation for the server (docs/chart-format.md §15)', () => {
    const strict = (entities: unknown[]) =>
      errorOf(() => readLevelDataJson({ bgmOffset: 0, entities }, { strict: true })).code

    it('passes converter output', () => {
      expect(readLevelDataJson(converted.levelData, { strict: true }).noteCount).toBe(4)
    })
    it.each([
      ['an unknown archetype', [...header, { archetype: 'Evil Note', data: [] }], 'data.unknown_archetype'],
      [
        'a missing field',
        [...header, { archetype: 'Sirius Normal Note', data: [{ name: 'beat', value: 1 }] }],
        'data.bad_fields',
      ],
      [
        'a lane past 12',
        [
          ...header,
          {
            archetype: 'Sirius Normal Note',
            data: [
              { name: 'beat', value: 1 },
              { name: 'lane', value: 11 },
              { name: 'laneLength', value: 3 },
            ],
          },
        ],
        'data.out_of_range',
      ],
      [
        'a negative beat',
        [
          ...header,
          {
            archetype: 'Sirius Normal Note',
            data: [
              { name: 'beat', value: -1 },
              { name: 'lane', value: 1 },
              { name: 'laneLength', value: 1 },
            ],
          },
        ],
        'data.out_of_range',
      ],
      [
        'split 7',
        [
          ...header,
          {
            archetype: 'Sirius Split Line',
            data: [
              { name: 'beat', value: 1 },
              { name: 'endBeat', value: 2 },
              { name: 'split', value: 7 },
              { name: 'color', value: 1 },
            ],
          },
        ],
        'data.out_of_range',
      ],
      ['a missing header entity', header.slice(1), 'data.header'],
      ['a doubled header entity', [header[0], ...header], 'data.header'],
    ])('rejects %s', (_label, entities, code) => expect(strict(entities)).toBe(code))

    it('caps the entity count with a limit error that names the limit', () => {
      const many = Array.from({ length: 11 }, () => header[2])
      const error = errorOf(() => readLevelDataJson({ bgmOffset: 0, entities: many }, { maxEntities: 10 }))
      expect(error).toBeInstanceOf(ChartLimitError)
      expect(error.code).toBe('chart.limit')
      expect((error as ChartLimitError).limit).toBe('entities')
    })
  })

  it('keeps unknown archetypes in the preview with a warning', () => {
    const read = readLevelDataJson({
      bgmOffset: 0,
      entities: [...header, { archetype: 'Mystery', data: [] }],
    })
    expect(read.warnings.map((warning) => warning.code)).toContain('data.unknown_archetype')
    expect(gzip).toBeTypeOf('function')
  })
})
