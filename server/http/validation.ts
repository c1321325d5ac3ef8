// Request validation with the TypeBox schemas of common/api (compiled once per route), and, when
// CHECK_RESPONSES=1 (the test suites), a check of every JSON answer against its route's response schema.
import { type Static, type TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import { ValueErrorType } from '@sinclair/typebox/errors'
import { Value } from '@sinclair/typebox/value'
import {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchemaCompiler,
} from 'fastify'
import { type ErrorKey } from '../../common/api/errors.js'
import { HttpError } from './errors.js'

/** One failed field, as Fastify carries it on a validation error. */
type Failure = { message: string; instancePath: string; keyword: 'missing' | 'invalid' }

/** Querystrings and params arrive as text: converted to the schema's numbers and booleans first. Bodies
 *  are JSON and are never converted (`"5"` is not a number). Closed objects refuse unknown fields, and
 *  nothing is removed or defaulted silently. */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema)
  return (value: unknown) => {
    // Most requests pass as they are (text fields): converting only what fails keeps the hot path to one
    // compiled check.
    if (check.Check(value)) return { value }
    const converted = httpPart === 'body' ? value : Value.Convert(schema, value)
    if (httpPart !== 'body' && check.Check(converted)) return { value: converted }
    const first = check.Errors(converted).First()
    const missing =
      first?.type === ValueErrorType.ObjectRequiredProperty ||
      (first?.type === ValueErrorType.StringMinLength && first.value === '') ||
      (converted === null && httpPart === 'body')
    const failure: Failure = {
      message: first?.message ?? 'Invalid value',
      instancePath: first?.path ?? '',
      keyword: missing ? 'missing' : 'invalid',
    }
    return { error: [failure] as never }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue key a malformed request to this route gets (bad_request unless set). */
    invalidKey?: ErrorKey
  }
}

/** The 400 a validation failure answers: empty_field when a required body field is missing or empty, else
 *  the route's key; the message names the field (`body/title`). */
export const validationError = (error: FastifyError, request: FastifyRequest): HttpError => {
  const failure = (error.validation?.[0] ?? {}) as Partial<Failure>
  const part = error.validationContext ?? 'request'
  const field = `${part}${failure.instancePath ?? ''}`
  // docs/spec.md §5: a required form field left out is empty_field; any other malformed part, the route's key.
  const key: ErrorKey =
    failure.keyword === 'missing' && part === 'body'
      ? 'empty_field'
      : (request.routeOptions.config.invalidKey ?? 'bad_request')
  return new HttpError(400, key, `${field}: ${failure.message ?? 'invalid'}`, { field })
}

const responseChecks = new WeakMap<TSchema, TypeCheck<TSchema>>()

/** Checks a JSON answer against the route's response schema for its status; a mismatch throws (the
 *  suites run with CHECK_RESPONSES=1, so a schema that drifted from what a route sends fails a test). */
export const checkResponse = (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
  const schemas = request.routeOptions.schema?.response as Record<string, TSchema> | undefined
  const schema = schemas?.[String(reply.statusCode)]
  if (!schema || payload === undefined || payload === null) return
  const type = String(reply.getHeader('content-type') ?? '')
  // A body already compressed (a cached page) was checked when it was built.
  if (!type.startsWith('application/json') || reply.getHeader('content-encoding')) return
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null
  if (text === null) return
  let check = responseChecks.get(schema)
  if (!check) {
    check = TypeCompiler.Compile(schema)
    responseChecks.set(schema, check)
  }
  const value: unknown = JSON.parse(text)
  if (!check.Check(value)) {
    const first = check.Errors(value).First()
    throw new Error(
      `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} with a body its response schema refuses: ${first?.path ?? ''} ${first?.message ?? ''}`,
    )
  }
}

/** Checks a value that does not come straight from the request's parts (an action's decoded `values`)
 *  against its schema, text converted as for a querystring: the same 400s as a route's own validation. */
export const parseShape = <T extends TSchema>(
  schema: T,
  value: unknown,
  invalidKey: ErrorKey,
  part = 'values',
): Static<T> => {
  const converted = Value.Convert(schema, value)
  if (Value.Check(schema, converted)) return converted
  const first = Value.Errors(schema, converted).First()
  const field = `${part}${first?.path ?? ''}`
  const missing =
    first?.type === ValueErrorType.ObjectRequiredProperty ||
    (first?.type === ValueErrorType.StringMinLength && first.value === '')
  throw new HttpError(400, missing ? 'empty_field' : invalidKey, `${field}: ${first?.message ?? 'invalid'}`, {
    field,
  })
}
