// docs/spec.md §2 "Create and Edit", §4 (progress stages, chunked upload), §5 (validation), §8 (errors) against
// the stateful upload backend in mocks/uploads.ts: real SHA-1s, real SUS conversions, real chunking.
// jsdom has no canvas, so only the background composition is replaced (its own test draws on a fake one).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import Cookies from 'js-cookie'
import { convertSus } from '../../../common/chart'
import { type CreateLevelBody, MAX_TAGS } from '../../../common/api/uploads'
import { AppRoutes } from '../../../src/shell/router'
import { sessionUrl } from '../../../src/api/uploads'
import { type AppStore } from '../../../src/app/store'
import { selectPipeline } from '../../../src/features/create/pipelineSlice'
import {
  fromLocalInput,
  initialValues,
  toLocalInput,
  toPipelineInput,
} from '../../../src/features/create/chartForm'
import { server } from '../../../mocks/node'
import { detailsResponse, sampleChart, sampleUser } from '../../../mocks/data'
import { type UploadBackendOptions, uploadBackend } from '../../../mocks/uploads'
import { expectLocation, pastMessageDelay, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

vi.mock('../../../src/features/create/background', () => ({
  // A stand-in PNG whose bytes depend on the cover, so its hash is known.
  composeBackground: vi.fn(async (cover: Blob) => new Blob([`background of ${cover.size} bytes`])),
}))

const SUS = readFileSync(path.resolve(__dirname, '../../fixtures/sus/chart-50.sus'), 'utf8')
const CHUNK = 327_680

const sha1 = (bytes: Uint8Array | string) => createHash('sha1').update(bytes).digest('hex')
const pattern = (size: number, seed: number, head: number[] = []) => {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff
  bytes.set(head)
  return bytes
}
const ID3 = [0x49, 0x44, 0x33, 0x03, 0x00]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const file = (bytes: Uint8Array | string, name: string, type: string) =>
  new File([bytes as BlobPart], name, { type })

const coverBytes = pattern(2000, 1, PNG)
const cover = () => file(coverBytes, 'cover.png', 'image/png')
const backgroundHash = sha1(`background of ${coverBytes.length} bytes`)
/** Bigger than two chunks: three PUTs. */
const musicBytes = pattern(2 * CHUNK + 44_640, 2, ID3)
const music = () => file(musicBytes, 'song.mp3', 'audio/mpeg')
const chartFile = (text = SUS) => file(text, 'chart.sus', 'text/plain')
const dataHash = sha1(convertSus(SUS).gzipped)

const SAVED = 'Saved successfully'
const EMOJI = '\u{1F3B5}' // one code point, two UTF-16 units
const UPLOAD_FAILED = 'Failed to upload assets, please check your network connection'
const CREATE_FAILED = 'Failed to create level, please check your network connection'
const EMPTY = 'Please complete all required fields and try again.'
const TOO_LARGE = 'The file is too large, please reduce the file size and try again'

/** A user whose file picker shows all files, whatever the input accepts. */
const anyFile = userEvent.setup({ applyAccept: false })

const loggedIn = () => server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)))

/** The stage the readout shows while a call is in flight (the pipeline waits for its answer, so the stage
 *  holds still), once React has drawn the stage the store holds. A readout that never catches up is
 *  recorded as it stands, for the caller's assertion to name. */
const shownStage = async (store: AppStore) => {
  const shown = () => Number(screen.getByTestId('create-stage').getAttribute('data-stage'))
  await waitFor(() => expect(shown()).toBe(selectPipeline(store.getState()).stage)).catch(() => undefined)
  return shown()
}
const stageRow = (stage: number) => screen.getByTestId(`create-stage-${stage}`)
const submitButton = (name: RegExp) => screen.getByRole('button', { name })
const waitForStage = (stage: number) =>
  waitFor(() => expect(screen.getByTestId('create-stage')).toHaveAttribute('data-stage', String(stage)))

const backend = (options: UploadBackendOptions = {}) => {
  const mock = uploadBackend(options)
  server.use(...mock.handlers)
  return mock
}

const openCreate = async () => {
  loggedIn()
  const rendered = renderWithProviders(<AppRoutes />, { route: '/chart/create' })
  await screen.findByLabelText('Title')
  return rendered
}

type User = Awaited<ReturnType<typeof openCreate>>['user']

/** Presses Create on a form that the browser's checks refuse, and waits for the form's answer. antd marks
 *  every field as validating while the rules (promises) run; had they passed, the pipeline would have
 *  started in that moment (busy, then stage 1, before its first call). So once no field is validating, a
 *  run that has not started never will, and nothing can have been sent or be sent later. */
const submitRefused = async (user: User, store: AppStore) => {
  let started = false
  const unsubscribe = store.subscribe(() => {
    if (selectPipeline(store.getState()).busy) started = true
  })
  await user.click(submitButton(/Create$/))
  await waitFor(() => expect(document.querySelector('.ant-form-item-is-validating')).toBeNull())
  unsubscribe()
  expect(started).toBe(false)
  expect(screen.getByTestId('create-stage')).toHaveAttribute('data-stage', '0')
}

const rulesBox = () => screen.getByRole('checkbox', { name: /I have read and accept the upload rules/ })

const fillRequired = async (user: User, { withCover = true } = {}) => {
  if (withCover) await user.upload(screen.getByLabelText('Cover image'), cover())
  // Pasted rather than typed key by key: the same events for the form, a quarter of the time.
  for (const [label, text] of [
    ['Title', 'Sirius test'],
    ['Composer', 'Composer A'],
    ['Artists', 'Artist B'],
    ['Level', '12'],
  ]) {
    await user.click(screen.getByLabelText(label))
    await user.paste(text)
  }
  await user.click(rulesBox())
}

