// bench:attack's rows for what one client may hold or cost at once: connections, bodies held in memory,
// replay bytes on disk, chart conversions, bursts inside the per-minute rate, charts that would freeze a
// browser, forged results, the upload and report holes, and a web login link sent to someone else. Each is judged by its answers; the harness
// judges the probe (another address), the server's memory and the data folder's growth.
import http from 'node:http'
import net from 'node:net'
import { randomBytes } from 'node:crypto'
import { appLogin, loginCodeIn } from '../../scripts/dev-app-login.js'
import { signInOverHttp } from '../../test/fixtures/serverProcess.js'
import { replayFiles, sha1 } from '../../test/fixtures/replay/replay.js'
import {
  SETUP_ADDRESS,
  type Attack,
  type Settings,
  type Verdict,
  judge,
  json,
  orNoAnswer,
  perfectResult,
  playableLevel,
  submitResult,
  tally,
} from './attacks.js'
import { type Answer, NoAnswer, describe, send, uploadChunked } from './client.js'

const MiB = 1024 * 1024
const answered = (outcome: Answer | NoAnswer): outcome is Answer => !(outcome instanceof NoAnswer)

/** The hostile SUS of the workers row: one tap and a hi-speed change a trillion ticks in. */
const TIL_BOMB = `#00002: 4\n#BPM01: 120\n#00008: 01\n#TIL00: "0'999999999999:1.0"\n#00112: 11\n`

/** Raw connections from a loopback address that send `write` (or nothing) and wait; each resolves with
 *  what the server sent before it closed, or undefined while still open at `holdMs`. */
const rawConnections = (options: {
  origin: string
  count: number
  localAddress?: string
  write?: (n: number) => string
  holdMs: number
  signal: AbortSignal
}): Promise<{ answers: (string | undefined)[]; failedToConnect: number }> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(options.origin)
    const answers: (string | undefined)[] = Array.from({ length: options.count }, () => undefined)
    const sockets: net.Socket[] = []
    let failedToConnect = 0
    let open = options.count
    const finish = () => {
      clearTimeout(timer)
      for (const socket of sockets) socket.destroy()
      resolve({ answers, failedToConnect })
    }
    const timer = setTimeout(finish, options.holdMs)
    options.signal.addEventListener('abort', finish, { once: true })
    for (let n = 0; n < options.count; n++) {
      const socket = net.connect({ host: hostname, port: Number(port), localAddress: options.localAddress })
      sockets.push(socket)
      let received = ''
      let connected = false
      socket.on('connect', () => {
        connected = true
        if (options.write) socket.write(options.write(n))
      })
      socket.on('data', (data: Buffer) => (received += data.toString('latin1')))
      socket.on('error', () => {})
      socket.on('close', () => {
        if (!connected) failedToConnect++
        answers[n] = received || 'closed without an answer'
        if (--open === 0) finish()
      })
    }
  })

const statusOf = (text: string | undefined) =>
  text ? (/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 'closed') : 'open'

/** Signs in a fresh ordinary user (each attack's own, so that quotas of one do not decide another). */
const freshUser = (origin: string, tag: string, n: number) =>
  signInOverHttp(origin, {
    id: `attack-${tag}-${n}-${randomBytes(3).toString('hex')}`,
    handle: String(7200 + Math.floor(Math.random() * 700)),
    name: `Attacker ${tag} ${n}`,
  })

