// Sonolus-Signature: base64 ECDSA P-256 / SHA-256 over the exact raw body, IEEE-P1363 (r‖s), not DER
// (docs/protocol.md §10). The key is the real Sonolus key unless SONOLUS_PUBLIC_KEY overrides it (tests).
import { type JsonWebKey, createPublicKey, verify } from 'node:crypto'
import { signaturePublicKeyJWK } from '@sonolus/core'

export type SignatureVerifier = (rawBody: Buffer, signature: string | undefined) => boolean

export const createSignatureVerifier = (jwk?: JsonWebKey): SignatureVerifier => {
  const { kty, crv, x, y } = jwk ?? signaturePublicKeyJWK
  const key = createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' })
  return (rawBody, signature) => {
    if (!signature || !/^[A-Za-z0-9+/=_-]+$/.test(signature)) return false
    const bytes = Buffer.from(signature, 'base64')
    if (bytes.length !== 64) return false
    try {
      return verify('sha256', rawBody, { key, dsaEncoding: 'ieee-p1363' }, bytes)
    } catch {
      return false
    }
  }
}
