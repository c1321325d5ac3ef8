// Every route declares its schemas (docs/protocol.md §15 "Validation"), and a malformed request to any of
// them is a 400 with a catalogue key naming the field that failed: never a 500. The malformed requests
// are made from each route's own schemas, so a new route is covered without editing this file.
import { type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_KEYS } from '../../common/api/errors'
import { openTestApp } from './helpers/context'
import { signBody, testPublicKeyEnv } from '../fixtures/keys/sign'
import { TEST_PUBLIC_URL, appSession } from './helpers/sessions'
import { AUTH_RULES } from '../../server/auth/rules'

/** Routes that answer bytes or text rather than JSON: no response schema applies. */
const NOT_JSON = new Set([
  'GET /sonolus/repository/:hash',
  'GET /content/docs/:locale/:file',
  'GET /content/master/:file',
  // A person's archive: a zip.
  'GET /sonolus/user/export/:key',
])

type Schema = TSchema & {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean
  maxLength?: number
  pattern?: string
  anyOf?: Schema[]
}

/** A value that the property's schema refuses, if one can be made from it. */
const badValue = (schema: Schema): string | undefined => {
  if (schema.type === 'integer' || schema.type === 'number') return 'not-a-number'
  if (schema.type === 'string' && schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1)
  if (schema.type === 'string' && schema.pattern !== undefined) return '!'
  if (schema.anyOf?.every((option) => option.type === 'integer' || option.const === '')) return 'not-a-number'
  return undefined
}

/** A path or query that the schema refuses: one field too long or of the wrong type, or an unknown field
 *  when the shape is closed. */
const badFields = (schema: Schema): Record<string, string> | undefined => {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = badValue(property)
    if (value !== undefined) return { [name]: value }
  }
  if (schema.additionalProperties === false) return { unknownField: '1' }
  return undefined
}

/** Bodies that the schema refuses: wrong type, missing fields, an unknown field. */
const badBodies = (schema: Schema): { label: string; body: unknown }[] => {
  const bodies: { label: string; body: unknown }[] = []
  if (schema.type === 'null') return bodies
  const objects =
    schema.type === 'object' ? [schema] : (schema.anyOf ?? []).filter((one) => one.type === 'object')
  if (objects.length === 0 || schema.anyOf?.some((one) => one.type === 'null')) {
    // An optional body (null or any object): only a body of the wrong type is malformed.
    bodies.push({ label: 'wrong type', body: 'a string, not an object' })
    return bodies
  }
  bodies.push({ label: 'wrong type', body: [1, 2, 3] })
  const [shape] = objects
  if (shape.required?.length) bodies.push({ label: 'missing fields', body: {} })
  const first = Object.entries(shape.properties ?? {})[0]
  if (first) bodies.push({ label: 'wrong field type', body: { [first[0]]: { nested: [] } } })
  if (shape.additionalProperties === false) bodies.push({ label: 'unknown field', body: { unknownField: 1 } })
  return bodies
}

const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:([a-zA-Z]+)/g, (_whole, name: string) => encodeURIComponent(params[name] ?? 'x'))

describe('route schemas', () => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  let session: string

  beforeAll(async () => {
    test = await openTestApp('sqlite', {
      // A moderator: every route lets them past who-is-asking to the request's shape.
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL, ADMIN_HANDLES: '424242' },
    })
    session = await appSession(test.app, { id: 'routes-user', handle: '424242', name: 'Routes' })
  })
  afterAll(async () => test.cleanup())

  it('every route declares its params, query, body and response', () => {
    const routes = test.app.routeTable
    expect(routes.length).toBeGreaterThan(50)
    const missing: string[] = []
    for (const { method, url, schema } of routes) {
      const name = `${method} ${url}`
      // @fastify/cors's preflight answer reads nothing but its headers.
      if (name === 'OPTIONS *') continue
      if (url.includes(':') && !schema.params) missing.push(`${name}: params`)
      if (!schema.querystring) missing.push(`${name}: querystring`)
      if ((method === 'POST' || method === 'PUT') && !schema.body) missing.push(`${name}: body`)
      if (!NOT_JSON.has(name) && !schema.response) missing.push(`${name}: response`)
    }
    expect(missing).toEqual([])
  })

  it('every route that changes something declares who may call it', () => {
    const undeclared = test.app.routeTable
      .filter(({ method }) => !['GET', 'HEAD', 'OPTIONS'].includes(method))
      .filter(({ auth }) => !auth || !(AUTH_RULES as readonly string[]).includes(auth))
      .map(({ method, url }) => `${method} ${url}`)
    expect(undeclared).toEqual([])
  })

  it('answers a malformed request to any route with 400 and a catalogue key naming the field', async () => {
    const failures: string[] = []
    let sent = 0
    for (const { method, url, schema } of test.app.routeTable) {
      // One part malformed at a time; the others valid, made from their own schemas.
      const validParams = schema.params
        ? (Value.Create(schema.params as TSchema) as Record<string, string>)
        : {}
      const validBody = schema.body ? (Value.Create(schema.body as TSchema) as unknown) : undefined
      const cases: { label: string; url: string; body?: unknown }[] = []
      const params = schema.params ? badFields(schema.params as Schema) : undefined
      if (params)
        cases.push({
          label: `params ${JSON.stringify(params).slice(0, 40)}`,
          url: fill(url, { ...validParams, ...params }),
          body: validBody,
        })
      const query = schema.querystring ? badFields(schema.querystring as Schema) : undefined
      const path = fill(url, validParams)
      if (query)
        cases.push({
          label: 'query',
          url: `${path}?${new URLSearchParams(query).toString()}`,
          body: validBody,
        })
      // The same query field twice is a list, which no field takes.
      if (schema.querystring && Object.keys((schema.querystring as Schema).properties ?? {}).length > 0) {
        const [field] = Object.keys((schema.querystring as Schema).properties ?? {})
        cases.push({ label: 'query list', url: `${path}?${field}=a&${field}=b`, body: validBody })
      }
      if (schema.body) {
        for (const bad of badBodies(schema.body as Schema))
          cases.push({ label: `body ${bad.label}`, url: path, body: bad.body })
      }
      for (const one of cases) {
        sent++
        const payload = one.body === undefined ? undefined : JSON.stringify(one.body)
        // Bodies are signed as the app signs them: the signed routes check the signature first.
        const response = await test.app.inject({
          method: method as 'GET',
          url: one.url,
          headers: {
            'sonolus-session': session,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'sonolus-signature': signBody(payload) }),
          },
          ...(payload === undefined ? {} : { payload }),
        })
        const body = response.json() as { error?: string; field?: string }
        const part = one.label.split(' ')[0]
        const fieldPart = part === 'query' ? 'querystring' : part
        if (
          response.statusCode !== 400 ||
          !(ERROR_KEYS as readonly string[]).includes(body.error ?? '') ||
          !body.field?.startsWith(fieldPart)
        )
          failures.push(
            `${method} ${url} (${one.label}): ${response.statusCode} ${response.body.slice(0, 160)}`,
          )
      }
    }
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThan(80)
  })
})
