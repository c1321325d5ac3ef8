// What a rule refuses, named by the error catalogue's key (docs/spec.md §8). Services and policies throw
// these and know nothing of HTTP; the edge (app.ts) answers each with its status (RULE_STATUS).
import { type ErrorKey } from '../../common/api/errors.js'

export class RuleError extends Error {
  constructor(
    readonly key: RuleKey,
    message: string,
    /** More fields for the error body (a suspension's end and reason). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'RuleError'
  }
}

/** The status each refusal is answered with. */
export const RULE_STATUS = {
  not_found: 404,
  bad_request: 400,
  empty_field: 400,
  create_failed: 400,
  permission_denied: 401,
  permission_denied2: 401,
  suspended: 403,
  upload_failed: 400,
  file_too_large: 413,
  rate_limited: 429,
} as const satisfies Partial<Record<ErrorKey, number>>
export type RuleKey = keyof typeof RULE_STATUS

/** The catalogue's exact English texts, for the refusals that use them. */
export const CATALOGUE_TEXT = {
  not_login: 'You are not logged in, please login with Sonolus and try again',
  permission_denied: 'Sorry, you do not have permission to enter this page',
  permission_denied2: 'Sorry, you do not have permission to do this action',
  file_too_large: 'The file is too large, please reduce the file size and try again',
  empty_field: 'Please complete all required fields and try again.',
} as const

/** Nothing by that name (or not for this caller). */
export const missing = (what: string): RuleError => new RuleError('not_found', what)
/** A value no rule accepts. */
export const invalid = (message: string): RuleError => new RuleError('bad_request', message)
/** A required value left out. */
export const required = (): RuleError => new RuleError('empty_field', CATALOGUE_TEXT.empty_field)
/** Not this caller's to do. */
export const notYours = (): RuleError =>
  new RuleError('permission_denied2', CATALOGUE_TEXT.permission_denied2)
/** Too many, too soon. */
export const tooSoon = (message: string): RuleError => new RuleError('rate_limited', message)
/** Not for this caller to see (a page) or to do (an action); signing in may change that. */
export const denied = (use: 'page' | 'action'): RuleError =>
  use === 'page'
    ? new RuleError('permission_denied', CATALOGUE_TEXT.permission_denied)
    : new RuleError('permission_denied2', CATALOGUE_TEXT.permission_denied2)
