// Which catalogue key (spec §8) a failed call shows. A network failure is fetch_failed; a 401 is the
// caller's choice (permission_denied on pages, permission_denied2 on actions, not_login on mine/liked);
// otherwise the server's own key when it is one of the catalogue's.
import { type SerializedError } from '@reduxjs/toolkit'
import { type FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { type SuspendedErrorBody } from '../../common/api/moderation'

export const ERROR_KEYS = [
  'not_login',
  'fetch_failed',
  'upload_failed',
  'create_failed',
  'permission_denied',
  'permission_denied2',
  'file_too_large',
  'empty_field',
  'rate_limited',
  'server_busy',
  // A suspended user's mutating call (403, issue 14); its message carries the end and the reason.
  'suspended',
] as const
export type ErrorKey = (typeof ERROR_KEYS)[number]

/** The catalogue key a server's JSON error body names (`{error: 'file_too_large'}`), if it names one. */
export const catalogueKeyOf = (data: unknown): ErrorKey | undefined => {
  const key = (data as { error?: unknown } | null | undefined)?.error
  return (ERROR_KEYS as readonly unknown[]).includes(key) ? (key as ErrorKey) : undefined
}

export const errorKeyOf = (
  error: FetchBaseQueryError | SerializedError | undefined,
  on401: ErrorKey,
  fallback: ErrorKey = 'fetch_failed',
): ErrorKey => {
  if (!error || !('status' in error)) return fallback
  // A body that is not JSON (a proxy's page) still has its status.
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status
  // Too many requests, or a server shedding load, whatever the body (a proxy's page, say): never "network
  // connection error" (issue 15).
  if (status === 429) return 'rate_limited'
  if (error.status === 401) return on401
  if (typeof error.status !== 'number') return 'fetch_failed'
  if (error.status === 503 && catalogueKeyOf(error.data) === undefined) return 'server_busy'
  return catalogueKeyOf(error.data) ?? fallback
}

/** The `error` a server's JSON error body names, catalogue key or not (`not_found`, `bad_request`…). */
export const serverErrorOf = (error: unknown): string | undefined => {
  const data = (error as { data?: unknown } | null | undefined)?.data
  const name = (data as { error?: unknown } | null | undefined)?.error
  return typeof name === 'string' ? name : undefined
}

export const statusOf = (error: FetchBaseQueryError | SerializedError | undefined): number | undefined =>
  error && 'status' in error && typeof error.status === 'number' ? error.status : undefined

/** The suspension a failed call reports (403 with the `suspended` body), if it is one. */
export const suspensionOf = (error: unknown): SuspendedErrorBody | undefined => {
  if (!error || typeof error !== 'object' || !('status' in error) || error.status !== 403) return undefined
  const data = (error as { data?: unknown }).data as Partial<SuspendedErrorBody> | null | undefined
  if (data?.error !== 'suspended') return undefined
  return {
    code: 403,
    error: 'suspended',
    message: typeof data.message === 'string' ? data.message : '',
    until: typeof data.until === 'number' ? data.until : null,
    reason: typeof data.reason === 'string' ? data.reason : '',
  }
}

/** Seconds to wait before trying again, from a 429 or 503 body (`retryAfter`, the Retry-After header's). */
export const retryAfterOf = (error: unknown): number | undefined => {
  const value = (error as { data?: { retryAfter?: unknown } } | null | undefined)?.data?.retryAfter
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined
}
