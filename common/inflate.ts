// Decompression with a running cap: the output is counted as it is produced, and the work stops at the
// first byte past the cap, so a small gzip "bomb" costs at most `maxBytes` of memory and the time to
// produce them. The browser and the chart library use it; the server also has Node's maxOutputLength.
import { Inflate } from 'pako'

/** The decompressed input would be larger than the cap. */
export class InflateLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`it decompresses to more than ${maxBytes.toLocaleString('en-US')} bytes`)
    this.name = 'InflateLimitError'
  }
}

/** The input is not valid gzip/zlib data. */
export class InflateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InflateError'
  }
}

/** gunzip (or inflate, as pako detects the header) at most `maxBytes` of output. */
export const inflateCapped = (bytes: Uint8Array, maxBytes: number): Uint8Array => {
  const inflator = new Inflate({ chunkSize: 64 * 1024 })
  const parts: Uint8Array[] = []
  let total = 0
  inflator.onData = (chunk: Uint8Array) => {
    total += chunk.length
    if (total > maxBytes) throw new InflateLimitError(maxBytes)
    parts.push(chunk)
  }
  let status: number | undefined
  inflator.onEnd = (code: number) => {
    status = code
  }
  inflator.push(bytes, true)
  if (status === undefined) throw new InflateError('the compressed data ends early')
  if (status !== 0) throw new InflateError('the data does not decompress')
  if (parts.length === 1) return parts[0]
  const out = new Uint8Array(total)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** True when the bytes start with gzip's magic number. */
export const isGzip = (bytes: Uint8Array): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b

const utf8 = new TextDecoder()

/** A JSON file as Sonolus serves its resources: gzip (at most `maxBytes` once inflated) or plain. */
export const readJsonFile = (bytes: Uint8Array, maxBytes: number): unknown => {
  if (!isGzip(bytes) && bytes.length > maxBytes) throw new InflateLimitError(maxBytes)
  return JSON.parse(utf8.decode(isGzip(bytes) ? inflateCapped(bytes, maxBytes) : bytes)) as unknown
}
