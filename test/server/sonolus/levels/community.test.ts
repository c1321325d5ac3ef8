// Community (docs/protocol.md §7; docs/spec.md §2, §6–§8) on SQLite and PostgreSQL: likes, ratings and comments,
// the permission matrix (anonymous, another user, the author), and exact counters under concurrency.
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHART_LIMITS, COMMENT_MAX_LENGTH, COMMENT_RATE_LIMIT } from '../../../../common/rules'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openTestApp } from '../../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../../helpers/sessions'
import { CommunityCommentListSchema, CommunityInfoSchema } from '../../../../common/api/schemas/protocol'

const infoSchema = TypeCompiler.Compile(CommunityInfoSchema)
const listSchema = TypeCompiler.Compile(CommunityCommentListSchema)

describe.each(DIALECTS)('community on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const chartId = hex(21, 32)
  const privateId = hex(22, 32)
  const base = `/sonolus/levels/wbs-${chartId}`

  // Each person from an address of their own, as people are: one address holds only so many requests at once.
  const addresses = new Map<string, string>()
  const addressOf = (as: string) => {
    if (!addresses.has(as)) addresses.set(as, `10.0.${addresses.size >> 8}.${addresses.size & 255}`)
    return addresses.get(as)!
  }
  const call = (method: 'GET' | 'POST', url: string, as?: string, values?: string) =>
    test.app.inject({
      method,
      url,
      remoteAddress: as ? addressOf(as) : undefined,
      headers: as ? { authorization: sessions[as] } : {},
      ...(method === 'POST' ? { payload: { values: values ?? '' } } : {}),
    })
  const chart = async () => (await test.ctx.repos.charts.findById(chartId))!

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    for (const [id, handle, name] of [
      ['owner', '2001', 'Owner'],
      ['alice', '2002', 'Alice'],
      ['bob', '2003', 'Bob'],
    ])
      sessions[id] = await appSession(test.app, { id, handle, name })
    await test.ctx.repos.charts.insert(newChart(21, { id: chartId, authorId: 'owner', author: 'Owner#2001' }))
    await test.ctx.repos.charts.insert(
      newChart(22, { id: privateId, authorId: 'owner', author: 'Owner#2001', isPublic: 0 }),
    )
  })
  afterAll(async () => test.cleanup())

  describe('likes and ratings', () => {
    it('likes and un-likes as a toggle; repeats change nothing', async () => {
      for (const [values, expected] of [
        ['type=like', 1],
        ['type=like', 1],
        ['type=dislike', 0],
        ['type=dislike', 0],
        ['type=like', 1],
      ] as const) {
        const response = await call('POST', `${base}/community/submit`, 'alice', values)
        expect(response.statusCode).toBe(200)
        expect(response.json()).toMatchObject({
          key: '',
          hashes: [],
          shouldUpdateCommunity: true,
          newLike: expected,
        })
      }
      expect((await chart()).likeNumber).toBe(1)
      expect((await call('GET', `${base}/community/status`, 'alice')).json()).toEqual({
        isLike: true,
        isRating: false,
        rating: 0,
      })
    })

    it('takes the action from the query too, as the site sends it', async () => {
      const response = await call('POST', `${base}/community/submit?type=like`, 'bob')
      expect(response.json()).toMatchObject({ newLike: 2 })
      await call('POST', `${base}/community/submit?type=dislike`, 'bob')
    })

    it('rates 1–5 (step 1), re-rates, and unrates, keeping the average exact', async () => {
      expect(
        (await call('POST', `${base}/community/submit`, 'alice', 'type=rating&rating=4')).json(),
      ).toMatchObject({
        newRating: 4,
        newRatingNumber: 1,
      })
      expect(
        (await call('POST', `${base}/community/submit?type=rating&rating=1`, 'bob')).json(),
      ).toMatchObject({
        newRating: 2.5,
        newRatingNumber: 2,
      })
      expect(
        (await call('POST', `${base}/community/submit`, 'bob', 'type=rating&rating=5')).json(),
      ).toMatchObject({
        newRating: 4.5,
        newRatingNumber: 2,
      })
      expect((await call('POST', `${base}/community/submit`, 'bob', 'type=unrating')).json()).toMatchObject({
        newRating: 4,
        newRatingNumber: 1,
      })
      for (const bad of ['0', '6', '2.5', 'x', ''])
        expect(
          (await call('POST', `${base}/community/submit`, 'bob', `type=rating&rating=${bad}`)).statusCode,
        ).toBe(400)
      expect(await chart()).toMatchObject({ rating: 4, ratingNumber: 1 })
    })

    it('offers the app forms that reflect the state: unlike once liked, the slider at the rating', async () => {
      const info = (await call('GET', `${base}/community/info`, 'alice')).json()
      expect(infoSchema.Errors(info).First()?.message).toBeUndefined()
      const types = info.actions.map((form: { type: string }) => form.type)
      expect(types).toEqual(['dislike', 'rating', 'unrating', 'comment'])
      expect(info.actions[1].options[0]).toMatchObject({ type: 'slider', def: 4, min: 1, max: 5, step: 1 })
      const fresh = (await call('GET', `${base}/community/info`, 'bob')).json()
      expect(fresh.actions.map((form: { type: string }) => form.type)).toEqual(['like', 'rating', 'comment'])
      expect(fresh.actions[1].options[0].def).toBe(5)
    })

    it('rates with the slider untouched: the form sends no value, and the default it showed counts', async () => {
      // The official web client sends only values that differ from their default, so the
      // slider is not required and an absent rating is the form's default.
      const form = (await call('GET', `${base}/community/info`, 'bob')).json().actions[1]
      expect(form.options[0]).toMatchObject({ query: 'rating', required: false, def: 5 })
      expect((await call('POST', `${base}/community/submit`, 'bob', 'type=rating')).statusCode).toBe(200)
      expect((await call('GET', `${base}/community/status`, 'bob')).json()).toMatchObject({
        isRating: true,
        rating: 5,
      })
      // Once rated, the slider shows one's rating, and an untouched submit keeps it.
      expect((await call('POST', `${base}/community/submit`, 'bob', 'type=rating&rating=2')).statusCode).toBe(
        200,
      )
      expect((await call('POST', `${base}/community/submit`, 'bob', 'type=rating')).statusCode).toBe(200)
      expect((await call('GET', `${base}/community/status`, 'bob')).json()).toMatchObject({ rating: 2 })
      expect((await call('POST', `${base}/community/submit`, 'bob', 'type=unrating')).statusCode).toBe(200)
    })
  })

  describe('comments', () => {
    let first: string

    it('posts a comment and says which page holds it', async () => {
      const response = await call(
        'POST',
        `${base}/community/submit`,
        'alice',
        `type=comment&comment=${encodeURIComponent('Nice **chart**')}`,
      )
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ shouldUpdateComments: true, shouldNavigateCommentsToPage: 0 })
      const list = (await call('GET', `${base}/community/comments/list?page=0`, 'alice')).json()
      expect(listSchema.Errors(list).First()?.message).toBeUndefined()
      expect(list).toMatchObject({ pageCount: 1, total: 1 })
      // The app shows plain text; the site renders the markdown it was written in.
      expect(list.comments[0]).toMatchObject({
        author: 'Alice#2002',
        content: 'Nice chart',
        markdown: 'Nice **chart**',
      })
      expect(typeof list.comments[0].time).toBe('number')
      first = list.comments[0].name
      expect((await chart()).commentNumber).toBe(1)
    })

    it('refuses empty and over-long comments', async () => {
      const empty = await call('POST', `${base}/community/submit`, 'alice', 'type=comment&comment=%20%20')
      expect(empty.statusCode).toBe(400)
      expect(empty.json()).toMatchObject({
        error: 'empty_field',
        message: 'Please complete all required fields and try again.',
      })
      const long = await call(
        'POST',
        `${base}/community/submit`,
        'alice',
        `type=comment&comment=${'x'.repeat(COMMENT_MAX_LENGTH + 1)}`,
      )
      expect(long.statusCode).toBe(400)
      expect((await chart()).commentNumber).toBe(1)
    })

    it('gives each viewer only the actions they may use', async () => {
      const actions = async (as?: string) =>
        (await call('GET', `${base}/community/comments/list`, as))
          .json()
          .comments[0].actions.map((form: { type: string }) => form.type)
      expect(await actions('alice')).toEqual(['reply', 'edit', 'delete'])
      // Someone else's comment: reply, or report it.
      expect(await actions('bob')).toEqual(['reply', 'report'])
      expect(await actions()).toEqual([])
    })

    it('replies with a quote of the parent, recording it', async () => {
      const response = await call(
        'POST',
        `${base}/community/comments/${first}/submit`,
        'bob',
        'type=reply&content=Thanks!',
      )
      expect(response.statusCode).toBe(200)
      const list = (await call('GET', `${base}/community/comments/list`, 'bob')).json()
      expect(list.comments[1]).toMatchObject({
        author: 'Bob#2003',
        parent: first,
        content: '│ Alice#2002: Nice chart\n\nThanks!',
        markdown: '> Alice#2002: Nice **chart**\n\nThanks!',
      })
    })

    it('lets only the author edit and delete', async () => {
      for (const as of [undefined, 'bob', 'owner']) {
        for (const values of ['type=edit&content=hijack', 'type=delete']) {
          const response = await call('POST', `${base}/community/comments/${first}/submit`, as, values)
          expect(response.statusCode).toBe(401)
          expect(response.json()).toMatchObject({ error: 'permission_denied2' })
        }
      }
      const edited = await call(
        'POST',
        `${base}/community/comments/${first}/submit?type=edit`,
        'alice',
        'content=Edited text',
      )
      expect(edited.statusCode).toBe(200)
      let list = (await call('GET', `${base}/community/comments/list`, 'alice')).json()
      expect(list.comments[0]).toMatchObject({ content: 'Edited text', edited: true })
      expect(
        (await call('POST', `${base}/community/comments/${first}/submit`, 'alice', 'type=delete')).statusCode,
      ).toBe(200)
      list = (await call('GET', `${base}/community/comments/list`, 'alice')).json()
      expect(list.comments.map((comment: { name: string }) => comment.name)).not.toContain(first)
      expect(list.total).toBe(1)
      expect((await chart()).commentNumber).toBe(1)
      expect(
        (await call('POST', `${base}/community/comments/${first}/submit`, 'alice', 'type=delete')).statusCode,
      ).toBe(404)
    })

    it(`rate-limits comments to ${COMMENT_RATE_LIMIT} a minute per user`, async () => {
      let status = 200
      let posted = 0
      while (status === 200 && posted < COMMENT_RATE_LIMIT + 2) {
        status = (await call('POST', `${base}/community/submit`, 'owner', `type=comment&comment=n${posted}`))
          .statusCode
        if (status === 200) posted++
      }
      expect(posted).toBe(COMMENT_RATE_LIMIT)
      expect(status).toBe(429)
      // When to try again, in the header and in the body the site reads.
      const refused = await call('POST', `${base}/community/submit`, 'owner', 'type=comment&comment=again')
      expect(refused.json()).toMatchObject({ code: 429, error: 'rate_limited', retryAfter: 60 })
      expect(refused.headers['retry-after']).toBe('60')
    })
  })

  describe('feedback at a moment', () => {
    const feedbackId = hex(24, 32)
    const at = `/sonolus/levels/wbs-${feedbackId}`
    const list = async (as?: string, query = '') =>
      (await call('GET', `${at}/community/comments/list?page=0${query}`, as)).json() as {
        total: number
        pageCount: number
        comments: {
          name: string
          content: string
          moment?: number
          resolved?: boolean
          actions: { type: string }[]
        }[]
      }

    beforeAll(async () => {
      await test.ctx.repos.charts.insert(
        newChart(24, { id: feedbackId, authorId: 'owner', author: 'Owner#2001' }),
      )
    })

    it('keeps the moment a comment or reply is about, and names it to the app', async () => {
      const posted = await call(
        'POST',
        `${at}/community/submit`,
        'alice',
        'type=comment&comment=Too dense here&moment=83.5',
      )
      expect(posted.statusCode, posted.body).toBe(200)
      expect(
        (await call('POST', `${at}/community/submit`, 'bob', 'type=comment&comment=Lovely')).statusCode,
      ).toBe(200)
      const [dense, lovely] = (await list('bob')).comments
      expect(dense).toMatchObject({ moment: 83.5, content: '[1:23.5] Too dense here' })
      expect(dense).not.toHaveProperty('resolved')
      expect(lovely).not.toHaveProperty('moment')
      const reply = await call(
        'POST',
        `${at}/community/comments/${lovely.name}/submit`,
        'alice',
        'type=reply&content=Agreed&moment=12',
      )
      expect(reply.statusCode).toBe(200)
      expect((await list()).comments[2]).toMatchObject({ moment: 12 })
    })

    it('refuses a moment that is not a time in seconds within a chart', async () => {
      for (const moment of ['-1', 'abc', '1e3', '83.55555', '1:73', '1:2', String(CHART_LIMITS.beats + 1)]) {
        const refused = await call(
          'POST',
          `${at}/community/submit`,
          'bob',
          `type=comment&comment=x&moment=${encodeURIComponent(moment)}`,
        )
        expect(refused.statusCode, moment).toBe(400)
        expect(refused.json()).toMatchObject({
          error: 'bad_request',
          message: expect.stringMatching(/moment/),
        })
      }
      expect((await list()).total).toBe(3)
    })

    it('lets only the chart’s owner resolve and reopen feedback, and lists open and resolved apart', async () => {
      const [dense] = (await list()).comments
      // Only the owner is offered the form, and only the owner may use it.
      expect((await list('owner')).comments[0].actions.map((form) => form.type)).toContain('resolve')
      expect((await list('alice')).comments[0].actions.map((form) => form.type)).not.toContain('resolve')
      for (const as of [undefined, 'alice', 'bob']) {
        const refused = await call(
          'POST',
          `${at}/community/comments/${dense.name}/submit`,
          as,
          'type=resolve',
        )
        expect(refused.statusCode).toBe(401)
      }
      // The page the others share was kept before: the owner's resolve still reaches everyone at once.
      expect((await list('bob')).comments[0]).not.toHaveProperty('resolved')
      const resolved = await call(
        'POST',
        `${at}/community/comments/${dense.name}/submit`,
        'owner',
        'type=resolve',
      )
      expect(resolved.statusCode, resolved.body).toBe(200)
      expect((await list('bob')).comments[0]).toMatchObject({ name: dense.name, resolved: true })
      expect((await list()).comments[0]).toMatchObject({ resolved: true })
      expect((await list('owner')).comments[0].actions.map((form) => form.type)).toContain('reopen')

      const open = await list('bob', '&state=open')
      expect(open.total).toBe(2)
      expect(open.comments.map((comment) => comment.name)).not.toContain(dense.name)
      const done = await list(undefined, '&state=resolved')
      expect(done).toMatchObject({ total: 1, pageCount: 1 })
      expect(done.comments.map((comment) => comment.name)).toEqual([dense.name])
      expect((await call('GET', `${at}/community/comments/list?state=closed`)).statusCode).toBe(400)

      expect(
        (await call('POST', `${at}/community/comments/${dense.name}/submit`, 'owner', 'type=reopen'))
          .statusCode,
      ).toBe(200)
      expect((await list(undefined, '&state=resolved')).total).toBe(0)
      expect((await list('bob')).comments[0]).not.toHaveProperty('resolved')
    })

    it('offers the app a moment in its comment form, typed as minutes and seconds', async () => {
      const info = (await call('GET', `${at}/community/info`, 'bob')).json()
      const form = info.actions.find((action: { type: string }) => action.type === 'comment')
      expect(form.options.map((option: { query: string }) => option.query)).toEqual(['comment', 'moment'])
      expect(form.options[1]).toMatchObject({ type: 'text', required: false, def: '', name: '#TIME' })
      const posted = await call(
        'POST',
        `${at}/community/submit`,
        'bob',
        'type=comment&comment=Early&moment=2:05.5',
      )
      expect(posted.statusCode, posted.body).toBe(200)
      const comments = (await list()).comments
      expect(comments.at(-1)).toMatchObject({ moment: 125.5, content: '[2:05.5] Early' })
      // The app's untouched field sends nothing (or nothing but spaces): no moment.
      await call('POST', `${at}/community/submit`, 'bob', 'type=comment&comment=Later&moment=%20')
      expect((await list()).comments.at(-1)).not.toHaveProperty('moment')
    })
  })

  describe('permissions', () => {
    const writes = [
      ['community/submit', 'type=like'],
      ['community/submit', 'type=dislike'],
      ['community/submit', 'type=rating&rating=3'],
      ['community/submit', 'type=unrating'],
      ['community/submit', 'type=comment&comment=hi'],
    ] as const

    it.each(writes)(
      'anonymous %s %s gets 401 permission_denied2 and changes nothing',
      async (path, values) => {
        const before = await chart()
        const response = await call('POST', `${base}/${path}`, undefined, values)
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ error: 'permission_denied2' })
        expect(await chart()).toEqual(before)
      },
    )

    it('anonymous comment actions (reply, edit, delete) get 401', async () => {
      const name = (await call('GET', `${base}/community/comments/list`)).json().comments[0].name
      for (const values of ['type=reply&content=x', 'type=edit&content=x', 'type=delete'])
        expect(
          (await call('POST', `${base}/community/comments/${name}/submit`, undefined, values)).statusCode,
        ).toBe(401)
    })

    it("keeps a private chart's community to its owner", async () => {
      const priv = `/sonolus/levels/wbs-${privateId}`
      // A visitor is asked to sign in (it may be the owner); anyone else signed in finds nothing there.
      for (const [as, status, error] of [
        [undefined, 401, 'permission_denied2'],
        ['alice', 404, 'not_found'],
      ] as const) {
        expect((await call('GET', `${priv}/community/info`, as)).statusCode).toBe(status)
        expect((await call('GET', `${priv}/community/comments/list`, as)).statusCode).toBe(status)
        expect((await call('POST', `${priv}/community/submit`, as, 'type=like')).json()).toMatchObject({
          error,
        })
      }
      expect((await call('POST', `${priv}/community/submit`, 'owner', 'type=like')).json()).toMatchObject({
        newLike: 1,
      })
    })
  })

  describe('concurrency', () => {
    const concurrentId = hex(23, 32)
    const concurrent = `/sonolus/levels/wbs-${concurrentId}`
    const users = Array.from({ length: 50 }, (_, n) => `crowd-${n}`)

    beforeAll(async () => {
      await test.ctx.repos.charts.insert(
        newChart(23, { id: concurrentId, authorId: 'owner', author: 'Owner#2001' }),
      )
      for (const [n, id] of users.entries())
        sessions[id] = await appSession(test.app, { id, handle: String(3000 + n), name: id })
    })

    it('50 parallel likes and un-likes, and 50 parallel ratings, leave exact counters', async () => {
      const liking = await Promise.all(
        users.map((id) => call('POST', `${concurrent}/community/submit`, id, 'type=like')),
      )
      // Half un-like while everyone rates at once.
      const acting = await Promise.all([
        ...users
          .filter((_, n) => n % 2 === 0)
          .map((id) => call('POST', `${concurrent}/community/submit`, id, 'type=dislike')),
        ...users.map((id, n) =>
          call('POST', `${concurrent}/community/submit`, id, `type=rating&rating=${1 + (n % 5)}`),
        ),
      ])
      // Every request was answered (a refusal would be a lost action, not a wrong counter).
      expect(
        [...liking, ...acting].map((response) => `${response.statusCode} ${response.body.slice(0, 120)}`),
      ).toEqual(Array.from({ length: liking.length + acting.length }, () => expect.stringMatching(/^200 /)))
      const row = (await test.ctx.repos.charts.findById(concurrentId))!
      expect(row.likeNumber).toBe(25)
      expect(row.ratingNumber).toBe(50)
      // A serial recount: ratings 1..5 ten times each average 3.
      const expected = users.reduce((sum, _, n) => sum + 1 + (n % 5), 0) / users.length
      expect(row.rating).toBeCloseTo(expected, 10)
      let liked = 0
      for (const id of users) if ((await test.ctx.repos.community.status(concurrentId, id)).isLike) liked++
      expect(liked).toBe(row.likeNumber)
    })
  })
})
