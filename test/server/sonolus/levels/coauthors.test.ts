// Co-authors on SQLite and PostgreSQL: the owner invites by handle and the invitee hears of it; an invitee
// sees a private chart and accepts or declines; a co-author edits the chart (the author stays the owner's)
// but neither deletes it nor changes who co-authors it; the owner removes co-authors and a co-author may
// leave; the chart, its card row, the app's details and the co-author's page show them; a suspended
// co-author is refused alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelFormBody, editValues } from '../../../../common/api/uploads'
import { COAUTHOR_MAX } from '../../../../common/rules'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openTestApp } from '../../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../../helpers/sessions'

const PEOPLE = {
  alice: { id: 'alice', handle: '1001', name: 'Alice' },
  bob: { id: 'bob', handle: '1002', name: 'Bob' },
  carol: { id: 'carol', handle: '1003', name: 'Carol' },
  dave: { id: 'dave', handle: '1004', name: 'Dave' },
  mod: { id: 'mod', handle: '1900', name: 'Mod' },
}
type Person = keyof typeof PEOPLE

describe.each(DIALECTS)('co-authors on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Partial<Record<Person, string>> = {}
  const open = hex(71, 32) // public
  const draft = hex(72, 32) // private
  const level = (id: string) => `/sonolus/levels/wbs-${id}`
  const call = (method: 'GET' | 'POST', url: string, as?: Person, values?: string) =>
    test.app.inject({
      method,
      url,
      headers: as ? { authorization: sessions[as]! } : {},
      ...(method === 'POST' ? { payload: { values: values ?? '' } } : {}),
    })
  const submit = (id: string, as: Person | undefined, values: string) =>
    call('POST', `${level(id)}/submit`, as, values)
  const coauthors = async (id: string, as?: Person) => {
    const response = await call('GET', `${level(id)}/coauthors`, as)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { role: string; coauthors: { handle: string; accepted: boolean }[] }
  }
  /** A metadata edit that keeps the chart's files. */
  const edit = (n: number, title: string, isPublic: 0 | 1): string => {
    const form: LevelFormBody = {
      title,
      composer: 'Writer',
      artists: 'Band',
      author: 'Someone Else',
      description: '',
      level: 10,
      isOliver: 0,
      isPublic,
      tags: [],
      coverHash: hex(n, 40),
      backgroundHash: hex(n + 1000, 40),
    }
    return editValues(form)
  }
  /** A response's status, with its body in the message when it differs. */
  const expectStatus = async (response: ReturnType<typeof submit>, status: number) => {
    const answered = await response
    expect(answered.statusCode, answered.body).toBe(status)
  }
  const notifications = async (as: Person) => {
    const response = await call('GET', '/sonolus/user/notifications', as)
    expect(response.statusCode).toBe(200)
    return (response.json() as { items: { kind: string; actor: string; chartId: string }[] }).items
  }

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
    await test.ctx.repos.charts.insert(newChart(71, { backgroundHash: hex(1071, 40) }))
    await test.ctx.repos.charts.insert(newChart(72, { isPublic: 0, backgroundHash: hex(1072, 40) }))
    // The charts' files are on record, as an edit that keeps them checks.
    for (const n of [71, 72, 1071, 1072])
      await test.ctx.repos.files.record({
        hash: hex(n, 40),
        size: 1,
        contentType: 'image/png',
        createdTime: 0,
      })
  })
  afterAll(() => test.cleanup())

  it('invites by handle: the invitee hears of it and sees the private chart; nobody else does', async () => {
    expect((await call('GET', level(draft), 'bob')).statusCode).toBe(404)
    const invited = await submit(draft, 'alice', 'type=invite&handle=Bob%231002')
    expect(invited.statusCode, invited.body).toBe(200)
    expect((await submit(open, 'alice', 'type=invite&handle=1002')).statusCode).toBe(200)
    expect(await notifications('bob')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'invite', actor: 'Alice#1001', chartId: draft }),
        expect.objectContaining({ kind: 'invite', actor: 'Alice#1001', chartId: open }),
      ]),
    )
    expect((await call('GET', level(draft), 'bob')).statusCode).toBe(200)
    expect((await call('GET', level(draft), 'carol')).statusCode).toBe(404)
    expect(await coauthors(draft, 'bob')).toEqual({
      role: 'invited',
      coauthors: [{ name: 'Bob', handle: '1002', accepted: false }],
    })
    // The public sees no invitation.
    expect(await coauthors(open)).toEqual({ role: 'none', coauthors: [] })
    // An invitee's details offer accept and decline; someone else's (the shared answer) do not.
    const actions = async (as: Person) =>
      ((await call('GET', level(open), as)).json() as { actions: { type: string }[] }).actions.map(
        (action) => action.type,
      )
    expect(await actions('carol')).toEqual(['report'])
    expect(await actions('bob')).toEqual(['accept', 'decline', 'report'])
    expect(await actions('alice')).toEqual(['invite', 'removeCoauthor', 'delete'])
  })

  it('refuses a bad invitation with the catalogue’s error', async () => {
    const empty = await submit(open, 'alice', 'type=invite&handle=')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toBe('empty_field')
    expect((await submit(open, 'alice', 'type=invite&handle=9999')).statusCode).toBe(404)
    expect((await submit(open, 'alice', 'type=invite&handle=1001')).statusCode).toBe(400)
    const again = await submit(open, 'alice', 'type=invite&handle=1002')
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toMatch('already invited')
    // Only the owner invites: a visitor, another user, the invitee.
    for (const as of [undefined, 'carol', 'bob'] as const) {
      const refused = await submit(open, as, 'type=invite&handle=1004')
      expect(refused.statusCode).toBe(401)
      expect(refused.json().error).toMatch(/^(not_login|permission_denied2)$/)
    }
    // Someone who was not invited cannot accept.
    expect((await submit(open, 'carol', 'type=accept')).statusCode).toBe(401)
  })

  it('accepts: the co-author shows on the chart, the app and their page, and the owner hears of it', async () => {
    expect((await submit(draft, 'bob', 'type=accept')).statusCode).toBe(200)
    expect((await submit(open, 'bob', 'type=accept')).statusCode).toBe(200)
    expect((await submit(open, 'bob', 'type=accept')).statusCode).toBe(401)
    expect(await notifications('alice')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'coauthor', actor: 'Bob#1002', chartId: open }),
      ]),
    )
    const details = (await call('GET', level(open))).json() as {
      rawItem: { coauthors: string[] }
      item: { tags: { title: string; icon?: string }[] }
    }
    expect(details.rawItem.coauthors).toEqual(['Bob#1002'])
    expect(details.item.tags).toContainEqual({ title: 'Bob', icon: 'user' })
    const list = (await call('GET', '/sonolus/levels/list')).json() as {
      rawItems: { id: string; coauthors: string[] }[]
    }
    expect(list.rawItems.find((chart) => chart.id === open)!.coauthors).toEqual(['Bob#1002'])
    // Bob's page lists the public chart he co-authors; his own view lists the private one too.
    const page = async (as?: Person) =>
      (
        (await call('GET', '/sonolus/users/1002', as)).json() as {
          sections: { title: string; rawItems?: { id: string }[] }[]
        }
      ).sections
        .find((section) => section.title === '#COAUTHOR')
        ?.rawItems?.map((chart) => chart.id)
    expect(await page()).toEqual([open])
    expect((await page('bob'))?.sort()).toEqual([open, draft].sort())
    const actions = (await call('GET', level(open), 'bob'))
      .json()
      .actions.map((a: { type: string }) => a.type)
    expect(actions).toEqual(['removeCoauthor', 'report'])
  })

  it('lets a co-author edit but not delete, invite or remove; the author stays the owner’s', async () => {
    const edited = await submit(open, 'bob', edit(71, 'Edited by Bob', 1))
    expect(edited.statusCode, edited.body).toBe(200)
    const row = (await test.ctx.repos.charts.findById(open))!
    expect(row).toMatchObject({ title: 'Edited by Bob', author: 'Alice#1001', authorId: 'alice' })
    await expectStatus(submit(open, 'alice', edit(71, 'Edited by Alice', 1)), 200)
    await expectStatus(submit(open, 'carol', edit(71, 'Hijacked', 1)), 401)
    for (const values of ['type=delete', 'type=invite&handle=1003', 'type=removeCoauthor&handle=1001']) {
      const refused = await submit(open, 'bob', values)
      expect(refused.statusCode, values).toBe(401)
    }
    expect((await test.ctx.repos.charts.findById(open))!.title).toBe('Edited by Alice')
  })

  it('refuses a suspended co-author alone', async () => {
    await submit(open, 'alice', 'type=invite&handle=1003')
    expect((await submit(open, 'carol', 'type=accept')).statusCode).toBe(200)
    const suspend = await test.app.inject({
      method: 'POST',
      url: '/sonolus/moderation/actions',
      headers: { authorization: sessions.mod! },
      payload: { target: { type: 'user', id: '1003' }, action: 'suspend', reason: 'spam', hours: 24 },
    })
    expect(suspend.statusCode).toBe(200)
    const refused = await submit(open, 'carol', edit(71, 'By Carol', 1))
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('suspended')
    await expectStatus(submit(open, 'bob', edit(71, 'By Bob again', 1)), 200)
    await expectStatus(submit(open, 'alice', edit(71, 'By Alice again', 1)), 200)
    // The owner still removes the suspended co-author.
    expect((await submit(open, 'alice', 'type=removeCoauthor&handle=1003')).statusCode).toBe(200)
    expect((await test.ctx.repos.charts.findById(open))!.coauthors).toBe('Bob#1002')
  })

  it('removes: the owner takes a co-author off, a co-author leaves, an invitee declines', async () => {
    // Bob leaves the private chart: it is no longer his to see or edit.
    expect((await submit(draft, 'bob', 'type=removeCoauthor')).statusCode).toBe(200)
    expect((await call('GET', level(draft), 'bob')).statusCode).toBe(404)
    await expectStatus(submit(draft, 'bob', edit(72, 'Gone', 0)), 404)
    // Dave declines.
    await submit(draft, 'alice', 'type=invite&handle=1004')
    expect((await submit(draft, 'dave', 'type=decline')).statusCode).toBe(200)
    expect((await coauthors(draft, 'alice')).coauthors).toEqual([])
    // The owner removes Bob from the public chart: its details and list rows forget him.
    expect((await submit(open, 'alice', 'type=removeCoauthor&handle=1002')).statusCode).toBe(200)
    await expectStatus(submit(open, 'bob', edit(71, 'Not any more', 1)), 401)
    expect((await call('GET', level(open))).json().rawItem.coauthors).toEqual([])
    expect((await submit(open, 'alice', 'type=removeCoauthor&handle=1002')).statusCode).toBe(404)
  })

  it('removes the first invited when the owner names nobody (the app’s select left at its default)', async () => {
    await submit(open, 'alice', 'type=invite&handle=1004')
    await submit(open, 'alice', 'type=invite&handle=1002')
    expect((await submit(open, 'alice', 'type=removeCoauthor')).statusCode).toBe(200)
    expect((await coauthors(open, 'alice')).coauthors.map((row) => row.handle)).toEqual(['1002'])
    await submit(open, 'alice', 'type=removeCoauthor&handle=1002')
  })

  it('shows a co-author the source and the schedule the owner sees, which their edit keeps', async () => {
    const id = hex(73, 32)
    await test.ctx.repos.charts.insert(
      newChart(73, { isPublic: 0, susHash: hex(1173, 40), scheduledTime: Date.now() + 86_400_000 }),
    )
    await test.ctx.repos.coauthors.invite(id, 'carol', 1)
    await test.ctx.repos.coauthors.accept(id, 'carol', 2)
    const raw = (await call('GET', level(id), 'carol')).json().rawItem
    expect(raw.susHash).toBe(hex(1173, 40))
    expect(raw.scheduledTime).toEqual(expect.any(Number))
  })

  it('takes no new co-author while a moderator hides the chart, and shows it to no invitee then', async () => {
    const id = hex(74, 32)
    await test.ctx.repos.charts.insert(newChart(74, {}))
    await test.ctx.repos.coauthors.invite(id, 'dave', 1)
    const hide = await test.app.inject({
      method: 'POST',
      url: '/sonolus/moderation/actions',
      headers: { authorization: sessions.mod! },
      payload: { target: { type: 'chart', id }, action: 'hide', reason: 'assets' },
    })
    expect(hide.statusCode).toBe(200)
    expect((await call('GET', level(id), 'dave')).statusCode).toBe(404)
    const refused = await submit(id, 'alice', 'type=invite&handle=1002')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch('hidden')
    // Nor is a new difficulty made from it.
    const copy = await test.app.inject({
      method: 'POST',
      url: `${level(id)}/difficulties`,
      headers: { authorization: sessions.alice! },
      payload: { level: 20 },
    })
    expect(copy.statusCode).toBe(400)
    expect(copy.json().message).toMatch('hidden')
  })

  it(`holds at most ${COAUTHOR_MAX} co-authors and invitations`, async () => {
    const many = Array.from({ length: COAUTHOR_MAX + 1 }, (_, n) => `${2000 + n}`)
    for (const handle of many) await appSession(test.app, { id: `u${handle}`, handle, name: `U${handle}` })
    for (const handle of many.slice(0, COAUTHOR_MAX))
      expect((await submit(draft, 'alice', `type=invite&handle=${handle}`)).statusCode).toBe(200)
    const refused = await submit(draft, 'alice', `type=invite&handle=${many[COAUTHOR_MAX]}`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(`at most ${COAUTHOR_MAX}`)
    expect((await coauthors(draft, 'alice')).coauthors).toHaveLength(COAUTHOR_MAX)
  })
})
