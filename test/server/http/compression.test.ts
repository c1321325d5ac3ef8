import { describe, expect, it } from 'vitest'
import { type FastifyRequest } from 'fastify'
import { acceptsGzip } from '../../../server/http/compression'

const asking = (header: string | undefined) =>
  ({ headers: header === undefined ? {} : { 'accept-encoding': header } }) as unknown as FastifyRequest

describe('acceptsGzip', () => {
  it('reads each request’s own Accept-Encoding, whatever the request before it sent', () => {
    const cases: [string | undefined, boolean][] = [
      ['gzip', true],
      ['gzip;q=0, identity', false],
      ['gzip', true],
      ['br', false],
      ['br, gzip;q=0.8', true],
      [undefined, false],
      ['*', true],
      ['identity, *;q=0', false],
      ['GZIP', true],
    ]
    // Twice over, in turn: what one request said must not answer for the next.
    for (let round = 0; round < 2; round++)
      for (const [header, accepts] of cases) expect(acceptsGzip(asking(header)), String(header)).toBe(accepts)
  })
})
