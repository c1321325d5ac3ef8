// Moderation on SQLite and PostgreSQL: reports and takedown requests, the queue, every
// moderator action and what it does to lists, searches, details, comments and accounts, the append-only
// audit log and the notices it feeds, the app's forms and posts, and a second instance seeing each action
// at once.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AuditEntry,
  type NoticesResponse,
  type QueueResponse,
  REPORT_RATE_LIMIT,
  TAKEDOWN_RATE_LIMIT,
} from '../../../common/api/moderation'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { hex, newChart } from '../helpers/charts'
import { DIALECTS, openSecondInstance, openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'

const PEOPLE = {
  owner: { id: 'mod-owner', handle: '6001', name: 'Owner' },
  alice: { id: 'mod-alice', handle: '6002', name: 'Alice' },
  bob: { id: 'mod-bob', handle: '6003', name: 'Bob' },
  carol: { id: 'mod-carol', handle: '6004', name: 'Carol' },
  admin: { id: 'mod-admin', handle: '6900', name: 'Admin' },
  helper: { id: 'mod-helper', handle: '6901', name: 'Helper' },
  dave: { id: 'mod-dave', handle: '6005', name: 'Dave' },
  erin: { id: 'mod-erin', handle: '6006', name: 'Erin' },
}
type Person = keyof typeof PEOPLE

describe.each(DIALECTS)('moderation on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions = {} as Record<Person, string>
  let n = 600
  const owned = () => ({ authorId: PEOPLE.owner.id, author: `Owner#${PEOPLE.owner.handle}` })

  const call = (
    method: 'GET' | 'POST',
    url: string,
    as?: Person,
    payload?: object,
    remoteAddress = '127.0.0.1',
  ) =>
    test.app.inject({
      method,
      url,
      remoteAddress,
      headers: as ? { authorization: sessions[as] } : {},
      ...(payload ? { payload } : {}),
    })
  const act = (body: object, as: Person = 'admin') => call('POST', '/sonolus/moderation/actions', as, body)
  const report = (body: object, as: Person = 'alice') => call('POST', '/sonolus/reports', as, body)
  const newChartId = async (overrides = {}) => {
    const id = hex(++n, 32)
    await test.ctx.repos.charts.insert(newChart(n, { id, ...owned(), title: `Moderated ${n}`, ...overrides }))
    return id
  }
  const level = (id: string, rest = '') => `/sonolus/levels/wbs-${id}${rest}`
  const listIds = async (url: string, as?: Person) =>
    ((await call('GET', url, as)).json() as { rawItems: { id: string }[] }).rawItems.map((row) => row.id)
  const comment = async (chartId: string, text: string, as: Person = 'alice') => {
    const posted = await call('POST', level(chartId, '/community/submit'), as, {
      values: `type=comment&comment=${text}`,
    })
    expect(posted.statusCode).toBe(200)
    const all = (await call('GET', level(chartId, '/community/comments/list'), as)).json() as {
      comments: { name: string; content: string }[]
    }
    return all.comments.find((c) => c.content === text)!.name
  }

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: {
        SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
        PUBLIC_URL: TEST_PUBLIC_URL,
        ADMIN_HANDLES: PEOPLE.admin.handle,
        TAKEDOWN_CONTACT: ' legal@charts.example ',
      },
    })
    for (const person of Object.keys(PEOPLE) as Person[])
      sessions[person] = await appSession(test.app, PEOPLE[person])
  })
  afterAll(async () => test.cleanup())

  describe('reports', () => {
    it('takes a reason from the fixed list and an optional note, once per reporter and target', async () => {
      const id = await newChartId()
      expect((await report({ target: { type: 'chart', id }, reason: 'nope' })).json().error).toBe(
        'bad_request',
      )
      const tooLong = await report({ target: { type: 'chart', id }, reason: 'spam', note: 'x'.repeat(1001) })
      expect(tooLong.statusCode).toBe(400)
      const first = await report({ target: { type: 'chart', id }, reason: 'copyright', note: 'Official art' })
      expect(first.json()).toMatchObject({ code: 200, duplicate: false })
      const again = await report({ target: { type: 'chart', id }, reason: 'spam' })
      expect(again.json()).toEqual({ code: 200, id: first.json().id, duplicate: true })
      expect((await report({ target: { type: 'chart', id }, reason: 'spam' }, 'bob')).json().duplicate).toBe(
        false,
      )
      expect(
        (await report({ target: { type: 'chart', id: hex(99_999, 32) }, reason: 'spam' })).statusCode,
      ).toBe(404)
      const visitor = await call('POST', '/sonolus/reports', undefined, {
        target: { type: 'chart', id },
        reason: 'spam',
      })
      expect(visitor.json()).toMatchObject({ code: 401, error: 'permission_denied2' })
    })

    it("refuses what the reporter cannot see: someone else's private chart is not found", async () => {
      const id = await newChartId({ isPublic: 0 })
      expect((await report({ target: { type: 'chart', id }, reason: 'spam' })).statusCode).toBe(404)
    })

    it('reports comments and users, and groups open reports by target, newest first', async () => {
      const chartId = await newChartId()
      const name = await comment(chartId, 'buy cheap stuff', 'bob')
      expect((await report({ target: { type: 'comment', id: name }, reason: 'spam' })).statusCode).toBe(200)
      expect(
        (await report({ target: { type: 'user', id: PEOPLE.bob.handle }, reason: 'spam', note: 'bot' }))
          .statusCode,
      ).toBe(200)
      expect((await report({ target: { type: 'user', id: '0000' }, reason: 'spam' })).statusCode).toBe(404)
      const queue = (await call('GET', '/sonolus/moderation/queue', 'admin')).json() as QueueResponse
      const [newest, next] = queue.groups
      expect(newest.target).toEqual({ type: 'user', id: PEOPLE.bob.handle })
      expect(newest.preview).toMatchObject({ type: 'user', name: 'Bob', moderator: false, suspension: null })
      expect(newest.reports).toEqual([
        expect.objectContaining({
          reason: 'spam',
          note: 'bot',
          reporter: `Alice#${PEOPLE.alice.handle}`,
          takedown: null,
        }),
      ])
      expect(next.preview).toMatchObject({
        type: 'comment',
        id: name,
        content: 'buy cheap stuff',
        chartId,
        hidden: false,
      })
      const times = queue.groups.map((group) => group.latestTime)
      expect([...times].sort((a, b) => b - a)).toEqual(times)
    })

    it(`limits a reporter to ${REPORT_RATE_LIMIT} reports an hour`, async () => {
      const ids = []
      for (let i = 0; i <= REPORT_RATE_LIMIT; i++) ids.push(await newChartId())
      const statuses = []
      for (const id of ids)
        statuses.push((await report({ target: { type: 'chart', id }, reason: 'other' }, 'carol')).statusCode)
      expect(statuses.slice(0, REPORT_RATE_LIMIT).every((status) => status === 200)).toBe(true)
      expect(statuses[REPORT_RATE_LIMIT]).toBe(429)
    })
  })

  describe('takedown requests', () => {
    const takedown = (body: object, ip: string) => call('POST', '/sonolus/takedown', undefined, body, ip)
    const full = (urls: string) => ({
      claimant: 'Label Co.',
      contact: 'legal@label.example',
      work: 'Song (2025)',
      urls,
      statement: 'We own the recording.',
    })

    it('needs no account, files one copyright report per chart named, and the queue shows the claim', async () => {
      const a = await newChartId()
      const b = await newChartId()
      const urls = `${TEST_PUBLIC_URL}/chart/${a}/info\nwbs-${b} wbs-${a}`
      const response = await takedown(full(urls), '10.0.0.1')
      expect(response.statusCode).toBe(200)
      expect(response.json().ids).toHaveLength(2)
      const queue = (await call('GET', '/sonolus/moderation/queue', 'admin')).json() as QueueResponse
      const group = queue.groups.find((g) => g.target.id === a)!
      expect(group.reports[0]).toMatchObject({ reason: 'copyright', reporter: null, takedown: full(urls) })
    })

    it('tells anyone the configured contact for takedown questions', async () => {
      for (const as of [undefined, 'alice'] as const)
        expect((await call('GET', '/sonolus/takedown', as)).json()).toEqual({
          code: 200,
          contact: 'legal@charts.example',
        })
    })

    it('refuses empty fields (empty_field), addresses naming no chart here, and floods from one address', async () => {
      const a = await newChartId()
      expect((await takedown({ ...full(`wbs-${a}`), statement: '  ' }, '10.0.0.2')).json().error).toBe(
        'empty_field',
      )
      expect((await takedown(full('https://elsewhere.example/x'), '10.0.0.2')).statusCode).toBe(400)
      expect((await takedown(full(`wbs-${hex(88_888, 32)}`), '10.0.0.2')).statusCode).toBe(404)
      const statuses = []
      for (let i = 0; i <= TAKEDOWN_RATE_LIMIT; i++)
        statuses.push((await takedown(full(`wbs-${a}`), '10.0.0.3')).statusCode)
      expect(statuses).toEqual([...Array(TAKEDOWN_RATE_LIMIT).fill(200), 429])
    })
  })

  describe('charts', () => {
    it('hides a chart with a reason: gone from lists, searches, the app and other instances; the owner sees why', async () => {
      const id = await newChartId({ title: 'Glowing Fields' })
      await report({ target: { type: 'chart', id }, reason: 'copyright' })
      expect((await act({ target: { type: 'chart', id }, action: 'hide', reason: '' })).json().error).toBe(
        'empty_field',
      )
      expect(
        (await act({ target: { type: 'chart', id: hex(77_777, 32) }, action: 'hide', reason: 'x' }))
          .statusCode,
      ).toBe(404)
      expect((await listIds('/sonolus/levels/list?title=Glowing')).includes(id)).toBe(true)
      const hidden = await act({ target: { type: 'chart', id }, action: 'hide', reason: 'Official game art' })
      expect(hidden.statusCode).toBe(200)
      const entry = hidden.json().entry as AuditEntry
      expect(entry).toMatchObject({
        action: 'hide',
        moderator: `Admin#${PEOPLE.admin.handle}`,
        target: { type: 'chart', id },
        targetLabel: 'Glowing Fields',
        chartId: id,
        reason: 'Official game art',
        before: { hidden: false, reason: null },
        after: { hidden: true, reason: 'Official game art' },
      })
      // Its reports are resolved.
      const queue = (await call('GET', '/sonolus/moderation/queue', 'admin')).json() as QueueResponse
      expect(queue.groups.some((group) => group.target.id === id)).toBe(false)

      for (const as of [undefined, 'alice'] as const) {
        expect((await call('GET', level(id), as)).statusCode).toBe(404)
        expect(await listIds('/sonolus/levels/list', as)).not.toContain(id)
        expect(await listIds('/sonolus/levels/list?title=Glowing', as)).not.toContain(id)
        expect(await listIds('/sonolus/levels/list?type=quick&keywords=Glowing', as)).not.toContain(id)
      }
      expect((await call('GET', '/sonolus/levels/info')).body).not.toContain(id)
      // The owner: not in the catalogue, but in their own charts, with the reason and the audit entry.
      expect(await listIds('/sonolus/levels/list', 'owner')).not.toContain(id)
      expect(await listIds('/sonolus/levels/list?in=my', 'owner')).toContain(id)
      const details = (await call('GET', level(id), 'owner')).json()
      expect(details.description).toContain('Official game art')
      expect(details.moderation).toMatchObject({
        hidden: true,
        reason: 'Official game art',
        reviewRequested: false,
      })
      expect(details.moderation.log[0]).toMatchObject({
        action: 'hide',
        moderator: null,
        reason: 'Official game art',
      })
      expect(details.actions.map((form: { type: string }) => form.type)).toEqual(['delete', 'review'])
      // Moderators still open it, with the moderator named.
      const asModerator = (await call('GET', level(id), 'admin')).json()
      expect(asModerator.moderation.log[0].moderator).toBe(`Admin#${PEOPLE.admin.handle}`)
      expect(asModerator.actions.map((form: { type: string }) => form.type)).toEqual([
        'report',
        'restore',
        'delete',
      ])

      // Review, then restore.
      expect((await call('POST', level(id, '/submit?type=review'), 'owner', { values: '' })).statusCode).toBe(
        200,
      )
      expect((await call('GET', level(id), 'owner')).json().moderation.reviewRequested).toBe(true)
      const reviewQueue = (await call('GET', '/sonolus/moderation/queue', 'admin')).json() as QueueResponse
      expect(reviewQueue.groups.find((group) => group.target.id === id)?.reports[0].reason).toBe('review')
      const restored = await act({
        target: { type: 'chart', id },
        action: 'restore',
        reason: 'Licence shown',
      })
      expect(restored.json().entry).toMatchObject({ before: { hidden: true }, after: { hidden: false } })
      expect((await call('GET', level(id), 'owner')).json().moderation.reviewRequested).toBe(false)
      expect((await call('GET', level(id))).statusCode).toBe(200)
      expect(await listIds('/sonolus/levels/list?title=Glowing')).toContain(id)
      expect(
        (await act({ target: { type: 'chart', id }, action: 'restore', reason: 'again' })).statusCode,
      ).toBe(400)
    })

    it('deletes a chart with a reason; the owner keeps the notice', async () => {
      const id = await newChartId({ title: 'Spam Chart' })
      const deleted = await act({ target: { type: 'chart', id }, action: 'delete', reason: 'Spam upload' })
      expect(deleted.json().entry).toMatchObject({ before: { title: 'Spam Chart' }, after: null })
      expect(await test.ctx.repos.charts.findById(id)).toBeUndefined()
      const notices = (await call('GET', '/sonolus/user/notices', 'owner')).json() as NoticesResponse
      expect(notices.entries[0]).toMatchObject({
        action: 'delete',
        targetLabel: 'Spam Chart',
        reason: 'Spam upload',
        moderator: null,
      })
    })
  })

  describe('comments', () => {
    it('hides, restores and deletes a comment; the count follows', async () => {
      const chartId = await newChartId()
      const name = await comment(chartId, 'rude words', 'bob')
      const count = async () => (await test.ctx.repos.charts.findById(chartId))!.commentNumber
      expect(await count()).toBe(1)
      expect(
        (await act({ target: { type: 'comment', id: name }, action: 'hide', reason: 'Insults' })).statusCode,
      ).toBe(200)
      expect(await count()).toBe(0)
      const list = (await call('GET', level(chartId, '/community/comments/list'))).json()
      expect(list.comments).toEqual([])
      expect((await call('GET', level(chartId, '/community/info'))).json().topComments).toEqual([])
      // Nobody replies to or reports what is hidden.
      const reply = await call('POST', level(chartId, `/community/comments/${name}/submit`), 'alice', {
        values: 'type=reply&content=hi',
      })
      expect(reply.statusCode).toBe(404)
      expect(
        (await act({ target: { type: 'comment', id: name }, action: 'restore', reason: 'Context' }))
          .statusCode,
      ).toBe(200)
      expect(await count()).toBe(1)
      expect(
        (await act({ target: { type: 'comment', id: name }, action: 'delete', reason: 'Insults again' }))
          .statusCode,
      ).toBe(200)
      expect(await count()).toBe(0)
      expect(
        (await act({ target: { type: 'comment', id: name }, action: 'restore', reason: 'x' })).statusCode,
      ).toBe(404)
      const notices = (await call('GET', '/sonolus/user/notices', 'bob')).json() as NoticesResponse
      expect(notices.entries.map((entry) => entry.action).slice(0, 3)).toEqual(['delete', 'restore', 'hide'])
    })
  })

  describe('users', () => {
    it('suspends for a duration: every change refused with the end and the reason, reading still works', async () => {
      const chartId = await newChartId()
      const before = Date.now()
      const suspended = await act({
        target: { type: 'user', id: PEOPLE.carol.handle },
        action: 'suspend',
        reason: 'Spamming',
        hours: 24,
      })
      expect(suspended.statusCode).toBe(200)
      const until = (suspended.json().entry as AuditEntry).after as { suspension: { until: number } }
      expect(until.suspension.until).toBeGreaterThanOrEqual(before + 24 * 3600_000)
      for (const [url, values] of [
        [level(chartId, '/community/submit'), 'type=like'],
        [level(chartId, '/community/submit'), 'type=rating&rating=4'],
        [level(chartId, '/community/submit'), 'type=comment&comment=hello'],
      ]) {
        const refused = await call('POST', url, 'carol', { values })
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({
          error: 'suspended',
          reason: 'Spamming',
          until: until.suspension.until,
        })
      }
      expect(
        (await call('POST', '/sonolus/levels/create', 'carol', { rulesAccepted: true })).json().error,
      ).toBe('suspended')
      expect((await call('POST', '/sonolus/levels/result/submit', 'carol', {})).json().error).toBe(
        'suspended',
      )
      expect((await call('GET', `/upload/${'a'.repeat(40)}?size=10&type=cover`, 'carol')).json().error).toBe(
        'suspended',
      )
      expect(
        (await report({ target: { type: 'chart', id: chartId }, reason: 'spam' }, 'carol')).json().error,
      ).toBe('suspended')
      // Reading goes on, and the site learns why.
      expect((await call('GET', level(chartId), 'carol')).statusCode).toBe(200)
      expect((await call('GET', '/sonolus/user/mine', 'carol')).json()).toMatchObject({
        role: 'user',
        suspension: { kind: 'suspend', until: until.suspension.until, reason: 'Spamming' },
      })
      // A suspension that has ended forbids nothing.
      await test.ctx.repos.moderation.setSuspension(PEOPLE.carol.id, {
        kind: 'suspend',
        until: Date.now() - 1,
        reason: 'Spamming',
      })
      // Written by hand (a suspension that ran out): the user's row that sessions keep is dropped as the
      // moderation actions drop it.
      test.ctx.auth.sessions.clear()
      expect(
        (await call('POST', level(chartId, '/community/submit'), 'carol', { values: 'type=like' }))
          .statusCode,
      ).toBe(200)
      expect(
        (await act({ target: { type: 'user', id: PEOPLE.carol.handle }, action: 'lift', reason: 'x' }))
          .statusCode,
      ).toBe(400)
    })

    it('bans without end and hides their charts; lifting shows again only what the ban hid', async () => {
      const ownHidden = await newChartId({ authorId: PEOPLE.bob.id, author: `Bob#${PEOPLE.bob.handle}` })
      const shown = await newChartId({ authorId: PEOPLE.bob.id, author: `Bob#${PEOPLE.bob.handle}` })
      await act({ target: { type: 'chart', id: ownHidden }, action: 'hide', reason: 'Broken' })
      const banned = await act({
        target: { type: 'user', id: PEOPLE.bob.handle },
        action: 'ban',
        reason: 'Repeated spam',
      })
      expect(banned.json().entry.after).toMatchObject({
        suspension: { kind: 'ban', until: null },
        hiddenCharts: [shown],
      })
      expect((await call('GET', level(shown))).statusCode).toBe(404)
      expect(
        (await call('POST', level(shown, '/community/submit'), 'bob', { values: 'type=like' })).json(),
      ).toMatchObject({
        error: 'suspended',
        until: null,
      })
      const lifted = await act({
        target: { type: 'user', id: PEOPLE.bob.handle },
        action: 'lift',
        reason: 'Appeal accepted',
      })
      expect(lifted.json().entry.after).toMatchObject({ suspension: null, shownCharts: [shown] })
      expect((await call('GET', level(shown))).statusCode).toBe(200)
      expect((await call('GET', level(ownHidden))).statusCode).toBe(404)
    })

    it('changes a suspension in force, and refuses to suspend again or to ban twice', async () => {
      const dave = { type: 'user', id: PEOPLE.dave.handle }
      const chartId = await newChartId({ authorId: PEOPLE.dave.id, author: `Dave#${PEOPLE.dave.handle}` })
      expect((await act({ target: dave, action: 'change', reason: 'x', hours: 1 })).json()).toMatchObject({
        code: 400,
        message: 'This user is not suspended',
      })
      expect((await act({ target: dave, action: 'suspend', reason: 'Spam', hours: 24 })).statusCode).toBe(200)
      const again = await act({ target: dave, action: 'suspend', reason: 'More spam', hours: 72 })
      expect(again.statusCode).toBe(400)
      expect(again.json().message).toMatch(/suspended already/)

      const before = Date.now()
      const changed = await act({ target: dave, action: 'change', reason: 'Apologised', hours: 1 })
      expect(changed.statusCode).toBe(200)
      const entry = changed.json().entry as AuditEntry
      expect(entry).toMatchObject({
        action: 'change',
        before: { suspension: { kind: 'suspend', reason: 'Spam' } },
        after: { suspension: { kind: 'suspend', reason: 'Apologised' } },
      })
      const until = (entry.after as { suspension: { until: number } }).suspension.until
      expect(until).toBeGreaterThanOrEqual(before + 3600_000)
      expect(until).toBeLessThan(before + 2 * 3600_000)
      expect((await call('GET', '/sonolus/user/mine', 'dave')).json().suspension).toEqual({
        kind: 'suspend',
        until,
        reason: 'Apologised',
      })
      expect((await act({ target: dave, action: 'change', reason: 'x', hours: 0 })).statusCode).toBe(400)

      // A suspension becomes a ban; a ban is not banned again; changed back, the ban's charts show.
      const banned = await act({ target: dave, action: 'ban', reason: 'Spam again' })
      expect(banned.json().entry.after).toMatchObject({ hiddenCharts: [chartId] })
      expect((await act({ target: dave, action: 'ban', reason: 'x' })).json().message).toMatch(
        /banned already/,
      )
      const eased = await act({ target: dave, action: 'change', reason: 'Last chance', hours: 72 })
      expect(eased.json().entry).toMatchObject({
        before: { suspension: { kind: 'ban', until: null } },
        after: { suspension: { kind: 'suspend', reason: 'Last chance' }, shownCharts: [chartId] },
      })
      expect((await call('GET', level(chartId))).statusCode).toBe(200)

      // Nobody else changes it.
      expect((await act({ target: dave, action: 'change', reason: 'x', hours: 1 }, 'alice')).statusCode).toBe(
        401,
      )
      // Told in the app in plain words.
      const posts = (await call('GET', '/sonolus/posts/list?localization=en', 'dave')).json()
      expect(posts.items.map((item: { title: string }) => item.title)).toContain(
        'Your suspension was changed',
      )
    })

    it('shows moderators an account by handle with its suspension, even with nothing public', async () => {
      const erin = { type: 'user', id: PEOPLE.erin.handle }
      const url = `/sonolus/moderation/users/${PEOPLE.erin.handle}`
      expect((await call('GET', url, 'admin')).json()).toEqual({
        code: 200,
        handle: PEOPLE.erin.handle,
        name: 'Erin',
        moderator: false,
        suspension: null,
      })
      expect((await act({ target: erin, action: 'ban', reason: 'Stolen charts' })).statusCode).toBe(200)
      // Erin has nothing public, and her ban is what moderators look her up for.
      expect((await call('GET', url, 'admin')).json()).toMatchObject({
        suspension: { kind: 'ban', until: null, reason: 'Stolen charts' },
      })
      expect(
        (await call('GET', `/sonolus/moderation/users/${PEOPLE.admin.handle}`, 'admin')).json(),
      ).toMatchObject({ moderator: true, suspension: null })
      expect((await call('GET', '/sonolus/moderation/users/0000', 'admin')).statusCode).toBe(404)
      for (const as of [undefined, 'alice', 'erin'] as const)
        expect((await call('GET', url, as)).json()).toMatchObject({ code: 401, error: 'permission_denied2' })
    })

    it('shows the queue the author of a reported chart or comment with their suspension', async () => {
      const erinsChart = await newChartId({ authorId: PEOPLE.erin.id, author: `Erin#${PEOPLE.erin.handle}` })
      const adminsChart = await newChartId({
        authorId: PEOPLE.admin.id,
        author: `Admin#${PEOPLE.admin.handle}`,
      })
      const ownersChart = await newChartId()
      const name = await comment(ownersChart, 'a comment by the admin', 'admin')
      for (const target of [
        { type: 'chart', id: erinsChart },
        { type: 'chart', id: adminsChart },
        { type: 'comment', id: name },
      ])
        expect((await report({ target, reason: 'spam' })).statusCode).toBe(200)
      const queue = (await call('GET', '/sonolus/moderation/queue', 'admin')).json() as QueueResponse
      const previewOf = (id: string) => queue.groups.find((group) => group.target.id === id)?.preview
      expect(previewOf(erinsChart)).toMatchObject({
        authorSuspension: { kind: 'ban', until: null, reason: 'Stolen charts' },
        authorModerator: false,
      })
      expect(previewOf(adminsChart)).toMatchObject({ authorSuspension: null, authorModerator: true })
      expect(previewOf(name)).toMatchObject({ authorSuspension: null, authorModerator: true })
    })

    it('grants and revokes the role; moderators cannot be suspended, and ADMIN_HANDLES cannot be revoked here', async () => {
      const helper = { type: 'user', id: PEOPLE.helper.handle }
      expect((await call('GET', '/sonolus/moderation/queue', 'helper')).statusCode).toBe(401)
      expect((await act({ target: helper, action: 'grant', reason: 'Trusted' })).statusCode).toBe(200)
      expect((await call('GET', '/sonolus/user/mine', 'helper')).json().role).toBe('moderator')
      expect((await call('GET', '/sonolus/moderation/queue', 'helper')).statusCode).toBe(200)
      const moderators = (await call('GET', '/sonolus/moderation/moderators', 'helper')).json()
      expect(moderators.moderators).toEqual([
        expect.objectContaining({ handle: PEOPLE.admin.handle, source: 'config' }),
        expect.objectContaining({
          handle: PEOPLE.helper.handle,
          source: 'granted',
          grantedBy: `Admin#${PEOPLE.admin.handle}`,
        }),
      ])
      expect((await act({ target: helper, action: 'suspend', reason: 'x', hours: 1 })).statusCode).toBe(400)
      expect(
        (
          await act(
            { target: { type: 'user', id: PEOPLE.admin.handle }, action: 'revoke', reason: 'x' },
            'helper',
          )
        ).statusCode,
      ).toBe(400)
      expect(
        (
          await act(
            { target: { type: 'user', id: PEOPLE.admin.handle }, action: 'ban', reason: 'x' },
            'helper',
          )
        ).statusCode,
      ).toBe(400)
      expect((await act({ target: helper, action: 'revoke', reason: 'Stepped down' })).statusCode).toBe(200)
      expect((await call('GET', '/sonolus/moderation/queue', 'helper')).statusCode).toBe(401)
      expect((await act({ target: helper, action: 'suspend', reason: 'x', hours: 0 })).statusCode).toBe(400)
    })
  })

  describe('the audit log and notices', () => {
    it('keeps every action, append-only: the database refuses to change or remove an entry', async () => {
      const log = (await call('GET', '/sonolus/moderation/log', 'admin')).json()
      expect(log.entries.length).toBeGreaterThan(5)
      expect(log.entries[0].moderator).toMatch(/#/)
      await expect(sql`update moderation_log set reason = 'changed'`.execute(test.ctx.db.db)).rejects.toThrow(
        /append-only/,
      )
      await expect(sql`delete from moderation_log`.execute(test.ctx.db.db)).rejects.toThrow(/append-only/)
      const again = (await call('GET', '/sonolus/moderation/log', 'admin')).json()
      expect(again.entries).toEqual(log.entries)
    })

    it('filters the log by target', async () => {
      const id = await newChartId()
      await act({ target: { type: 'chart', id }, action: 'hide', reason: 'one' })
      await act({ target: { type: 'chart', id }, action: 'restore', reason: 'two' })
      const log = (await call('GET', `/sonolus/moderation/log?type=chart&id=${id}`, 'admin')).json()
      expect(log.entries.map((entry: AuditEntry) => entry.reason)).toEqual(['two', 'one'])
      expect((await call('GET', '/sonolus/moderation/log?type=chart', 'admin')).statusCode).toBe(400)
    })

    it("counts a user's unread notices in user/mine and the app's post badge; reading clears both", async () => {
      const id = await newChartId()
      // The badge counts all of one's unread notifications: none to start with.
      await call('POST', '/sonolus/user/notifications/read', 'owner', {})
      expect((await call('GET', '/sonolus/user/mine', 'owner')).json().unreadNotices).toBe(0)
      await act({ target: { type: 'chart', id }, action: 'hide', reason: 'Wrong level' })
      // Dismissing reports about them is not their notice.
      await report({ target: { type: 'user', id: PEOPLE.owner.handle }, reason: 'other' }, 'bob')
      await act({ target: { type: 'user', id: PEOPLE.owner.handle }, action: 'dismiss', reason: 'Unfounded' })
      expect((await call('GET', '/sonolus/user/mine', 'owner')).json().unreadNotices).toBe(1)
      const info = (await call('GET', '/sonolus/info', 'owner')).json()
      expect(
        info.buttons.find((button: { infoType?: string }) => button.infoType === 'notifications'),
      ).toEqual({
        type: 'post',
        title: '#NOTIFICATION',
        icon: 'bell',
        infoType: 'notifications',
        badgeCount: 1,
      })
      // The app: the notice is a post addressed to them; the list reads it.
      const posts = (await call('GET', '/sonolus/posts/list?localization=ja', 'owner')).json()
      expect(posts.items[0]).toMatchObject({
        version: 1,
        author: expect.any(String),
        title: expect.stringContaining('非表示'),
      })
      const details = (await call('GET', `/sonolus/posts/${posts.items[0].name}`, 'owner')).json()
      expect(details.description).toContain('Wrong level')
      expect((await call('GET', `/sonolus/posts/${posts.items[0].name}`, 'alice')).statusCode).toBe(404)
      expect((await call('GET', '/sonolus/user/mine', 'owner')).json().unreadNotices).toBe(0)
      const infoAfter = (await call('GET', '/sonolus/info', 'owner')).json()
      expect(
        infoAfter.buttons.find((button: { infoType?: string }) => button.infoType === 'notifications'),
      ).toEqual({ type: 'post', title: '#NOTIFICATION', icon: 'bell', infoType: 'notifications' })
    })

    it('dismisses the open reports on a target, and refuses when there are none', async () => {
      const id = await newChartId()
      await report({ target: { type: 'chart', id }, reason: 'broken' })
      expect(
        (await act({ target: { type: 'chart', id }, action: 'dismiss', reason: 'Plays fine' })).statusCode,
      ).toBe(200)
      expect(
        (await act({ target: { type: 'chart', id }, action: 'dismiss', reason: 'Plays fine' })).statusCode,
      ).toBe(400)
    })
  })

  describe('from the app (Sonolus forms)', () => {
    it('reports and hides a chart through its item actions', async () => {
      const id = await newChartId({ title: 'App Reported' })
      const forms = (await call('GET', level(id), 'alice')).json().actions
      expect(forms[0]).toMatchObject({
        type: 'report',
        title: '#REPORT',
        options: [{ query: 'reason', type: 'select' }, { query: 'note' }],
      })
      const reported = await call('POST', level(id, '/submit'), 'alice', {
        values: 'type=report&reason=copyright&note=official+jacket',
      })
      expect(reported.json()).toEqual({ key: '', hashes: [] })
      const queue = (await call('GET', '/sonolus/moderation/queue', 'admin')).json() as QueueResponse
      expect(queue.groups.find((group) => group.target.id === id)?.reports[0]).toMatchObject({
        reason: 'copyright',
        note: 'official jacket',
      })
      // The select untouched: the official web client sends only changed values, so the reason is not
      // required and an absent one is the form's default, "other".
      expect(forms[0].options[0]).toMatchObject({ required: false, def: 'other' })
      const untouched = await newChartId({ title: 'App Reported Untouched' })
      expect(
        (await call('POST', level(untouched, '/submit'), 'alice', { values: 'type=report' })).statusCode,
      ).toBe(200)
      const again = (await call('GET', '/sonolus/moderation/queue', 'admin')).json() as QueueResponse
      expect(again.groups.find((group) => group.target.id === untouched)?.reports[0]).toMatchObject({
        reason: 'other',
      })
      const adminForms = (await call('GET', level(id), 'admin')).json().actions
      expect(adminForms.map((form: { type: string }) => form.type)).toEqual(['report', 'hide', 'delete'])
      expect((await call('POST', level(id, '/submit'), 'admin', { values: 'type=hide' })).json().error).toBe(
        'empty_field',
      )
      const hidden = await call('POST', level(id, '/submit'), 'admin', {
        values: 'type=hide&reason=official+jacket',
      })
      expect(hidden.json()).toEqual({ key: '', hashes: [], shouldUpdateItem: true })
      expect((await call('GET', level(id))).statusCode).toBe(404)
      expect((await call('GET', level(id), 'owner')).json().moderation.reason).toBe('official jacket')
      const removed = await call('POST', level(id, '/submit'), 'admin', { values: 'type=delete&reason=gone' })
      expect(removed.json()).toEqual({ key: '', hashes: [], shouldRemoveItem: true })
    })

    it('reports and hides a comment through its comment actions', async () => {
      const chartId = await newChartId()
      const name = await comment(chartId, 'app spam', 'bob')
      const asAlice = (await call('GET', level(chartId, '/community/comments/list'), 'alice')).json()
      expect(asAlice.comments[0].actions.map((form: { type: string }) => form.type)).toEqual([
        'reply',
        'report',
      ])
      const asAdmin = (await call('GET', level(chartId, '/community/comments/list'), 'admin')).json()
      expect(asAdmin.comments[0].actions.map((form: { type: string }) => form.type)).toEqual([
        'reply',
        'report',
        'hide',
        'delete',
      ])
      const url = level(chartId, `/community/comments/${name}/submit`)
      expect((await call('POST', url, 'alice', { values: 'type=report&reason=spam' })).statusCode).toBe(200)
      expect((await call('POST', url, 'alice', { values: 'type=hide&reason=x' })).statusCode).toBe(401)
      const hidden = await call('POST', url, 'admin', { values: 'type=hide&reason=advertising' })
      expect(hidden.json()).toMatchObject({ shouldUpdateComments: true })
      expect((await call('GET', level(chartId, '/community/comments/list'))).json().comments).toEqual([])
    })
  })

  it('takes effect on every instance at once: no cached page or comment outlives a moderator action', async () => {
    const second = await openSecondInstance(test)
    try {
      const id = await newChartId({ title: 'Two Instances' })
      const name = await comment(id, 'seen twice', 'alice')
      const onSecond = (url: string) => second.app.inject({ url })
      // Cached on the second instance (anonymous pages and shared comment rows).
      for (let i = 0; i < 2; i++) {
        expect(
          (await onSecond('/sonolus/levels/list?title=Two')).json().rawItems.map((r: { id: string }) => r.id),
        ).toContain(id)
        expect((await onSecond(level(id, '/community/comments/list'))).json().comments).toHaveLength(1)
      }
      expect((await onSecond('/sonolus/levels/list?title=Two')).headers['x-cache']).toBe('HIT')
      // The first instance acts; the second's very next answers reflect it.
      await act({ target: { type: 'comment', id: name }, action: 'hide', reason: 'spam' })
      await act({ target: { type: 'chart', id }, action: 'hide', reason: 'assets' })
      expect((await onSecond('/sonolus/levels/list?title=Two')).json().rawItems).toEqual([])
      expect((await onSecond(level(id))).statusCode).toBe(404)
      await act({ target: { type: 'chart', id }, action: 'restore', reason: 'ok' })
      expect((await onSecond(level(id, '/community/comments/list'))).json().comments).toEqual([])
      expect((await onSecond('/sonolus/levels/list?title=Two')).json().rawItems).toHaveLength(1)
    } finally {
      await second.close()
    }
  })
})
