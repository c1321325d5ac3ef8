// The engine's thumbnail, drawn here: the stage in perspective with its twelve lanes, the judgment line and
// a few notes on their way. A small PNG encoder writes it, so it is made by the build like the rest.
import { zlibSync } from 'fflate'
import { LANES, TOP_WIDTH } from './sirius/constants.js'

const SIZE = 256

type Colour = [number, number, number]
const BACKGROUND: Colour = [14, 18, 38]
const STAGE: Colour = [36, 44, 84]
const LANE_LINE: Colour = [86, 100, 160]
const JUDGMENT: Colour = [250, 250, 255]
const NOTES: { lane: number; length: number; depth: number; colour: Colour }[] = [
  { lane: 2, length: 3, depth: 0.55, colour: [255, 92, 140] },
  { lane: 7, length: 4, depth: 0.35, colour: [255, 204, 64] },
  { lane: 5, length: 2, depth: 0.2, colour: [90, 170, 255] },
  { lane: 9, length: 3, depth: 0.62, colour: [190, 110, 255] },
]

/** RGBA pixels, row by row. */
export const thumbnailPixels = (): Uint8Array => {
  const pixels = new Uint8Array(SIZE * SIZE * 4)
  const top = 0.08 * SIZE
  const bottom = 0.96 * SIZE
  const half = 0.46 * SIZE
  const centre = SIZE / 2
  const judgment = top + 0.75 * (bottom - top)
  // Depth 0 at the stage's top, 1 at its bottom; lane edge p at a depth.
  const widthAt = (depth: number) => half * (TOP_WIDTH + (1 - TOP_WIDTH) * depth)
  const edgeX = (edge: number, depth: number) => centre + widthAt(depth) * ((edge / LANES) * 2 - 1)
  for (let y = 0; y < SIZE; y++) {
    const depth = (y + 0.5 - top) / (bottom - top)
    for (let x = 0; x < SIZE; x++) {
      let colour = BACKGROUND
      if (depth >= 0 && depth <= 1) {
        const left = edgeX(0, depth)
        const right = edgeX(LANES, depth)
        if (x + 0.5 >= left && x + 0.5 <= right) {
          colour = STAGE
          const lane = ((x + 0.5 - left) / (right - left)) * LANES
          if (Math.abs(lane - Math.round(lane)) * ((right - left) / LANES) < 0.6) colour = LANE_LINE
          for (const note of NOTES) {
            const noteHalf = 0.018 * (0.3 + depth)
            if (
              Math.abs(depth - note.depth) < noteHalf &&
              x + 0.5 >= edgeX(note.lane - 1, depth) + 1 &&
              x + 0.5 <= edgeX(note.lane - 1 + note.length, depth) - 1
            )
              colour = note.colour
          }
          if (Math.abs(y + 0.5 - judgment) < 2) colour = JUDGMENT
        }
      }
      pixels.set([...colour, 255], (y * SIZE + x) * 4)
    }
  }
  return pixels
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const chunk = (type: string, data: Uint8Array): Uint8Array => {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** A truecolour-with-alpha PNG of `size`×`size` RGBA pixels. */
export const encodePng = (pixels: Uint8Array, size = SIZE): Uint8Array => {
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, size)
  view.setUint32(4, size)
  header.set([8, 6, 0, 0, 0], 8)
  // Each row starts with filter type 0 (none).
  const raw = new Uint8Array(size * (size * 4 + 1))
  for (let y = 0; y < size; y++)
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1)
  const parts = [
    Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