beforeEach(() => {
  Cookies.set('sessionId', 'session-secret')
})
afterEach(() => {
  Cookies.remove('sessionId')
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('create: the pipeline (docs/spec.md §4)', () => {
  it('walks stages 1 to 7 in order, uploads in 327680-byte chunks, then opens the chart after 3000 ms', async () => {
    const seen: [string, number][] = []
    const mock = backend({
      before: async (call) => {
        if (call.kind === 'start' || call.kind === 'create')
          seen.push([call.type ?? call.kind, await shownStage(store)])
      },
    })
    const { user, store } = await openCreate()
    // docs/spec.md §4: the music's progress, as the slice holds it, while it uploads.
    const musicProgress: string[] = []
    store.subscribe(() => {
      const { status, percent, buffer } = selectPipeline(store.getState()).progress[3]
      const shown = `${status} ${percent.toFixed(1)} ${buffer.toFixed(1)}`
      if (status !== 'waiting' && musicProgress.at(-1) !== shown) musicProgress.push(shown)
    })
    expect(screen.getByTestId('create-stage')).toHaveTextContent('Stage 0 of 7: Waiting')
    await fillRequired(user)
    expect(screen.getByRole('img', { name: 'Cover preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    )
    await user.upload(screen.getByLabelText('Music (mp3)'), music())
    await user.upload(screen.getByLabelText('Chart file (.sus)'), chartFile())
    expect(await screen.findByText(/^chart\.sus/)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Tags'), 'pop{Enter}live,')
    await user.click(screen.getByRole('switch', { name: 'Public' }))
    await user.type(screen.getByLabelText('Description (markdown)'), '**Hi**')
    await user.click(submitButton(/Create$/))

    await waitForStage(7)
    const finishedAt = Date.now()
    expect(screen.getByTestId('create-stage')).toHaveTextContent('Stage 7 of 7: Finished')
    // Each call went out while the readout showed its own stage.
    expect(seen).toEqual([
      ['cover', 1],
      ['background', 2],
      ['music', 3],
      ['chart', 4],
      ['data', 5],
      ['create', 6],
    ])
    for (const stage of [1, 2, 3, 4, 5, 6, 7]) expect(stageRow(stage)).toHaveAttribute('data-status', 'done')
    expect(screen.getByTestId('create-progress-3')).toHaveAttribute('data-percent', '100')
    // Starts at 0 with buffer 10; per chunk the percent reaches what the server holds and the buffer
    // the end of the chunk in flight.
    const third = (100 * 2 * CHUNK) / musicBytes.length
    const first = (100 * CHUNK) / musicBytes.length
    expect(musicProgress).toEqual([
      'active 0.0 10.0',
      `active 0.0 ${first.toFixed(1)}`,
      `active ${first.toFixed(1)} ${third.toFixed(1)}`,
      `active ${third.toFixed(1)} 100.0`,
      'active 100.0 100.0',
      'done 100.0 100.0',
    ])

    // Real hashes and sizes, with the session on the start calls.
    expect(mock.state.starts).toEqual([
      { sha1: sha1(coverBytes), size: coverBytes.length, type: 'cover', authorization: 'session-secret' },
      {
        sha1: backgroundHash,
        size: `background of ${coverBytes.length} bytes`.length,
        type: 'background',
        authorization: 'session-secret',
      },
      { sha1: sha1(musicBytes), size: musicBytes.length, type: 'music', authorization: 'session-secret' },
      { sha1: sha1(SUS), size: Buffer.byteLength(SUS), type: 'chart', authorization: 'session-secret' },
      { sha1: dataHash, size: convertSus(SUS).gzipped.length, type: 'data', authorization: 'session-secret' },
    ])
    // The music went in three chunks, inclusive ranges, with only the upload token.
    const musicPuts = mock.state.puts.filter((put) => put.sha1 === sha1(musicBytes))
    expect(musicPuts.map((put) => put.range)).toEqual([
      `bytes 0-327679/${musicBytes.length}`,
      `bytes 327680-655359/${musicBytes.length}`,
      `bytes 655360-${musicBytes.length - 1}/${musicBytes.length}`,
    ])
    expect(musicPuts.map((put) => put.bytes)).toEqual([CHUNK, CHUNK, musicBytes.length - 2 * CHUNK])
    expect(new Set(mock.state.puts.map((put) => put.authorization))).toEqual(
      new Set(['token-1', 'token-2', 'token-3', 'token-4', 'token-5'].map((token) => `Bearer ${token}`)),
    )
    expect(mock.state.files.get(sha1(musicBytes))?.bytes).toEqual(musicBytes)

    expect(mock.state.created).toHaveLength(1)
    expect(mock.state.created[0].authorization).toBe('session-secret')
    expect(mock.state.created[0].body).toEqual({
      title: 'Sirius test',
      composer: 'Composer A',
      artists: 'Artist B',
      author: 'Player One#123456',
      description: '**Hi**',
      level: 12,
      isOliver: 0,
      isPublic: 0,
      // Others may not download the SUS unless the creator says so.
      allowSusDownload: 0,
      tags: ['pop', 'live'],
      coverHash: sha1(coverBytes),
      backgroundHash,
      musicHash: sha1(musicBytes),
      susHash: sha1(SUS),
      dataHash,
      // No schedule.
      publishAt: null,
      rulesAccepted: true,
    } satisfies CreateLevelBody)
    expect(await screen.findByText(SAVED)).toBeInTheDocument()

    // docs/spec.md §4/§9: chart info 3000 ms after finishing, not before.
    expect(screen.getByTestId('location')).toHaveTextContent('/chart/create')
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/chart/${mock.chartId}/info`),
    )
    expect(Date.now() - finishedAt).toBeGreaterThanOrEqual(2900)
  })

  it('skips files the server has (201) and files not given: no PUT for them', async () => {
    const mock = backend({ stored: [sha1(coverBytes)] })
    const { user } = await openCreate()
    await fillRequired(user)
    await user.click(submitButton(/Create$/))
    await waitForStage(7)
    expect(mock.state.starts.map((start) => start.type)).toEqual(['cover', 'background'])
    expect(mock.state.puts.every((put) => put.sha1 === backgroundHash)).toBe(true)
    expect(mock.state.puts).toHaveLength(1)
    expect(stageRow(1)).toHaveAttribute('data-status', 'stored')
    expect(stageRow(1)).toHaveTextContent('Already on the server')
    expect(stageRow(2)).toHaveAttribute('data-status', 'done')
    for (const stage of [3, 4, 5]) {
      expect(stageRow(stage)).toHaveAttribute('data-status', 'skipped')
      expect(stageRow(stage)).toHaveTextContent('Skipped')
    }
    const body = mock.state.created[0].body
    expect(body.coverHash).toBe(sha1(coverBytes))
    expect(body).not.toHaveProperty('musicHash')
    expect(body).not.toHaveProperty('susHash')
    expect(body).not.toHaveProperty('dataHash')
  })

  it.each([
    ['lost', ['bytes 0-327679', 'bytes 327680-655359', 'bytes 327680-655359', 'bytes 655360-']],
    ['unanswered', ['bytes 0-327679', 'bytes 327680-655359', 'bytes 655360-']],
  ] as const)(
    'resumes when a chunk is %s on the network: asks the server how far it got and goes on',
    async (failure, ranges) => {
      let failed = false
      const mock = backend({
        stored: [sha1(coverBytes), backgroundHash],
        failPut: (_index, put) => {
          if (failed || !put.range?.startsWith('bytes 327680-')) return undefined
          failed = true
          return failure
        },
      })
      const { user } = await openCreate()
      await fillRequired(user)
      await user.upload(screen.getByLabelText('Music (mp3)'), music())
      await user.click(submitButton(/Create$/))
      await waitForStage(7)
      expect(mock.state.puts).toHaveLength(ranges.length)
      mock.state.puts.forEach((put, index) => expect(put.range).toMatch(new RegExp(`^${ranges[index]}`)))
      expect(mock.state.statusChecks).toEqual([
        {
          url: `${window.location.origin}/upload/sessions/s1`,
          sha1: sha1(musicBytes),
          authorization: 'Bearer token-1',
        },
      ])
      expect(mock.state.files.get(sha1(musicBytes))?.bytes).toEqual(musicBytes)
      expect(mock.state.created[0].body.musicHash).toBe(sha1(musicBytes))
    },
  )

  it('gives up after 3 retries (upload_failed, logged, form enabled); a new run resumes from what the server holds', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let broken = true
    // The first chunk arrives; every later one is lost until the network comes back.
    const mock = backend({
      stored: [sha1(coverBytes), backgroundHash],
      failPut: (index) => (broken && index > 0 ? 'lost' : undefined),
    })
    const { user } = await openCreate()
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Music (mp3)'), music())
    await user.click(submitButton(/Create$/))
    expect(await screen.findByText(UPLOAD_FAILED)).toBeInTheDocument()
    expect(mock.state.statusChecks).toHaveLength(3)
    expect(mock.state.puts.map((put) => put.outcome)).toEqual(['stored', 'lost', 'lost', 'lost', 'lost'])
    expect(stageRow(3)).toHaveAttribute('data-status', 'failed')
    expect(screen.getByTestId('create-stage')).toHaveAttribute('data-stage', '3')
    expect(mock.state.created).toHaveLength(0)
    expect(logged).toHaveBeenCalledWith('create/edit failed at stage 3:', expect.anything())
    await waitFor(() => expect(submitButton(/Create$/)).toBeEnabled())
    expect(screen.getByLabelText('Title')).toBeEnabled()
    expect(screen.getByLabelText('Tags')).toBeEnabled()

    // Again: the start answers received=327680, and the upload goes on from there.
    broken = false
    const before = mock.state.puts.length
    await user.click(submitButton(/Create$/))
    await waitForStage(7)
    expect(mock.state.puts.slice(before).map((put) => put.range)).toEqual([
      `bytes 327680-655359/${musicBytes.length}`,
      `bytes 655360-${musicBytes.length - 1}/${musicBytes.length}`,
    ])
    expect(mock.state.files.get(sha1(musicBytes))?.bytes).toEqual(musicBytes)
    expect(mock.state.created[0].body.musicHash).toBe(sha1(musicBytes))
  })

  it('shows the server catalogue key when a chunk is refused (file_too_large)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const mock = backend({ stored: [sha1(coverBytes), backgroundHash] })
    server.use(
      http.put('*/upload/sessions/:id', () =>
        HttpResponse.json({ error: 'file_too_large' }, { status: 413 }),
      ),
    )
    const { user } = await openCreate()
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Music (mp3)'), music())
    await user.click(submitButton(/Create$/))
    expect(await screen.findByText(TOO_LARGE)).toBeInTheDocument()
    expect(stageRow(3)).toHaveAttribute('data-status', 'failed')
    expect(mock.state.created).toHaveLength(0)
  })

  it('shows the reason the server gives for refusing a file, never a network error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // The server's commit reads the bytes: these open like a PNG, but are not one.
    const mock = backend({
      refuse: ({ type }) => (type === 'cover' ? 'The cover is not an image' : undefined),
    })
    const { user } = await openCreate()
    await fillRequired(user)
    await user.click(submitButton(/Create$/))
    expect(
      await screen.findByText('The server refused the file: The cover is not an image', {}),
    ).toBeInTheDocument()
    expect(screen.queryByText(UPLOAD_FAILED)).not.toBeInTheDocument()
    expect(stageRow(1)).toHaveAttribute('data-status', 'failed')
    // The readout keeps the reason beside the stage after the message bar has gone.
    expect(within(stageRow(1)).getByTestId('create-failure-reason')).toHaveTextContent(
      'The cover is not an image',
    )
    expect(mock.state.files.has(sha1(coverBytes))).toBe(false)
    expect(mock.state.created).toHaveLength(0)
    await waitFor(() => expect(submitButton(/Create$/)).toBeEnabled())
  })

  it('shows the reason when the server refuses to start an upload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const mock = backend()
    const reason = 'querystring/type: Expected union value'
    server.use(
      http.get('*/upload/:sha1', () =>
        HttpResponse.json(
          { code: 400, error: 'upload_failed', message: reason, field: 'querystring/type' },
          { status: 400 },
        ),
      ),
    )
    const { user } = await openCreate()
    await fillRequired(user)
    await user.click(submitButton(/Create$/))
    expect(await screen.findByText(`The server refused the file: ${reason}`)).toBeInTheDocument()
    expect(screen.queryByText(UPLOAD_FAILED)).not.toBeInTheDocument()
    expect(stageRow(1)).toHaveAttribute('data-status', 'failed')
    expect(mock.state.puts).toHaveLength(0)
    expect(mock.state.created).toHaveLength(0)
  })

  it('sends the chunks to the address the page was opened at when the server names its sessions under another', async () => {
    // PUBLIC_URL is another address of the same server: a page cannot send its chunks there (another
    // origin, refused by its policy and by CORS).
    const mock = backend({ publicUrl: 'http://127.0.0.1:8080', stored: [sha1(coverBytes), backgroundHash] })
    const { user } = await openCreate()
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Music (mp3)'), music())
    await user.click(submitButton(/Create$/))
    await waitForStage(7)
    expect(mock.state.puts.map((put) => put.url)).toEqual(
      Array.from({ length: 3 }, () => `${window.location.origin}/upload/sessions/s1`),
    )
    expect(mock.state.files.get(sha1(musicBytes))?.bytes).toEqual(musicBytes)
  })

  it('finds a session on the upload base, keeping its path prefix', () => {
    expect(
      sessionUrl('http://localhost:8080/sirius/upload/sessions/abc', 'http://127.0.0.1:8080/sirius/upload/'),
    ).toBe('http://127.0.0.1:8080/sirius/upload/sessions/abc')
    expect(sessionUrl('sessions/abc', 'https://proxy.example/upload/')).toBe(
      'https://proxy.example/upload/sessions/abc',
    )
  })

  it.each([
    ['a network failure', () => HttpResponse.error(), CREATE_FAILED],
    [
      'a 401',
      () => HttpResponse.json({ error: 'permission_denied' }, { status: 401 }),
      'Sorry, you do not have permission to enter this page',
    ],
    [
      'a bare 401',
      () => new HttpResponse(null, { status: 401 }),
      'Sorry, you do not have permission to enter this page',
    ],
    ['a 400 empty_field', () => HttpResponse.json({ error: 'empty_field' }, { status: 400 }), EMPTY],
    [
      'a 400 create_failed',
      () => HttpResponse.json({ error: 'create_failed', message: 'level must be…' }, { status: 400 }),
      'The chart was not saved: level must be…',
    ],
    [
      'a 500',
      () => HttpResponse.json({ error: 'internal_error' }, { status: 500 }),
      'The server could not do this (HTTP 500); please try again later',
    ],
    [
      'a 403 suspended (a ban)',
      () =>
        HttpResponse.json(
          { code: 403, error: 'suspended', message: 'banned', until: null, reason: 'Official assets again' },
          { status: 403 },
        ),
      'Your account is suspended (Official assets again)',
    ],
  ])('stage 6 failing with %s shows its message and re-enables the form', async (_name, answer, text) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    backend({ stored: [sha1(coverBytes), backgroundHash] })
    server.use(http.post('*/sonolus/levels/create', answer))
    const { user } = await openCreate()
    await fillRequired(user)
    await user.click(submitButton(/Create$/))
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(stageRow(6)).toHaveAttribute('data-status', 'failed')
    expect(stageRow(7)).toHaveAttribute('data-status', 'waiting')
    expect(logged).toHaveBeenCalledWith('create/edit failed at stage 6:', expect.anything())
    expect(submitButton(/Create$/)).toBeEnabled()
    expect(screen.getByLabelText('Title')).toBeEnabled()
    expect(screen.getByTestId('location')).toHaveTextContent('/chart/create')
  })
})

describe('create: checks in the browser (docs/spec.md §5)', () => {
  it('refuses a file over 20 MB with file_too_large and sends nothing', async () => {
    const mock = backend()
    const { user, store } = await openCreate()
    await fillRequired(user)
    const big = file(pattern(21 * 1024 * 1024, 3, ID3), 'big.mp3', 'audio/mpeg')
    await user.upload(screen.getByLabelText('Music (mp3)'), big)
    expect(await screen.findByText(TOO_LARGE)).toBeInTheDocument()
    expect(screen.getByTestId('create-music-name')).toHaveTextContent('No file chosen')
    await submitRefused(user, store)
    expect(mock.state.starts).toEqual([])
    expect(mock.state.created).toEqual([])
    expect(screen.getByTestId('create-stage')).toHaveAttribute('data-stage', '0')
    // Removing the refused file lets the chart go without music.
    await user.click(screen.getByRole('button', { name: 'Remove Music (mp3)' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Music (mp3)').closest('.ant-form-item')).not.toHaveClass(
        'ant-form-item-has-error',
      ),
    )
    await user.click(submitButton(/Create$/))
    await waitForStage(7)
    expect(mock.state.starts.map((start) => start.type)).toEqual(['cover', 'background'])
    expect(stageRow(3)).toHaveAttribute('data-status', 'skipped')
  })

  it('takes a cover by its bytes (PNG, JPEG or WebP), refusing a text file named .png, and sends nothing for it', async () => {
    const mock = backend()
    const { user, store } = await openCreate()
    const coverInput = screen.getByLabelText('Cover image')
    const error =
      'This file is not a PNG, JPEG or WebP image, whatever its name says: its contents are something else'
    await user.upload(coverInput, file('just some notes, not a picture\n', 'cover.png', 'image/png'))
    expect(await screen.findByText(error)).toBeInTheDocument()
    expect(screen.getByTestId('create-cover-name')).toHaveTextContent('No file chosen')
    await fillRequired(user, { withCover: false })
    await submitRefused(user, store)
    expect(mock.state.starts).toEqual([])
    expect(screen.getByTestId('create-stage')).toHaveAttribute('data-stage', '0')
    // A JPEG and a WebP are covers too.
    const jpeg = file(pattern(1000, 6, [0xff, 0xd8, 0xff, 0xe0]), 'photo.jpg', 'image/jpeg')
    await user.upload(coverInput, jpeg)
    await waitFor(() => expect(screen.queryByText(error)).not.toBeInTheDocument())
    expect(screen.getByTestId('create-cover-name')).toHaveTextContent('photo.jpg')
    const riff = [0x52, 0x49, 0x46, 0x46, 0xe0, 0x03, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50]
    await user.upload(coverInput, file(pattern(1000, 7, riff), 'art.webp', 'image/webp'))
    await waitFor(() => expect(screen.getByTestId('create-cover-name')).toHaveTextContent('art.webp'))
    // A WAV is a RIFF file too, but not a WebP.
    const wav = [0x52, 0x49, 0x46, 0x46, 0xe0, 0x03, 0x00, 0x00, 0x57, 0x41, 0x56, 0x45]
    await user.upload(coverInput, file(pattern(1000, 8, wav), 'art.webp', 'image/webp'))
    expect(await screen.findByText(error)).toBeInTheDocument()
  })

  it('takes mp3 only: by its name and by its first bytes (ID3 or an MPEG frame sync)', async () => {
    const { user } = await openCreate()
    const musicInput = screen.getByLabelText('Music (mp3)')
    const error = 'The music must be an mp3 file'
    // Named .mp3, but a WAV inside.
    await user.upload(musicInput, file(pattern(1000, 4, [0x52, 0x49, 0x46, 0x46]), 'song.mp3', 'audio/mpeg'))
    expect(await screen.findByText(error)).toBeInTheDocument()
    // mp3 bytes, but not named .mp3 (a picker showing all files).
    await anyFile.upload(musicInput, file(pattern(1000, 4, ID3), 'song.wav', 'audio/wav'))
    await waitFor(() => expect(screen.getByTestId('create-music-name')).toHaveTextContent('No file chosen'))
    expect(screen.getByText(error)).toBeInTheDocument()
    // A bare MPEG frame (no ID3 tag) is an mp3.
    await user.upload(musicInput, file(pattern(1000, 4, [0xff, 0xfb, 0x90]), 'bare.mp3', 'audio/mpeg'))
    await waitFor(() => expect(screen.queryByText(error)).not.toBeInTheDocument())
    expect(screen.getByTestId('create-music-name')).toHaveTextContent('bare.mp3')
  })

  it('takes .sus only, and shows a conversion error with its line', async () => {
    const mock = backend()
    const { user, store } = await openCreate()
    const chartInput = screen.getByLabelText('Chart file (.sus)')
    await anyFile.upload(chartInput, file(SUS, 'chart.txt', 'text/plain'))
    expect(await screen.findByText('The chart file must be a .sus file')).toBeInTheDocument()

    const broken = SUS.replace('#BPM01: 150', '#BPM01: fast')
    expect(broken.split('\n')[5]).toBe('#BPM01: fast')
    await user.upload(chartInput, chartFile(broken))
    expect(
      await screen.findByText('Error: line 6, column 8: BPM 01 must be a positive number, got "fast"'),
    ).toBeInTheDocument()
    // A broken chart blocks the run; nothing is sent.
    await fillRequired(user)
    await submitRefused(user, store)
    expect(mock.state.starts).toEqual([])

    await user.upload(chartInput, chartFile())
    await waitFor(() => expect(screen.queryByText(/^Error: line 6/)).not.toBeInTheDocument())
    expect(screen.getByTestId('create-chart-name')).toHaveTextContent('chart.sus')
  })

  it('applies the chart limits in the browser: an oversized chart is named by its limit and line, and nothing is sent', async () => {
    const mock = backend()
    const { user, store } = await openCreate()
    const chartInput = screen.getByLabelText('Chart file (.sus)')
    // One tap a line, 30,001 taps (the header's BPM change counts as one more).
    const taps = Array.from({ length: 30_001 }, (_, n) => `#${String(n % 1000).padStart(3, '0')}12:11`)
    const oversized = ['#00002: 4', '#BPM01: 120', '#00008: 01', ...taps].join('\n')
    await user.upload(chartInput, chartFile(oversized))
    expect(
      await screen.findByText(
        'Error: line 30003, column 8: the chart is over the limit of 30,000 notes (limit "notes")',
      ),
    ).toBeInTheDocument()
    await fillRequired(user)
    await submitRefused(user, store)
    expect(mock.state.starts).toEqual([])

    // A chart without a playable note is refused the same way.
    await user.upload(chartInput, chartFile('#00002: 4\n#BPM01: 120\n#00008: 01\n'))
    expect(await screen.findByText('Error: the chart has no playable note')).toBeInTheDocument()
  })

  it('asks for the required fields with empty_field and sends nothing', async () => {
    const mock = backend()
    const { user } = await openCreate()
    await user.type(screen.getByLabelText('Title'), '   ')
    await user.click(submitButton(/Create$/))
    expect(await screen.findByText(EMPTY)).toBeInTheDocument()
    // Title, composer, artists, level, the cover and the upload rules are each marked.
    expect(screen.getAllByText('Required')).toHaveLength(6)
    expect(mock.state.starts).toEqual([])
    expect(mock.state.created).toEqual([])
  })

  it('refuses to create until the upload rules are accepted, then sends rulesAccepted: true', async () => {
    const mock = backend()
    const { user } = await openCreate()
    expect(screen.getByRole('link', { name: 'Read the upload rules' })).toHaveAttribute('href', '/docs/rules')
    await fillRequired(user)
    await user.click(rulesBox())
    expect(rulesBox()).not.toBeChecked()
    await user.click(submitButton(/Create$/))
    expect(await screen.findByText(EMPTY)).toBeInTheDocument()
    // Only the rules are marked, and nothing was uploaded.
    expect(screen.getAllByText('Required')).toHaveLength(1)
    expect(mock.state.starts).toEqual([])
    expect(mock.state.created).toEqual([])

    await user.click(rulesBox())
    await waitFor(() => expect(screen.queryByText('Required')).not.toBeInTheDocument())
    await user.click(submitButton(/Create$/))
    await waitForStage(7)
    expect(mock.state.created).toHaveLength(1)
    expect(mock.state.created[0].body.rulesAccepted).toBe(true)
  })

  it('keeps the level in 1-30, and in I-X when Olivier', async () => {
    const mock = backend()
    const { user } = await openCreate()
    await fillRequired(user)
    const level = screen.getByLabelText('Level')
    await user.clear(level)
    await user.type(level, '31')
    // Named while it is typed; clamped to the range when the field is left.
    expect(await screen.findByText('The level must be a whole number from 1 to 30')).toBeInTheDocument()
    await user.tab()
    expect(level).toHaveValue('30')
    await waitFor(() => expect(screen.queryByText(/^The level must be/)).not.toBeInTheDocument())

    await user.clear(level)
    await user.type(level, '12')
    await waitFor(() => expect(screen.queryByText(/^The level must be/)).not.toBeInTheDocument())
    // Olivier: the choices are Olivier I to X (12 became X).
    await user.click(screen.getByRole('switch', { name: 'Olivier (multi-finger)' }))
    await user.click(screen.getByRole('combobox', { name: 'Level' }))
    const roman = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']
    for (const numeral of roman) expect(await screen.findAllByTitle(`Olivier ${numeral}`)).not.toHaveLength(0)
    await user.click(screen.getByTitle('Olivier IV'))
    await waitFor(() => expect(screen.queryByText(/^The level must be/)).not.toBeInTheDocument())
    await user.click(submitButton(/Create$/))
    await waitForStage(7)
    expect(mock.state.created[0].body).toMatchObject({ level: 4, isOliver: 1 })
  })

  it('stops the arrows at the ends of the range, and brings a level into I-X when Olivier is switched on', async () => {
    const mock = backend()
    const { user } = await openCreate()
    await fillRequired(user)
    const level = screen.getByLabelText('Level')
    await user.clear(level)
    await user.type(level, '30')
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(level).toHaveValue('30')
    await user.clear(level)
    await user.type(level, '1')
    await user.keyboard('{ArrowDown}')
    expect(level).toHaveValue('1')
    expect(screen.queryByText(/^The level must be/)).not.toBeInTheDocument()

    await user.clear(level)
    await user.type(level, '14')
    await user.click(screen.getByRole('switch', { name: 'Olivier (multi-finger)' }))
    expect(await screen.findByTitle('Olivier X')).toBeInTheDocument()
    expect(screen.queryByText(/^The level must be/)).not.toBeInTheDocument()
    await user.click(submitButton(/Create$/))
    await waitForStage(7)
    expect(mock.state.created[0].body).toMatchObject({ level: 10, isOliver: 1 })
  })
})

describe('create: text fields count code points and send no control characters', () => {
  it('refuses a title over 200 characters with the limit named, keeping it whole, and sends nothing', async () => {
    const mock = backend()
    const { user } = await openCreate()
    await fillRequired(user)
    const title = screen.getByLabelText('Title')
    await user.clear(title)
    await user.paste('x'.repeat(2000))
    expect(title).toHaveValue('x'.repeat(2000))
    expect(await screen.findByText('At most 200 characters: shorten it to save')).toBeInTheDocument()
    expect(screen.getByText('2000 / 200')).toBeInTheDocument()
    await user.click(submitButton(/Create$/))
    expect(await screen.findAllByText('At most 200 characters: shorten it to save')).not.toHaveLength(0)
    expect(mock.state.created).toHaveLength(0)
    expect(mock.state.puts).toHaveLength(0)
  })

  it('takes 200 emoji in the title (not 100), and strips control characters before sending', async () => {
    const mock = backend()
    const { user } = await openCreate()
    await fillRequired(user)
    const title = screen.getByLabelText('Title')
    await user.clear(title)
    await user.paste(`${EMOJI.repeat(200)}`)
    expect(title).toHaveValue(EMOJI.repeat(200))
    expect(screen.queryByText('At most 200 characters: shorten it to save')).not.toBeInTheDocument()
    await user.clear(screen.getByLabelText('Composer'))
    await user.paste('\u0007Bell')
    await user.click(screen.getByLabelText('Description (markdown)'))
    await user.paste('one\r\ntwo\u0000')
    await user.click(submitButton(/Create$/))
    await waitForStage(7)
    expect(mock.state.created[0].body).toMatchObject({
      title: EMOJI.repeat(200),
      composer: 'Bell',
      description: 'one\ntwo',
    })
  })
})

describe('create: tags (docs/spec.md §2)', () => {
  it('adds on Enter and comma, removes by Backspace on empty text and by clicking a chip', async () => {
    const { user } = await openCreate()
    const tags = screen.getByLabelText('Tags')
    const chips = () =>
      screen.queryAllByRole('button', { name: /^Remove tag / }).map((chip) => chip.textContent)
    await user.type(tags, '  pop  {Enter}')
    expect(chips()).toEqual(['pop'])
    expect(tags).toHaveValue('')
    await user.type(tags, 'rock,jazz,')
    expect(chips()).toEqual(['pop', 'rock', 'jazz'])
    // No duplicates (any case), and an empty tag is no tag.
    await user.type(tags, 'POP{Enter}, {Enter}')
    expect(chips()).toEqual(['pop', 'rock', 'jazz'])
    // Backspace on empty text removes the last chip; with text it edits the text.
    await user.type(tags, 'ab{Backspace}')
    expect(tags).toHaveValue('a')
    expect(chips()).toEqual(['pop', 'rock', 'jazz'])
    await user.type(tags, '{Backspace}{Backspace}')
    expect(chips()).toEqual(['pop', 'rock'])
    await user.click(screen.getByRole('button', { name: 'Remove tag pop' }))
    expect(chips()).toEqual(['rock'])
    // Its close icon removes it too.
    await user.click(within(screen.getByRole('button', { name: 'Remove tag rock' })).getByLabelText('Close'))
    expect(chips()).toEqual([])
  })

  it(`holds at most ${MAX_TAGS} tags of at most 32 characters (code points, as the server counts)`, async () => {
    const { user } = await openCreate()
    const tags = screen.getByLabelText('Tags')
    await user.click(tags)
    await user.paste(EMOJI.repeat(40))
    expect(tags).toHaveValue(EMOJI.repeat(32))
    await user.paste('\u0000,')
    expect(screen.getByRole('button', { name: `Remove tag ${EMOJI.repeat(32)}` })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: `Remove tag ${EMOJI.repeat(32)}` }))
    await user.type(tags, Array.from({ length: MAX_TAGS + 2 }, (_, i) => `t${i},`).join(''))
    expect(screen.getAllByRole('button', { name: /^Remove tag / })).toHaveLength(MAX_TAGS)
    expect(tags).toHaveAttribute('placeholder', `At most ${MAX_TAGS} tags`)
  })
})

describe('create: tags at the limit', () => {
  const LIMIT = `At most ${MAX_TAGS} tags: remove one to add another`
  const chips = () =>
    screen.queryAllByRole('button', { name: /^Remove tag / }).map((chip) => chip.textContent)

  it('adds each tag of a pasted list, refuses those past the limit and any typing there, and names the limit', async () => {
    const { user } = await openCreate()
    const tags = screen.getByLabelText('Tags')
    await user.click(tags)
    await user.paste('a,b,c')
    expect(chips()).toEqual(['a', 'b', 'c'])
    expect(tags).toHaveValue('')
    expect(screen.queryByText(LIMIT)).not.toBeInTheDocument()

    // Typed up to nine, then a paste that would make twelve: only its first tag fits.
    await user.type(tags, 't4,t5,t6,t7,t8,t9,')
    expect(chips()).toHaveLength(MAX_TAGS - 1)
    await user.paste('x，y、z')
    expect(chips()).toEqual(['a', 'b', 'c', 't4', 't5', 't6', 't7', 't8', 't9', 'x'])
    expect(tags).toHaveValue('')
    expect(screen.getByText(LIMIT)).toBeInTheDocument()
    expect(tags.closest('.ant-form-item')).toHaveClass('ant-form-item-has-error')

    // At the limit, typing and pasting leave the box empty and the tags as they are.
    await user.type(tags, 't10t11')
    expect(tags).toHaveValue('')
    await user.paste('y,z')
    await user.paste('w')
    expect(tags).toHaveValue('')
    expect(chips()).toHaveLength(MAX_TAGS)
    expect(chips().at(-1)).toBe('x')
    expect(screen.getByText(LIMIT)).toBeInTheDocument()

    // Removing one clears the message and makes room for one more.
    await user.type(tags, '{Backspace}')
    await waitFor(() => expect(screen.queryByText(LIMIT)).not.toBeInTheDocument())
    await user.type(tags, 'y{Enter}')
    expect(chips().at(-1)).toBe('y')
    expect(chips()).toHaveLength(MAX_TAGS)
  })

  it('pastes into the text around the cursor, and keeps what is typed before a paste without commas', async () => {
    const { user } = await openCreate()
    const tags = screen.getByLabelText('Tags')
    await user.type(tags, 'po')
    await user.paste('p,rock')
    expect(chips()).toEqual(['pop', 'rock'])
    expect(tags).toHaveValue('')
    await user.type(tags, 'ja')
    await user.paste('zz')
    expect(tags).toHaveValue('jazz')
    expect(chips()).toEqual(['pop', 'rock'])
  })
})

describe('edit (docs/spec.md §2, §5, §6)', () => {
  const chart = sampleChart(0x42, {
    title: 'Old title',
    description: 'Old *text*',
    tags: ['old', 'tags'],
    level: 7,
    isOliver: 1,
    backgroundHash: 'b'.repeat(40),
    musicHash: 'a'.repeat(40),
    susHash: '5'.repeat(40),
    dataHash: 'd'.repeat(40),
  })
  const route = `/chart/${chart.id}/edit`
  const withChart = (shown = chart) =>
    server.use(chartDetailsHandler(() => HttpResponse.json(detailsResponse(shown))))

  it('fills the form from the chart, locks the author, and sends type=edit keeping the hashes of unchanged files', async () => {
    loggedIn()
    withChart()
    const mock = backend()
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const title = await screen.findByLabelText('Title')
    expect(title).toHaveValue('Old title')
    expect(screen.getByLabelText('Composer')).toHaveValue(chart.composer)
    expect(screen.getByLabelText('Artists')).toHaveValue(chart.artists)
    expect(screen.getByLabelText('Author')).toHaveValue('Player One#123456')
    expect(screen.getByLabelText('Author')).toBeDisabled()
    expect(screen.getByText('The author cannot be changed')).toBeInTheDocument()
    // The rules were accepted when the chart was created.
    expect(screen.queryByRole('checkbox', { name: /upload rules/ })).not.toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Olivier (multi-finger)' })).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Public' })).toBeChecked()
    expect(screen.getByTitle('Olivier VII')).toBeInTheDocument()
    expect(screen.getByLabelText('Description (markdown)')).toHaveValue('Old *text*')
    expect(screen.getAllByRole('button', { name: /^Remove tag / }).map((chip) => chip.textContent)).toEqual([
      'old',
      'tags',
    ])
    expect(screen.getByRole('img', { name: 'Cover preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(new RegExp(`/sonolus/repository/${chart.coverHash}$`)),
    )
    expect(screen.getByTestId('create-cover-name')).toHaveTextContent('The current file is kept')

    await user.clear(title)
    await user.type(title, 'New title')
    await user.upload(screen.getByLabelText('Music (mp3)'), music())
    await user.click(submitButton(/Save$/))
    await waitForStage(7)
    expect(stageRow(6)).toHaveTextContent('Updating level')
    // Only the new music went up.
    expect(mock.state.starts.map((start) => start.type)).toEqual(['music'])
    expect(mock.state.edits).toHaveLength(1)
    expect(mock.state.edits[0].name).toBe(`wbs-${chart.id}`)
    expect(Object.fromEntries(mock.state.edits[0].values)).toEqual({
      type: 'edit',
      title: 'New title',
      composer: chart.composer,
      artists: chart.artists,
      author: 'Player One#123456',
      description: 'Old *text*',
      level: '7',
      isOliver: '1',
      isPublic: '1',
      allowSusDownload: '0',
      tags: '["old","tags"]',
      coverHash: chart.coverHash,
      backgroundHash: 'b'.repeat(40),
      musicHash: sha1(musicBytes),
      susHash: '5'.repeat(40),
      dataHash: 'd'.repeat(40),
      // No schedule: an empty value.
      publishAt: '',
    })
    expect(await screen.findByText(SAVED)).toBeInTheDocument()
  })

  it('shows permission_denied2 when the server refuses the edit, and re-enables the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    loggedIn()
    withChart()
    backend()
    server.use(
      http.post('*/sonolus/levels/:name/submit', () =>
        HttpResponse.json({ error: 'permission_denied2' }, { status: 401 }),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route })
    await screen.findByLabelText('Title')
    await user.click(submitButton(/Save$/))
    expect(await screen.findByText('Sorry, you do not have permission to do this action')).toBeInTheDocument()
    expect(stageRow(6)).toHaveAttribute('data-status', 'failed')
    expect(submitButton(/Save$/)).toBeEnabled()
    expect(screen.getByTestId('location')).toHaveTextContent(route)
  })

  it("refuses another user's chart with permission_denied and shows no form", async () => {
    loggedIn()
    withChart(sampleChart(0x43, { author: 'Someone Else#654321' }))
    renderWithProviders(<AppRoutes />, { route: `/chart/${sampleChart(0x43).id}/edit` })
    expect(
      await screen.findByText('Sorry, you do not have permission to enter this page', {
        selector: '.ant-result-title',
      }),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument()
  })

  it.each(['/chart/create', route])('asks a visitor to log in at %s (not_login, no form)', async (path) => {
    // On a clock the test moves past the message bar's delay.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    withChart()
    const { user } = renderWithProviders(<AppRoutes />, { route: path })
    expect(
      await screen.findByText('You are not logged in, please login with Sonolus and try again', {
        selector: '.ant-result-title',
      }),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument()
    // Once, with the way to log in: no error bar repeating it.
    await pastMessageDelay()
    expect(
      screen.getAllByText('You are not logged in, please login with Sonolus and try again'),
    ).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: /Log in with Sonolus/ }))
    await expectLocation('/settings/sonolus')
  })

  it('takes a publish time in the future, at most a year ahead', async () => {
    await openCreate()
    const input = screen.getByLabelText('Publish at (optional)')
    expect(input).toHaveValue('')
    fireEvent.change(input, { target: { value: toLocalInput(Date.now() - 60_000) } })
    expect(
      await screen.findByText('The publish time must be in the future and at most a year ahead'),
    ).toBeInTheDocument()
    fireEvent.change(input, { target: { value: toLocalInput(Date.now() + 400 * 24 * 60 * 60_000) } })
    expect(
      await screen.findByText('The publish time must be in the future and at most a year ahead'),
    ).toBeInTheDocument()
    fireEvent.change(input, { target: { value: toLocalInput(Date.now() + 3_600_000) } })
    await waitFor(() =>
      expect(
        screen.queryByText('The publish time must be in the future and at most a year ahead'),
      ).toBeNull(),
    )
  })

  it('sends a schedule as ms, and reads a chart’s back as local time', () => {
    const at = Date.UTC(2027, 0, 2, 3, 4, 5)
    expect(fromLocalInput(toLocalInput(at))).toBe(at)
    const chart = sampleChart(3, { scheduledTime: at })
    const user = { handle: '123456', name: 'Player One' }
    const values = initialValues(chart, user)
    expect(values.publishAt).toBe(toLocalInput(at))
    expect(toPipelineInput(values, 'edit', user, chart).form.publishAt).toBe(at)
    expect(toPipelineInput({ ...values, publishAt: '' }, 'edit', user, chart).form.publishAt).toBeNull()
  })

  it('sends whether others may download the SUS, off by default', async () => {
    // The switch is there, off, on create; the description says how images from elsewhere show.
    await openCreate()
    const toggle = screen.getByRole('switch', { name: 'Let others download the SUS' })
    expect(toggle).not.toBeChecked()
    expect(screen.getByText(/Images from other sites are not shown/)).toBeInTheDocument()
  })
})
