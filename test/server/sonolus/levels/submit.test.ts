// POST /sonolus/levels/{name}/submit?type=delete (docs/protocol.md §8, docs/spec.md §2 "Chart info" delete): the owner
// deletes; another user and anonymous get 401 permission_denied2 and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openTestApp } from '../../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../../helpers/sessions'

describe.each(DIALECTS)('level actions on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  let alice: string
  let bob: string
  const id = hex(7, 32)

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    alice = await appSession(test.app, { id: 'alice', handle: '1001', name: 'Alice' })
    bob = await appSession(test.app, { id: 'bob', handle: '1002', name: 'Bob' })
    await test.ctx.repos.charts.insert(newChart(7, { id, authorId: 'alice', author: 'Alice#1001' }))
  })
  afterAll(async () => test.cleanup())

  const submit = (query: string, session?: string, values = '') =>
    test.app.inject({
      method: 'POST',
      url: `/sonolus/levels/wbs-${id}/submit${query}`,
      payload: { values },
      headers: session ? { authorization: session } : {},
    })

  it('refuses anonymous and other users with 401 permission_denied2, keeping the chart', async () => {
    for (const session of [undefined, bob]) {
      const response = await submit('?type=delete', session)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({
        error: 'permission_denied2',
        message: 'Sorry, you do not have permission to do this action',
      })
    }
    expect(await test.ctx.repos.charts.findById(id)).toBeDefined()
  })

  it('rejects an unknown action type', async () => {
    const response = await submit('?type=launch', alice)
    expect(response.statusCode).toBe(400)
    expect(await test.ctx.repos.charts.findById(id)).toBeDefined()
  })

  it('lets the owner delete (type in the body values, as the app sends it), then the chart is gone', async () => {
    const response = await submit('', alice, 'type=delete')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ key: '', hashes: [], shouldRemoveItem: true })
    expect(await test.ctx.repos.charts.findById(id)).toBeUndefined()
    expect((await test.app.inject({ method: 'GET', url: `/sonolus/levels/wbs-${id}` })).statusCode).toBe(404)
    expect((await submit('?type=delete', alice)).statusCode).toBe(404)
  })
})
