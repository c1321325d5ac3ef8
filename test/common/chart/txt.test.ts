// Sirius TXT (docs/chart-format.md §11, §12, §14).
import { gzip } from 'pako'
import { describe, expect, it } from 'vitest'
import { convertTxt, parseMusicConfigOffset, readLevelData } from '../../../common/chart'
import { formatNumber } from '../../../common/chart/numbers'
import { compact, errorOf, txtLines } from './helpers'

/** A hand-written 16-note chart (§17.6). */
const SIXTEEN = [
  '0,-1,10,1,3,0,0',
  '0.5,-1,20,4,3,0,0',
  '1,-1,50,7,3,0,-3',
  '1,-1,10,10,3,0,0',
  '1.5,-1,80,1,2,0,0',
  '1.5,3.5,100,1,2,0,0',
  '2,-1,900,1,2,0,0',
  '2.5,-1,30,1,2,0,0',
  '2.5,-1,900,1,2,0,0',
  '3,-1,900,1,2,0,0',
  '4,-1,82,9,4,0,0',
  '4,6,110,9,4,JumpScratch,-6',
  '5,-1,40,9,4,0,4',
  '5,-1,900,9,4,0,0',
  '6.5,-1,200,5,2,0,0',
  '7,-1,20,1,12,0,0',
].join('\n')

