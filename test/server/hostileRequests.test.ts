// Hostile input against the real server process: one test per kind of input. Each
// sends the input over HTTP, asserts the refusal and its catalogue key, that nothing was stored (the
// database and the blob folder, read from outside), and that other requests were answered meanwhile.
import { type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_CHUNK_BYTES } from '../../common/rules'
import { freePort, signInOverHttp, startServerProcess } from '../fixtures/serverProcess'
import { signBody, userProfile } from '../fixtures/keys/sign'
import { levelDataBomb, nestedJson, replayDataBomb, tapSus } from '../fixtures/hostile'
import { png, sha1, sus } from '../fixtures/media/media'
import { multipartBody, replayFiles, replayItem } from '../fixtures/replay/replay'
import { tempDir } from './helpers/context'

const GiB = 1024 * 1024 * 1024

let server: { child: ChildProcess; origin: string }
let dataDir: string
let alice: string

beforeAll(async () => {
  dataDir = tempDir('sirius-attack-')
  server = await startServerProcess({
    port: await freePort(),
    dataDir,
    env: {
      // The proxy row: the loopback proxy is trusted, so X-Forwarded-For names the client.
      TRUST_PROXY: '127.0.0.1',
      // Short deadlines, so that the slow-body rows end soon.
      REQUEST_TIMEOUT_MS: '2000',
      UPLOAD_CHUNK_TIMEOUT_MS: '1000',
      // Quotas have their own tests (protection.test.ts); here every row must reach its own check.
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_STRICT_PER_MINUTE: '1000000',
    },
  })
  alice = await signInOverHttp(server.origin, { id: 'alice', handle: '1001', name: 'Alice' })
}, 60_000)

afterAll(async () => {
  if (server?.child.exitCode === null) {
    const exited = once(server.child, 'exit')
    server.child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Row counts and stored blobs, read from outside the server. */
const stored = () => {
  const db = new Database(path.join(dataDir, 'sirius.db'), { readonly: true, fileMustExist: true })
  try {
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
    const blobs: string[] = []
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.name.startsWith('.')) continue
        if (entry.isDirectory()) walk(path.join(dir, entry.name))
        else blobs.push(entry.name)
      }
    }
    walk(path.join(dataDir, 'blobs'))
    return {
      files: count('files'),
      charts: count('charts'),
      records: count('records'),
      sessions: count('sessions'),
      uploads: count('upload_sessions'),
      chunks: count('upload_chunks'),
      blobs: blobs.sort(),
    }
  } finally {
    db.close()
  }
}

/** Runs the attack while /healthz is asked again and again; answers the attack's outcome and what the
 *  probe saw: every probe answered 200, and how many were answered before the attack was answered. */
const during = async <T>(attack: () => Promise<T>) => {
  let settled = false
  const running = attack().finally(() => {
    settled = true
  })
  const statuses: number[] = []
  let answeredMeanwhile = 0
  do {
    // The probe is someone else: another address behind the trusted loopback proxy.
    const response = await fetch(`${server.origin}/healthz`, {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    })
    statuses.push(response.status)
    await response.arrayBuffer()
    if (!settled) answeredMeanwhile++
  } while (!settled)
  return { outcome: await running, statuses, answeredMeanwhile }
}

const json = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as { code?: number; error?: string; message?: string } & Record<
    string,
    unknown
  >,
})

