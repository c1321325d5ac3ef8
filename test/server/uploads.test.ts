// Chunked uploads (docs/spec.md §4 "Upload"): the protocol, every malformed request, content checks by
// kind, resuming, parallel uploads, and the janitor. Each bad upload must leave nothing behind: no blob,
// no files row, no session, no chunk.
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type UploadProgressResponse, type UploadStartResponse } from '../../common/api/uploads'
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from '../../common/rules'
import { LocalBlobStore, ScratchMissingError } from '../../server/storage'
import { issueToken, UPLOAD_TOKEN_TTL_MS } from '../../server/uploads/session'
import { ORPHAN_AGE_MS } from '../../server/jobs/janitor'
import { mp3, png, sha1, sus, wav } from '../fixtures/media/media'
import { TEST_PUBLIC_URL } from './helpers/sessions'
import { readAll } from './helpers/streams'
import { STORE_SETUPS, openUploadApp, pathOf, putChunk, startUpload, uploadFile } from './helpers/upload'

type Started = Extract<UploadStartResponse, { code: 200 }>

describe.each(STORE_SETUPS)('uploads on $dialect with $store', (setup) => {
  let test: Awaited<ReturnType<typeof openUploadApp>>['test']
  let close: () => Promise<void>
  let alice: string
  let bob: string
  const music = mp3(60) // about 1.4 MB: five chunks

  beforeAll(async () => {
    ;({ test, alice, bob, close } = await openUploadApp(setup))
  })
  afterAll(() => close())

  /** Whether the blob store holds any chunk bytes of this session. */
  const scratchHeld = async (sessionId: string) =>
    (await test.ctx.blobStore.scratchSessions()).some((held) => held.session === sessionId)

  /** Nothing of this upload anywhere: no blob, no file row, no session, no chunk bytes. */
  const expectNothingKept = async (hash: string, sessionId?: string) => {
    expect(await test.ctx.blobStore.head(hash)).toBeUndefined()
    expect(await test.ctx.repos.files.get(hash)).toBeUndefined()
    const sessions = await test.ctx.db.db
      .selectFrom('uploadSessions')
      .select('id')
      .where('hash', '=', hash)
      .execute()
    expect(sessions).toEqual([])
    if (sessionId) {
      expect(await test.ctx.repos.uploads.chunks(sessionId)).toEqual([])
      expect(await scratchHeld(sessionId)).toBe(false)
    }
  }

  const begin = async (bytes: Buffer, kind: Parameters<typeof startUpload>[3] = 'music', hash?: string) => {
    const { response, body } = await startUpload(test.app, alice, bytes, kind, hash)
    expect(response.statusCode).toBe(200)
    return body as Started
  }
  const sessionIdOf = (started: Started) => pathOf(started.uploadUrl).split('/').pop()!

  it('takes a file in 327,680-byte chunks, verifies it and stores it once', async () => {
    const started = await begin(music)
    expect(started.uploadUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/upload/sessions/[0-9a-f]{32}$`))
    expect(started.received).toBe(0)
    const answers: UploadProgressResponse[] = []
    for (let start = 0; start < music.length; start += UPLOAD_CHUNK_BYTES) {
      const response = await putChunk(test.app, started.uploadUrl, started.token, music, start)
      answers.push(response.json() as UploadProgressResponse)
    }
    expect(answers.map((answer) => answer.received)).toEqual(
      answers.map((_, i) => Math.min((i + 1) * UPLOAD_CHUNK_BYTES, music.length)),
    )
    expect(answers.slice(0, -1).every((answer) => answer.code === 200 && !answer.complete)).toBe(true)
    expect(answers.at(-1)).toEqual({
      code: 201,
      size: music.length,
      received: music.length,
      ranges: [[0, music.length - 1]],
      complete: true,
    })
    const blob = await test.ctx.blobStore.get(sha1(music))
    expect(sha1(await readAll(blob!.stream))).toBe(sha1(music))
    if (test.ctx.blobStore instanceof LocalBlobStore) {
      // Readable like any other blob (the umask's mode, not a private one).
      const mode = fs.statSync(test.ctx.blobStore.pathOf(sha1(music))).mode & 0o777
      expect(mode).toBe(0o666 & ~process.umask())
    }
    expect(await test.ctx.repos.files.get(sha1(music))).toMatchObject({
      size: music.length,
      contentType: 'audio/mpeg',
      origin: 'upload',
    })
    // Nothing is left in the scratch folder.
    expect(fs.readdirSync(path.join(test.dataDir, 'tmp'))).toEqual([])
    // The session and its chunks are gone.
    expect(await test.ctx.repos.uploads.get(sessionIdOf(started))).toBeUndefined()
    expect(await scratchHeld(sessionIdOf(started))).toBe(false)
    // Its uploader asking again: 201, nothing to upload, no session made.
    const again = await startUpload(test.app, alice, music, 'music')
    expect(again.response.statusCode).toBe(201)
    expect(again.body).toEqual({ code: 201 })
    expect(await test.ctx.db.db.selectFrom('uploadSessions').selectAll().execute()).toEqual([])
    // Someone else is not told the file is stored: they upload it, and it is stored once still.
    const other = await startUpload(test.app, bob, music, 'music')
    expect(other.response.statusCode).toBe(200)
    const { uploadUrl, token } = other.body as Started
    let last: UploadProgressResponse | undefined
    for (let start = 0; start < music.length; start += UPLOAD_CHUNK_BYTES)
      last = (await putChunk(test.app, uploadUrl, token, music, start)).json() as UploadProgressResponse
    expect(last).toMatchObject({ code: 201, complete: true })
    expect(
      await test.ctx.db.db.selectFrom('files').where('hash', '=', sha1(music)).selectAll().execute(),
    ).toHaveLength(1)
    // Now both have sent it: both are told.
    expect((await startUpload(test.app, bob, music, 'music')).response.statusCode).toBe(201)
  })

  it('needs a login, a SHA-1 name, a size and a kind', async () => {
    const cover = await png(11)
    const anonymous = await test.app.inject({ url: `/upload/${sha1(cover)}?size=${cover.length}&type=cover` })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toMatchObject({ error: 'not_login' })
    for (const url of [
      `/upload/${sha1(cover).toUpperCase()}?size=${cover.length}&type=cover`,
      `/upload/${sha1(cover)}?size=0&type=cover`,
      `/upload/${sha1(cover)}?size=-5&type=cover`,
      `/upload/${sha1(cover)}?type=cover`,
      `/upload/${sha1(cover)}?size=${cover.length}&type=script`,
    ]) {
      const response = await test.app.inject({ url, headers: { authorization: alice } })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().error, url).toBe('upload_failed')
    }
    await expectNothingKept(sha1(cover))
  })

  it('refuses a file over 20 MB with file_too_large before any byte is sent', async () => {
    const hash = 'a'.repeat(40)
    const response = await test.app.inject({
      url: `/upload/${hash}?size=${MAX_UPLOAD_BYTES + 1}&type=music`,
      headers: { authorization: alice },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({
      error: 'file_too_large',
      message: 'The file is too large, please reduce the file size and try again',
    })
    await expectNothingKept(hash)
  })

  it('rejects malformed chunks and keeps none of them', async () => {
    const file = mp3(30, 550)
    const started = await begin(file)
    const id = sessionIdOf(started)
    const cases: [string, Record<string, string>, Buffer | undefined, number][] = [
      [
        'past the total',
        { 'content-range': `bytes 0-${file.length}/${file.length}` },
        file.subarray(0, 10),
        400,
      ],
      ['another total', { 'content-range': `bytes 0-9/${file.length + 1}` }, file.subarray(0, 10), 400],
      ['backwards', { 'content-range': `bytes 10-9/${file.length}` }, file.subarray(0, 10), 400],
      ['not a range', { 'content-range': 'bytes=0-9' }, file.subarray(0, 10), 400],
      [
        'longer than a chunk',
        { 'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES}/${file.length}` },
        file.subarray(0, UPLOAD_CHUNK_BYTES + 1),
        400,
      ],
      // The body is longer than the range it claims.
      [
        'body longer than the range',
        { 'content-range': `bytes 0-9/${file.length}` },
        file.subarray(0, 20),
        400,
      ],
      [
        'body shorter than the range',
        { 'content-range': `bytes 0-19/${file.length}` },
        file.subarray(0, 10),
        400,
      ],
    ]
    for (const [name, headers, body, status] of cases) {
      const response = await test.app.inject({
        method: 'PUT',
        url: pathOf(started.uploadUrl),
        headers: {
          authorization: `Bearer ${started.token}`,
          'content-type': 'application/octet-stream',
          ...headers,
        },
        payload: body,
      })
      expect(response.statusCode, name).toBe(status)
      expect(response.json().error, name).toBe('upload_failed')
    }
    // Wrong and expired tokens: 401, nothing taken.
    const session = (await test.ctx.repos.uploads.get(id))!
    const expired = issueToken(
      { ...session, size: Number(session.size) },
      Date.now() - UPLOAD_TOKEN_TTL_MS - 1000,
    )
    for (const token of ['nonsense', started.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), expired]) {
      const response = await putChunk(test.app, started.uploadUrl, token, file, 0)
      expect(response.statusCode).toBe(401)
    }
    // A token of another session does not open this one.
    const other = await begin(await png(12), 'cover')
    expect((await putChunk(test.app, started.uploadUrl, other.token, file, 0)).statusCode).toBe(401)
    expect(await test.ctx.repos.uploads.chunks(id)).toEqual([])
    expect(await scratchHeld(id)).toBe(false)

    // A repeated chunk is harmless; a range that overlaps another one partly is refused.
    expect((await putChunk(test.app, started.uploadUrl, started.token, file, 0)).statusCode).toBe(200)
    expect((await putChunk(test.app, started.uploadUrl, started.token, file, 0)).json()).toMatchObject({
      received: UPLOAD_CHUNK_BYTES,
    })
    const overlap = await putChunk(
      test.app,
      started.uploadUrl,
      started.token,
      file,
      1000,
      1000 + UPLOAD_CHUNK_BYTES - 1,
    )
    expect(overlap.statusCode).toBe(400)
    expect(overlap.json().message).toMatch(/overlaps/)
    expect(await test.ctx.repos.uploads.chunks(id)).toEqual([{ start: 0, end: UPLOAD_CHUNK_BYTES - 1 }])
    // The refused chunk wrote nothing: the first chunk's bytes are intact.
    const joined = path.join(test.dataDir, `joined-${id}`)
    await test.ctx.blobStore.assembleChunks(id, [{ start: 0, end: UPLOAD_CHUNK_BYTES - 1 }], joined)
    expect(sha1(await fsp.readFile(joined))).toBe(sha1(file.subarray(0, UPLOAD_CHUNK_BYTES)))
    await fsp.rm(joined)
    // …and the refused range is held nowhere (on S3 no object for it; on disk no byte past the first chunk).
    await expect(
      test.ctx.blobStore.assembleChunks(id, [{ start: 1000, end: 1000 + UPLOAD_CHUNK_BYTES - 1 }], joined),
    ).rejects.toThrow(ScratchMissingError)
    // The rest of the upload still completes.
    for (let start = UPLOAD_CHUNK_BYTES; start < file.length; start += UPLOAD_CHUNK_BYTES)
      await putChunk(test.app, started.uploadUrl, started.token, file, start)
    expect(await test.ctx.repos.files.get(sha1(file))).toBeDefined()
  })

  it('discards everything when the bytes do not match the announced SHA-1', async () => {
    const file = mp3(25, 660)
    const claimed = sha1(Buffer.from('something else'))
    const started = await begin(file, 'music', claimed)
    let last
    for (let start = 0; start < file.length; start += UPLOAD_CHUNK_BYTES)
      last = await putChunk(test.app, started.uploadUrl, started.token, file, start)
    expect(last!.statusCode).toBe(400)
    expect(last!.json()).toMatchObject({ error: 'upload_failed', message: expect.stringMatching(/SHA-1/) })
    await expectNothingKept(claimed, sessionIdOf(started))
    await expectNothingKept(sha1(file))
  })

  it('checks content by kind, not by name, and keeps nothing that fails', async () => {
    const bad: [string, Buffer, Parameters<typeof startUpload>[3], RegExp][] = [
      ['a WAV as music', wav(1), 'music', /MP3/],
      ['text as music', Buffer.from('ID3 not really an mp3 '.repeat(50)), 'music', /MP3/],
      ['an mp3 as the cover', mp3(2, 770), 'cover', /not an image/],
      // A text file named cover.png: the name never reaches the server, the bytes do.
      [
        'text as the cover',
        Buffer.from('just some notes, not a picture\n'.repeat(20)),
        'cover',
        /not an image/,
      ],
      ['a PNG as the chart', await png(13), 'chart', /SUS/],
      ['a SUS with an error', Buffer.from('#00002: 4\n#00010: 1x\n'), 'chart', /line 2/],
      ['text as level data', Buffer.from('{"bgmOffset":0}'), 'data', /level data/],
    ]
    for (const [name, bytes, kind, message] of bad) {
      const result = await uploadFile(test.app, alice, bytes, kind)
      expect(result.statusCode, name).toBe(400)
      expect(result.body, name).toMatchObject({
        error: 'upload_failed',
        message: expect.stringMatching(message),
      })
      await expectNothingKept(sha1(bytes))
    }
    // And the good ones pass.
    for (const [bytes, kind] of [
      [sus(50), 'chart'],
      [await png(14), 'cover'],
      [await png(15, 200), 'background'],
    ] as const) {
      expect((await uploadFile(test.app, alice, bytes, kind)).statusCode).toBe(201)
    }
  })

  it('resumes after a dropped connection, from what the server holds', async () => {
    const file = mp3(45, 880)
    const started = await begin(file)
    await putChunk(test.app, started.uploadUrl, started.token, file, 0)
    await putChunk(test.app, started.uploadUrl, started.token, file, UPLOAD_CHUNK_BYTES)
    // The third chunk's connection drops half-way: a real socket, closed mid-body.
    const address = await test.app.listen({ port: 0, host: '127.0.0.1' })
    const url = new URL(address)
    const start = 2 * UPLOAD_CHUNK_BYTES
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(url.port), '127.0.0.1', () => {
        socket.write(
          `PUT ${pathOf(started.uploadUrl)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${started.token}\r\n` +
            `Content-Type: application/octet-stream\r\nContent-Range: bytes ${start}-${start + UPLOAD_CHUNK_BYTES - 1}/${file.length}\r\n` +
            `Content-Length: ${UPLOAD_CHUNK_BYTES}\r\n\r\n`,
        )
        socket.write(file.subarray(start, start + 1000), () => setTimeout(() => socket.destroy(), 50))
      })
      socket.on('close', () => resolve())
    })
    // The server has let the cut connection go.
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        test.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      )
    await expect.poll(connections, { timeout: 10_000 }).toBe(0)
    // How far did it get? The same token says: two chunks.
    const status = () =>
      test.app.inject({
        url: pathOf(started.uploadUrl),
        headers: { authorization: `Bearer ${started.token}` },
      })
    await expect
      .poll(async () => (await status()).json(), { timeout: 10_000 })
      .toMatchObject({ code: 200, received: 2 * UPLOAD_CHUNK_BYTES, complete: false })
    // Asking to start again resumes the same session (a new token) from there.
    const resumed = await begin(file)
    expect(resumed.uploadUrl).toBe(started.uploadUrl)
    expect(resumed.received).toBe(2 * UPLOAD_CHUNK_BYTES)
    expect(resumed.ranges).toEqual([[0, 2 * UPLOAD_CHUNK_BYTES - 1]])
    let last
    for (let at = resumed.received; at < file.length; at += UPLOAD_CHUNK_BYTES)
      last = await putChunk(test.app, resumed.uploadUrl, resumed.token, file, at)
    expect(last!.statusCode).toBe(201)
    const blob = await test.ctx.blobStore.get(sha1(file))
    expect(sha1(await readAll(blob!.stream))).toBe(sha1(file))
  })

  it('ends two parallel uploads of one file in one stored copy', async () => {
    const file = mp3(40, 990)
    const [a, b] = [await begin(file), (await startUpload(test.app, bob, file, 'music')).body as Started]
    expect(a.uploadUrl).not.toBe(b.uploadUrl)
    const send = async (started: Started) => {
      const answers = []
      for (let start = 0; start < file.length; start += UPLOAD_CHUNK_BYTES)
        answers.push(await putChunk(test.app, started.uploadUrl, started.token, file, start))
      return answers.at(-1)!
    }
    const [lastA, lastB] = await Promise.all([send(a), send(b)])
    expect([lastA.statusCode, lastB.statusCode]).toEqual([201, 201])
    const rows = await test.ctx.db.db.selectFrom('files').selectAll().where('hash', '=', sha1(file)).execute()
    expect(rows).toHaveLength(1)
    const blob = await test.ctx.blobStore.get(sha1(file))
    expect(sha1(await readAll(blob!.stream))).toBe(sha1(file))
    expect(
      await test.ctx.db.db.selectFrom('uploadSessions').selectAll().where('hash', '=', sha1(file)).execute(),
    ).toEqual([])
  })

  it('collects abandoned sessions and unused uploads, never pack files', async () => {
    const file = mp3(20, 1100)
    const started = await begin(file)
    await putChunk(test.app, started.uploadUrl, started.token, file, 0)
    const id = sessionIdOf(started)
    const orphan = await png(16)
    expect((await uploadFile(test.app, alice, orphan, 'cover')).statusCode).toBe(201)
    const packFile = await test.ctx.db.db
      .selectFrom('files')
      .select('hash')
      .where('origin', '=', 'system')
      .executeTakeFirstOrThrow()

    // Chunk bytes whose session is gone (a repeat chunk that landed after its upload ended).
    const stray = 'f'.repeat(32)
    await test.ctx.blobStore.putChunk(stray, 0, file.subarray(0, 1000))

    // Now, nothing is old enough to go.
    await test.ctx.media.janitor(Date.now())
    expect(await scratchHeld(id)).toBe(true)
    expect(await scratchHeld(stray)).toBe(true)
    expect(await test.ctx.repos.files.get(sha1(orphan))).toBeDefined()

    // An hour later the session is abandoned; a day later the unused cover is collected.
    const result = await test.ctx.media.janitor(Date.now() + ORPHAN_AGE_MS + 60_000)
    expect(result.sessions).toBeGreaterThanOrEqual(1)
    expect(await test.ctx.repos.uploads.get(id)).toBeUndefined()
    expect(await test.ctx.repos.uploads.chunks(id)).toEqual([])
    expect(await scratchHeld(id)).toBe(false)
    expect(await scratchHeld(stray)).toBe(false)
    expect(await test.ctx.repos.files.get(sha1(orphan))).toBeUndefined()
    expect(await test.ctx.blobStore.head(sha1(orphan))).toBeUndefined()
    expect(await test.ctx.repos.files.get(packFile.hash)).toBeDefined()
    expect(await test.ctx.blobStore.head(packFile.hash)).toBeDefined()
    // The session's URL is gone.
    const late = await putChunk(test.app, started.uploadUrl, started.token, file, UPLOAD_CHUNK_BYTES)
    expect(late.statusCode).toBe(404)
  })

  it('records one of four overlapping chunks sent together; the upload does not wedge and completes', async () => {
    const file = mp3(40, 523)
    expect(file.length).toBeGreaterThan(UPLOAD_CHUNK_BYTES * 2)
    const started = await begin(file)
    const ranges = [0, 50_000, 100_000, 150_000].map((start) => [start, start + 199_999] as const)
    const answers = await Promise.all(
      ranges.map(([start, end]) => putChunk(test.app, started.uploadUrl, started.token, file, start, end)),
    )
    const taken = answers.filter((answer) => answer.statusCode === 200)
    expect(taken).toHaveLength(1)
    for (const answer of answers.filter((answer) => answer.statusCode !== 200))
      expect(answer.json()).toMatchObject({
        error: 'upload_failed',
        message: /overlaps a chunk already received/,
      })
    // What the server holds adds up; the client sends the rest and the file is stored.
    const resumed = (await startUpload(test.app, alice, file, 'music')).body as Started
    expect(resumed.ranges).toHaveLength(1)
    const [[from, to]] = resumed.ranges as [number, number][]
    const gaps: [number, number][] = []
    if (from > 0) gaps.push([0, from - 1])
    if (to < file.length - 1) gaps.push([to + 1, file.length - 1])
    let last: UploadProgressResponse | undefined
    for (const [gapStart, gapEnd] of gaps)
      for (let start = gapStart; start <= gapEnd; start += UPLOAD_CHUNK_BYTES) {
        const end = Math.min(start + UPLOAD_CHUNK_BYTES - 1, gapEnd)
        const answer = await putChunk(test.app, resumed.uploadUrl, resumed.token, file, start, end)
        expect(answer.statusCode).toBeLessThan(300)
        last = answer.json() as UploadProgressResponse
      }
    expect(last).toMatchObject({ code: 201, complete: true })
    expect(await test.ctx.repos.files.get(sha1(file))).toBeDefined()
  })

  it('stops an upload begun before a suspension: its chunks are refused once the user is suspended', async () => {
    const file = mp3(30, 587)
    const started = await begin(file)
    expect((await putChunk(test.app, started.uploadUrl, started.token, file, 0)).statusCode).toBe(200)
    const users = test.ctx.db.db.updateTable('users').where('id', '=', 'alice')
    await users
      .set({ suspensionKind: 'suspend', suspendedUntil: Date.now() + 3_600_000, suspensionReason: 'spam' })
      .execute()
    try {
      const refused = await putChunk(test.app, started.uploadUrl, started.token, file, UPLOAD_CHUNK_BYTES)
      expect(refused.statusCode).toBe(403)
      expect(await test.ctx.repos.uploads.chunks(sessionIdOf(started))).toHaveLength(1)
    } finally {
      await users.set({ suspensionKind: null, suspendedUntil: null, suspensionReason: null }).execute()
    }
  })

  it('removes the part a commit left when its process died within minutes, not an hour', async () => {
    const tmp = path.join(test.dataDir, 'tmp')
    await fsp.mkdir(tmp, { recursive: true })
    const part = path.join(tmp, `${'a'.repeat(32)}-dead00000000.part`)
    const media = path.join(tmp, 'media-0123456789abcdef')
    await fsp.writeFile(part, 'assembled bytes of a commit that never finished')
    await fsp.mkdir(media)
    // Three minutes on: the part is stale; a media job's folder may still be in use (its lease is 5 min).
    const result = await test.ctx.media.janitor(Date.now() + 3 * 60_000)
    expect(result.temp).toBe(1)
    expect(fs.existsSync(part)).toBe(false)
    expect(fs.existsSync(media)).toBe(true)
    expect((await test.ctx.media.janitor(Date.now() + 11 * 60_000)).temp).toBeGreaterThanOrEqual(1)
    expect(fs.existsSync(media)).toBe(false)
  })
})
