import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, base64url: session secrets and upload keys. */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** SHA-1 hex of text (session secrets) or bytes (content-addressed files). */
export const sha1Hex = (data: string | Uint8Array): string => createHash('sha1').update(data).digest('hex')
