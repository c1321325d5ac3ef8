// Random inputs for the chart converters: raw bytes, and mutations of valid SUS. Shared by the
// property tests (a few thousand cases in npm test) and `npm run fuzz:chart` (100k cases).
import { ChartError, convertSus, convertTxt, readLevelData } from '../../../common/chart'
import { generateSus, mulberry32 } from '../../fixtures/sus/generate'

export type FuzzOutcome = 'converted' | 'chart_error'

const ALPHABET = '#0123456789abcdefzABCDEF:\'", .-\n\r\t\\"TILBPMWAVEOFFSET_REQUEST'

export const fuzzInput = (seed: number): { kind: string; input: string | Uint8Array } => {
  const random = mulberry32(seed)
  const int = (below: number) => Math.floor(random() * below)
  // One case in 200 is hostile: a chart near or past the chart limits, which must end in a conversion or a
  // ChartLimitError (a ChartError), fast.
  if (random() < 0.005) return hostileInput(int)
  const pick = int(4)
  if (pick === 0) {
    const bytes = new Uint8Array(int(400))
    for (let i = 0; i < bytes.length; i++) bytes[i] = int(256)
    return { kind: 'bytes', input: bytes }
  }
  if (pick === 1) {
    let text = ''
    for (let i = int(400); i > 0; i--) text += ALPHABET[int(ALPHABET.length)]
    return { kind: 'text', input: text }
  }
  // Mutate a small valid chart: flip, insert and delete characters, or splice lines.
  const chars = generateSus(6 + int(10), seed).text.split('')
  for (let edits = 1 + int(8); edits > 0; edits--) {
    const at = int(chars.length)
    const op = int(3)
    if (op === 0) chars[at] = ALPHABET[int(ALPHABET.length)]
    else if (op === 1) chars.splice(at, 0, ALPHABET[int(ALPHABET.length)])
    else chars.splice(at, 1 + int(5))
  }
  return { kind: pick === 2 ? 'mutated-sus' : 'mutated-sus-as-txt', input: chars.join('') }
}

const hostileInput = (int: (below: number) => number): { kind: string; input: string } => {
  const head = ['#00002: 4', '#BPM01: 120', '#00008: 01']
  const measure = (n: number) => String(n % 1000).padStart(3, '0')
  switch (int(4)) {
    case 0: {
      // Up to 64 taps a line, up to 40,000 lines: somewhere around the note and line limits.
      const perLine = 1 + int(64)
      const lines = Array.from(
        { length: int(40_000) },
        (_, n) => `#${measure(n)}1${'23456789abcd'[n % 12]}:${'11'.repeat(perLine)}`,
      )
      return { kind: 'hostile-taps', input: [...head, ...lines].join('\n') }
    }
    case 1: {
      // Slides over many long measures: hold eighths multiply.
      const beats = 1 + int(80)
      const slides = Array.from({ length: 1 + int(36) }, (_, n) => {
        const channel = '0123456789abcdefghijklmnopqrstuvwxyz'[n]
        return [`#00032${channel}:1100`, `#${measure(1 + int(999))}32${channel}:2100`]
      }).flat()
      return { kind: 'hostile-slides', input: [`#00002: ${beats}`, ...head.slice(1), ...slides].join('\n') }
    }
    case 2: {
      // TXT rows around the entity limit, many of them holds that end together.
      const rows = Array.from({ length: int(70_000) }, (_, n) =>
        n % 2 === 0 ? `${n / 1000},9999,100,1,1,0,0` : `${n / 1000},-1,10,${1 + (n % 12)},1,0,0`,
      )
      return { kind: 'hostile-txt', input: rows.join('\n') }
    }
    default: {
      // Many BPM changes and a TIL line as long as a line may be.
      const bpm = Array.from(
        { length: int(20_000) },
        (_, n) => `#${measure(n)}08:${'01'.repeat(1 + int(16))}`,
      )
      const til = `#TIL00: "${Array.from({ length: 1 + int(2000) }, (_, n) => `${n % 1100}'0:1.5`).join(', ')}"`
      return { kind: 'hostile-bpm', input: [...head, ...bpm, til, '#00012:11'].join('\n') }
    }
  }
}

/** Runs one case; anything but success or a ChartError is a failure (a crash). */
export const runFuzzCase = (seed: number): FuzzOutcome => {
  const { kind, input } = fuzzInput(seed)
  try {
    if (input instanceof Uint8Array) readLevelData(input)
    // allowEmpty: mutated fragments often lose every note; the cases should still reach the converters'
    // later stages (the refusal of an empty chart has its own tests).
    else if (kind === 'mutated-sus-as-txt' || kind === 'hostile-txt') convertTxt(input, { allowEmpty: true })
    else convertSus(input, { allowEmpty: true })
    return 'converted'
  } catch (error) {
    if (error instanceof ChartError) return 'chart_error'
    throw new Error(`seed ${seed} (${kind}) crashed: ${(error as Error).stack}`, { cause: error })
  }
}