describe('TXT reader (§11)', () => {
  it('converts a 16-note chart, ends flushed by time and sync lines last', () => {
    const result = convertTxt(SIXTEEN)
    expect(compact(result)).toEqual([
      'Normal Note(0,1,3)',
      'Critical Note(0.5,4,3)',
      // Rows at one time sort by type (§12): the tap (10) before the flick (50).
      'Normal Note(1,10,3)',
      'Flick Note(1,7,3,-3)',
      'Hold Start(1.5,1,2)',
      'Hold Eighth(2,1,2,0)',
      'Sound(2.5,1,2,100)',
      'Hold Eighth(3,1,2,0)',
      'Hold End(3.5,1.5,1,2)',
      'Scratch Hold Start(4,9,4)',
      'Scratch Hold End(5,5,9,4,4)',
      'Scratch Hold End(6,4,9,4,-6)',
      'Hold Start(6.5,5,2)',
      'Critical Note(7,1,12)',
      'Sync Line(0,1,3)',
      'Sync Line(0.5,4,6)',
      'Sync Line(1,7,12)',
      'Sync Line(1.5,1,2)',
      'Sync Line(3.5,1,2)',
      'Sync Line(4,9,12)',
      'Sync Line(5,9,12)',
      'Sync Line(6,9,12)',
      'Sync Line(6.5,5,6)',
      'Sync Line(7,1,12)',
    ])
    expect(result.levelData.entities.slice(0, 4)).toEqual([
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
    ])
    expect(result.levelData.bgmOffset).toBe(0)
  })

  it('does not truncate at a blank line in the middle, and reads CRLF', () => {
    const withGap = SIXTEEN.split('\n')
    withGap.splice(8, 0, '', '   ')
    expect(convertTxt(withGap.join('\r\n')).levelData).toEqual(convertTxt(SIXTEEN).levelData)
  })

  it('adds a music-config offset to every time but hi-speed values', () => {
    const offset = parseMusicConfigOffset(
      'CueSheetName,CueName,DelaySeconds,CueSheetDirectory\nsong,song,0.25,dir\n',
    )
    expect(offset).toBe(0.25)
    const result = convertTxt('1,-1,10,1,1,0,0\n2,1.5,-1,-1,0,0,0\n3,4,0,-1,0,12,7', { offset })
    expect(compact(result)).toEqual([
      'Normal Note(1.25,1,1)',
      '#TIMESCALE_CHANGE(2.25,1.5)',
      'Split Line(3.25,4.25,2,7)',
      'Sync Line(1.25,1,1)',
    ])
  })

  it('folds split codes 31-36, 51-56 and 71-76 to 1-6, and accepts lane 0 on split rows', () => {
    const result = convertTxt('0,1,0,-1,0,33,1\n1,2,0,0,0,56,2\n2,3,0,-1,0,71,3', { allowEmpty: true })
    expect(compact(result)).toEqual(['Split Line(0,1,3,1)', 'Split Line(1,2,6,2)', 'Split Line(2,3,1,3)'])
  })

  it('treats BlueTap (200) as a hold start and ScratchSound (31) as a Sound', () => {
    const result = convertTxt('0,-1,200,1,1,0,0\n0,2,110,1,1,0,0\n1,-1,31,1,1,0,0')
    expect(compact(result).slice(0, 3)).toEqual([
      'Hold Start(0,1,1)',
      'Sound(1,1,1,110)',
      'Scratch Hold End(2,0,1,1,0)',
    ])
  })

  it('takes a Sound’s holdType from the last body on exactly its span, 0 if none', () => {
    const result = convertTxt(
      '0,2,1101,1,3,0,0\n0,2,111,4,2,0,0\n1,-1,30,1,3,0,0\n1,-1,30,4,2,0,0\n1,-1,30,4,3,0,0',
    )
    expect(compact(result).filter((entry) => entry.startsWith('Sound'))).toEqual([
      'Sound(1,1,3,1101)',
      'Sound(1,4,2,111)',
      'Sound(1,4,3,0)',
    ])
  })

  it('drops a Hold Eighth under a Sound or SoundPurple at the same time and span, within 1 µs', () => {
    const result = convertTxt(
      '1,-1,30,1,1,0,0\n1.0000000001,-1,900,1,1,0,0\n2,-1,40,1,1,0,0\n2,-1,900,1,1,0,0\n3,-1,900,1,1,0,0',
    )
    expect(compact(result).filter((entry) => entry.startsWith('Hold Eighth'))).toEqual([
      'Hold Eighth(3,1,1,0)',
    ])
  })

  it('keeps two identical holds instead of collapsing them (§14)', () => {
    const result = convertTxt('0,-1,80,1,2,0,0\n0,2,100,1,2,0,0\n0,2,100,1,2,0,0')
    expect(compact(result).filter((entry) => entry.startsWith('Hold End'))).toHaveLength(2)
  })

  it('registers no sync point for nontail ends, Sounds, eighths, splits or hi-speeds', () => {
    const result = convertTxt(
      '0,2,1100,1,1,0,0\n1,-1,30,1,1,0,0\n1.5,-1,900,1,1,0,0\n0,3,0,-1,0,11,1\n0,1,-1,-1,0,0,0',
    )
    expect(compact(result).filter((entry) => entry.startsWith('Sync'))).toEqual([])
  })

  it('accepts the reference’s %g numbers such as 1e-05', () => {
    expect(compact(convertTxt('1e-05,-1,10,1,1,0,0'))[0]).toBe('Normal Note(0.00001,1,1)')
  })

  it.each([
    ['1,-1,10,1,3,0', 'txt.field_count', 1, 1],
    ['1,-1,10,1,3,0,0,0', 'txt.field_count', 1, 1],
    ['1x,-1,10,1,3,0,0', 'txt.bad_field', 1, 1],
    ['1, -1, 10, 1, 3, 0, abc', 'txt.bad_field', 1, 21],
    ['1,-1,12,1,3,0,0', 'txt.bad_field', 1, 6],
    ['1,-1,10,0,3,0,0', 'txt.bad_field', 1, 9],
    ['1,-1,10,11,3,0,0', 'txt.bad_field', 1, 12],
    ['1,-1,10,1,3,Spin,0', 'txt.bad_field', 1, 13],
    ['1,0.5,100,1,3,0,0', 'txt.bad_field', 1, 3],
    ['1,2,0,-1,0,0,5', 'txt.bad_field', 1, 12],
    ['-1,-1,10,1,3,0,0', 'txt.bad_field', 1, 1],
  ])('rejects %j with %s at line:column', (text, code, line, column) => {
    const error = errorOf(() => convertTxt(`0,-1,10,1,1,0,0\n\n${text}`))
    expect(error.code).toBe(code)
    expect([error.line, error.column]).toEqual([line + 2, column])
  })

  it('accepts converter-output JSON, cut at the first newline, followed by junk', () => {
    const data = convertTxt(SIXTEEN).levelData
    const result = convertTxt(`${JSON.stringify(data)}\n\u0000garbage from the wasm build`)
    expect(result.levelData).toEqual(data)
    expect(result.txt).toBe('')
    expect(readLevelData(result.gzipped).levelData).toEqual(data)
  })

  it('gzips the level data at level 9, the bytes gunzipping to JSON.stringify of the data', () => {
    const result = convertTxt(SIXTEEN)
    expect(result.gzipped[0]).toBe(0x1f)
    expect(result.gzipped[1]).toBe(0x8b)
    expect(result.gzipped).toEqual(gzip(JSON.stringify(result.levelData), { level: 9 }))
  })
})

describe('TXT writer (§11, §13.9)', () => {
  it.each([
    [2, '2'],
    [-1, '-1'],
    [0.1 + 0.2, '0.3'],
    [1 / 3, '0.3333333333'],
    [1e-5, '0.00001'],
    [123456.7891234, '123456.7891'],
    [-0, '0'],
  ])('writes %d as %s', (value, text) => expect(formatNumber(value)).toBe(text))

  it('round-trips: writing the rows and reading them back gives the same level data', () => {
    const first = convertTxt(SIXTEEN)
    const second = convertTxt(first.txt)
    expect(second.levelData).toEqual(first.levelData)
    expect(txtLines(second)).toEqual(txtLines(first))
  })
})
