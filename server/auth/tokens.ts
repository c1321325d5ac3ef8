import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, base64url: session secrets and upload keys. */
export const newToken = (): string => randomBytes(32).toString('base64url')

export const sha1Hex = (text: string): string => createHash('sha1').update(text).digest('hex')
