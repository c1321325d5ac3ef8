// bench:attack's hostile inputs, made on the spot: oversized SUS charts (valid tap lines, as the fixture
// generator writes them) and gzip bombs whose inflated text is JSON-shaped (a real prefix, then blanks),
// deflated as a stream so that this process never holds the inflated bytes.
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import zlib from 'node:zlib'

/** Lanes 1-12 as SUS channel characters (test/fixtures/sus/generate.ts). */
const LANE_CHARS = '23456789abcd'
const MEASURES = 1000

/** A SUS header that makes every run's file distinct (no resumed upload, no stored copy). */
const header = (what: string) =>
  [
    `#TITLE "bench:attack ${what} ${randomBytes(6).toString('hex')}"`,
    '#ARTIST "bench:attack"',
    '#REQUEST "ticks_per_beat 480"',
    '#00002: 4',
    '#BPM01: 120',
    '#00008: 01',
  ].join('\n') + '\n'

/** `lines` data lines, each `taps` normal taps of width 1 (`11`) spread evenly over one measure, cycling
 *  through the 1000 measures and 12 lanes. One tap a line gives 11-byte lines: `#mmm1l: 11`. */
export const tapSus = (lines: number, taps: number, what: string): Buffer => {
  const cells = '11'.repeat(taps)
  const parts: string[] = [header(what)]
  for (let n = 0; n < lines; n++) {
    const measure = String(n % MEASURES).padStart(3, '0')
    const lane = LANE_CHARS[Math.floor(n / MEASURES) % LANE_CHARS.length]
    parts.push(`#${measure}1${lane}: ${cells}\n`)
  }
  return Buffer.from(parts.join(''))
}

/** gzip (level 9, ≈1030:1 on blanks) of `prefix`, then `blankBytes` spaces, then `suffix`. */
export const gzipBomb = async (prefix: string, blankBytes: number, suffix: string): Promise<Buffer> => {
  const gzip = zlib.createGzip({ level: 9 })
  const out: Buffer[] = []
  gzip.on('data', (chunk: Buffer) => out.push(chunk))
  const ended = once(gzip, 'end')
  gzip.write(prefix)
  const block = Buffer.alloc(1 << 20, 0x20)
  for (let left = blankBytes; left > 0; left -= block.length) {
    if (!gzip.write(left >= block.length ? block : block.subarray(0, left))) await once(gzip, 'drain')
  }
  gzip.end(suffix)
  await ended
  return Buffer.concat(out)
}

/** Level data: `{"bgmOffset":0,"entities":[` + blanks + `]}`. */
export const levelDataBomb = (blankBytes: number): Promise<Buffer> =>
  gzipBomb(`{"bench":"${randomBytes(6).toString('hex')}","bgmOffset":0,"entities":[`, blankBytes, ']}')

/** ReplayData whose result is fine, with a member `pad` that is an empty array of `blankBytes` blanks. */
export const replayDataBomb = (result: Record<string, unknown>, blankBytes: number): Promise<Buffer> => {
  const text = JSON.stringify({
    startTime: 0,
    saveTime: 1,
    duration: 60,
    inputOffset: 0,
    playArea: { width: 16, height: 9 },
    result,
    inputs: { entityIndex: [], time: [], judgment: [], accuracy: [] },
    entities: [],
    touches: { l: [], t: [], x: [], y: [] },
    bench: randomBytes(6).toString('hex'),
    pad: 'PAD',
  })
  const [before, after] = text.split('"PAD"')
  return gzipBomb(`${before}[`, blankBytes, `]${after}`)
}

/** JSON text nested `depth` objects deep: {"x":{"x":…0…}}. */
export const nestedJson = (depth: number): string => `${'{"x":'.repeat(depth)}0${'}'.repeat(depth)}`
