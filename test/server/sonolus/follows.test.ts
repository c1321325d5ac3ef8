// Following and notifications: follows from the site and the app, the announcement of a followed
// creator's newly published chart (fanned out by the background work, once), comments, replies, first
// ratings and moderation notices as notifications, read and unread, and the kinds one turns off. On SQLite
// and PostgreSQL; every answer is checked against its schema (CHECK_RESPONSES).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelFormBody, editValues } from '../../../common/api/uploads'
import { type Notification, type NotificationsResponse } from '../../../common/api/follows'
import { type UserDetailsResponse } from '../../../common/api/people'
import { mp3, png, sha1, sus } from '../../fixtures/media/media'
import { DIALECTS, openSecondInstance, openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { uploadFile } from '../helpers/upload'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'

const PEOPLE = {
  alice: { id: 'alice', handle: '7001', name: 'Alice' },
  bob: { id: 'bob', handle: '7002', name: 'Bob' },
  carol: { id: 'carol', handle: '7003', name: 'Carol' },
  dave: { id: 'dave', handle: '7004', name: 'Dave' },
  mod: { id: 'mod', handle: '7999', name: 'Mod' },
}
type Person = keyof typeof PEOPLE

describe.each(DIALECTS)('follows and notifications on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions = {} as Record<Person, string>
  let cover: Buffer
  const music = mp3(5, 440)
  const chart = sus(50)

  const call = (method: 'GET' | 'POST', url: string, as?: Person, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: as ? { authorization: sessions[as] } : {},
      ...(payload ? { payload } : {}),
    })
  const follow = (handle: string, on: boolean, as?: Person) =>
    call('POST', `/sonolus/users/${handle}/follow`, as, { follow: on })
  const notifications = async (as: Person, page = 0) => {
    const response = await call('GET', `/sonolus/user/notifications?page=${page}`, as)
    expect(response.statusCode).toBe(200)
    return response.json() as NotificationsResponse
  }
  const kinds = async (as: Person) => (await notifications(as)).items.map((item) => item.kind)
  const unread = async (as: Person) =>
    ((await call('GET', '/sonolus/user/notifications/unread', as)).json() as { unread: number }).unread

  const form = (overrides: Partial<LevelFormBody> = {}): LevelFormBody => ({
    title: 'Followed Song',
    composer: 'Writer',
    artists: 'Band',
    author: 'Alice',
    description: '',
    level: 12,
    isOliver: 0,
    isPublic: 1,
    tags: [],
    coverHash: sha1(cover),
    musicHash: sha1(music),
    susHash: sha1(chart),
    ...overrides,
  })
  const create = async (overrides: Partial<LevelFormBody> = {}, as: Person = 'alice') => {
    const response = await call('POST', '/sonolus/levels/create', as, {
      rulesAccepted: true,
      ...form(overrides),
    })
    expect(response.statusCode).toBe(200)
    return (response.json() as { id: string }).id
  }
  const edit = async (id: string, overrides: Partial<LevelFormBody>) => {
    const response = await call('POST', `/sonolus/levels/wbs-${id}/submit`, 'alice', {
      values: editValues(form(overrides)),
    })
    expect(response.statusCode).toBe(200)
  }
  const community = (id: string, values: string, as: Person) =>
    call('POST', `/sonolus/levels/wbs-${id}/community/submit`, as, { values })
  const commentName = async (id: string, text: string, as: Person) => {
    expect((await community(id, `type=comment&comment=${encodeURIComponent(text)}`, as)).statusCode).toBe(200)
    const list = (await call('GET', `/sonolus/levels/wbs-${id}/community/comments/list`, as)).json() as {
      comments: { name: string; content: string }[]
    }
    return list.comments.find((comment) => comment.content === text)!.name
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
    cover = await png(7, 300)
    for (const [bytes, kind] of [
      [cover, 'cover'],
      [music, 'music'],
      [chart, 'chart'],
    ] as const)
      expect((await uploadFile(test.app, sessions.alice, bytes, kind)).statusCode).toBe(201)
  })
  afterAll(() => test.cleanup())

  it('follows and unfollows from the site; the counts and the viewer’s state follow', async () => {
    const followed = await follow(PEOPLE.alice.handle, true, 'bob')
    expect(followed.statusCode).toBe(200)
    expect(followed.json()).toEqual({
      code: 200,
      followers: 1,
      following: 0,
      isFollowing: true,
      canFollow: true,
    })
    // Twice is still once.
    expect((await follow(PEOPLE.alice.handle, true, 'bob')).json()).toMatchObject({ followers: 1 })
    expect((await follow(PEOPLE.alice.handle, false, 'bob')).json()).toMatchObject({
      followers: 0,
      isFollowing: false,
    })
    expect((await follow(PEOPLE.alice.handle, false, 'bob')).statusCode).toBe(200)
    // Read alone (chart info's button): as Bob, as Alice herself, as a visitor; a missing user is 404.
    await follow(PEOPLE.alice.handle, true, 'bob')
    const state = async (as?: Person) =>
      (await call('GET', `/sonolus/users/${PEOPLE.alice.handle}/follow`, as)).json()
    expect(await state('bob')).toEqual({ followers: 1, following: 0, isFollowing: true, canFollow: true })
    expect(await state('alice')).toEqual({ followers: 1, following: 0, isFollowing: false, canFollow: false })
    expect(await state()).toEqual({ followers: 1, following: 0, isFollowing: false, canFollow: false })
    expect((await call('GET', '/sonolus/users/nobody-here/follow')).statusCode).toBe(404)
    await follow(PEOPLE.alice.handle, false, 'bob')
  })

  it('refuses following oneself (400), a missing user (404) and a visitor (401)', async () => {
    const self = await follow(PEOPLE.alice.handle, true, 'alice')
    expect(self.statusCode).toBe(400)
    expect(self.json()).toMatchObject({ error: 'bad_request', message: 'You cannot follow yourself' })
    const missing = await follow('no-such-handle', true, 'alice')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ error: 'not_found' })
    expect((await follow(PEOPLE.bob.handle, true)).statusCode).toBe(401)
    expect((await test.ctx.repos.follows.counts(PEOPLE.alice.id)).followers).toBe(0)
  })

  it('offers the app a follow form on a user page, which follows and unfollows', async () => {
    await create({ title: 'Page Song' }) // Alice's page needs something public.
    await test.ctx.media.fanouts()
    const details = async (as?: Person) => {
      const response = await call('GET', `/sonolus/users/${PEOPLE.alice.handle}`, as)
      expect(response.statusCode).toBe(200)
      return response.json() as UserDetailsResponse
    }
    expect((await details()).actions).toEqual([])
    expect((await details('alice')).actions).toEqual([])
    expect((await details('alice')).follow).toMatchObject({ canFollow: false, isFollowing: false })
    expect((await details('carol')).actions).toMatchObject([{ type: 'follow', icon: 'bell' }])
    const submit = (values: string) =>
      call('POST', `/sonolus/users/${PEOPLE.alice.handle}/submit`, 'carol', { values })
    expect((await submit('type=follow')).json()).toEqual({ key: '', hashes: [], shouldUpdateItem: true })
    const after = await details('carol')
    expect(after.actions).toMatchObject([{ type: 'unfollow', icon: 'bellSlash' }])
    expect(after.follow).toEqual({ followers: 1, following: 0, isFollowing: true, canFollow: true })
    expect((await submit('type=unfollow')).statusCode).toBe(200)
    expect((await details('carol')).follow.isFollowing).toBe(false)
    expect((await submit('type=dance')).statusCode).toBe(400)
  })

  it('tells each follower once of a public chart, from the background work; not others, not those who turned it off', async () => {
    for (const person of ['bob', 'dave'] as const)
      expect((await follow(PEOPLE.alice.handle, true, person)).statusCode).toBe(200)
    const off = await call('POST', '/sonolus/user/notifications/settings', 'dave', { off: ['chart'] })
    expect(off.json()).toEqual({ off: ['chart'] })
    const before = (await notifications('bob')).items.length
    const id = await create({ title: 'New For Followers' })
    // Off the request path: nothing until the background work runs.
    expect(await test.ctx.repos.follows.count(PEOPLE.bob.id)).toBe(before)
    expect(await test.ctx.media.fanouts()).toBeGreaterThanOrEqual(1)
    const bob = await notifications('bob')
    expect(bob.items[0]).toMatchObject({
      kind: 'chart',
      chartId: id,
      label: 'New For Followers',
      actor: 'Alice#7001',
      read: false,
    } satisfies Partial<Notification>)
    expect(bob.unread).toBeGreaterThanOrEqual(1)
    expect((await notifications('dave')).items.filter((item) => item.chartId === id)).toEqual([])
    expect((await notifications('carol')).items.filter((item) => item.chartId === id)).toEqual([])
    // Once: another pass, or the chart made private and public again, says nothing more.
    await test.ctx.media.fanouts()
    await edit(id, { title: 'New For Followers', isPublic: 0 })
    await edit(id, { title: 'New For Followers', isPublic: 1 })
    await test.ctx.media.fanouts()
    expect((await notifications('bob')).items.filter((item) => item.chartId === id)).toHaveLength(1)
  })

  it('announces a private chart when it is first made public, not before', async () => {
    const id = await create({ title: 'Kept Back', isPublic: 0 })
    await test.ctx.media.fanouts()
    const mentions = async () => (await notifications('bob')).items.filter((item) => item.chartId === id)
    expect(await mentions()).toEqual([])
    await edit(id, { title: 'Kept Back', isPublic: 1 })
    await test.ctx.media.fanouts()
    expect(await mentions()).toMatchObject([{ kind: 'chart', label: 'Kept Back' }])
  })

  it('lets one instance of two take an announcement', async () => {
    const second = await openSecondInstance(test)
    try {
      const id = await create({ title: 'Raced' })
      const [a, b] = await Promise.all([test.ctx.media.fanouts(), second.ctx.media.fanouts()])
      expect(a + b).toBe(1) // Bob alone wants it (Dave turned charts off).
      expect((await notifications('bob')).items.filter((item) => item.chartId === id)).toHaveLength(1)
    } finally {
      await second.close()
    }
  })

  it('tells a chart’s owner of comments and first ratings, and a writer of replies; never of one’s own', async () => {
    const id = await create({ title: 'Talked About' })
    const start = await test.ctx.repos.follows.count(PEOPLE.alice.id)
    const bobs = await commentName(id, 'Nice chart', 'bob')
    await commentName(id, 'My own note', 'alice')
    const newest = async (as: Person, n: number) => (await notifications(as)).items.slice(0, n)
    expect(await test.ctx.repos.follows.count(PEOPLE.alice.id)).toBe(start + 1)
    expect(await newest('alice', 1)).toMatchObject([
      { kind: 'comment', actor: 'Bob#7002', chartId: id, label: 'Nice chart' },
    ])
    // Alice replies to Bob: Bob hears of the reply.
    expect(
      (
        await call('POST', `/sonolus/levels/wbs-${id}/community/comments/${bobs}/submit`, 'alice', {
          values: 'type=reply&content=Thanks',
        })
      ).statusCode,
    ).toBe(200)
    expect(await newest('bob', 1)).toMatchObject([{ kind: 'reply', actor: 'Alice#7001', label: 'Thanks' }])
    // Carol replies to Alice's own comment on Alice's chart: Alice hears once, of the reply.
    const alices = await commentName(id, 'Owner speaking', 'alice')
    const before = await test.ctx.repos.follows.count(PEOPLE.alice.id)
    await call('POST', `/sonolus/levels/wbs-${id}/community/comments/${alices}/submit`, 'carol', {
      values: 'type=reply&content=Agreed',
    })
    expect(await test.ctx.repos.follows.count(PEOPLE.alice.id)).toBe(before + 1)
    expect(await newest('alice', 1)).toMatchObject([{ kind: 'reply', actor: 'Carol#7003' }])
    // A first rating is news; changing it is not; rating one's own chart is not.
    expect((await community(id, 'type=rating&rating=4', 'carol')).statusCode).toBe(200)
    expect(await newest('alice', 1)).toMatchObject([
      { kind: 'rating', actor: 'Carol#7003', label: 'Talked About' },
    ])
    const rated = await test.ctx.repos.follows.count(PEOPLE.alice.id)
    expect((await community(id, 'type=rating&rating=2', 'carol')).statusCode).toBe(200)
    expect((await community(id, 'type=rating&rating=5', 'alice')).statusCode).toBe(200)
    expect(await test.ctx.repos.follows.count(PEOPLE.alice.id)).toBe(rated)
  })

  it('makes a moderation notice a notification; the notices page reads it too', async () => {
    const id = await create({ title: 'Moderated Here' })
    const hidden = await call('POST', '/sonolus/moderation/actions', 'mod', {
      target: { type: 'chart', id },
      action: 'hide',
      reason: 'Official game art',
    })
    expect(hidden.statusCode).toBe(200)
    const [notice] = (await notifications('alice')).items
    expect(notice).toMatchObject({
      kind: 'moderation',
      actor: null,
      chartId: id,
      label: 'Moderated Here',
      read: false,
    })
    expect((await call('POST', '/sonolus/user/notices/read', 'alice')).statusCode).toBe(200)
    expect((await notifications('alice')).items.find((item) => item.id === notice.id)?.read).toBe(true)
  })

  it('marks some or all read, counts the unread, and pages', async () => {
    const all = await notifications('alice')
    expect(all.unread).toBeGreaterThan(1)
    expect(await unread('alice')).toBe(all.unread)
    const first = all.items.find((item) => !item.read)!
    const one = await call('POST', '/sonolus/user/notifications/read', 'alice', { ids: [first.id] })
    expect(one.json()).toEqual({ code: 200, unread: all.unread - 1 })
    // Someone else's id changes nothing of theirs.
    const bobFirst = (await notifications('bob')).items[0]
    await call('POST', '/sonolus/user/notifications/read', 'alice', { ids: [bobFirst.id] })
    expect((await notifications('bob')).items[0].read).toBe(bobFirst.read)
    expect((await call('POST', '/sonolus/user/notifications/read', 'alice', {})).json()).toEqual({
      code: 200,
      unread: 0,
    })
    expect((await notifications('alice')).items.every((item) => item.read)).toBe(true)
    // A page beyond the last is empty, not an error.
    expect((await notifications('alice', 50)).items).toEqual([])
  })

  it('counts pages only as far as ten pages on, so a long history is not counted whole', async () => {
    const start = Date.now()
    await test.ctx.db.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 400 }, (_, n) => ({
          id: `history-${String(n).padStart(3, '0')}`,
          userId: PEOPLE.dave.id,
          kind: 'rating',
          actor: 'Bob#7002',
          chartId: null,
          label: `Old ${n}`,
          commentId: null,
          logId: null,
          createdTime: start - 1_000_000 + n,
          readTime: start,
        })),
      )
      .execute()
    const total = await test.ctx.repos.follows.count(PEOPLE.dave.id)
    expect(total).toBeGreaterThanOrEqual(400)
    expect((await notifications('dave', 0)).pageCount).toBe(11)
    expect((await notifications('dave', 5)).pageCount).toBe(16)
    expect((await notifications('dave', 19)).pageCount).toBe(Math.ceil(total / 20))
    expect((await notifications('dave', 19)).items.length).toBeGreaterThan(0)
  })

  it('keeps read notifications 90 days and any a year; the janitor removes the rest', async () => {
    const now = Date.now()
    const day = 24 * 60 * 60_000
    const old = (id: string, age: number, read: boolean) => ({
      id,
      userId: PEOPLE.carol.id,
      kind: 'rating',
      actor: 'Bob#7002',
      chartId: null,
      label: id,
      commentId: null,
      logId: null,
      createdTime: now - age * day,
      readTime: read ? now - age * day : null,
    })
    await test.ctx.db.db
      .insertInto('notifications')
      .values([
        old('kept-read-10d', 10, true),
        old('gone-read-100d', 100, true),
        old('kept-unread-100d', 100, false),
        old('gone-unread-400d', 400, false),
      ])
      .execute()
    const result = await test.ctx.media.janitor(now)
    expect(result.notifications).toBe(2)
    const left = await test.ctx.db.db
      .selectFrom('notifications')
      .select('id')
      .where('id', 'in', ['kept-read-10d', 'gone-read-100d', 'kept-unread-100d', 'gone-unread-400d'])
      .orderBy('id')
      .execute()
    expect(left.map((row) => row.id)).toEqual(['kept-read-10d', 'kept-unread-100d'])
  })

  it('keeps each user’s choice of kinds and refuses unknown ones', async () => {
    expect((await call('GET', '/sonolus/user/notifications/settings', 'carol')).json()).toEqual({ off: [] })
    const set = await call('POST', '/sonolus/user/notifications/settings', 'carol', {
      off: ['rating', 'reply'],
    })
    expect(set.json()).toEqual({ off: ['rating', 'reply'] })
    const bad = await call('POST', '/sonolus/user/notifications/settings', 'carol', { off: ['spam'] })
    expect(bad.statusCode).toBe(400)
    expect((await call('GET', '/sonolus/user/notifications/settings', 'carol')).json()).toEqual({
      off: ['rating', 'reply'],
    })
    // Carol's own chart rated by Bob: she turned ratings off.
    const id = await create({ title: 'Carol Song' }, 'alice')
    await test.ctx.db.db
      .updateTable('charts')
      .set({ authorId: PEOPLE.carol.id, author: 'Carol#7003' })
      .where('id', '=', id)
      .execute()
    const before = await test.ctx.repos.follows.count(PEOPLE.carol.id)
    expect((await community(id, 'type=rating&rating=3', 'bob')).statusCode).toBe(200)
    expect(await test.ctx.repos.follows.count(PEOPLE.carol.id)).toBe(before)
  })

  it('gives the app its notifications as posts: the badge, a section, a list that reads, details with the chart', async () => {
    const id = await create({ title: 'For The App' })
    await test.ctx.media.fanouts()
    const unreadBefore = await unread('bob')
    expect(unreadBefore).toBeGreaterThan(0)
    const info = (await call('GET', '/sonolus/info', 'bob')).json() as {
      buttons: { type: string; badgeCount?: number }[]
    }
    // The badge is on the Notifications button, which opens the posts' info on them alone.
    expect(info.buttons.filter((button) => button.type === 'post')).toEqual([
      { type: 'post' },
      {
        type: 'post',
        title: '#NOTIFICATION',
        icon: 'bell',
        infoType: 'notifications',
        badgeCount: unreadBefore,
      },
    ])
    const sections = (await call('GET', '/sonolus/posts/info?localization=ja', 'bob')).json() as {
      sections: {
        title: string
        searchValues: string
        items: { name: string; title: string; tags: { title: string }[] }[]
      }[]
    }
    const section = sections.sections.find((entry) => entry.title === '#NOTIFICATION')!
    expect(section.searchValues).toBe('kind=notifications')
    expect(section.items[0]).toMatchObject({
      title: 'Aliceさんが「For The App」を公開しました',
      tags: [{ title: '新着' }, { title: '#LEVEL' }],
    })
    // Opening it reads it, and holds the chart for the app to open.
    const name = section.items[0].name
    expect((await call('GET', `/sonolus/posts/${name}`, 'carol')).statusCode).toBe(404)
    const details = (await call('GET', `/sonolus/posts/${name}`, 'bob')).json() as {
      description: string
      sections: { itemType: string; items: { name: string }[] }[]
    }
    expect(details.description).toBe('Alice published "For The App"')
    expect(details.sections).toMatchObject([{ itemType: 'level', items: [{ name: `wbs-${id}` }] }])
    expect(await unread('bob')).toBe(unreadBefore - 1)
    // The list (the default for a signed-in player) reads its page; the badge goes.
    const list = (await call('GET', '/sonolus/posts/list', 'bob')).json() as { items: { name: string }[] }
    expect(list.items[0].name).toBe(name)
    expect(await unread('bob')).toBe(0)
    const after = (await call('GET', '/sonolus/info', 'bob')).json() as { buttons: { type: string }[] }
    expect(after.buttons.filter((button) => button.type === 'post')).toEqual([
      { type: 'post' },
      { type: 'post', title: '#NOTIFICATION', icon: 'bell', infoType: 'notifications' },
    ])
    // A visitor still gets the news.
    expect((await call('GET', '/sonolus/posts/list')).statusCode).toBe(200)
  })

  it('refuses a publish time in the past, more than a year ahead, or not a time (create_failed)', async () => {
    const now = Date.now()
    for (const publishAt of [now - 1000, now + 366 * 24 * 60 * 60_000, 'soon']) {
      const response = await call('POST', '/sonolus/levels/create', 'alice', {
        rulesAccepted: true,
        ...form({ title: 'Bad Schedule' }),
        publishAt,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'create_failed' })
    }
    expect((await test.ctx.repos.charts.listByAuthor(PEOPLE.alice.id)).map((row) => row.title)).not.toContain(
      'Bad Schedule',
    )
  })

  it('keeps a scheduled chart private until the background work publishes it, then tells the followers', async () => {
    const at = Date.now() + 60_000
    const id = await create({ title: 'Scheduled Song', publishAt: at })
    const row = (await test.ctx.repos.charts.findById(id))!
    expect(row).toMatchObject({ isPublic: 0, scheduledTime: at })
    // Its owner sees the schedule; nobody else sees the chart.
    const own = (await call('GET', `/sonolus/levels/wbs-${id}`, 'alice')).json() as {
      rawItem: { scheduledTime: number | null }
    }
    expect(own.rawItem.scheduledTime).toBe(at)
    expect((await call('GET', `/sonolus/levels/wbs-${id}`, 'bob')).statusCode).toBe(404)
    await test.ctx.media.fanouts()
    const mentions = async () => (await notifications('bob')).items.filter((item) => item.chartId === id)
    expect(await mentions()).toEqual([])
    // Not before its time.
    expect(await test.ctx.media.publishScheduled(at - 1)).toBe(0)
    // Two instances at its time: one publishes it.
    const second = await openSecondInstance(test)
    try {
      const [a, b] = await Promise.all([
        test.ctx.media.publishScheduled(at),
        second.ctx.media.publishScheduled(at),
      ])
      expect(a + b).toBe(1)
    } finally {
      await second.close()
    }
    expect(await test.ctx.repos.charts.findById(id)).toMatchObject({
      isPublic: 1,
      scheduledTime: null,
      publishTime: at,
    })
    expect((await call('GET', `/sonolus/levels/wbs-${id}`, 'bob')).statusCode).toBe(200)
    await test.ctx.media.fanouts()
    expect(await mentions()).toMatchObject([{ kind: 'chart', label: 'Scheduled Song' }])
  })

  it('moves, cancels or overrides a schedule by an edit', async () => {
    const at = Date.now() + 120_000
    const id = await create({ title: 'Moved Song', publishAt: at })
    // An edit that says nothing of it keeps it.
    await edit(id, { title: 'Moved Song', isPublic: 0 })
    expect((await test.ctx.repos.charts.findById(id))!.scheduledTime).toBe(at)
    // Moved: the old time no longer publishes it.
    await edit(id, { title: 'Moved Song', isPublic: 0, publishAt: at + 60_000 })
    expect(await test.ctx.media.publishScheduled(at)).toBe(0)
    expect((await test.ctx.repos.charts.findById(id))!.scheduledTime).toBe(at + 60_000)
    // Cancelled: private, unscheduled.
    await edit(id, { title: 'Moved Song', isPublic: 0, publishAt: null })
    expect(await test.ctx.repos.charts.findById(id)).toMatchObject({ isPublic: 0, scheduledTime: null })
    // Scheduled again, then made public at once: the schedule goes.
    await edit(id, { title: 'Moved Song', isPublic: 0, publishAt: at })
    await edit(id, { title: 'Moved Song', isPublic: 1 })
    expect(await test.ctx.repos.charts.findById(id)).toMatchObject({ isPublic: 1, scheduledTime: null })
  })

  it('answers a visitor 401 on every notification call', async () => {
    for (const [method, url] of [
      ['GET', '/sonolus/user/notifications'],
      ['GET', '/sonolus/user/notifications/unread'],
      ['POST', '/sonolus/user/notifications/read'],
      ['GET', '/sonolus/user/notifications/settings'],
    ] as const)
      expect((await call(method, url, undefined, method === 'POST' ? {} : undefined)).statusCode).toBe(401)
    expect(await kinds('carol')).toBeDefined()
  })
})
