// docs/spec.md §5 checks the browser makes before any upload: file size, the music is mp3, the chart file is SUS,
// required fields, and the level range (1-30, 1-10 when Olivier). The server checks everything again.
import { LEVEL_MIN, MAX_UPLOAD_BYTES, levelMax } from '../../../common/rules'

export const isTooLarge = (file: Blob): boolean => file.size > MAX_UPLOAD_BYTES

/** Covers the server can read, by type or name (the type is missing on some systems); hasImageBytes then
 *  checks what the file holds. */
export const isImageFile = (file: File): boolean =>
  /^image\/(png|jpeg|webp)$/.test(file.type) || /\.(png|jpe?g|webp)$/i.test(file.name)

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte)

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG_START = [0xff, 0xd8, 0xff]
const RIFF = [0x52, 0x49, 0x46, 0x46]
const WEBP = [0x57, 0x45, 0x42, 0x50]

/** A PNG opens with its 8-byte signature, a JPEG with a start-of-image marker, a WebP with "RIFF", its size
 *  and "WEBP". A name or a type says nothing of the bytes: a text file named cover.png has neither. */
export const hasImageHeader = (head: Uint8Array): boolean =>
  startsWith(head, PNG_SIGNATURE) ||
  startsWith(head, JPEG_START) ||
  (startsWith(head, RIFF) && startsWith(head, WEBP, 8))

export const hasImageBytes = async (file: Blob): Promise<boolean> =>
  hasImageHeader(new Uint8Array(await file.slice(0, 12).arrayBuffer()))

export const isMp3Name = (name: string): boolean => /\.mp3$/i.test(name)
export const isSusName = (name: string): boolean => /\.sus$/i.test(name)

/** An mp3 opens with an ID3 tag ("ID3") or straight with an MPEG frame sync (11 set bits). */
export const hasMp3Header = (head: Uint8Array): boolean =>
  (head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) ||
  (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0)

export const isMp3File = async (file: File): Promise<boolean> =>
  isMp3Name(file.name) && hasMp3Header(new Uint8Array(await file.slice(0, 3).arrayBuffer()))

/** docs/spec.md §5: level 1-30; 1-10 when Olivier. Whole numbers only. */
export const isLevelInRange = (level: number, isOlivier: boolean): boolean =>
  Number.isInteger(level) && level >= LEVEL_MIN && level <= levelMax(isOlivier)

/** docs/spec.md §5: a level brought into the range (when Olivier narrows it to 1-10). */
export const clampLevel = (level: number, isOlivier: boolean): number =>
  Math.min(Math.max(level, LEVEL_MIN), levelMax(isOlivier))
