// bench:attack's catalogue: each hostile input, what the server should answer, and how to judge the answer.
// `prepare` makes the inputs and any server state outside the measured window; the function it returns is
// the attack itself, run while the probe watches.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { type LevelItem } from '@sonolus/core'
import { readLevelData } from '../../common/chart/index.js'
import { signBody, type TestProfile, userProfile } from '../../test/fixtures/keys/sign.js'
import { multipartBody, replayFiles, replayItem, sha1 } from '../../test/fixtures/replay/replay.js'
import { type Answer, NoAnswer, describe, send, slowRequests, uploadChunked } from './client.js'
import { levelDataBomb, nestedJson, replayDataBomb, tapSus } from '../../test/fixtures/hostile.js'

export type Target = { origin: string; session: string; user: TestProfile }

export type Verdict = {
  /** What the attacker got, in a few words. */
  answer: string
  /** The server answered as the target says it should. */
  asExpected: boolean
  /** The server's message, or more about the answer. */
  detail?: string
}

export type Run = (target: Target, signal: AbortSignal) => Promise<Verdict>

export type Attack = {
  id: string
  title: string
  expected: string
  /** Hard cap on the attack itself, ms. */
  capMs: number
  /** How much the data folder may grow during the attack, MB (default 16: the database's own pages). */
  diskMb?: number
  prepare: (target: Target) => Promise<Run>
}

export type Settings = {
  capMs: number
  /** Multiplies the sizes of attacks 1-4 (1 = as specified); for quick iterations of the script. */
  scale: number
  slowConnections: number
  slowCapMs: number
  slowEveryMs: number
  floodRequests: number
  floodConcurrency: number
}

/** The docs/spec.md §8 error catalogue's keys and the protocol's plain ones (ErrorKey, server/http/errors.ts). */
const CATALOGUE = new Set([
  'not_login',
  'permission_denied',
  'permission_denied2',
  'file_too_large',
  'empty_field',
  'upload_failed',
  'create_failed',
  'not_found',
  'bad_request',
  'range_not_satisfiable',
  'rate_limited',
  'server_busy',
  'request_timeout',
  'internal_error',
])

const MiB = 1024 * 1024
/** Where set-up requests come from (behind the trusted proxy), apart from every attack's address. */
export const SETUP_ADDRESS = '10.0.0.250'
const COVER = path.join(import.meta.dirname, '../../server/demo/assets/cover-starlight.png')

export const tally = (values: string[]) => {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].map(([value, count]) => `${value}×${count}`).join(', ')
}

/** The answer against an expected status and key. */
export const judge = (
  outcome: Answer | NoAnswer,
  status: number,
  key: string | undefined,
  step = '',
): Verdict => ({
  answer: `${step}${describe(outcome)}`,
  asExpected: !(outcome instanceof NoAnswer) && outcome.status === status && (!key || outcome.key === key),
  detail: outcome instanceof NoAnswer ? undefined : (outcome.message ?? outcome.text.slice(0, 160)),
})

export const orNoAnswer = (error: unknown): NoAnswer => {
  if (error instanceof NoAnswer) return error
  throw error
}

export const json = (session: string | undefined, body: string, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    ...(session ? { 'sonolus-session': session } : {}),
    ...extra,
  },
  body,
})

/** A signed authenticateServer body for this profile (what the Sonolus app sends). */
const authenticateBody = (origin: string, profile: Record<string, unknown>) =>
  JSON.stringify({ type: 'authenticateServer', address: origin, time: Date.now(), userProfile: profile })

const authenticate = (origin: string, body: string, signal: AbortSignal) =>
  send(`${origin}/sonolus/authenticate`, {
    ...json(undefined, body, { 'sonolus-signature': signBody(body) }),
    signal,
  }).catch(orNoAnswer)

