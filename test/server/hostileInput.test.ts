// Hostile input that used to give a 500 or got stored, on SQLite and PostgreSQL: control characters in
// searches (stripped) and in stored text (refused), lengths in code points, replayed signed requests,
// deep or heavy signed profiles, a handle that moves to another user id, and the anonymous response cache
// dropping only the pages a change touches. Every refusal leaves nothing stored, and the app answers
// the next request.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMENT_MAX_LENGTH } from '../../common/rules'
import { MAX_TAG_LENGTH, MAX_TITLE_LENGTH, editValues } from '../../common/api/uploads'
import { Auth } from '../../server/auth/auth'
import { createSignatureVerifier } from '../../server/auth/signature'
import { signBody, testPublicKey, testPublicKeyEnv, userProfile } from '../fixtures/keys/sign'
import { png, sha1 } from '../fixtures/media/media'
import { hex, newChart } from './helpers/charts'
import { DIALECTS, openTestApp } from './helpers/context'
import { appSession, giveLoginCode, postSigned, TEST_PUBLIC_URL } from './helpers/sessions'
import { loginCodeIn } from '../../scripts/dev-app-login'
import { uploadFile } from './helpers/upload'

const EMOJI = '\u{1F3B5}' // one code point, two UTF-16 units
/** P-256's group order: (r, n − s) verifies whatever (r, s) does. */
const P256_N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551')
const twinSignature = (signature: string) => {
  const bytes = Buffer.from(signature, 'base64')
  const s = BigInt(`0x${bytes.subarray(32).toString('hex')}`)
  const twin = Buffer.from((P256_N - s).toString(16).padStart(64, '0'), 'hex')
  return Buffer.concat([bytes.subarray(0, 32), twin]).toString('base64')
}

