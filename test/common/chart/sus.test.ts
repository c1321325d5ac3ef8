// One small chart per SUS rule of docs/chart-format.md §13 (all times: 120 BPM, 4/4, 2 s a measure).
import { describe, expect, it } from 'vitest'
import { convertSus } from '../../../common/chart'
import { compact, convert, errorOf, sus, txtLines } from './helpers'

describe('SUS lines and headers (§13.1)', () => {
  it('reads the worked example of §13.11 exactly', () => {
    const result = convert('#00112: 1300', '#00115: 2300', '#0013a1: 13003300', '#0023a1: 23', '#0025a: 13')
    expect(txtLines(result)).toEqual([
      '2,-1,10,1,3,0,0',
      '2,-1,20,4,3,0,0',
      '2,-1,82,9,3,0,0',
      '2,4,110,9,3,0,0',
      '2.25,-1,900,9,3,0,0',
      '2.5,-1,900,9,3,0,0',
      '2.75,-1,900,9,3,0,0',
      '3,-1,30,9,3,0,0',
      '3,-1,900,9,3,0,0',
      '3.25,-1,900,9,3,0,0',
      '3.5,-1,900,9,3,0,0',
      '3.75,-1,900,9,3,0,0',
    ])
    expect(compact(result)).toEqual([
      'Normal Note(2,1,3)',
      'Critical Note(2,4,3)',
      'Scratch Hold Start(2,9,3)',
      'Hold Eighth(2.25,9,3,0)',
      'Hold Eighth(2.5,9,3,0)',
      'Hold Eighth(2.75,9,3,0)',
      'Sound(3,9,3,110)',
      'Hold Eighth(3.25,9,3,0)',
      'Hold Eighth(3.5,9,3,0)',
      'Hold Eighth(3.75,9,3,0)',
      'Scratch Hold End(4,2,9,3,0)',
      'Sync Line(2,1,11)',
      'Sync Line(4,9,11)',
    ])
  })

  it('does not read a colon inside a quoted title as a data line', () => {
    const result = convertSus(
      ['#TITLE "Re:Start 001:"', '#ARTIST "A:B"', '#00002: 4', '#00112: 13'].join('\n'),
    )
    expect(txtLines(result)).toEqual(['2,-1,10,1,3,0,0'])
  })

  it('accepts CRLF line endings, blank lines, comments and a missing space after the colon', () => {
    const text = ['#00002:4', '', 'a comment line', '#BPM01:120', '#00008:01', '', '#00112:13'].join('\r\n')
    expect(txtLines(convertSus(text))).toEqual(['2,-1,10,1,3,0,0'])
  })

  it('shifts every time by #WAVEOFFSET', () => {
    expect(txtLines(convert('#WAVEOFFSET 0.5', '#00112: 13'))).toEqual(['2.5,-1,10,1,3,0,0'])
  })

  it('warns about headers and channels it ignores instead of dropping them silently', () => {
    const result = convert(
      '#HISPEED 01',
      '#MEASUREBS 1',
      '#FOO bar',
      '#00121a: 11',
      '#00141b: 11',
      '#00112: 13',
    )
    const codes = result.warnings.map((warning) => warning.code)
    expect(codes).toContain('sus.ignored_header')
    expect(codes).toContain('sus.unknown_header')
    expect(codes.filter((code) => code === 'sus.ignored_channel')).toHaveLength(2)
    expect(result.warnings.find((warning) => warning.code === 'sus.unknown_header')).toMatchObject({
      line: 6,
    })
  })

  it('reads #REQUEST "ticks_per_beat N" (it scales #TIL ticks) and warns when a measure is not 1920 ticks', () => {
    const result = convert('#REQUEST "ticks_per_beat 240"', `#TIL00: "1'480:2.0"`)
    // 480 ticks at 240 per beat = 2 beats = 1 s into measure 1.
    expect(txtLines(result)).toEqual(['3,2,-1,-1,0,0,0'])
    expect(result.warnings.map((warning) => warning.code)).toContain('sus.til_tick_base')
    expect(convert(`#TIL00: "1'480:2.0"`).warnings.map((warning) => warning.code)).not.toContain(
      'sus.til_tick_base',
    )
  })

  it('reads base-36 lane and width characters in either case (§14)', () => {
    expect(txtLines(convert('#0013A1: 13', '#0023A1: 23'))).toEqual(
      txtLines(convert('#0013a1: 13', '#0023a1: 23')),
    )
    expect(txtLines(convert('#00112: 1A'))).toEqual(['2,-1,10,1,10,0,0'])
    expect(txtLines(convert('#00112: 1a'))).toEqual(['2,-1,10,1,10,0,0'])
    expect(txtLines(convert('#0011D: 11'))).toEqual(['2,-1,10,12,1,0,0'])
  })
})