/** The cover every create uses (the demo's own: stored already when the demo was seeded). */
const coverOf = async (target: Target): Promise<string> => {
  const up = await uploadChunked(target.origin, target.session, fs.readFileSync(COVER), 'cover')
  if (!up.stored) throw new Error(`the cover upload failed: ${up.step} ${describe(up.answer)}`)
  return up.hash
}

/** Upload as `kind`, then, if that was accepted, create a chart with it as `field`. */
const uploadThenCreate = async (
  target: Target,
  signal: AbortSignal,
  bytes: Buffer,
  kind: 'chart' | 'data',
  field: 'susHash' | 'dataHash',
  coverHash: string,
): Promise<Verdict> => {
  const up = await uploadChunked(target.origin, target.session, bytes, kind, signal)
  if (!up.stored) return judge(up.answer, 400, 'upload_failed', up.step === 'start' ? 'upload start: ' : '')
  const created = await send(`${target.origin}/sonolus/levels/create`, {
    ...json(
      target.session,
      JSON.stringify({
        rulesAccepted: true,
        title: 'bench attack',
        composer: 'bench',
        artists: 'bench',
        level: 10,
        coverHash,
        [field]: up.hash,
      }),
    ),
    signal,
  }).catch(orNoAnswer)
  return { ...judge(created, 400, 'upload_failed', 'upload accepted; create: '), asExpected: false }
}

/** A public chart to submit results to, and its note count when it has level data. */
export const playableLevel = async (
  target: Target,
): Promise<{ level: LevelItem; notes: number | undefined }> => {
  // From a setup address of its own: an earlier attack's flood may have used up the attacker's minute.
  const list = await send(`${target.origin}/sonolus/levels/list`, {
    headers: { 'sonolus-session': target.session, 'x-forwarded-for': SETUP_ADDRESS },
  })
  const level = (JSON.parse(list.text) as { items?: LevelItem[] }).items?.[0]
  if (!level) throw new Error('no chart to submit results to (is SEED_DEMO on?)')
  let notes: number | undefined
  if (level.data?.url) {
    const response = await fetch(new URL(level.data.url, target.origin))
    if (response.ok) notes = readLevelData(new Uint8Array(await response.arrayBuffer())).noteCount
  }
  return { level, notes }
}

/** An allPerfect result that adds up, for a chart of `notes` notes. */
export const perfectResult = (notes = 50) => ({
  grade: 'allPerfect' as const,
  arcadeScore: 1_000_000,
  accuracyScore: 1_000_000,
  combo: notes,
  perfect: notes,
  great: 0,
  good: 0,
  miss: 0,
  totalCount: notes,
})

/** The app's result flow: submit the ReplayItem, then upload both files under the key it gave. */
export const submitResult = async (
  target: Target,
  signal: AbortSignal,
  level: LevelItem,
  files: { data: Buffer; configuration: Buffer },
  expected: { status: number; key: string | undefined } = { status: 400, key: 'upload_failed' },
  /** The client's address behind the trusted proxy (each attack's own, so that rates do not carry over). */
  from?: string,
): Promise<Verdict> => {
  const forwarded: Record<string, string> = from ? { 'x-forwarded-for': from } : {}
  const submitted = await send(`${target.origin}/sonolus/levels/result/submit`, {
    ...json(target.session, JSON.stringify({ replay: replayItem(level, files), values: '' }), forwarded),
    signal,
  }).catch(orNoAnswer)
  if (submitted instanceof NoAnswer || submitted.status !== 200)
    return { ...judge(submitted, 400, 'upload_failed', 'submit: '), asExpected: false }
  const { key } = JSON.parse(submitted.text) as { key: string }
  const { body, contentType } = multipartBody([{ bytes: files.data }, { bytes: files.configuration }])
  const uploaded = await send(`${target.origin}/sonolus/levels/result/upload`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'sonolus-upload-key': key, ...forwarded },
    body,
    signal,
  }).catch(orNoAnswer)
  return judge(uploaded, expected.status, expected.key)
}

