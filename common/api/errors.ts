// The one error body every failed call answers (docs/spec.md §8), as a schema and its type.
import { type Static, Type } from '@sinclair/typebox'
import { ERROR_KEYS } from './errorKeys.js'

export { ERROR_KEYS, MESSAGE_KEYS, type ErrorKey, type MessageKey, isMessageKey } from './errorKeys.js'

export const ErrorKeySchema = Type.Union(ERROR_KEYS.map((key) => Type.Literal(key)))

export const ErrorBodySchema = Type.Object({
  code: Type.Integer(),
  error: ErrorKeySchema,
  message: Type.String(),
  /** A 400 from validation: the request part and field that failed (`body/title`, `query/page`). */
  field: Type.Optional(Type.String()),
  /** Every 429 and 503: seconds until trying again makes sense. */
  retryAfter: Type.Optional(Type.Number()),
  /** A 403 `suspended`: when the suspension ends (ms; null for a ban) and why. */
  until: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  reason: Type.Optional(Type.String()),
})
export type ErrorBody = Static<typeof ErrorBodySchema>