describe('timing (§13.3)', () => {
  it('uses 120 BPM before the first BPM change', () => {
    expect(txtLines(convertSus('#00002: 4\n#00112: 13'))).toEqual(['2,-1,10,1,3,0,0'])
  })

  it('uses 4 beats per measure before any #mmm02, with a warning', () => {
    const result = convertSus('#BPM01: 60\n#00008: 01\n#00112: 13')
    expect(txtLines(result)).toEqual(['4,-1,10,1,3,0,0'])
    expect(result.warnings.map((warning) => warning.code)).toContain('sus.default_measure_length')
  })

  it('handles a 3/4 measure and a BPM change inside a measure', () => {
    const result = convertSus(
      [
        '#00002: 4',
        '#00102: 3',
        '#00202: 4',
        '#BPM01: 120',
        '#BPM02: 60',
        '#00008: 01',
        '#00108: 0002',
        '#00112: 0013',
        '#00212: 13',
      ].join('\n'),
    )
    // Measure 0: 4 beats at 120 = 2 s. Measure 1 (3 beats): 1.5 beats at 120 (0.75 s), then 1.5 beats at 60 (1.5 s).
    expect(txtLines(result)).toEqual(['2.75,-1,10,1,3,0,0', '4.25,-1,10,1,3,0,0'])
  })

  it('keeps exact positions: no drift over many measures', () => {
    const lines = ['#00002: 4', '#BPM01: 170', '#00008: 01', `#99912: ${'00'.repeat(15)}13`]
    const result = convertSus(lines.join('\n'))
    // Measure 999 + 15/16 at 4 beats of 60/170 s each.
    const expected = ((999 + 15 / 16) * 4 * 60) / 170
    expect(Math.abs(result.levelData.entities[4].data[0].value - expected)).toBeLessThan(1e-9)
  })
})

describe('taps and flicks (§13.2, §13.7 step 5)', () => {
  it('turns normal and critical taps into Normal and Critical notes, widths 1 and 12 at lanes 1 and 12', () => {
    const result = convert('#00112: 11', '#0011d: 21', '#00212: 1c')
    expect(compact(result).filter((entry) => !entry.startsWith('Sync'))).toEqual([
      'Normal Note(2,1,1)',
      'Critical Note(2,12,1)',
      'Normal Note(4,1,12)',
    ])
  })

  it('produces nothing for a lone damage tap (with a warning) and ignores tap type 3', () => {
    const result = convert('#00112: 43', '#00115: 33')
    expect(txtLines(result)).toEqual([])
    expect(result.warnings.map((warning) => warning.code)).toEqual(
      expect.arrayContaining(['sus.lone_damage', 'sus.ignored_tap']),
    )
  })

  it('turns air notes into flicks: up 0, left −width, right +width', () => {
    const result = convert('#00152: 13', '#00155: 33', '#00158: 43')
    expect(txtLines(result)).toEqual(['2,-1,50,1,3,0,0', '2,-1,50,4,3,0,-3', '2,-1,50,7,3,0,3'])
    expect(compact(result)).toContain('Flick Note(2,4,3,-3)')
  })

  it('gives every note time one sync line from the leftmost lane to the rightmost end, single notes included', () => {
    const result = convert('#00112: 1300', '#00118: 1200', '#00212: 11')
    expect(compact(result).filter((entry) => entry.startsWith('Sync'))).toEqual([
      'Sync Line(2,1,8)',
      'Sync Line(4,1,1)',
    ])
  })
})

