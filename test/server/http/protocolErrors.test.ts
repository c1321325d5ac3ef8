// Errors in the protocol's shape for the Sonolus app and the official web client, and in the catalogue's
// for our site (server/http/protocolErrors.ts). The official client (Sonolus/sonolus-server-web)
// renders any JSON body as the item it asked for and shows its error screen only for a body that is not
// JSON; the app shows a ServerMessage's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, openTestApp } from '../helpers/context'
import { newChart } from '../helpers/charts'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'

const publicChart = newChart(0x71, { authorId: 'alice', author: 'Alice#1001' })
const privateChart = newChart(0x72, { authorId: 'alice', author: 'Alice#1001', isPublic: 0 })
const missing = 'wbs-' + 'f'.repeat(32)

describe.each(DIALECTS)('protocol-shaped errors on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  let bob: string

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    await test.ctx.repos.users.upsert({ id: 'alice', handle: '1001', name: 'Alice', profile: '{}' })
    await test.ctx.repos.charts.insert(publicChart)
    await test.ctx.repos.charts.insert(privateChart)
    bob = await appSession(test.app, { id: 'bob', handle: '1002', name: 'Bob' })
  })
  afterAll(async () => test.cleanup())

  /** As the app and the official web client send it: no site header. */
  const asClient = (method: 'GET' | 'POST', url: string, payload?: object, session?: string) =>
    test.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { 'x-sirius-client': undefined, ...(session ? { 'sonolus-session': session } : {}) },
    })

  const gets: [string, string, number][] = [
    ['a missing level', `/sonolus/levels/${missing}`, 404],
    ["someone else's private level", `/sonolus/levels/wbs-${privateChart.id}`, 401],
    ["a private level's community", `/sonolus/levels/wbs-${privateChart.id}/community/info`, 401],
    ["a private level's comments", `/sonolus/levels/wbs-${privateChart.id}/community/comments/list`, 401],
    ['a missing leaderboard', `/sonolus/levels/wbs-${publicChart.id}/leaderboards/nothing`, 404],
    ["a private level's background", `/sonolus/backgrounds/wbs-${privateChart.id}`, 401],
    ['a missing engine', '/sonolus/engines/nothing', 404],
    ['a missing replay', '/sonolus/replays/replay-nothing', 404],
    ['a missing file', `/sonolus/repository/${'0'.repeat(40)}`, 404],
    ['an item type we do not serve', '/sonolus/rooms/info', 404],
    ['a malformed page', '/sonolus/levels/list?page=x', 400],
  ]

  it.each(gets)('answers %s with a bare status and no body', async (_label, url, status) => {
    const response = await asClient('GET', url)
    expect(response.statusCode).toBe(status)
    expect(response.body).toBe('')
    expect(response.headers['content-type']).toBeUndefined()
    // A cache between us and them keeps the two shapes apart.
    expect(response.headers.vary).toMatch(/x-sirius-client/i)
  })

  it.each(gets)('answers the site asking for %s with the catalogue body', async (_label, url, status) => {
    const response = await test.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(status)
    expect(response.json()).toMatchObject({
      code: status,
      error: expect.any(String),
      message: expect.any(String),
    })
  })

  it('answers a protocol POST with the ServerMessage the app shows, and the site with the catalogue body', async () => {
    const url = `/sonolus/levels/wbs-${publicChart.id}/community/submit`
    const app = await asClient('POST', url, { values: 'type=like' })
    expect(app.statusCode).toBe(401)
    expect(app.json()).toEqual({ message: 'Sorry, you do not have permission to do this action' })
    const site = await test.app.inject({ method: 'POST', url, payload: { values: 'type=like' } })
    expect(site.json()).toMatchObject({ code: 401, error: 'permission_denied2' })
    // Signed-in, but not the owner: the same.
    const other = await asClient(
      'POST',
      `/sonolus/levels/wbs-${publicChart.id}/submit`,
      { values: 'type=delete' },
      bob,
    )
    expect(other.statusCode).toBe(401)
    expect(other.json()).toEqual({ message: 'Sorry, you do not have permission to do this action' })
    expect(await test.ctx.repos.charts.findById(publicChart.id)).toBeDefined()
    // Someone else's private chart does not exist for them (a 401 would sign them in again): a message too.
    const hidden = await asClient(
      'POST',
      `/sonolus/levels/wbs-${privateChart.id}/submit`,
      { values: 'type=delete' },
      bob,
    )
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toEqual({ message: expect.any(String) })
    expect(await test.ctx.repos.charts.findById(privateChart.id)).toBeDefined()
  })

  it("keeps the catalogue body on the site's own calls, whoever sends them", async () => {
    const queue = await asClient('GET', '/sonolus/moderation/queue')
    expect(queue.statusCode).toBe(401)
    expect(queue.json()).toMatchObject({ code: 401, error: expect.any(String) })
    const status = await asClient('GET', `/sonolus/levels/wbs-${privateChart.id}/community/status`)
    expect(status.json()).toMatchObject({ code: 401, error: 'permission_denied' })
  })

  it('still answers the items themselves as before', async () => {
    const response = await asClient('GET', `/sonolus/levels/wbs-${publicChart.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json().item.name).toBe(`wbs-${publicChart.id}`)
  })
})