describe.each(DIALECTS)('hostile input on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const db = () => test.ctx.db.db
  const count = async (table: 'users' | 'sessions' | 'charts' | 'comments' | 'seenSignatures') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const healthy = async () => {
    const health = await test.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({ status: 'ok' })
  }
  const post = (url: string, payload: string, signature: string | undefined) =>
    postSigned(test.app, url, payload, signature)
  const appBody = (profile: Record<string, unknown>, time = Date.now()) =>
    JSON.stringify({ type: 'authenticateServer', address: TEST_PUBLIC_URL, time, userProfile: profile })

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    for (const [id, handle, name] of [
      ['alice', '3001', 'Alice'],
      ['bob', '3002', 'Bob'],
    ])
      sessions[id] = await appSession(test.app, { id, handle, name })
  })
  afterAll(async () => test.cleanup())

  describe('control characters in searches are stripped, never a 500', () => {
    const match = hex(0x5e1, 32)
    beforeAll(async () => {
      await test.ctx.repos.charts.insert(
        newChart(0x5e1, {
          id: match,
          title: 'abcdef',
          artists: 'abcdef band',
          author: 'abcdef#3001',
          authorId: 'alice',
          tags: '["abcdef"]',
        }),
      )
      await test.ctx.repos.charts.insert(newChart(0x5e2, { title: 'other', artists: 'other', tags: '["x"]' }))
    })

    const FIELDS = ['keywords', 'title', 'artists', 'author', 'tag']
    // NUL (FTS5 and PostgreSQL refuse it), other C0, DEL, C1, a noncharacter: stripped. Bytes that are not
    // UTF-8 (a lone surrogate's) arrive as U+FFFD, an ordinary character: searched for as it is.
    const NOISE = ['%00', '%01', '%1B', '%7F', '%C2%85', '%C2%9F', '%EF%BF%BE']
    it.each(FIELDS)('%s: 200 with the chart the rest of the text names', async (field) => {
      const list = (text: string) =>
        test.app.inject({ method: 'GET', url: `/sonolus/levels/list?${field}=${text}` })
      for (const noise of [...NOISE, '%ED%A0%80', '%FF']) {
        for (const text of [`abc${noise}def`, noise, `${noise}${noise}abcdef`, `ab${noise}`]) {
          const response = await list(text)
          expect(response.statusCode, `${field}=${text}`).toBe(200)
          const ids = response.json().rawItems.map((item: { id: string }) => item.id)
          if (NOISE.includes(noise) && text.includes('def')) expect(ids, `${field}=${text}`).toEqual([match])
        }
      }
      // Signed in (no cache), and with the advanced form's type, too.
      const fresh = await test.app.inject({
        method: 'GET',
        url: `/sonolus/levels/list?type=advanced&${field}=abc%00def`,
        headers: { authorization: sessions.alice },
      })
      expect(fresh.statusCode).toBe(200)
      expect(fresh.json().rawItems.map((item: { id: string }) => item.id)).toEqual([match])
      await healthy()
    })

    it('a NUL in a comment name is a 404, not a 500', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: `/sonolus/levels/wbs-${match}/community/comments/a%00b/submit`,
        headers: { authorization: sessions.alice },
        payload: { values: 'type=delete' },
      })
      expect(response.statusCode).toBe(404)
      expect(response.json().error).toBe('not_found')
      await healthy()
    })

    it('a NUL in any other path is a 404 and in any other query a 400, never a 500', async () => {
      for (const url of [
        `/sonolus/levels/wbs-${match}%00`,
        `/sonolus/levels/wbs-${match}/leaderboards/arc%00Score`,
        `/sonolus/replays/replay-%00`,
        `/sonolus/skins/a%00b`,
        `/upload/sessions/%00`,
      ]) {
        const response = await test.app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(404)
        expect(response.json().error).toBe('not_found')
      }
      for (const url of [
        `/sonolus/levels/wbs-${match}/community/comments/list?page=%00`,
        `/sonolus/levels/wbs-${match}/leaderboards/arcScore/records/list?page=1%00`,
        `/sonolus/skins/list?keywords=%00`,
      ]) {
        const response = await test.app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(400)
        expect(response.json().error).toBe('bad_request')
      }
      await healthy()
    })
  })

  describe('control characters in comments are refused; lengths count code points', () => {
    const chartId = hex(0xc0, 32)
    const base = `/sonolus/levels/wbs-${chartId}`
    const comment = (values: string, as = 'bob') =>
      test.app.inject({
        method: 'POST',
        url: `${base}/community/submit`,
        headers: { authorization: sessions[as] },
        payload: { values },
      })
    const comments = async () =>
      db().selectFrom('comments').select(['id', 'content']).where('chartId', '=', chartId).execute()
    const commentNumber = async () => (await test.ctx.repos.charts.findById(chartId))!.commentNumber

    beforeAll(async () => {
      await test.ctx.repos.charts.insert(newChart(0xc0, { id: chartId, authorId: 'alice' }))
    })

    // (A lone surrogate cannot travel in the URL-encoded values: it arrives as U+FFFD.)
    it.each(['0000', '0007', '001b', '007f', '0085', '009b', 'fdd0', 'fffe'])(
      'refuses a comment holding U+%s with 400 bad_request, storing nothing',
      async (code) => {
        const before = await commentNumber()
        const char = String.fromCodePoint(parseInt(code, 16))
        const response = await comment(`type=comment&comment=${encodeURIComponent(`hi ${char} there`)}`)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toMatchObject({ code: 400, error: 'bad_request' })
        expect(await commentNumber()).toBe(before)
        expect((await comments()).every((row) => !row.content.includes(char))).toBe(true)
      },
    )

    it('keeps line breaks (CR LF as LF) and tabs', async () => {
      const before = await commentNumber()
      const response = await comment(`type=comment&comment=${encodeURIComponent('line one\r\n\tline two')}`)
      expect(response.statusCode).toBe(200)
      expect((await comments()).map((row) => row.content)).toContain('line one\n\tline two')
      expect(await commentNumber()).toBe(before + 1)
    })

    it(`takes ${COMMENT_MAX_LENGTH} emoji (${COMMENT_MAX_LENGTH} code points) and refuses one more`, async () => {
      const before = await commentNumber()
      const over = await comment(`type=comment&comment=${encodeURIComponent(EMOJI.repeat(2001))}`)
      expect(over.statusCode).toBe(400)
      expect(over.json()).toMatchObject({ code: 400, error: 'bad_request' })
      expect(await commentNumber()).toBe(before)
      const full = await comment(`type=comment&comment=${encodeURIComponent(EMOJI.repeat(2000))}`)
      expect(full.statusCode).toBe(200)
      expect(await commentNumber()).toBe(before + 1)
      expect((await comments()).map((row) => row.content)).toContain(EMOJI.repeat(2000))
    })

    it('refuses control characters in a reply and an edit too, changing nothing', async () => {
      const [first] = await comments()
      const act = (values: string) =>
        test.app.inject({
          method: 'POST',
          url: `${base}/community/comments/${first.id}/submit`,
          headers: { authorization: sessions.bob },
          payload: { values },
        })
      const before = await count('comments')
      for (const values of [
        `type=reply&content=${encodeURIComponent('a\u0000b')}`,
        `type=edit&content=${encodeURIComponent('a\u0001b')}`,
      ]) {
        const response = await act(values)
        expect(response.statusCode, values).toBe(400)
        expect(response.json().error).toBe('bad_request')
      }
      expect(await count('comments')).toBe(before)
      expect((await comments()).find((row) => row.id === first.id)?.content).toBe(first.content)
    })
  })

  describe('control characters in chart fields are refused; lengths count code points', () => {
    let cover: Buffer
    const form = (overrides: Record<string, unknown> = {}) => ({
      title: 'Clean',
      composer: 'Writer',
      artists: 'Band',
      author: 'Alice',
      description: 'Two\nlines',
      level: 5,
      isOliver: 0,
      isPublic: 1,
      tags: ['ok'],
      coverHash: sha1(cover),
      ...overrides,
    })
    const create = (body: unknown) =>
      test.app.inject({
        method: 'POST',
        url: '/sonolus/levels/create',
        headers: { authorization: sessions.alice },
        payload: { rulesAccepted: true, ...(body as object) },
      })

    beforeAll(async () => {
      cover = await png(0x77, 300)
      expect((await uploadFile(test.app, sessions.alice, cover, 'cover')).statusCode).toBe(201)
    })

    const BAD: [string, Record<string, unknown>][] = [
      ['a NUL in the title', { title: 'Bad\u0000title' }],
      ['a tab in the title', { title: 'Bad\ttitle' }],
      ['a line break in the composer', { composer: 'Bad\ncomposer' }],
      ['ESC in the artists', { artists: 'Bad\u001bartists' }],
      ['a C1 control in the author', { author: 'Bad\u0085author' }],
      ['DEL in the description', { description: 'Bad\u007fdescription' }],
      ['a lone surrogate in the description', { description: 'Bad\ud800' }],
      ['a noncharacter in a tag', { tags: ['fine', 'bad\uffff'] }],
      ['a NUL in a tag', { tags: ['bad\u0000'] }],
      [`${MAX_TITLE_LENGTH + 1} emoji in the title`, { title: EMOJI.repeat(MAX_TITLE_LENGTH + 1) }],
      [`a tag of ${MAX_TAG_LENGTH + 1} emoji`, { tags: [EMOJI.repeat(MAX_TAG_LENGTH + 1)] }],
    ]
    it.each(BAD)('refuses %s with 400 create_failed and creates nothing', async (_label, bad) => {
      const before = await count('charts')
      const response = await create(form(bad))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 400, error: 'create_failed' })
      expect(await count('charts')).toBe(before)
    })

    it('counts code points: 200-emoji title and 32-emoji tag are taken; CR LF and tabs stay in the description', async () => {
      const response = await create(
        form({
          title: EMOJI.repeat(MAX_TITLE_LENGTH),
          author: `${EMOJI.repeat(70)}#x`,
          tags: [EMOJI.repeat(MAX_TAG_LENGTH)],
          description: 'one\r\n\ttwo\rthree',
        }),
      )
      expect(response.statusCode, response.body).toBe(200)
      const row = (await test.ctx.repos.charts.findById(response.json().id))!
      expect(row.title).toBe(EMOJI.repeat(MAX_TITLE_LENGTH))
      expect(JSON.parse(row.tags)).toEqual([EMOJI.repeat(MAX_TAG_LENGTH)])
      expect(row.description).toBe('one\n\ttwo\nthree')
      // The author's name is cut at 64 code points, never through an emoji.
      expect(row.author).toBe(`${EMOJI.repeat(64)}#3001`)

      // An edit goes through the same checks.
      const edit = (values: Record<string, unknown>) =>
        test.app.inject({
          method: 'POST',
          url: `/sonolus/levels/wbs-${row.id}/submit`,
          headers: { authorization: sessions.alice },
          payload: { values: editValues(form(values) as never) },
        })
      const refused = await edit({ title: 'New\u0000title' })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toBe('create_failed')
      expect((await test.ctx.repos.charts.findById(row.id))!.title).toBe(row.title)
    })
  })

  describe('a signed request is accepted once', () => {
    const profile = userProfile({ id: 'replayer', handle: '3100', name: 'Replayer' })
    const userSessions = async (userId: string) =>
      Number(
        (
          await db()
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('userId', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      )

    it('POST /sonolus/authenticate: the same body 3 times gives one session, then 401 not_login twice', async () => {
      const body = appBody(profile)
      const signature = signBody(body)
      const answers = []
      for (let i = 0; i < 3; i++) answers.push(await post('/sonolus/authenticate', body, signature))
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 401])
      for (const answer of answers.slice(1))
        expect(answer.json()).toMatchObject({ code: 401, error: 'not_login' })
      expect(await userSessions('replayer')).toBe(1)
      // The twin signature (r, n − s) verifies the same bytes: refused as well.
      const twin = await post('/sonolus/authenticate', body, twinSignature(signature))
      expect(twin.statusCode).toBe(401)
      expect(await userSessions('replayer')).toBe(1)
      // Another instance (another Auth on the same database) refuses it too.
      const other = new Auth(test.ctx.repos, test.ctx.config, createSignatureVerifier(testPublicKey))
      await expect(
        other.authenticateApp(Buffer.from(body), signature, JSON.parse(body)),
      ).rejects.toMatchObject({
        statusCode: 401,
        key: 'not_login',
      })
      expect(await userSessions('replayer')).toBe(1)
      // A fresh signed request still signs in.
      const again = appBody(profile, Date.now() + 1)
      expect((await post('/sonolus/authenticate', again, signBody(again))).statusCode).toBe(200)
      expect(await userSessions('replayer')).toBe(2)
      await healthy()
    })

    it('the web login callback: the same body 3 times binds once, then 401 not_login twice', async () => {
      const login = await test.app.inject({
        method: 'GET',
        url: '/sonolus/user/login',
        remoteAddress: '10.9.9.9',
      })
      const { sessionId } = login.json() as { sessionId: string }
      const hash = createHash('sha1').update(sessionId).digest('hex')
      const body = JSON.stringify({
        type: 'authenticateExternal',
        url: `${TEST_PUBLIC_URL}/sonolus/web/authenticate/${hash}`,
        time: Date.now(),
        userProfile: userProfile({ id: 'web-replayer', handle: '3101', name: 'Web Replayer' }),
      })
      const signature = signBody(body)
      const answers = []
      for (let i = 0; i < 3; i++)
        answers.push(await post(`/sonolus/web/authenticate/${hash}`, body, signature))
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 401])
      for (const answer of answers.slice(1))
        expect(answer.json()).toMatchObject({ code: 401, error: 'not_login' })
      // The session starts when the browser gives the code the first answer carried.
      expect(await userSessions('web-replayer')).toBe(0)
      const code = loginCodeIn((answers[0].json() as { message: string }).message)!
      expect((await giveLoginCode(test.app, sessionId, code)).statusCode).toBe(200)
      expect(await userSessions('web-replayer')).toBe(1)
      await healthy()
    })

    it('forgets a signature once its time window is over', async () => {
      await db()
        .insertInto('seenSignatures')
        .values({ hash: 'f'.repeat(64), expiresTime: 1 })
        .execute()
      const body = appBody(userProfile({ id: 'cleaner', handle: '3102', name: 'Cleaner' }))
      expect((await post('/sonolus/authenticate', body, signBody(body))).statusCode).toBe(200)
      const hashes = (await db().selectFrom('seenSignatures').select('hash').execute()).map((row) => row.hash)
      expect(hashes).not.toContain('f'.repeat(64))
      expect(hashes).toContain(createHash('sha256').update(body).digest('hex'))
    })
  })

  describe('signed profiles are bounded', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    const deepBody = (depth: number, id: string) =>
      `{"type":"authenticateServer","address":"${TEST_PUBLIC_URL}","time":${Date.now()},"userProfile":{"id":"${id}","handle":"3200","name":"Deep","favorites":${nested(depth)}}}`

    it.each([
      ['nested 100,000 levels deep', 100_000],
      ['nested 1,000 levels deep', 1000],
      ['nested 20 levels deep', 20],
    ])('refuses a profile %s with 400 bad_request, storing nothing', async (_label, depth) => {
      const users = await count('users')
      const sessionCount = await count('sessions')
      const body = deepBody(depth, `deep-${depth}`)
      const response = await post('/sonolus/authenticate', body, signBody(body))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 400, error: 'bad_request' })
      expect(await count('users')).toBe(users)
      expect(await count('sessions')).toBe(sessionCount)
      await healthy()
    })

    it('refuses any JSON body nested too deeply, signed or not', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/sonolus/levels/create',
        headers: { 'content-type': 'application/json', authorization: sessions.alice },
        payload: `{"title":${nested(100_000)}}`,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 400, error: 'bad_request' })
      await healthy()
    })

    it('refuses a profile over 64 KiB, and an id or handle with control characters', async () => {
      const users = await count('users')
      for (const profile of [
        { ...userProfile({ id: 'heavy', handle: '3201', name: 'Heavy' }), aboutMe: 'x'.repeat(70_000) },
        userProfile({ id: 'ctl\u0000id', handle: '3202', name: 'Ctl' }),
        userProfile({ id: 'ctl-handle', handle: '32\u000103', name: 'Ctl' }),
        userProfile({ id: 'fake-released', handle: '~alice', name: 'Fake' }),
      ]) {
        const body = appBody(profile)
        const response = await post('/sonolus/authenticate', body, signBody(body))
        expect(response.statusCode, profile.id).toBe(400)
        expect(response.json()).toMatchObject({ code: 400, error: 'bad_request' })
      }
      expect(await count('users')).toBe(users)
      // A name's control characters are stripped instead.
      const body = appBody(userProfile({ id: 'named', handle: '3203', name: 'Na\u0000me\tX' }))
      expect((await post('/sonolus/authenticate', body, signBody(body))).statusCode).toBe(200)
      expect((await test.ctx.repos.users.findById('named'))?.name).toBe('Name X')
      await healthy()
    })

    it('moves a handle to a new user id: the old row gives it up, its charts keep their author_id', async () => {
      const oldSession = await appSession(test.app, { id: 'old-id', handle: '3300', name: 'Old' })
      const chartId = hex(0x3300, 32)
      await test.ctx.repos.charts.insert(
        newChart(0x3300, { id: chartId, authorId: 'old-id', author: 'Old#3300' }),
      )
      const body = appBody(userProfile({ id: 'new-id', handle: '3300', name: 'New' }))
      const response = await post('/sonolus/authenticate', body, signBody(body))
      expect(response.statusCode, response.body).toBe(200)
      expect(await test.ctx.repos.users.findById('new-id')).toMatchObject({ handle: '3300', name: 'New' })
      expect(await test.ctx.repos.users.findById('old-id')).toMatchObject({ handle: '~old-id', name: 'Old' })
      expect((await test.ctx.repos.charts.findById(chartId))?.authorId).toBe('old-id')
      // Neither may delete the chart now: the old user's handle is not on it, the new user is not its author.
      for (const session of [oldSession, (response.json() as { session: string }).session]) {
        const denied = await test.app.inject({
          method: 'POST',
          url: `/sonolus/levels/wbs-${chartId}/submit`,
          headers: { authorization: session },
          payload: { values: 'type=delete' },
        })
        expect(denied.statusCode).toBe(401)
      }
      expect(await test.ctx.repos.charts.findById(chartId)).toBeDefined()
      // When Sonolus gives it back, it moves back.
      await appSession(test.app, { id: 'old-id', handle: '3300', name: 'Old' })
      expect((await test.ctx.repos.users.findById('old-id'))?.handle).toBe('3300')
      expect((await test.ctx.repos.users.findById('new-id'))?.handle).toBe('~new-id')
      await healthy()
    })
  })

  describe('the anonymous response cache drops only what a change touches', () => {
    const a = hex(0xca, 32)
    const b = hex(0xcb, 32)
    const get = (url: string) => test.app.inject({ method: 'GET', url })

    beforeAll(async () => {
      // Different authors: neither is in the other's "other charts" section.
      await test.ctx.repos.charts.insert(
        newChart(0xca, { id: a, authorId: 'alice', author: 'Alice#3001', title: 'Alpha cache' }),
      )
      await test.ctx.repos.charts.insert(
        newChart(0xcb, { id: b, authorId: 'bob', author: 'Bob#3002', title: 'Bravo cache' }),
      )
      // The background work drops list pages on its own schedule (trending, scheduled charts): stopped, so
      // that what is dropped here is what the requests drop.
      await test.ctx.media.stop()
      test.ctx.cache.clear()
    })

    it('a like on chart A refreshes A’s pages and the lists showing A, and keeps chart B’s', async () => {
      const urls = {
        detailsA: `/sonolus/levels/wbs-${a}`,
        detailsB: `/sonolus/levels/wbs-${b}`,
        commentsB: `/sonolus/levels/wbs-${b}/community/comments/list`,
        listA: '/sonolus/levels/list?title=alpha',
        listB: '/sonolus/levels/list?title=bravo',
      }
      for (const url of Object.values(urls)) expect((await get(url)).headers['x-cache'], url).toBe('MISS')
      for (const url of Object.values(urls)) expect((await get(url)).headers['x-cache'], url).toBe('HIT')
      const bBefore = (await get(urls.detailsB)).body

      const like = await test.app.inject({
        method: 'POST',
        url: `/sonolus/levels/wbs-${a}/community/submit`,
        headers: { authorization: sessions.bob },
        payload: { values: 'type=like' },
      })
      expect(like.statusCode).toBe(200)

      const detailsA = await get(urls.detailsA)
      expect(detailsA.headers['x-cache']).toBe('MISS')
      expect(detailsA.json().rawItem.likeNumber).toBe(1)
      const listA = await get(urls.listA)
      expect(listA.headers['x-cache']).toBe('MISS')
      expect(listA.json().rawItems[0].likeNumber).toBe(1)
      for (const url of [urls.detailsB, urls.commentsB, urls.listB])
        expect((await get(url)).headers['x-cache'], url).toBe('HIT')
      expect((await get(urls.detailsB)).body).toBe(bBefore)
      // Signed-in viewers other than its owner share one answer; its owner has their own.
      const asAlice = () =>
        test.app.inject({ method: 'GET', url: urls.detailsB, headers: { authorization: sessions.alice } })
      expect((await asAlice()).headers['x-cache']).toBe('MISS')
      expect((await asAlice()).headers['x-cache']).toBe('HIT')
      expect((await asAlice()).json().actions.map((form: { type: string }) => form.type)).toEqual(['report'])
      const asBob = await test.app.inject({
        method: 'GET',
        url: urls.detailsB,
        headers: { authorization: sessions.bob },
      })
      expect(asBob.json().actions.map((form: { type: string }) => form.type)).toEqual(['invite', 'delete'])
    })

    it('a deleted chart drops its pages and every list, and keeps other charts’ details', async () => {
      const victim = hex(0xcc, 32)
      await test.ctx.repos.charts.insert(
        newChart(0xcc, { id: victim, authorId: 'alice', author: 'Alice#3001' }),
      )
      const urls = [
        `/sonolus/levels/wbs-${victim}`,
        '/sonolus/levels/list?title=bravo',
        `/sonolus/levels/wbs-${b}`,
      ]
      for (const url of urls) await get(url)
      for (const url of urls) expect((await get(url)).headers['x-cache'], url).toBe('HIT')
      const deleted = await test.app.inject({
        method: 'POST',
        url: `/sonolus/levels/wbs-${victim}/submit`,
        headers: { authorization: sessions.alice },
        payload: { values: 'type=delete' },
      })
      expect(deleted.statusCode).toBe(200)
      expect((await get(urls[0])).statusCode).toBe(404)
      expect((await get(urls[1])).headers['x-cache']).toBe('MISS')
      expect((await get(urls[2])).headers['x-cache']).toBe('HIT')
    })
  })
})