describe('holds (§13.7 steps 1, 2, 4; §13.8)', () => {
  it('makes a hold with relays: head, body, Sound ticks with the body type, eighths every half beat', () => {
    const result = convert('#00132a: 13003300', '#00232a: 23')
    expect(txtLines(result)).toEqual([
      '2,-1,80,1,3,0,0',
      '2,4,100,1,3,0,0',
      '2.25,-1,900,1,3,0,0',
      '2.5,-1,900,1,3,0,0',
      '2.75,-1,900,1,3,0,0',
      '3,-1,30,1,3,0,0',
      '3,-1,900,1,3,0,0',
      '3.25,-1,900,1,3,0,0',
      '3.5,-1,900,1,3,0,0',
      '3.75,-1,900,1,3,0,0',
    ])
    expect(compact(result)).toContain('Sound(3,1,3,100)')
    expect(compact(result)).not.toContain('Hold Eighth(3,1,3,0)')
    expect(compact(result)).toContain('Hold End(4,2,1,3)')
  })

  it('makes a critical hold from a critical tap at the slide start (consumed)', () => {
    const result = convert('#00112: 23', '#00132a: 13', '#00232a: 23')
    expect(txtLines(result).filter((line) => !line.includes(',900,'))).toEqual([
      '2,-1,81,1,3,0,0',
      '2,4,101,1,3,0,0',
    ])
  })

  it('makes a nontail hold from a damage tap at the slide end: no judged end, no sync line at the end', () => {
    const result = convert('#00132a: 13', '#00232a: 23', '#00212: 43')
    expect(txtLines(result)).toContain('2,4,1100,1,3,0,0')
    expect(compact(result)).toContain('Nontail Hold End(4,2,1,3)')
    expect(compact(result).filter((entry) => entry.startsWith('Sync'))).toEqual(['Sync Line(2,1,3)'])
  })

  it('makes a headless hold from a damage tap at the slide start', () => {
    const result = convert('#00112: 43', '#00132a: 13', '#00232a: 23')
    const lines = txtLines(result).filter((line) => !line.includes(',900,'))
    expect(lines).toEqual(['2,4,100,1,3,0,0'])
  })

  it('spaces hold eighths by half beats through a BPM change inside the hold', () => {
    // Slide from 2 s (beat 4) to beat 8 with the tempo halving at beat 6 (3 s).
    const result = convertSus(
      [
        '#00002: 4',
        '#BPM01: 120',
        '#BPM02: 60',
        '#00008: 01',
        '#00108: 0002',
        '#00132a: 13',
        '#00232a: 23',
      ].join('\n'),
    )
    const eighths = txtLines(result)
      .filter((line) => line.includes(',900,'))
      .map((line) => Number(line.split(',')[0]))
    expect(eighths).toEqual([2.25, 2.5, 2.75, 3, 3.5, 4, 4.5])
  })

  it('warns that a critical tap on a slide end stays as an extra Critical Note', () => {
    const result = convert('#00132a: 13', '#00232a: 23', '#00212: 23')
    expect(txtLines(result)).toContain('4,-1,20,1,3,0,0')
    expect(txtLines(result)).toContain('2,4,100,1,3,0,0')
    expect(result.warnings.map((warning) => warning.code)).toContain('sus.critical_on_slide_end')
  })

  it('warns that a normal tap on a slide start stays as an extra note', () => {
    const result = convert('#00112: 13', '#00132a: 13', '#00232a: 23')
    expect(txtLines(result)).toContain('2,-1,10,1,3,0,0')
    expect(result.warnings.map((warning) => warning.code)).toContain('sus.tap_on_slide_start')
  })
})

describe('scratch holds (§13.7)', () => {
  const hold = ['#00132a: 13', '#00232a: 23']
  const bodyOf = (...lines: string[]) =>
    txtLines(convert(...hold, ...lines)).filter((line) => /,(1?1[01][01]),/.test(line))

  it.each([
    ['up', '#00252: 13', '2,4,110,1,3,0,0'],
    ['left', '#00252: 33', '2,4,110,1,3,JumpScratch,-3'],
    ['right', '#00252: 43', '2,4,110,1,3,JumpScratch,3'],
  ])('ends in a scratch with an %s air on the same span', (_direction, air, body) => {
    expect(bodyOf(air)).toEqual([body])
  })

  it('jump-scratches wider to the right: the air span is the target', () => {
    const result = convert(...hold, '#00252: 15')
    expect(txtLines(result)).toContain('2,4,110,1,3,JumpScratch,5')
    const end = result.levelData.entities.find((entity) => entity.archetype === 'Sirius Scratch Hold End')!
    expect(end.data).toContainEqual({ name: 'scratchLength', value: 5 })
  })

  it('jump-scratches wider to the left', () => {
    const result = convert('#00135a: 13', '#00235a: 23', '#00252: 16')
    // Slide on lanes 4..6, air on lanes 1..6: −(6 − 1 + 1).
    expect(txtLines(result)).toContain('2,4,110,4,3,JumpScratch,-6')
  })

  it('makes a mid-hold scratch (SoundPurple) from an air in the middle of an active slide', () => {
    const result = convert(...hold, '#00152: 0033')
    expect(txtLines(result)).toContain('3,-1,40,1,3,0,-3')
    expect(compact(result)).toContain('Scratch Hold End(3,3,1,3,-3)')
    expect(compact(result)).not.toContain('Hold Eighth(3,1,3,0)')
  })

  it('starts in a scratch: no head row, and the start air becomes a flick', () => {
    const result = convert(...hold, '#00152: 13', '#00252: 13')
    const lines = txtLines(result).filter((line) => !line.includes(',900,'))
    expect(lines).toEqual(['2,-1,50,1,3,0,0', '2,4,110,1,3,0,0'])
  })

  it('reverts a scratch-at-start slide without an air at its end to a normal hold with a head', () => {
    const result = convert(...hold, '#00152: 13')
    const lines = txtLines(result).filter((line) => !line.includes(',900,'))
    expect(lines).toEqual(['2,-1,50,1,3,0,0', '2,-1,80,1,3,0,0', '2,4,100,1,3,0,0'])
  })

  it('marks critical scratch holds', () => {
    const lines = txtLines(convert('#00112: 23', ...hold, '#00252: 13')).filter(
      (line) => !line.includes(',900,'),
    )
    expect(lines).toEqual(['2,-1,83,1,3,0,0', '2,4,111,1,3,0,0'])
  })
})