/** Slow requests' fates, summed up: how many the server closed (and how), and when. */
const slowVerdict = (results: Awaited<ReturnType<typeof slowRequests>>, capMs: number): Verdict => {
  const unconnected = results.filter((result) => result.refused).length
  const closed = results.filter((result) => !result.refused && result.closedAfter !== undefined)
  const open = results.length - unconnected - closed.length
  const times = closed.map((result) => result.closedAfter!).sort((a, b) => a - b)
  const parts: string[] = []
  if (closed.length > 0)
    parts.push(
      `${closed.length}/${results.length} closed by the server after ` +
        `${times[0].toFixed(1)}–${times.at(-1)!.toFixed(1)} s (median ${times[Math.floor(times.length / 2)].toFixed(1)} s)`,
    )
  if (open > 0)
    parts.push(`${open}/${results.length} still open at ${(capMs / 1000).toFixed(0)} s (closed by us)`)
  if (unconnected > 0) parts.push(`${unconnected} could not connect`)
  return {
    answer: parts.join('; '),
    asExpected: open === 0 && unconnected === 0,
    detail: closed.length
      ? `answers: ${tally(closed.map((result) => (result.status ? `${result.status}${result.key ? ` ${result.key}` : ''}` : 'socket closed')))}`
      : undefined,
  }
}

