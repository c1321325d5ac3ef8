import { hash, randomBytes } from 'node:crypto'

/** 256 random bits, base64url: session secrets and upload keys. */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** SHA-1 hex of text (session secrets) or bytes (content-addressed files). The one-shot `hash` (Node 20.12):
 *  a signed-in request hashes its session, and it is much faster than a Hash object. */
export const sha1Hex = (data: string | Uint8Array): string =>
  hash(
    'sha1',
    typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    'hex',
  )
