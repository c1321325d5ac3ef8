// The access log (server/observability/logging.ts): a request's URL is written as it came, except the
// secret an archive link carries, which is written as "…".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { urlForLog } from '../../../server/observability/logging'
import { type TestContext, openTestContext, speakAsSite } from '../helpers/context'

let test: TestContext
let app: Awaited<ReturnType<typeof buildApp>>
const lines: string[] = []

beforeAll(async () => {
  test = await openTestContext('sqlite', { env: { LOG_LEVEL: 'info' } })
  app = speakAsSite(await buildApp(test.ctx, { logStream: { write: (line) => void lines.push(line) } }))
})

afterAll(async () => {
  await app.close()
  await test.cleanup()
})

const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []))

describe('the access log', () => {
  it("writes an archive link's key as …, and every other URL as it came", async () => {
    const key = 'k3yThatDownloadsSomeonesData0123'
    const archive = await app.inject({ method: 'GET', url: `/sonolus/user/export/${key}?x=1` })
    expect(archive.statusCode).toBe(404)
    await app.inject({ method: 'GET', url: '/sonolus/levels/list?keywords=export' })
    const urls = loggedUrls()
    expect(urls).toContain('/sonolus/user/export/…?x=1')
    expect(urls).toContain('/sonolus/levels/list?keywords=export')
    expect(lines.join('\n')).not.toContain(key)
  })

  it('leaves paths that only look alike', () => {
    expect(urlForLog('/sonolus/user/exported/abc')).toBe('/sonolus/user/exported/abc')
    expect(urlForLog('/sonolus/user/export')).toBe('/sonolus/user/export')
    expect(urlForLog('/sonolus/user/export/abc/more')).toBe('/sonolus/user/export/…/more')
  })
})
