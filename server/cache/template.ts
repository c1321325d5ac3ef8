// A page's JSON with slots for the values that change often (a chart's counters). The page is
// built once with markers where those values go; later answers put the current values in the markers
// rather than building the page again (its other charts, replays, moderation state and level items).
//
// Its gzip is made once too: each part between slots is deflated on its own and ends on a byte boundary
// (a sync flush), and an answer is those parts with the slots' values between them as stored (uncompressed)
// blocks, a gzip header and trailer: a few copies and a CRC, not a compression per answer.
//
// A marker is a string that user text cannot hold: NUL characters (refused in every text field) around a
// nonce drawn when the process starts.
import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import { CACHED_LEVEL } from '../http/compression.js'

const NONCE = randomBytes(8).toString('hex')

/** A whole JSON value: the marker string, quotes and all, is replaced. */
export const valueSlot = (name: string): string => `\u0000${NONCE}=${name}\u0000`
/** Text inside a JSON string. */
export const textSlot = (name: string): string => `\u0000${NONCE}:${name}\u0000`

// As JSON.stringify writes the markers: NUL is \u0000 in JSON text.
const MARKERS = new RegExp(`"\\\\u0000${NONCE}=(\\w+)\\\\u0000"|\\\\u0000${NONCE}:(\\w+)\\\\u0000`, 'g')

/** The JSON text cut at its markers: parts[i], value of names[i], parts[i + 1]… (UTF-8), and each part
 *  deflated on its own. */
export type Template = { parts: Buffer[]; deflated: Buffer[]; names: string[] }

export const templateOf = (json: string): Template => {
  const texts: string[] = []
  const names: string[] = []
  let last = 0
  for (const match of json.matchAll(MARKERS)) {
    texts.push(json.slice(last, match.index))
    names.push(match[1] ?? match[2])
    last = match.index + match[0].length
  }
  texts.push(json.slice(last))
  const parts = texts.map((text) => Buffer.from(text, 'utf8'))
  // Raw deflate ending in a sync flush: no final block, and the next block starts on a byte.
  const deflated = parts.map((part) =>
    Buffer.from(zlib.deflateRawSync(part, { level: CACHED_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH })),
  )
  return { parts, deflated, names }
}

/** Text for a text slot: as it reads inside a JSON string. */
export const jsonText = (text: string): string => JSON.stringify(text).slice(1, -1)

const valuesOf = (template: Template, values: Readonly<Record<string, string>>): Buffer[] =>
  template.names.map((name) => {
    const value = values[name]
    if (value === undefined) throw new Error(`template: no value for ${name}`)
    return Buffer.from(value, 'utf8')
  })

// gzip (RFC 1952): magic, deflate, no flags, no time, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255])
// An empty final block with fixed codes: BFINAL 1, BTYPE 01, end-of-block.
const FINAL_BLOCK = Buffer.from([0x03, 0x00])
const STORED_MAX = 0xffff

/** A stored (uncompressed) non-final block holding `data`, from a byte boundary to a byte boundary. */
const stored = (data: Buffer): Buffer[] => {
  const blocks: Buffer[] = []
  for (let at = 0; at < data.length; at += STORED_MAX) {
    const chunk = data.subarray(at, at + STORED_MAX)
    const head = Buffer.alloc(5)
    head[0] = 0 // BFINAL 0, BTYPE 00, the rest of the byte padding
    head.writeUInt16LE(chunk.length, 1)
    head.writeUInt16LE(~chunk.length & 0xffff, 3)
    blocks.push(head, chunk)
  }
  return blocks
}

/** The JSON with every slot's value (a JSON value for a value slot, jsonText for a text slot) as gzip,
 *  from the template's deflated parts and the values as stored blocks. */
export const fillGzip = (template: Template, values: Readonly<Record<string, string>>): Buffer => {
  const filled = valuesOf(template, values)
  const chunks: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  for (let i = 0; i < template.parts.length; i++) {
    chunks.push(template.deflated[i])
    crc = zlib.crc32(template.parts[i], crc)
    size += template.parts[i].length
    if (i < filled.length && filled[i].length > 0) {
      chunks.push(...stored(filled[i]))
      crc = zlib.crc32(filled[i], crc)
      size += filled[i].length
    }
  }
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  chunks.push(FINAL_BLOCK, trailer)
  return Buffer.concat(chunks)
}

/** What a template weighs in memory. */
export const templateBytes = (template: Template): number =>
  template.parts.reduce((sum, part) => sum + part.length, 0) +
  template.deflated.reduce((sum, part) => sum + part.length, 0) +
  64 * template.names.length
