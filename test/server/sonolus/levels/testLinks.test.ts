// Test links on SQLite and PostgreSQL: the chart's creators make, list and revoke them; a link opens a
// private chart to anyone who holds it, as the level `wbt-{token}` with nothing of the public chart's
// community or boards; testers' feedback reaches the creators alone; an ended link, a revoked one and a
// hidden chart open nothing; links and feedback are bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_FEEDBACK_PER_TESTER, TEST_LINK_MAX } from '../../../../common/rules'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openTestApp } from '../../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../../helpers/sessions'

const PEOPLE = {
  alice: { id: 'alice', handle: '1001', name: 'Alice' },
  bob: { id: 'bob', handle: '1002', name: 'Bob' },
  tess: { id: 'tess', handle: '1003', name: 'Tess' },
  mod: { id: 'mod', handle: '1900', name: 'Mod' },
}
type Person = keyof typeof PEOPLE
type Link = { id: string; token: string; expiresTime: number | null; revokedTime: number | null }

describe.each(DIALECTS)('test links on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Partial<Record<Person, string>> = {}
  const draft = hex(81, 32) // private, Alice's, Bob co-authors it
  const other = hex(82, 32) // private, Alice's
  const call = (method: 'GET' | 'POST', url: string, as?: Person, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: as ? { authorization: sessions[as]! } : {},
      ...(payload ? { payload } : {}),
    })
  const create = (id: string, as?: Person, days?: number) =>
    call('POST', `/sonolus/levels/wbs-${id}/test-links`, as, days === undefined ? {} : { days })
  const feedback = (token: string, as: Person | undefined, content: string, moment?: string) =>
    call('POST', `/sonolus/test-links/${token}/feedback`, as, { content, ...(moment ? { moment } : {}) })
  const opened = (token: string, as?: Person) => call('GET', `/sonolus/levels/wbt-${token}`, as)
  let link: Link

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: {
        SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
        PUBLIC_URL: TEST_PUBLIC_URL,
        ADMIN_HANDLES: PEOPLE.mod.handle,
      },
    })
    for (const person of Object.keys(PEOPLE) as Person[])
      sessions[person] = await appSession(test.app, PEOPLE[person])
    await test.ctx.repos.charts.insert(newChart(81, { isPublic: 0, title: 'Draft', dataHash: hex(981, 40) }))
    await test.ctx.repos.charts.insert(newChart(82, { isPublic: 0 }))
    await test.ctx.repos.coauthors.invite(draft, 'bob', 1)
    await test.ctx.repos.coauthors.accept(draft, 'bob', 2)
  })
  afterAll(() => test.cleanup())

  it('lets the owner and a co-author make a link; nobody else', async () => {
    const made = await create(draft, 'alice', 7)
    expect(made.statusCode, made.body).toBe(200)
    link = made.json() as Link
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(link.expiresTime! - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000)
    expect((await create(draft, 'bob')).statusCode).toBe(200)
    expect((await create(draft, 'tess')).statusCode).toBe(404)
    expect((await create(draft)).statusCode).toBe(401)
    expect((await create(draft, 'alice', 0)).statusCode).toBe(400)
    expect((await create(draft, 'alice', 91)).statusCode).toBe(400)
  })

  it('opens the private chart to anyone with the link, as its own level with nothing public', async () => {
    expect((await call('GET', `/sonolus/levels/wbs-${draft}`)).statusCode).toBe(401)
    for (const as of [undefined, 'tess'] as const) {
      const response = await opened(link.token, as)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('private, no-store')
      const details = response.json()
      expect(details.item.name).toBe(`wbt-${link.token}`)
      expect(details.item.data.hash).toBe(hex(981, 40))
      expect(details.rawItem).toMatchObject({ id: draft, title: 'Draft', isPublic: 0 })
      expect(details).toMatchObject({ hasCommunity: false, leaderboards: [], sections: [], actions: [] })
    }
    // The link's level has no boards or community: testers' results and comments have nowhere to go.
    expect((await call('GET', `/sonolus/levels/wbt-${link.token}/leaderboards/arcScore`)).statusCode).toBe(
      404,
    )
    expect((await call('GET', `/sonolus/levels/wbt-${link.token}/community/info`)).statusCode).toBe(404)
    // A made-up token opens nothing.
    expect((await opened('A'.repeat(24))).statusCode).toBe(404)
  })

  it('takes signed-in testers’ feedback, for the creators alone', async () => {
    expect((await feedback(link.token, undefined, 'Visitor')).statusCode).toBe(401)
    const empty = await feedback(link.token, 'tess', '  ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toBe('empty_field')
    expect((await feedback(link.token, 'tess', 'At the bridge', 'soon')).statusCode).toBe(400)
    expect((await feedback(link.token, 'tess', 'Too dense at the bridge', '1:23')).statusCode).toBe(200)
    for (const as of ['alice', 'bob'] as const) {
      const list = await call('GET', `/sonolus/levels/wbs-${draft}/test-links`, as)
      expect(list.statusCode).toBe(200)
      expect(list.json().feedback).toEqual([
        expect.objectContaining({
          linkId: link.id,
          author: 'Tess#1003',
          content: 'Too dense at the bridge',
          moment: 83,
        }),
      ])
    }
    expect((await call('GET', `/sonolus/levels/wbs-${draft}/test-links`, 'tess')).statusCode).toBe(404)
    // Not a comment: the chart's comment list and counter never see it.
    const comments = await call('GET', `/sonolus/levels/wbs-${draft}/community/comments/list`, 'alice')
    expect(comments.json().comments).toEqual([])
    expect((await test.ctx.repos.charts.findById(draft))!.commentNumber).toBe(0)
  })

  it(`bounds a tester to ${TEST_FEEDBACK_PER_TESTER} notes a link, and a chart to ${TEST_LINK_MAX} open links`, async () => {
    for (let n = 1; n < TEST_FEEDBACK_PER_TESTER; n++)
      expect((await feedback(link.token, 'tess', `Note ${n}`)).statusCode).toBe(200)
    const refused = await feedback(link.token, 'tess', 'One more')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(`At most ${TEST_FEEDBACK_PER_TESTER}`)
    // Two are open already.
    for (let n = 2; n < TEST_LINK_MAX; n++) expect((await create(draft, 'alice')).statusCode).toBe(200)
    const full = await create(draft, 'alice')
    expect(full.statusCode).toBe(400)
    expect(full.json().message).toMatch(`at most ${TEST_LINK_MAX} open test links`)
  })

  it('ends the links a co-author made when they stop co-authoring', async () => {
    const made = (await create(other, 'alice')).json() as Link
    await test.ctx.repos.coauthors.invite(other, 'bob', 3)
    await test.ctx.repos.coauthors.accept(other, 'bob', 4)
    const bobs = (await create(other, 'bob')).json() as Link
    expect((await opened(bobs.token)).statusCode).toBe(200)
    const removed = await call('POST', `/sonolus/levels/wbs-${other}/submit`, 'alice', {
      values: 'type=removeCoauthor&handle=1002',
    })
    expect(removed.statusCode).toBe(200)
    expect((await opened(bobs.token)).statusCode).toBe(404)
    // The owner's own link still opens it.
    expect((await opened(made.token)).statusCode).toBe(200)
    await call('POST', `/sonolus/levels/wbs-${other}/test-links/${made.id}/revoke`, 'alice', {})
  })

  it('ends a link when revoked or expired, and opens no hidden chart', async () => {
    const revoke = (id: string, as: Person) =>
      call('POST', `/sonolus/levels/wbs-${draft}/test-links/${id}/revoke`, as, {})
    expect((await revoke(link.id, 'tess')).statusCode).toBe(404)
    expect((await revoke(link.id, 'alice')).statusCode).toBe(200)
    expect((await revoke(link.id, 'alice')).statusCode).toBe(404)
    expect((await opened(link.token)).statusCode).toBe(404)
    expect((await feedback(link.token, 'tess', 'Late')).statusCode).toBe(404)
    // A revoked link frees its place.
    const next = (await create(draft, 'alice', 1)).json() as Link
    expect((await opened(next.token)).statusCode).toBe(200)
    await test.ctx.db.db
      .updateTable('testLinks')
      .set({ expiresTime: Date.now() - 1 })
      .where('id', '=', next.id)
      .execute()
    expect((await opened(next.token)).statusCode).toBe(404)

    const kept = (await create(other, 'alice')).json() as Link
    expect((await opened(kept.token)).statusCode).toBe(200)
    const hide = await call('POST', '/sonolus/moderation/actions', 'mod', {
      target: { type: 'chart', id: other },
      action: 'hide',
      reason: 'assets',
    })
    expect(hide.statusCode).toBe(200)
    expect((await opened(kept.token)).statusCode).toBe(404)
  })
})