/** The chunked upload as the site speaks it, over HTTP; the last answer. */
const upload = async (session: string, bytes: Buffer, kind: string) => {
  const hash = sha1(bytes)
  const start = await fetch(`${server.origin}/upload/${hash}?size=${bytes.length}&type=${kind}`, {
    headers: { authorization: session },
  })
  const started = (await start.json()) as { code: number; uploadUrl: string; token: string }
  if (started.code !== 200) return { status: start.status, body: started as never }
  let last = { status: start.status, body: started as Record<string, unknown> }
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
    const end = Math.min(offset + UPLOAD_CHUNK_BYTES, bytes.length) - 1
    const answer = await fetch(started.uploadUrl, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${started.token}`,
        'content-range': `bytes ${offset}-${end}/${bytes.length}`,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(bytes.subarray(offset, end + 1)),
    })
    last = await json(answer)
    if (answer.status >= 400) break
  }
  return last
}

/** A public chart with level data to play (our 50-note fixture: 48 judged notes), created over HTTP;
 *  its id and its level item as the app sees it. */
const playableChart = async (seed: number) => {
  const cover = await png(seed, 300)
  const chart = sus(50)
  for (const [bytes, kind] of [
    [cover, 'cover'],
    [chart, 'chart'],
  ] as const)
    expect((await upload(alice, bytes, kind)).status).toBe(201)
  const created = await json(
    await fetch(`${server.origin}/sonolus/levels/create`, {
      method: 'POST',
      headers: { authorization: alice, 'content-type': 'application/json' },
      body: JSON.stringify({
        rulesAccepted: true,
        title: `Target ${seed}`,
        composer: 'C',
        artists: 'A',
        author: 'Alice',
        description: '',
        level: 10,
        isOliver: 0,
        isPublic: 1,
        tags: [],
        coverHash: sha1(cover),
        susHash: sha1(chart),
      }),
    }),
  )
  expect(created.status).toBe(200)
  const id = created.body.id as string
  const level = (await (await fetch(`${server.origin}/sonolus/levels/wbs-${id}`)).json()).item
  return { id, level }
}

/** A result as the app sends it: the submit (which must be accepted), then the upload of both files while
 *  the health probe runs; the upload's answer and what the probe saw. */
const submitResult = async (level: unknown, files: { data: Buffer; configuration: Buffer }) => {
  const submitted = await json(
    await fetch(`${server.origin}/sonolus/levels/result/submit`, {
      method: 'POST',
      headers: { 'sonolus-session': alice, 'content-type': 'application/json' },
      body: JSON.stringify({ replay: replayItem(level as never, files), values: '' }),
    }),
  )
  expect(submitted.status).toBe(200)
  const { body, contentType } = multipartBody([{ bytes: files.data }, { bytes: files.configuration }])
  return during(async () =>
    json(
      await fetch(`${server.origin}/sonolus/levels/result/upload`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'sonolus-upload-key': submitted.body.key as string },
        body,
      }),
    ),
  )
}

const expectNothingStoredSince = (before: ReturnType<typeof stored>) => {
  const after = stored()
  expect(after.files).toBe(before.files)
  expect(after.blobs).toEqual(before.blobs)
  expect(after.charts).toBe(before.charts)
  expect(after.records).toBe(before.records)
  // The refused upload's session and chunks are gone too.
  expect(after.uploads).toBe(before.uploads)
  expect(after.chunks).toBe(before.chunks)
}

const expectAnswered = (probe: { statuses: number[]; answeredMeanwhile: number }, meanwhile = true) => {
  expect(probe.statuses.length).toBeGreaterThan(0)
  expect(probe.statuses.every((status) => status === 200)).toBe(true)
  if (meanwhile) expect(probe.answeredMeanwhile).toBeGreaterThan(0)
}

describe('hostile input against the real server', () => {
  it('refuses an 11 MB SUS of a million tap lines at upload, at the first limit it passes', async () => {
    const bytes = tapSus(1_000_000, 1, 'million lines')
    expect(bytes.length).toBeGreaterThan(11_000_000)
    const before = stored()
    const probe = await during(() => upload(alice, bytes, 'chart'))
    expect(probe.outcome.status).toBe(400)
    expect(probe.outcome.body.error).toBe('upload_failed')
    // One tap a line: the note limit comes before the line limit, on the line that passes it.
    expect(probe.outcome.body.message).toMatch(/line 3000[0-9]: the chart is over the limit of 30,000 notes/)
    expectNothingStoredSince(before)
    expectAnswered(probe)
  }, 120_000)

  it('refuses a 6 MB SUS of 45,000 lines × 64 taps at upload, naming the note limit', async () => {
    const bytes = tapSus(45_000, 64, '2.9 million notes')
    const before = stored()
    const probe = await during(() => upload(alice, bytes, 'chart'))
    expect(probe.outcome.status).toBe(400)
    expect(probe.outcome.body.error).toBe('upload_failed')
    expect(probe.outcome.body.message).toMatch(/over the limit of 30,000 notes/)
    expectNothingStoredSince(before)
    expectAnswered(probe)
  }, 120_000)

  it('refuses a SUS with no playable note, and a SUS whose conversion would pass the entity limit', async () => {
    const before = stored()
    const empty = Buffer.from('#TITLE "nothing"\n#00002: 4\n#BPM01: 120\n#00008: 01\n')
    const answer = await upload(alice, empty, 'chart')
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('upload_failed')
    expect(answer.body.message).toMatch(/no playable note/)
    // A few lines that would make 127,872 hold eighths: refused while they are made.
    const long = Buffer.from('#00002: 64\n#BPM01: 120\n#00008: 01\n#00032a:1100\n#99932a:2100\n')
    const refused = await upload(alice, long, 'chart')
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/over the limit of 60,000 level-data entities/)
    expectNothingStoredSince(before)
  })

  it('refuses level data that inflates to 2 GiB, stopping at the 16 MB cap', async () => {
    const bytes = levelDataBomb(2 * GiB)
    expect(bytes.length).toBeLessThan(2_500_000)
    const before = stored()
    const probe = await during(() => upload(alice, bytes, 'data'))
    expect(probe.outcome.status).toBe(400)
    expect(probe.outcome.body.error).toBe('upload_failed')
    expect(probe.outcome.body.message).toMatch(/bytes of level data once decompressed/)
    expectNothingStoredSince(before)
    expectAnswered(probe)
  }, 120_000)

  it('refuses a replay bomb: 1 GiB as it arrives (over the replay size of the chart), 64 MiB at the 32 MB cap', async () => {
    const { level } = await playableChart(31)
    const { configuration } = replayFiles({})
    const big = { data: replayDataBomb(GiB), configuration }
    expect(big.data.length).toBeLessThan(1_200_000)
    const before = stored()
    const early = await submitResult(level, big)
    expect(early.outcome.status).toBe(413)
    expect(early.outcome.body.message).toMatch(/a replay of this chart \(\d+ notes\) is at most/)
    expectNothingStoredSince(before)
    expectAnswered(early)
    // Small enough to be taken in: it is inflated in a worker, and stopped at the cap.
    const small = { data: replayDataBomb(64 * 1024 * 1024), configuration }
    const probe = await submitResult(level, small)
    expect(probe.outcome.status).toBe(400)
    // The app's call: the protocol's ServerMessage (server/http/protocolErrors.ts).
    expect(probe.outcome.body.error).toBeUndefined()
    expect(probe.outcome.body.message).toMatch(/decompresses to more than 33,554,432 bytes/)
    expectNothingStoredSince(before)
    expectAnswered(probe)
  }, 120_000)

  it('closes request bodies that trickle in: a JSON route at the request deadline, chunks at theirs', async () => {
    const before = stored()
    const { port } = new URL(server.origin)
    /** Opens a raw connection, sends the head and one body byte, then nothing; answers what the server
     *  sent before it closed the connection. */
    const trickle = async (head: string) => {
      const socket = net.connect(Number(port), '127.0.0.1')
      await once(socket, 'connect')
      socket.write(`${head}\r\n\r\n{`)
      let received = ''
      socket.on('data', (data: Buffer) => (received += data.toString('utf8')))
      await once(socket, 'close')
      return received
    }
    const slowJson = await during(() =>
      trickle(
        'POST /sonolus/authenticate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000',
      ),
    )
    expect(slowJson.outcome).toMatch(/^HTTP\/1\.1 408/)
    expectAnswered(slowJson)

    // 50 chunk PUTs of an upload, each one byte and then silence. One client holds at most 32 requests in
    // flight (REQUESTS_IN_FLIGHT_PER_CLIENT): those are answered 408 upload_failed at the chunk deadline and
    // closed; the other 18 are refused at once with 429, and then closed at the same deadline.
    const bytes = tapSus(10, 1, 'trickled')
    const start = (await (
      await fetch(`${server.origin}/upload/${sha1(bytes)}?size=${bytes.length}&type=chart`, {
        headers: { authorization: alice },
      })
    ).json()) as { uploadUrl: string; token: string }
    const url = new URL(start.uploadUrl)
    const chunks = await during(() =>
      Promise.all(
        Array.from({ length: 50 }, () =>
          trickle(
            [
              `PUT ${url.pathname} HTTP/1.1`,
              'Host: 127.0.0.1',
              `Authorization: Bearer ${start.token}`,
              `Content-Range: bytes 0-${bytes.length - 1}/${bytes.length}`,
              `Content-Length: ${bytes.length}`,
              'Content-Type: application/octet-stream',
            ].join('\r\n'),
          ),
        ),
      ),
    )
    const held = chunks.outcome.filter((answer) => /^HTTP\/1\.1 408/.test(answer))
    const refused = chunks.outcome.filter((answer) => /^HTTP\/1\.1 429/.test(answer))
    expect(held).toHaveLength(32)
    for (const answer of held) expect(answer).toContain('"error":"upload_failed"')
    expect(refused).toHaveLength(18)
    for (const answer of refused) expect(answer).toContain('"error":"rate_limited"')
    expectAnswered(chunks)
    const after = stored()
    expect(after.files).toBe(before.files)
    expect(after.chunks).toBe(0)
  }, 120_000)

  it('refuses a result of arcadeScore 1e300 and allPerfect, and the board stays empty', async () => {
    const { id, level } = await playableChart(32)
    const files = replayFiles({
      arcadeScore: 1e300,
      grade: 'allPerfect',
      perfect: 48,
      great: 0,
      good: 0,
      miss: 0,
      combo: 48,
      totalCount: 48,
    })
    const before = stored()
    const probe = await submitResult(level, files)
    expect(probe.outcome.status).toBe(400)
    // The app's call: the protocol's ServerMessage (server/http/protocolErrors.ts).
    expect(probe.outcome.body.error).toBeUndefined()
    expect(probe.outcome.body.message).toMatch(/arcadeScore/)
    expectNothingStoredSince(before)
    expectAnswered(probe, false)
    const board = await json(await fetch(`${server.origin}/sonolus/levels/wbs-${id}/leaderboards/arcScore`))
    expect(board.status).toBe(200)
    expect(board.body.topRecords).toEqual([])
  }, 120_000)

  it('answers a NUL in any search field without an error, and not with a 500', async () => {
    for (const field of ['title', 'keywords', 'artists', 'author', 'tag']) {
      const probe = await during(() =>
        fetch(`${server.origin}/sonolus/levels/list?type=advanced&${field}=abc%00def`).then(json),
      )
      expect(probe.outcome.status).toBe(200)
      expect(Array.isArray(probe.outcome.body.items)).toBe(true)
      expectAnswered(probe, false)
    }
  })

  it('accepts a signed authenticateServer body once: the same body again is 401 not_login', async () => {
    const body = JSON.stringify({
      type: 'authenticateServer',
      address: server.origin,
      time: Date.now(),
      userProfile: userProfile({ id: 'replayed', handle: '2001', name: 'Replayed' }),
    })
    const send = () =>
      fetch(`${server.origin}/sonolus/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sonolus-signature': signBody(body) },
        body,
      }).then(json)
    const before = stored()
    const probe = await during(async () => [await send(), await send(), await send()])
    expect(probe.outcome.map((answer) => answer.status)).toEqual([200, 401, 401])
    // The app's call: the protocol's ServerMessage (server/http/protocolErrors.ts).
    expect(probe.outcome[1].body).toEqual({ message: expect.stringMatching(/used already/) })
    expect(probe.outcome[2].body).toEqual({ message: expect.stringMatching(/used already/) })
    expect(stored().sessions).toBe(before.sessions + 1)
    expectAnswered(probe, false)
  })

  it('refuses a profile nested 40,000 deep (200 kB, inside the call body limit) with 400; a handle moving to a new id signs in', async () => {
    const deep = `{"type":"authenticateServer","address":"${server.origin}","time":${Date.now()},"userProfile":{"id":"deep","handle":"3001","name":"Deep","avatar":${nestedJson(40_000)}}}`
    const before = stored()
    const probe = await during(() =>
      fetch(`${server.origin}/sonolus/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sonolus-signature': signBody(deep) },
        body: deep,
      }).then(json),
    )
    expect(probe.outcome.status).toBe(400)
    expect(probe.outcome.body).toEqual({ message: expect.stringMatching(/nests deeper/) })
    expect(stored().sessions).toBe(before.sessions)
    expectAnswered(probe, false)

    await signInOverHttp(server.origin, { id: 'old-id', handle: '4001', name: 'Old' })
    // The same handle, now held by another Sonolus account id.
    const moved = await signInOverHttp(server.origin, { id: 'new-id', handle: '4001', name: 'New' })
    expect(moved).toMatch(/\S+/)
  })

  it('keys the web-login limit on the browser behind a trusted TLS proxy, not on the proxy', async () => {
    const login = (client: string) =>
      fetch(`${server.origin}/sonolus/user/login`, { headers: { 'x-forwarded-for': client } }).then(json)
    const probe = await during(async () => {
      const answers = []
      for (let i = 0; i < 20; i++) answers.push(await login(`203.0.113.${i + 1}`))
      return answers
    })
    expect(probe.outcome.every((answer) => answer.status === 200)).toBe(true)
    const one: number[] = []
    for (let i = 0; i < 11; i++) one.push((await login('198.51.100.9')).status)
    expect(one.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(one[10]).toBe(429)
    expectAnswered(probe)
  })
})