const head = (method: string, origin: string, pathName: string, headers: Record<string, string>) =>
  `${method} ${pathName} HTTP/1.1\r\nHost: ${new URL(origin).host}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n'

export const attacks = (settings: Settings): Attack[] => {
  const { capMs, scale } = settings
  const scaled = (n: number) => Math.max(1, Math.round(n * scale))
  const slowCap = settings.slowCapMs + 10_000
  return [
    {
      id: '1',
      title: `SUS ${scale === 1 ? '11 MB, 10⁶' : scaled(1e6)} tap lines → chart upload, create`,
      expected: '400 upload_failed',
      capMs,
      prepare: async (target) => {
        const sus = tapSus(scaled(1_000_000), 1, '1')
        const cover = await coverOf(target)
        return (t, signal) => uploadThenCreate(t, signal, sus, 'chart', 'susHash', cover)
      },
    },
    {
      id: '2',
      title: `SUS ${scale === 1 ? '6 MB, 45k' : scaled(45_000)} lines × 64 taps → chart upload, create`,
      expected: '400 upload_failed',
      capMs,
      prepare: async (target) => {
        const sus = tapSus(scaled(45_000), 64, '2')
        const cover = await coverOf(target)
        return (t, signal) => uploadThenCreate(t, signal, sus, 'chart', 'susHash', cover)
      },
    },
    {
      id: '3',
      title: `level data gzip → ${scale === 1 ? '2 GiB' : `${scaled(2048)} MiB`} → data upload, create`,
      expected: '400 upload_failed',
      capMs,
      prepare: async (target) => {
        const bomb = levelDataBomb(scaled(2048) * MiB)
        const cover = await coverOf(target)
        return (t, signal) => uploadThenCreate(t, signal, bomb, 'data', 'dataHash', cover)
      },
    },
    {
      id: '4',
      title: `replay gzip → ${scale === 1 ? '1 GiB' : `${scaled(1024)} MiB`} → result upload`,
      // A megabyte on the wire is more than a replay of the chart can be: refused as it arrives.
      expected: '413 file_too_large',
      capMs,
      prepare: async (target) => {
        const { level, notes } = await playableLevel(target)
        const { configuration } = replayFiles({})
        const data = replayDataBomb(scaled(1024) * MiB, perfectResult(notes))
        return (t, signal) =>
          submitResult(t, signal, level, { data, configuration }, { status: 413, key: 'file_too_large' })
      },
    },
    {
      id: '5a',
      title: `${settings.slowConnections} slow JSON POSTs /sonolus/levels/wbs-…/submit (1 B/${settings.slowEveryMs / 1000} s)`,
      expected: '408 or closed, all',
      capMs: slowCap,
      prepare: async (target) => {
        // A chart's submit (a like, an edit), signed in: the body never completes.
        const { level } = await playableLevel(target)
        return async (t, signal) =>
          slowVerdict(
            await slowRequests({
              origin: t.origin,
              count: settings.slowConnections,
              head: () =>
                head('POST', t.origin, `/sonolus/levels/${level.name}/submit`, {
                  'content-type': 'application/json',
                  'content-length': '1000',
                  'sonolus-session': t.session,
                }),
              firstByte: '{',
              everyMs: settings.slowEveryMs,
              capMs: settings.slowCapMs,
              signal,
            }),
            settings.slowCapMs,
          )
      },
    },
    {
      id: '5b',
      title: `${settings.slowConnections} slow chunk PUTs /upload (1 B/${settings.slowEveryMs / 1000} s)`,
      expected: '408 or closed, all',
      capMs: slowCap,
      prepare: async (target) => {
        // One upload session; each connection sends its own 1000-byte range of it.
        const size = settings.slowConnections * 1000
        const hash = sha1(randomBytes(size))
        const start = await send(`${target.origin}/upload/${hash}?size=${size}&type=data`, {
          headers: { authorization: target.session },
        })
        if (start.status !== 200) throw new Error(`the upload start failed: ${describe(start)}`)
        const { uploadUrl, token } = JSON.parse(start.text) as { uploadUrl: string; token: string }
        const put = new URL(uploadUrl).pathname
        return async (t, signal) =>
          slowVerdict(
            await slowRequests({
              origin: t.origin,
              count: settings.slowConnections,
              head: (n) =>
                head('PUT', t.origin, put, {
                  authorization: `Bearer ${token}`,
                  'content-range': `bytes ${n * 1000}-${n * 1000 + 999}/${size}`,
                  'content-length': '1000',
                  'content-type': 'application/octet-stream',
                }),
              firstByte: 'x',
              everyMs: settings.slowEveryMs,
              capMs: settings.slowCapMs,
              signal,
            }),
            settings.slowCapMs,
          )
      },
    },
    {
      id: '6',
      title: 'result arcadeScore 1e300, grade allPerfect',
      expected: '400 upload_failed',
      capMs,
      prepare: async (target) => {
        const { level, notes } = await playableLevel(target)
        const files = replayFiles({ ...perfectResult(notes), arcadeScore: 1e300 })
        return (t, signal) => submitResult(t, signal, level, files)
      },
    },
    ...(['title', 'keywords'] as const).map((param, n): Attack => ({
      id: `7${'ab'[n]}`,
      title: `levels/list ?${param}=abc%00def`,
      // Search input that FTS cannot take is stripped (the issue allows 400 or stripping): never a 500.
      expected: '200 (NUL stripped)',
      capMs,
      prepare: async () => async (t, signal) =>
        judge(
          await send(`${t.origin}/sonolus/levels/list?${param}=abc%00def`, { signal }).catch(orNoAnswer),
          200,
          undefined,
        ),
    })),
    {
      id: '8',
      title: 'one signed authenticateServer body sent 3× in 60 s',
      expected: '200, 401 not_login ×2',
      capMs,
      prepare: async (target) => {
        const profile = userProfile({
          id: `attack-replay-${randomBytes(4).toString('hex')}`,
          handle: '7070',
          name: 'Replay',
        })
        const body = authenticateBody(target.origin, profile)
        return async (t, signal) => {
          const answers: (Answer | NoAnswer)[] = []
          for (let n = 0; n < 3; n++) answers.push(await authenticate(t.origin, body, signal))
          const [first, ...again] = answers
          return {
            answer: answers.map((answer) => describe(answer)).join(', '),
            asExpected:
              !(first instanceof NoAnswer) &&
              first.status === 200 &&
              again.every(
                (answer) =>
                  !(answer instanceof NoAnswer) && answer.status === 401 && answer.key === 'not_login',
              ),
            detail: again
              .map((answer) => (answer instanceof NoAnswer ? '' : (answer.message ?? '')))
              .join(' | '),
          }
        }
      },
    },
    {
      id: '9a',
      title: 'signed profile nested 100,000 levels deep',
      // Over the call's body limit (256 KiB) it is refused before it is read.
      expected: '400 or 413 (catalogue key)',
      capMs,
      prepare: async (target) => {
        const profile = userProfile({
          id: `attack-deep-${randomBytes(4).toString('hex')}`,
          handle: '7071',
          name: 'Deep',
        })
        const body = authenticateBody(target.origin, { ...profile, aboutMe: 'NEST' }).replace(
          '"NEST"',
          nestedJson(100_000),
        )
        return async (t, signal) => {
          const answer = await authenticate(t.origin, body, signal)
          const verdict = judge(
            answer,
            answer instanceof NoAnswer ? 400 : answer.status === 413 ? 413 : 400,
            undefined,
          )
          return { ...verdict, asExpected: verdict.asExpected && CATALOGUE.has((answer as Answer).key ?? '') }
        }
      },
    },
    {
      id: '9b',
      title: "a new user id signs in with another id's handle",
      expected: '200',
      capMs,
      prepare: async (target) => {
        const profile = userProfile({
          id: `attack-thief-${randomBytes(4).toString('hex')}`,
          handle: target.user.handle,
          name: 'Thief',
        })
        const body = authenticateBody(target.origin, profile)
        return async (t, signal) => judge(await authenticate(t.origin, body, signal), 200, undefined)
      },
    },
    {
      id: '10',
      title: '20 web logins, each with its own X-Forwarded-For',
      expected: 'not all 429 after 10',
      capMs,
      prepare: async () => async (t, signal) => {
        const answers: (Answer | NoAnswer)[] = []
        for (let n = 0; n < 20; n++)
          answers.push(
            await send(`${t.origin}/sonolus/user/login`, {
              headers: { 'x-forwarded-for': `203.0.113.${n + 1}` },
              signal,
            }).catch(orNoAnswer),
          )
        const late = answers.slice(10)
        return {
          answer: `first 10: ${tally(answers.slice(0, 10).map((answer) => describe(answer)))}; next 10: ${tally(late.map((answer) => describe(answer)))}`,
          asExpected: late.some((answer) => !(answer instanceof NoAnswer) && answer.status === 200),
        }
      },
    },
    {
      id: '11',
      title: `flood: ${settings.floodRequests} × levels/list, one IP and session`,
      expected: 'some 429 rate_limited + Retry-After',
      capMs,
      prepare: async () => async (t, signal) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: settings.floodConcurrency })
        try {
          const answers = await Promise.all(
            Array.from({ length: settings.floodRequests }, (_, n) =>
              send(`${t.origin}/sonolus/levels/list?page=${n % 3}`, {
                headers: { 'sonolus-session': t.session },
                agent,
                signal,
              }).catch(orNoAnswer),
            ),
          )
          const limited = answers.filter(
            (answer): answer is Answer => !(answer instanceof NoAnswer) && answer.status === 429,
          )
          const withRetry = limited.filter((answer) => answer.headers['retry-after'] !== undefined)
          const other = answers.find(
            (answer): answer is Answer =>
              !(answer instanceof NoAnswer) && answer.status !== 200 && answer.status !== 429,
          )
          const notes = [
            limited.length
              ? `Retry-After on ${withRetry.length}/${limited.length} of the 429s (e.g. "${withRetry[0]?.headers['retry-after'] ?? ''}")`
              : '',
            other ? `e.g. ${describe(other)}: ${other.message ?? other.text.slice(0, 120)}` : '',
          ]
          return {
            answer: tally(answers.map((answer) => describe(answer))),
            asExpected:
              limited.length > 0 &&
              withRetry.length === limited.length &&
              limited.every((answer) => answer.key === 'rate_limited'),
            detail: notes.filter(Boolean).join('; ') || undefined,
          }
        } finally {
          agent.destroy()
        }
      },
    },
  ]
}
