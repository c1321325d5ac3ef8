// Typed errors that handlers throw; the app's error handler turns them into responses.
// Keys are the error catalogue of docs/spec.md (§8) plus the protocol's plain statuses.

import { type ErrorKey } from '../../common/api/errors.js'
import { CATALOGUE_TEXT, RuleError } from '../domain/errors.js'

export { type ErrorKey }

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    message: string,
    /** More fields for the error body (a suspension's end and reason). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const notFound = (what = 'Not found'): HttpError => new HttpError(404, 'not_found', what)
export const badRequest = (message: string): HttpError => new HttpError(400, 'bad_request', message)

/** docs/spec.md §8: 401 on a page (details, lists, comment list) is permission_denied. */
export const pageDenied = (): HttpError =>
  new HttpError(401, 'permission_denied', CATALOGUE_TEXT.permission_denied)
/** docs/spec.md §8: 401 on a submit call is permission_denied2. */
export const actionDenied = (): HttpError =>
  new HttpError(401, 'permission_denied2', CATALOGUE_TEXT.permission_denied2)
export const notLoggedIn = (): HttpError => new HttpError(401, 'not_login', CATALOGUE_TEXT.not_login)
export const emptyField = (): HttpError => new HttpError(400, 'empty_field', CATALOGUE_TEXT.empty_field)
export const fileTooLarge = (): HttpError =>
  new HttpError(413, 'file_too_large', CATALOGUE_TEXT.file_too_large)

/** 429 rate_limited: the client asked too often; Retry-After says when to try again. */
export const rateLimited = (seconds: number): HttpError =>
  new HttpError(429, 'rate_limited', `Too many requests; try again in ${seconds} s`)
/** 503 server_busy: the server sheds load (event-loop lag, a full work queue); Retry-After is set. */
export const serverBusy = (message = 'The server is busy; try again in a few seconds'): HttpError =>
  new HttpError(503, 'server_busy', message)

/** A refusal with its own status and key (HTTP's or a rule's), as against a failure. */
export const isRefusal = (error: unknown): error is HttpError | RuleError =>
  error instanceof HttpError || error instanceof RuleError
