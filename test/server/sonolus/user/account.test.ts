// People's data, on SQLite and PostgreSQL: the archive a signed-in user downloads (by a single-use link that
// grants no session), and the deletion of their account: sessions end on every instance at once, comments
// show as from "Deleted user", charts go (or stay under "Deleted user"), records leave the leaderboards,
// counters are recounted, the moderation log keeps its entries.
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { putBuffer } from '../../../../server/storage/putFile'
import { exportsRunning } from '../../../../server/services/accounts'
import { counterMismatches } from '../../../../server/db/backup'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { png, sha1 } from '../../../fixtures/media/media'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openSecondInstance, openTestApp } from '../../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../../helpers/sessions'

describe.each(DIALECTS)('people’s data on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const aliceChart = hex(61, 32)
  const aliceOther = hex(62, 32)
  const bobChart = hex(63, 32)
  const daveChart = hex(64, 32)
  let cover: Buffer

  const call = (method: 'GET' | 'POST', url: string, as?: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: as ? { authorization: sessions[as] } : {},
      ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
    })
  const community = (as: string, chartId: string, values: string) =>
    call('POST', `/sonolus/levels/wbs-${chartId}/community/submit`, as, { values })
  let records = 0
  const record = (userId: string, chartId: string, score: number) =>
    test.ctx.repos.transaction((trx) =>
      trx.leaderboards.addRecord(
        {
          id: hex(1000 + records++, 32),
          chartId,
          userId,
          player: userId,
          grade: 'clear',
          arcadeScore: score,
          accuracyScore: score,
          combo: 10,
          perfect: 10,
          great: 0,
          good: 0,
          miss: 0,
          totalCount: 10,
          dataHash: sha1(Buffer.from(`data ${score}`)),
          configurationHash: sha1(Buffer.from(`configuration ${score}`)),
          replayTitle: `${userId} ${score}`,
          createdTime: Date.now(),
          version: 1,
        },
        [{ board: 'arcScore', sortKey: -score }],
      ),
    )
  const boardNames = async (chartId: string) =>
    (
      (
        await call('GET', `/sonolus/levels/wbs-${chartId}/leaderboards/arcScore/records/list?page=0`)
      ).json() as {
        records: { player: string }[]
      }
    ).records.map((row) => row.player)

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    for (const [id, handle, name] of [
      ['alice', '5001', 'Alice'],
      ['bob', '5002', 'Bob'],
      ['carol', '5003', 'Carol'],
      ['dave', '5004', 'Dave'],
    ])
      sessions[id] = await appSession(test.app, { id, handle, name })
    cover = await png(61, 64)
    const coverHash = await putBuffer(test.ctx.blobStore, test.ctx.repos, cover, 'image/png')
    const chart = (n: number, id: string, authorId: string, author: string) =>
      test.ctx.repos.charts.insert(newChart(n, { id, authorId, author, coverHash }))
    await chart(61, aliceChart, 'alice', 'Alice#5001')
    await chart(62, aliceOther, 'alice', 'Alice#5001')
    await chart(63, bobChart, 'bob', 'Bob#5002')
    await chart(64, daveChart, 'dave', 'Dave#5004')
  })
  afterAll(async () => test.cleanup())

  /** Alice's footprint: likes, a rating, comments, a record, a playlist, follows, both ways. */
  const fillFootprint = async (who: string, ownChart: string, otherChart: string) => {
    expect((await community(who, otherChart, 'type=like')).statusCode).toBe(200)
    expect((await community(who, otherChart, 'type=rating&rating=5')).statusCode).toBe(200)
    expect((await community(who, otherChart, `type=comment&comment=${who}%20was%20here`)).statusCode).toBe(
      200,
    )
    expect((await community('carol', ownChart, 'type=like')).statusCode).toBe(200)
    expect((await community('carol', ownChart, 'type=comment&comment=carol%20on%20it')).statusCode).toBe(200)
    await record(who, otherChart, who === 'alice' ? 900 : 950)
    await record('carol', otherChart, 800)
    const playlist = await call('POST', '/sonolus/playlists/create', who, {
      title: `${who}'s list`,
      description: '',
      isPublic: true,
    })
    expect(playlist.statusCode, playlist.body).toBe(200)
    const id = (playlist.json() as { id: string }).id
    expect(
      (await call('POST', `/sonolus/playlists/wbp-${id}/add`, who, { chartId: otherChart })).statusCode,
    ).toBe(200)
    expect((await call('POST', '/sonolus/users/5003/follow', who, { follow: true })).statusCode).toBe(200)
    expect(
      (
        await call('POST', `/sonolus/users/${who === 'alice' ? 5001 : 5004}/follow`, 'carol', {
          follow: true,
        })
      ).statusCode,
    ).toBe(200)
  }

  it('gives a signed-in user their archive through a single-use link that grants no session', async () => {
    await fillFootprint('alice', aliceChart, bobChart)
    expect((await call('POST', '/sonolus/user/export')).statusCode).toBe(401)
    const made = await call('POST', '/sonolus/user/export', 'alice')
    expect(made.statusCode, made.body).toBe(200)
    const { url } = made.json() as { url: string }
    expect(url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/sonolus/user/export/[\\w-]{24}$`))
    const path = new URL(url).pathname
    // The key opens this download only: it is no session.
    const asSession = await test.app.inject({
      url: '/sonolus/user/mine',
      headers: { authorization: path.split('/').pop()! },
    })
    expect(asSession.json()).toEqual({ code: 401 })

    const download = await test.app.inject({ url: path })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/zip')
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="sirius-charts-5001-\d{4}-\d\d-\d\d\.zip"$/,
    )
    const files = unzipSync(download.rawPayload)
    const json = (name: string) => JSON.parse(Buffer.from(files[name]).toString('utf8'))
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        `charts/${aliceChart}/chart.json`,
        `charts/${aliceChart}/cover.png`,
        `charts/${aliceOther}/chart.json`,
        'comments.json',
        'ratings.json',
        'likes.json',
        'results.json',
        'playlists.json',
        'follows.json',
        'coauthored.json',
      ]),
    )
    expect(json('account.json').profile).toMatchObject({ id: 'alice', handle: '5001', name: 'Alice' })
    expect(Buffer.from(files[`charts/${aliceChart}/cover.png`]).equals(cover)).toBe(true)
    expect(json(`charts/${aliceChart}/chart.json`)).toMatchObject({
      id: aliceChart,
      title: expect.any(String),
    })
    expect(json('comments.json')).toEqual([
      expect.objectContaining({ chartId: bobChart, content: 'alice was here' }),
    ])
    expect(json('ratings.json')).toEqual([expect.objectContaining({ chartId: bobChart, rating: 5 })])
    expect(json('likes.json')).toEqual([expect.objectContaining({ chartId: bobChart })])
    expect(json('results.json')).toEqual([expect.objectContaining({ chartId: bobChart, arcadeScore: 900 })])
    expect(json('playlists.json')).toEqual([
      expect.objectContaining({
        title: "alice's list",
        charts: [expect.objectContaining({ chartId: bobChart })],
      }),
    ])
    expect(json('follows.json')).toEqual({
      following: [expect.objectContaining({ handle: '5003' })],
      followers: [expect.objectContaining({ handle: '5003' })],
    })
    // Nobody else's: Carol's comment on Alice's chart is not in Alice's comments.
    expect(JSON.stringify(json('comments.json'))).not.toContain('carol on it')
    // Used once.
    expect((await test.app.inject({ url: path })).statusCode).toBe(404)
  })

  it('gives the slot back when a download is abandoned, and lets a link wait while another download runs', async () => {
    // A large file, so the archive outruns the connection's buffers and the writer waits on the reader.
    const music = randomBytes(12 << 20)
    const musicHash = await putBuffer(test.ctx.blobStore, test.ctx.repos, music, 'audio/mpeg')
    await test.ctx.repos.charts.insert(
      newChart(65, { id: hex(65, 32), authorId: 'alice', author: 'Alice#5001', musicHash }),
    )
    const origin = await test.app.listen({ port: 0, host: '127.0.0.1' })
    const link = async () =>
      new URL(((await call('POST', '/sonolus/user/export', 'alice')).json() as { url: string }).url).pathname
    const first = await link()
    const second = await link()
    const abort = new AbortController()
    const response = await fetch(`${origin}${first}`, { signal: abort.signal })
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    await reader.read()
    expect(exportsRunning()).toEqual({ slots: 1, writers: 1 })
    // One at a time per person: the second link is refused for now, and still works afterwards.
    const refused = await fetch(`${origin}${second}`)
    expect(refused.status).toBe(429)
    // Abandoned: the slot is given back and the writer stops (its file let go), rather than wait for ever.
    abort.abort()
    await expect.poll(() => exportsRunning(), { timeout: 10_000 }).toEqual({ slots: 0, writers: 0 })
    const again = await fetch(`${origin}${second}`)
    expect(again.status).toBe(200)
    const files = unzipSync(new Uint8Array(await again.arrayBuffer()))
    expect(Buffer.from(files[`charts/${hex(65, 32)}/music.mp3`]).equals(music)).toBe(true)
    await expect.poll(() => exportsRunning(), { timeout: 10_000 }).toEqual({ slots: 0, writers: 0 })
    await test.ctx.repos.charts.delete(hex(65, 32))
  })

  it('refuses to delete without the handle typed, and a visitor altogether', async () => {
    expect(
      (await call('POST', '/sonolus/user/delete', undefined, { handle: '5001', charts: 'delete' }))
        .statusCode,
    ).toBe(401)
    const wrong = await call('POST', '/sonolus/user/delete', 'alice', { handle: '5002', charts: 'delete' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      error: 'bad_request',
      message: 'Type your handle (#5001) to confirm',
    })
    expect(await test.ctx.repos.users.findById('alice')).toBeDefined()
  })

  it('deletes an account: sessions end on every instance, comments stay as "Deleted user", charts and records go', async () => {
    const second = await openSecondInstance(test)
    try {
      // Alice is signed in on both instances (the second has her session kept).
      expect(
        (
          await second.app.inject({ url: '/sonolus/user/mine', headers: { authorization: sessions.alice } })
        ).json(),
      ).toMatchObject({
        code: 200,
        handle: '5001',
      })
      expect(await boardNames(bobChart)).toEqual(['alice', 'carol'])
      // Two players, one play each.
      expect((await test.ctx.repos.charts.findById(bobChart))!.playCount).toBe(2)
      const logCount = async () =>
        Number(
          (
            await test.ctx.db.db
              .selectFrom('moderationLog')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      const moderationEntries = await logCount()
      // She reported Bob's chart; the report is about his content and stays with the moderators.
      const reported = await call('POST', '/sonolus/reports', 'alice', {
        target: { type: 'chart', id: bobChart },
        reason: 'spam',
      })
      expect(reported.statusCode, reported.body).toBe(200)

      const deleted = await call('POST', '/sonolus/user/delete', 'alice', {
        handle: '#5001',
        charts: 'delete',
      })
      expect(deleted.statusCode, deleted.body).toBe(200)
      expect(deleted.json()).toEqual({ code: 200, chartsDeleted: 2, chartsKept: 0 })

      // Her session is gone here and (PostgreSQL: instances tell each other) on the other instance, at once.
      for (const app of dialect === 'postgres' ? [test.app, second.app] : [test.app])
        expect(
          (
            await app.inject({ url: '/sonolus/user/mine', headers: { authorization: sessions.alice } })
          ).json(),
        ).toEqual({
          code: 401,
        })
      expect(await test.ctx.repos.users.findById('alice')).toBeUndefined()
      // Her charts are gone, and their comments with them; her comment on Bob's chart shows as from a deleted user.
      expect((await call('GET', `/sonolus/levels/wbs-${aliceChart}`)).statusCode).toBe(404)
      const comments = JSON.stringify(
        (await call('GET', `/sonolus/levels/wbs-${bobChart}/community/comments/list`)).json(),
      )
      expect(comments).toContain('Deleted user')
      expect(comments).toContain('alice was here')
      expect(comments).not.toContain('Alice#5001')
      // Her record left the leaderboard; Carol's stays.
      expect(await boardNames(bobChart)).toEqual(['carol'])
      // Her like and rating no longer count, and every counter equals a recount.
      const bob = (await test.ctx.repos.charts.findById(bobChart))!
      expect({ likes: bob.likeNumber, ratings: bob.ratingNumber, plays: bob.playCount }).toEqual({
        likes: 0,
        ratings: 0,
        plays: 1,
      })
      expect(await counterMismatches(test.ctx.db.db)).toEqual([])
      // Her playlist and follows are gone; Carol follows nobody who left.
      expect((await call('GET', '/sonolus/users/5001')).statusCode).toBe(404)
      // The moderation log keeps every entry (it takes no deletion).
      expect(await logCount()).toBe(moderationEntries)
      // Signing in again with the same Sonolus account starts afresh: nothing of the kept comment is hers.
      sessions.alice = await appSession(test.app, { id: 'alice', handle: '5001', name: 'Alice' })
      const mine = (await call('GET', '/sonolus/user/mine', 'alice')).json()
      expect(mine).toMatchObject({ code: 200, handle: '5001' })
      const kept = await test.ctx.db.db
        .selectFrom('comments')
        .select('userId')
        .where('content', '=', 'alice was here')
        .executeTakeFirst()
      expect(kept?.userId).toMatch(/^deleted-[0-9a-f]{16}$/)
      // Her report stays, filed by the same stand-in: not hers any more, and not an anonymous takedown
      // notice that would count against the address it came from.
      const report = await test.ctx.db.db
        .selectFrom('reports')
        .select(['reporterId', 'ip'])
        .where('targetId', '=', bobChart)
        .executeTakeFirstOrThrow()
      expect(report.reporterId).toBe(kept?.userId)
      expect(await test.ctx.repos.moderation.countReportsSince({ ip: report.ip }, 0)).toBe(0)
    } finally {
      await second.close()
    }
  })

  it('keeps the charts under "Deleted user" when the owner chooses so', async () => {
    await fillFootprint('dave', daveChart, bobChart)
    const deleted = await call('POST', '/sonolus/user/delete', 'dave', { handle: '5004', charts: 'keep' })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json()).toEqual({ code: 200, chartsDeleted: 0, chartsKept: 1 })
    const details = await call('GET', `/sonolus/levels/wbs-${daveChart}`)
    expect(details.statusCode).toBe(200)
    expect(details.json().item.author).toBe('Deleted user')
    // Its community stays: Carol's like and comment.
    const row = (await test.ctx.repos.charts.findById(daveChart))!
    expect(row.likeNumber).toBe(1)
    expect(row.authorId).toMatch(/^deleted-/)
    expect(await counterMismatches(test.ctx.db.db)).toEqual([])
  })

  it('refuses a suspended user’s deletion but still gives them their archive', async () => {
    await test.ctx.db.db
      .updateTable('users')
      .set({ suspensionKind: 'suspend', suspendedUntil: Date.now() + 3_600_000, suspensionReason: 'spam' })
      .where('id', '=', 'bob')
      .execute()
    await test.ctx.auth.userChanged('bob')
    expect(
      (await call('POST', '/sonolus/user/delete', 'bob', { handle: '5002', charts: 'delete' })).statusCode,
    ).toBe(403)
    expect((await call('POST', '/sonolus/user/export', 'bob')).statusCode).toBe(200)
    expect(await test.ctx.repos.users.findById('bob')).toBeDefined()
  })
})
