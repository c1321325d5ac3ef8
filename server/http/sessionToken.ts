import { type FastifyRequest } from 'fastify'
import { sha1Hex } from '../crypto.js'

/** docs/protocol.md §2.3: Sonolus-Session, or our SPA's Authorization; Sonolus-Session wins. */
export const sessionTokenOf = (request: Pick<FastifyRequest, 'headers'>): string | undefined => {
  const sonolus = request.headers['sonolus-session']
  const value = (Array.isArray(sonolus) ? sonolus[0] : sonolus) || request.headers.authorization
  return value && value.length <= 512 ? value.trim() : undefined
}

const hashes = new WeakMap<object, string | undefined>()

/** The SHA-1 of a request's session token, as sessions are kept (by hash, never the token); undefined
 *  without one. Asked several times a request (the client budget, the lane, the user lookup): hashed once. */
export const sessionHashOf = (request: Pick<FastifyRequest, 'headers'>): string | undefined => {
  if (hashes.has(request.headers)) return hashes.get(request.headers)
  const token = sessionTokenOf(request)
  const hash = token ? sha1Hex(token) : undefined
  hashes.set(request.headers, hash)
  return hash
}
