// Random inputs for the chart converters: raw bytes, and mutations of valid SUS. Shared by the
// property tests (a few thousand cases in npm test) and `npm run fuzz:chart` (100k cases).
import { ChartError, convertSus, convertTxt, readLevelData } from '../../../common/chart'
import { generateSus, mulberry32 } from '../../fixtures/sus/generate'

export type FuzzOutcome = 'converted' | 'chart_error'

const ALPHABET = '#0123456789abcdefzABCDEF:\'", .-\n\r\t\\"TILBPMWAVEOFFSET_REQUEST'

export const fuzzInput = (seed: number): { kind: string; input: string | Uint8Array } => {
  const random = mulberry32(seed)
  const int = (below: number) => Math.floor(random() * below)
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

/** Runs one case; anything but success or a ChartError is a failure (a crash). */
export const runFuzzCase = (seed: number): FuzzOutcome => {
  const { kind, input } = fuzzInput(seed)
  try {
    if (input instanceof Uint8Array) readLevelData(input)
    // allowEmpty: mutated fragments often lose every note; the cases should still reach the converters'
    // later stages (the refusal of an empty chart has its own tests).
    else if (kind === 'mutated-sus-as-txt') convertTxt(input, { allowEmpty: true })
    else convertSus(input, { allowEmpty: true })
    return 'converted'
  } catch (error) {
    if (error instanceof ChartError) return 'chart_error'
    throw new Error(`seed ${seed} (${kind}) crashed: ${(error as Error).stack}`, { cause: error })
  }
}