describe('hi-speed and split lines (§13.4, §13.5)', () => {
  it('turns #TIL00 entries into hi-speed rows (value not offset)', () => {
    const result = convert('#WAVEOFFSET 1', `#TIL00: "0'0:1.0, 1'960:0.5, 2'0:2"`)
    expect(txtLines(result)).toEqual(['1,1,-1,-1,0,0,0', '4,0.5,-1,-1,0,0,0', '5,2,-1,-1,0,0,0'])
    expect(compact(result)).toEqual([
      '#TIMESCALE_CHANGE(1,1)',
      '#TIMESCALE_CHANGE(4,0.5)',
      '#TIMESCALE_CHANGE(5,2)',
    ])
  })

  it('pairs #TIL01 opens and closes, closing before re-opening at the same tick', () => {
    const result = convert(`#TIL01: "1'0:4.4030, 2'0:-4.4030, 2'0:2.00005, 3'0:-2.00005"`)
    expect(txtLines(result)).toEqual(['2,4,0,-1,0,14,4030', '4,6,0,-1,0,12,5'])
    expect(compact(result)).toEqual(['Split Line(2,4,4,4030)', 'Split Line(4,6,2,5)'])
  })

  it('reads colour ids with and without leading zeros', () => {
    const result = convert(`#TIL01: "1'0:1.1060, 1'960:-1.1060, 2'0:6.00009, 2'960:-6.00009"`)
    expect(compact(result)).toEqual(['Split Line(2,3,1,1060)', 'Split Line(4,5,6,9)'])
  })

  it('ignores other #TIL lines with a warning', () => {
    const result = convert(`#TIL02: "0'0:1"`)
    expect(result.warnings.map((warning) => warning.code)).toContain('sus.ignored_til')
  })
})

describe('errors name their line and column (§17.7)', () => {
  it.each([
    ['lane out of range', ['#0011e: 11'], 'sus.lane_out_of_range', 4, 9],
    ['lane 1 in SUS is lane 0 here', ['#00111: 11'], 'sus.lane_out_of_range', 4, 9],
    ['width running past lane 12', ['#00112: 11', '#0011d: 13'], 'sus.lane_out_of_range', 5, 9],
    ['unknown tap type', ['#00112: 0051'], 'sus.unknown_tap_type', 4, 11],
    ['unknown air type', ['#00152: 21'], 'sus.unknown_air_type', 4, 9],
    ['unknown slide type', ['#00132a: 4100'], 'sus.unknown_slide_type', 4, 10],
    ['slide end without a start', ['#00132a: 0023'], 'sus.slide_end_without_start', 4, 12],
    ['overlapping slide on a channel', ['#00132a: 1313', '#00232a: 23'], 'sus.overlapping_slide', 4, 12],
    ['unclosed slide', ['#00112: 11', '#00232a: 13'], 'sus.unclosed_slide', 5, 10],
    ['relay outside a slide', ['#00132a: 33'], 'sus.relay_without_slide', 4, 10],
    ['split close with a different N', [`#TIL01: "1'0:4.1, 2'0:-3.1"`], 'sus.overlapped_split', 4, 19],
    ['split close with a different colour', [`#TIL01: "1'0:4.1,  2'0:-4.2"`], 'sus.overlapped_split', 4, 20],
    ['two opens in a row', [`#TIL01: "1'0:4.1, 2'0:4.1"`], 'sus.overlapped_split', 4, 19],
    ['unclosed split', [`#TIL01: "1'0:4.1"`], 'sus.unclosed_split', 4, 10],
    ['undefined BPM id', ['#00108: 0z'], 'sus.undefined_bpm', 4, 9],
    ['odd note data', ['#00112: 131'], 'sus.bad_cells', 4, 9],
    ['bad hi-speed value', [`#TIL00: "0'0:fast"`], 'sus.bad_til_entry', 4, 10],
  ])('%s', (_name, lines, code, line, column) => {
    const error = errorOf(() => convertSus(sus(...lines)))
    expect(error.code).toBe(code)
    expect([error.line, error.column]).toEqual([line, column])
    expect(error.message.startsWith(`${line}:${column}: `)).toBe(true)
  })

  it('reports an ambiguous scratch end rather than picking the last air', () => {
    const error = errorOf(() =>
      convertSus(sus('#00132a: 13', '#00232a: 23', '#00252: 13', '#00252: 00', '#00252: 15')),
    )
    expect(error.code).toBe('sus.ambiguous_scratch')
  })
})
