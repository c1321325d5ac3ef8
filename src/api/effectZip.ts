// A skin's effect audio is a zip of clips (the Sonolus effect format). This reads one: the central
// directory, then each entry stored or deflated. Bounded: a hostile file names at most MAX_ENTRIES entries
// and inflates to at most maxBytes in all.
import { Inflate } from 'pako'

const MAX_ENTRIES = 256
const END_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50

export class ZipError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ZipError'
  }
}

/** Every file in the zip by name. */
export const readZip = (bytes: Uint8Array, maxBytes: number): Map<string, Uint8Array> => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--)
    if (view.getUint32(at, true) === END_SIGNATURE) {
      end = at
      break
    }
  if (end < 0) throw new ZipError('not a zip file')
  const count = view.getUint16(end + 10, true)
  if (count > MAX_ENTRIES) throw new ZipError(`more than ${MAX_ENTRIES} files`)
  let at = view.getUint32(end + 16, true)
  const files = new Map<string, Uint8Array>()
  let total = 0
  const decoder = new TextDecoder()
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE)
      throw new ZipError('a damaged directory')
    const method = view.getUint16(at + 10, true)
    const compressed = view.getUint32(at + 20, true)
    const size = view.getUint32(at + 24, true)
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    const local = view.getUint32(at + 42, true)
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength))
    at += 46 + nameLength + extraLength + commentLength
    total += size
    if (total > maxBytes) throw new ZipError(`more than ${maxBytes} bytes unpacked`)
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_SIGNATURE)
      throw new ZipError('a damaged entry')
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
    const data = bytes.subarray(start, start + compressed)
    if (data.length !== compressed) throw new ZipError('an entry runs past the end')
    if (method === 0) files.set(name, data)
    else if (method === 8) {
      files.set(name, inflateEntry(data, size))
    } else throw new ZipError(`compression method ${method}`)
  }
  return files
}

/** Raw deflate that stops past the size the directory gave (a small entry cannot inflate to gigabytes). */
const inflateEntry = (data: Uint8Array, size: number): Uint8Array => {
  const out = new Uint8Array(size)
  let filled = 0
  const inflator = new Inflate({ raw: true, chunkSize: 64 * 1024 })
  inflator.onData = (chunk: Uint8Array) => {
    if (filled + chunk.length > size) throw new ZipError('an entry inflates past its size')
    out.set(chunk, filled)
    filled += chunk.length
  }
  inflator.push(data, true)
  if (inflator.err || filled !== size) throw new ZipError('an entry does not inflate')
  return out
}
