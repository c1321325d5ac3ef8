// Which catalogue key (docs/spec.md §8) a failed call shows. A network failure is fetch_failed; a 401 is the
// caller's choice (permission_denied on pages, permission_denied2 on actions, not_login on mine/liked);
// otherwise the server's own key when the site has a message for it. The keys and the error body are the
// server's (common/api/errorKeys.ts, common/api/errors.ts).
import { type FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { ERROR_KEYS, type ErrorKey, type MessageKey, isMessageKey } from '../../common/api/errorKeys'
// A type only: the module's schemas would bring TypeBox into the page.
import { type ErrorBody } from '../../common/api/errors'
import { type SuspendedErrorBody } from '../../common/api/moderation'

export { type MessageKey } from '../../common/api/errorKeys'

/** What the page reads of an error body: the key it names, and whatever else the server sent (a proxy, or a
 *  test's stand-in, may send the key alone). */
export type ErrorBodyRead = Pick<ErrorBody, 'error'> & Partial<Omit<ErrorBody, 'error'>>

const isErrorKey = (value: unknown): value is ErrorKey => (ERROR_KEYS as readonly unknown[]).includes(value)

/** A JSON body as the server's error body, when it names one of its keys (`{error: 'file_too_large'}`). */
export const errorBodyOf = (data: unknown): ErrorBodyRead | undefined => {
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined
  const { error } = data
  return isErrorKey(error) ? { ...data, error } : undefined
}

/** A failed call as RTK Query reports it (`{status, data}`); a thrown error (SerializedError) has no status. */
const isFetchError = (error: unknown): error is FetchBaseQueryError =>
  typeof error === 'object' && error !== null && 'status' in error

/** The error body of a failed call, if it has one. */
const bodyOfFailure = (error: unknown): ErrorBodyRead | undefined =>
  isFetchError(error) && 'data' in error ? errorBodyOf(error.data) : undefined

/** The catalogue key a server's JSON error body names, if the site has a message for it. */
export const catalogueKeyOf = (data: unknown): MessageKey | undefined => {
  const key = errorBodyOf(data)?.error
  return isMessageKey(key) ? key : undefined
}

export const errorKeyOf = (
  error: unknown,
  on401: MessageKey,
  fallback: MessageKey = 'fetch_failed',
): MessageKey => {
  if (!isFetchError(error)) return fallback
  // A body that is not JSON (a proxy's page) still has its status.
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status
  // Too many requests, or a server shedding load, whatever the body (a proxy's page, say): never "network
  // connection error".
  if (status === 429) return 'rate_limited'
  if (error.status === 401) return on401
  if (typeof error.status !== 'number') return 'fetch_failed'
  const key = catalogueKeyOf(error.data)
  if (error.status === 503 && key === undefined) return 'server_busy'
  return key ?? fallback
}

/** What the server answered to a call that failed: its status, and the reason it gave (its error body's
 *  `message`) when it gave one. A call the network lost has no answer. */
export type ServerAnswer = { status: number; reason?: string }

/** A failed upload and the catalogue key (docs/spec.md §8) it shows; `answer` is the server's when it
 *  refused (none when the network failed, or the page itself refused). */
export class UploadError extends Error {
  constructor(
    readonly key: MessageKey,
    message: string,
    readonly answer?: ServerAnswer,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

/** The reason in a JSON error body (`{message}`, the catalogue body's or the protocol's). */
export const reasonOf = (data: unknown): string | undefined => {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined
  const { message } = data
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined
}

/** The server's answer to a failed call, when there was one: an HTTP status (with a JSON body or a proxy's
 *  page), not a request the network lost or timed out. */
export const answerOf = (error: unknown): ServerAnswer | undefined => {
  if (error instanceof UploadError) return error.answer
  if (!isFetchError(error)) return undefined
  if (typeof error.status === 'number') {
    const reason = 'data' in error ? reasonOf(error.data) : undefined
    return reason === undefined ? { status: error.status } : { status: error.status, reason }
  }
  return error.status === 'PARSING_ERROR' ? { status: error.originalStatus } : undefined
}

/** The key a failed call's error body names, message or not (`not_found`, `bad_request`…). */
export const serverErrorOf = (error: unknown): ErrorKey | undefined => bodyOfFailure(error)?.error

export const statusOf = (error: unknown): number | undefined =>
  isFetchError(error) && typeof error.status === 'number' ? error.status : undefined

/** The suspension a failed call reports (403 with the `suspended` body), if it is one. */
export const suspensionOf = (error: unknown): SuspendedErrorBody | undefined => {
  if (statusOf(error) !== 403) return undefined
  const body = bodyOfFailure(error)
  if (body?.error !== 'suspended') return undefined
  return {
    code: 403,
    error: 'suspended',
    message: typeof body.message === 'string' ? body.message : '',
    until: typeof body.until === 'number' ? body.until : null,
    reason: typeof body.reason === 'string' ? body.reason : '',
  }
}

/** Seconds to wait before trying again, from a 429 or 503 body (`retryAfter`, the Retry-After header's). */
export const retryAfterOf = (error: unknown): number | undefined => {
  const value = bodyOfFailure(error)?.retryAfter
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined
}
