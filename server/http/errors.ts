// Typed errors that handlers throw; the app's error handler turns them into responses.
// Keys are the spec's error catalogue (§8) plus the protocol's plain statuses.

export type ErrorKey =
  | 'not_login'
  | 'permission_denied'
  | 'permission_denied2'
  | 'file_too_large'
  | 'empty_field'
  | 'upload_failed'
  | 'create_failed'
  | 'not_found'
  | 'bad_request'
  | 'range_not_satisfiable'
  | 'rate_limited'
  | 'internal_error'

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const notFound = (what = 'Not found'): HttpError => new HttpError(404, 'not_found', what)
export const badRequest = (message: string): HttpError => new HttpError(400, 'bad_request', message)