export const perClientAttacks = (settings: Settings): Attack[] => {
  const { capMs } = settings
  return [
    {
      id: '12',
      title: '1,100 idle connections from one address (127.0.0.2), held 5 s',
      expected: 'at most 64 held; the rest 429 rate_limited and closed at once',
      capMs,
      prepare: async () => async (t, signal) => {
        const { answers, failedToConnect } = await rawConnections({
          origin: t.origin,
          count: 1100,
          localAddress: '127.0.0.2',
          holdMs: 5000,
          signal,
        })
        const held = answers.filter((answer) => answer === undefined).length
        const refused = answers.filter((answer) => answer?.startsWith('HTTP/1.1 429')).length
        return {
          answer: `${held} held, ${refused} answered 429 and closed, ${failedToConnect} could not connect`,
          asExpected: held <= 64 && held + refused === 1100 && failedToConnect === 0,
          detail: `fates: ${tally(answers.map(statusOf))}`,
        }
      },
    },
    {
      id: '13',
      title:
        '1,000 takedown POSTs at once declaring 1 MiB, sending 64 KiB of it, from one address (127.0.0.2)',
      expected: '413 file_too_large before the body is read, or 429 for connections past 64; nothing held',
      capMs,
      diskMb: 1,
      prepare: async () => {
        const length = 1024 * 1024
        // The head and the first 64 KiB: the rest never comes (the server should not wait for it anyway).
        const body = `{"claimant":"${'x'.repeat(64 * 1024)}`
        return async (t, signal) => {
          const { answers } = await rawConnections({
            origin: t.origin,
            count: 1000,
            localAddress: '127.0.0.2',
            write: () =>
              `POST /sonolus/takedown HTTP/1.1\r\nHost: ${new URL(t.origin).host}\r\nX-Sirius-Client: web\r\n` +
              `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`,
            holdMs: 30_000,
            signal,
          })
          const refused = answers.filter(
            (answer) =>
              answer?.includes('"error":"file_too_large"') ||
              answer?.includes('"error":"rate_limited"') ||
              answer === 'closed without an answer',
          ).length
          return { answer: tally(answers.map(statusOf)), asExpected: refused === answers.length }
        }
      },
    },
    {
      id: '14',
      title: 'six accounts × 12 results whose replays carry 10 MB of padding',
      expected: '413 file_too_large (or the connection closed on the refused body); nothing stored',
      capMs,
      diskMb: 2,
      prepare: async (target) => {
        const { level, notes } = await playableLevel(target)
        const sessions = await Promise.all(
          Array.from({ length: 6 }, (_, n) => freshUser(target.origin, 'disk', n)),
        )
        const files = Array.from({ length: 12 }, (_, n) =>
          replayFiles({ ...perfectResult(notes), arcadeScore: 1_000_000 - n }, { padding: 10 * MiB }),
        )
        return async (t, signal) => {
          const verdicts: Verdict[] = []
          await Promise.all(
            sessions.map(async (session, n) => {
              for (const replay of files)
                verdicts.push(
                  await submitResult(
                    { ...t, session },
                    signal,
                    level,
                    replay,
                    { status: 413, key: 'file_too_large' },
                    `10.14.0.${n + 1}`,
                  ),
                )
            }),
          )
          return {
            answer: tally(verdicts.map((verdict) => verdict.answer)),
            asExpected: verdicts.every(
              (verdict) => verdict.asExpected || /^connection closed/.test(verdict.answer),
            ),
          }
        }
      },
    },
    {
      id: '15',
      title: '8 uploads of a SUS with a #TIL tick a trillion in, beside another user\u2019s one-line chart',
      expected: '400 upload_failed at once, all; the other chart stored within 2 s',
      capMs,
      prepare: async (target) => {
        const other = await freshUser(target.origin, 'bystander', 0)
        const bombs = Array.from({ length: 8 }, (_, n) =>
          Buffer.from(`#TITLE "bomb ${n} ${Date.now()}"\n${TIL_BOMB}`),
        )
        return async (t, signal) => {
          const started = performance.now()
          const bad = Promise.all(
            bombs.map((bytes) => uploadChunked(t.origin, t.session, bytes, 'chart', signal)),
          )
          const good = uploadChunked(
            t.origin,
            other,
            Buffer.from(`#TITLE "one line ${Date.now()}"\n#00002: 4\n#BPM01: 120\n#00008: 01\n#00112: 11\n`),
            'chart',
            signal,
          ).then((outcome) => ({ outcome, seconds: (performance.now() - started) / 1000 }))
          const [refusals, bystander] = await Promise.all([bad, good])
          const all400 = refusals.every(
            (outcome) =>
              !outcome.stored && answered(outcome.answer) && outcome.answer.key === 'upload_failed',
          )
          return {
            answer: `bombs: ${tally(refusals.map((outcome) => (outcome.stored ? 'stored' : describe(outcome.answer))))}; the other chart ${bystander.outcome.stored ? 'stored' : 'not stored'} in ${bystander.seconds.toFixed(2)} s`,
            asExpected: all400 && bystander.outcome.stored && bystander.seconds <= 2,
            detail: refusals.find((outcome) => !outcome.stored && answered(outcome.answer))
              ? ((refusals.find((outcome) => !outcome.stored)!.answer as Answer).message ?? '')
              : undefined,
          }
        }
      },
    },
    {
      id: '16',
      title:
        '1,000 like/dislike POSTs at once from one user at one address (127.0.0.2), inside the per-minute rate',
      expected:
        'each 200, or 429 rate_limited (or closed) at once past 64 connections and 32 in flight; never 5xx',
      capMs,
      prepare: async (target) => {
        const { level } = await playableLevel(target)
        return async (t, signal) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 })
          try {
            const answers = await Promise.all(
              Array.from({ length: 1000 }, (_, n) =>
                send(`${t.origin}/sonolus/levels/${level.name}/community/submit`, {
                  ...json(t.session, JSON.stringify({ values: n % 2 ? 'type=dislike' : 'type=like' })),
                  agent,
                  localAddress: '127.0.0.2',
                  signal,
                }).catch(orNoAnswer),
              ),
            )
            const ok = answers.filter((answer) =>
              answered(answer)
                ? answer.status === 200 || (answer.status === 429 && answer.key === 'rate_limited')
                : answer.kind === 'closed',
            )
            return {
              answer: tally(answers.map((answer) => describe(answer))),
              asExpected: ok.length === answers.length,
            }
          } finally {
            agent.destroy()
          }
        }
      },
    },
    {
      id: '17',
      title: 'charts that would freeze a browser: #WAVEOFFSET 1000000; #BPM 1e-40 before a slide',
      expected: '400 upload_failed, both',
      capMs,
      prepare: async () => async (t, signal) => {
        const header = (name: string) =>
          `#TITLE "${name} ${Date.now()}"\n#00002: 4\n#BPM01: 120\n#00008: 01\n`
        const charts = [
          `${header('offset')}#WAVEOFFSET 1000000\n#00012: 11\n`,
          `${header('slow')}#BPM02: 1e-40\n#00108: 02\n#00130: 13\n#00230: 23\n`,
        ]
        const outcomes = await Promise.all(
          charts.map((text) => uploadChunked(t.origin, t.session, Buffer.from(text), 'chart', signal)),
        )
        return {
          answer: outcomes
            .map((outcome) => (outcome.stored ? 'stored' : describe(outcome.answer)))
            .join(', '),
          asExpected: outcomes.every(
            (outcome) =>
              !outcome.stored && answered(outcome.answer) && outcome.answer.key === 'upload_failed',
          ),
          detail: outcomes
            .map((outcome) => (!outcome.stored && answered(outcome.answer) ? outcome.answer.message : ''))
            .join(' | '),
        }
      },
    },
    {
      id: '18',
      title:
        'forged results: a fail with every note Missed at accuracy 1,000,000; then 30 plays of one chart',
      expected: '400 upload_failed; then 10 recorded and the rest 429 rate_limited',
      capMs,
      prepare: async (target) => {
        const { level, notes = 50 } = await playableLevel(target)
        const missed = replayFiles({
          grade: 'fail',
          arcadeScore: 0,
          accuracyScore: 1_000_000,
          combo: 0,
          perfect: 0,
          great: 0,
          good: 0,
          miss: notes,
          totalCount: notes,
        })
        const plays = Array.from({ length: 30 }, (_, n) =>
          replayFiles({ ...perfectResult(notes), arcadeScore: 1_000_000 - n, accuracyScore: 900_000 }),
        )
        return async (t, signal) => {
          const forged = await submitResult(t, signal, level, missed, undefined, '10.18.0.1')
          const outcomes: Verdict[] = []
          for (const files of plays)
            outcomes.push(
              await submitResult(t, signal, level, files, { status: 200, key: undefined }, '10.18.0.1'),
            )
          const recorded = outcomes.filter((verdict) => verdict.asExpected).length
          const limited = outcomes.filter((verdict) => /429 rate_limited/.test(verdict.answer)).length
          return {
            answer: `forged: ${forged.answer}; plays: ${tally(outcomes.map((verdict) => verdict.answer))}`,
            asExpected: forged.asExpected && recorded === 10 && limited === 20,
            detail: [forged.detail, outcomes.find((verdict) => !verdict.asExpected)?.detail]
              .filter(Boolean)
              .join(' | '),
          }
        }
      },
    },
    {
      id: '19',
      title:
        'four overlapping chunk PUTs of one upload; "is it stored?" for a file of another; a self-report',
      expected: 'one chunk taken and the upload completes; 200 (a new upload, not 201); 400',
      capMs,
      prepare: async (target) => {
        const bytes = randomBytes(700_000)
        // A cover every demo chart uses: stored, and not this attacker's.
        const list = await send(`${target.origin}/sonolus/levels/list`, {
          headers: { 'x-forwarded-for': SETUP_ADDRESS },
        })
        const cover = (JSON.parse(list.text) as { items: { cover: { hash: string } }[] }).items[0].cover.hash
        return async (t, signal) => {
          const headers = { authorization: t.session }
          const start = await send(`${t.origin}/upload/${sha1(bytes)}?size=${bytes.length}&type=music`, {
            headers,
            signal,
          })
          const { uploadUrl, token } = JSON.parse(start.text) as { uploadUrl: string; token: string }
          const put = (from: number, to: number) =>
            send(uploadUrl, {
              method: 'PUT',
              headers: {
                authorization: `Bearer ${token}`,
                'content-range': `bytes ${from}-${to}/${bytes.length}`,
                'content-type': 'application/octet-stream',
              },
              body: bytes.subarray(from, to + 1),
              signal,
            }).catch(orNoAnswer)
          const overlapping = await Promise.all(
            [0, 50_000, 100_000, 150_000].map((from) => put(from, from + 199_999)),
          )
          const taken = overlapping.filter((answer) => answered(answer) && answer.status === 200).length
          // What the server holds adds up: ask, then send the gaps.
          const again = JSON.parse(
            (
              await send(`${t.origin}/upload/${sha1(bytes)}?size=${bytes.length}&type=music`, {
                headers,
                signal,
              })
            ).text,
          ) as { ranges: [number, number][] }
          const [[from, to]] = again.ranges
          const gaps: [number, number][] = [
            ...(from > 0 ? [[0, from - 1] as [number, number]] : []),
            ...(to < bytes.length - 1 ? [[to + 1, bytes.length - 1] as [number, number]] : []),
          ]
          let last: Answer | NoAnswer | undefined
          for (const [a, b] of gaps)
            for (let at = a; at <= b; at += 300_000) last = await put(at, Math.min(at + 299_999, b))
          const completed = !!last && answered(last) && last.status === 201
          // Music is checked by content: random bytes are refused once whole, which is an answer too.
          const finished =
            completed ||
            (!!last &&
              answered(last) &&
              last.key === 'upload_failed' &&
              /audio|MP3|music/i.test(last.message ?? ''))
          const oracle = await send(`${t.origin}/upload/${cover}?size=1000&type=cover`, {
            headers,
            signal,
          }).catch(orNoAnswer)
          const self = await send(`${t.origin}/sonolus/reports`, {
            ...json(
              t.session,
              JSON.stringify({ target: { type: 'user', id: t.user.handle }, reason: 'spam' }),
            ),
            signal,
          }).catch(orNoAnswer)
          return {
            answer: `overlapping: ${taken} taken (${tally(overlapping.map((answer) => describe(answer)))}), then ${last ? describe(last) : 'nothing to send'}; stored? ${describe(oracle)}; self-report ${describe(self)}`,
            asExpected:
              taken === 1 &&
              finished &&
              answered(oracle) &&
              oracle.status !== 201 &&
              judge(self, 400, 'bad_request').asExpected,
          }
        }
      },
    },
    {
      id: '20',
      title: 'a web login link the attacker started, confirmed in the app by someone else; 6 code guesses',
      expected:
        "the attacker's browser stays logged out (401); guesses 400×5 then 401; the victim's own login finishes with its code (200)",
      capMs,
      prepare: async () => async (t, signal) => {
        const start = async () =>
          JSON.parse((await send(`${t.origin}/sonolus/user/login`, { signal })).text) as {
            sessionId: string
            url: string
          }
        const mine = async (sessionId: string) =>
          (await send(`${t.origin}/sonolus/user/mine`, { headers: { authorization: sessionId }, signal }))
            .status
        const giveCode = (sessionId: string, code: string) =>
          send(`${t.origin}/sonolus/user/login/code`, {
            method: 'POST',
            headers: { authorization: sessionId, 'content-type': 'application/json' },
            body: JSON.stringify({ code }),
            signal,
          }).catch(orNoAnswer)
        const victim = {
          id: `victim-${randomBytes(3).toString('hex')}`,
          handle: String(7900 + Math.floor(Math.random() * 90)),
          name: 'Victim',
        }
        const attacker = await start()
        const confirmed = await appLogin(attacker.url, victim)
        const code = loginCodeIn(confirmed.message) ?? ''
        const before = await mine(attacker.sessionId)
        const guesses = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            giveCode(attacker.sessionId, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
          ),
        )
        const after = await mine(attacker.sessionId)
        // The victim's own login, started in their browser, finishes with the code their app shows.
        const own = await start()
        const ownCode = loginCodeIn((await appLogin(own.url, victim)).message) ?? ''
        const finished = await giveCode(own.sessionId, ownCode)
        const ownMine = await mine(own.sessionId)
        const statuses = guesses.map((guess) => (answered(guess) ? guess.status : 0)).sort()
        return {
          answer: `confirmed ${confirmed.status}; attacker's mine ${before}, after guesses ${after}; guesses ${tally(guesses.map((guess) => describe(guess)))}; own login ${describe(finished)}, mine ${ownMine}`,
          asExpected:
            confirmed.status === 200 &&
            /^\d{6}$/.test(code) &&
            before === 401 &&
            after === 401 &&
            statuses.join() === '400,400,400,400,400,401' &&
            answered(finished) &&
            finished.status === 200 &&
            ownMine === 200,
        }
      },
    },
  ]
}
