// docs/spec.md §2 "Chart info" community section against msw handlers that keep state like our server: like and
// unlike, rate and unrate (the slider returns to 5), and comments in new, reply and edit modes.
import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type WebComment } from '../../../common/api/community'
import { COMMENT_MAX_LENGTH } from '../../../common/rules'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { detailsResponse, sampleChart, sampleUser } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const chart = sampleChart(31, { title: 'Community chart' })
const EMOJI = '\u{1F3B5}' // one code point, two UTF-16 units
const LIKE = /Like \(/
/** An ActionButton shows a check or cross for a while after each use; wait until it is usable again. */
const ready = (name: string) =>
  waitFor(() => {
    // antd keeps the loading icon's node (and its name) while its exit animation runs, which never ends
    // in jsdom: match the end of the name.
    const button = screen.getByRole('button', { name: new RegExp(`${name}$`) })
    expect(button).toHaveAttribute('data-state', 'default')
    return button
  })
const route = `/chart/${chart.id}/info`
const form = (type: string) => ({ type, title: type, requireConfirmation: false, options: [] })

let state: {
  isLike: boolean
  rating: number | null
  comments: WebComment[]
  posted: URLSearchParams[]
  /** The state= each comments list asked for (null: all). */
  listed: (string | null)[]
}

const valuesOf = async (request: Request) => {
  const values = new URLSearchParams(((await request.json()) as { values: string }).values)
  for (const [key, value] of new URL(request.url).searchParams) if (!values.has(key)) values.set(key, value)
  state.posted.push(values)
  return values
}

beforeEach(() => {
  state = { isLike: false, rating: null, comments: [], posted: [], listed: [] }
})

const backend = (loggedIn: boolean) => {
  server.use(
    http.get('*/sonolus/user/mine', () =>
      loggedIn ? HttpResponse.json(sampleUser) : HttpResponse.json({ code: 401 }, { status: 401 }),
    ),
    chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
    http.get('*/sonolus/levels/:name/community/status', () =>
      HttpResponse.json({ isLike: state.isLike, isRating: state.rating !== null, rating: state.rating ?? 0 }),
    ),
    http.get('*/sonolus/levels/:name/community/comments/list', ({ request }) => {
      const wanted = new URL(request.url).searchParams.get('state')
      state.listed.push(wanted)
      const comments = state.comments.filter(
        (comment) => wanted === null || (wanted === 'resolved') === !!comment.resolved,
      )
      return HttpResponse.json({ pageCount: 1, comments, total: comments.length })
    }),
    http.post('*/sonolus/levels/:name/community/submit', async ({ request }) => {
      const values = await valuesOf(request)
      const type = values.get('type')
      if (type === 'like' || type === 'dislike') state.isLike = type === 'like'
      if (type === 'rating') state.rating = Number(values.get('rating'))
      if (type === 'unrating') state.rating = null
      if (type === 'comment') {
        state.comments.push({
          name: `c${state.comments.length + 1}`,
          author: 'Player One#123456',
          time: Date.now(),
          content: values.get('comment')!,
          markdown: values.get('comment')!,
          actions: [form('reply'), form('edit'), form('delete')],
          parent: null,
          edited: false,
          ...(values.has('moment') ? { moment: Number(values.get('moment')) } : {}),
        })
      }
      return HttpResponse.json({
        key: '',
        hashes: [],
        shouldUpdateCommunity: true,
        shouldNavigateCommentsToPage: 0,
      })
    }),
    http.post('*/sonolus/levels/:name/community/comments/:comment/submit', async ({ params, request }) => {
      const values = await valuesOf(request)
      const target = state.comments.find((comment) => comment.name === params.comment)!
      if (values.get('type') === 'edit')
        Object.assign(target, {
          content: values.get('content'),
          markdown: values.get('content'),
          edited: true,
        })
      if (values.get('type') === 'delete')
        state.comments = state.comments.filter((comment) => comment !== target)
      if (values.get('type') === 'resolve' || values.get('type') === 'reopen') {
        target.resolved = values.get('type') === 'resolve'
        target.actions = [form('reply'), form(target.resolved ? 'reopen' : 'resolve')]
      }
      if (values.get('type') === 'reply')
        state.comments.push({
          ...target,
          name: 'reply',
          content: `│ quote\n\n${values.get('content')}`,
          markdown: `> quote\n\n${values.get('content')}`,
          parent: target.name,
        })
      return HttpResponse.json({ key: '', hashes: [], shouldUpdateComments: true })
    }),
  )
}

describe('community section', () => {
  it('asks a visitor to log in and keeps the controls disabled', async () => {
    backend(false)
    renderWithProviders(<AppRoutes />, { route })
    // The file's first render loads the chart info page cold; wait for it as the other tests here do.
    expect(await screen.findByRole('link', { name: 'Log in with Sonolus' })).toHaveAttribute(
      'href',
      '/settings/sonolus',
    )
    expect(screen.getByRole('button', { name: /Like/ })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'Write a comment (markdown)' })).toBeDisabled()
  })

  it('likes then unlikes, with their success messages', async () => {
    backend(true)
    const { user } = renderWithProviders(<AppRoutes />, { route })
    await user.click(await screen.findByRole('button', { name: LIKE }))
    expect(await screen.findByText('Liked successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: /Unlike/ })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: /Unlike/ }))
    await waitFor(() => expect(state.isLike).toBe(false))
    expect(state.posted.map((values) => values.get('type'))).toEqual(['like', 'dislike'])
  })

  it('rates 4, then unrates, and the slider returns to 5', async () => {
    backend(true)
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const slider = await screen.findByRole('slider', { name: 'Your rating' })
    // Enabled once the login check has answered.
    await waitFor(() => expect(slider).toHaveAttribute('aria-disabled', 'false'))
    expect(screen.getByTestId('rating-value')).toHaveTextContent('5')
    await user.click(screen.getByText('4', { selector: '.ant-slider-mark-text' }))
    expect(screen.getByTestId('rating-value')).toHaveTextContent('4')
    await user.click(screen.getByRole('button', { name: /Rate$/ }))
    await waitFor(() => expect(state.rating).toBe(4))
    expect(await screen.findByText('Rated successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove rating' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Remove rating' }))
    await waitFor(() => expect(state.rating).toBeNull())
    await waitFor(() => expect(screen.getByTestId('rating-value')).toHaveTextContent('5'))
  })

  it('posts, replies to, edits and deletes a comment; the form clears after each', async () => {
    backend(true)
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const box = await screen.findByRole('textbox', { name: 'Write a comment (markdown)' })
    await waitFor(() => expect(box).toBeEnabled())
    await user.click(await ready('Submit'))
    expect(await screen.findByText('Please complete all required fields and try again.')).toBeInTheDocument()

    await user.type(box, 'Hello **there**')
    await user.click(await ready('Submit'))
    const first = await screen.findByTestId('comment')
    expect(within(first).getByText('there').tagName).toBe('STRONG')
    expect(within(first).getByText('#c1')).toBeInTheDocument()
    await waitFor(() => expect(box).toHaveValue(''))

    await user.click(within(first).getByRole('button', { name: 'Reply' }))
    expect(screen.getByTestId('comment-hint')).toHaveTextContent('Replying to Player One#123456...')
    await user.type(box, 'A reply')
    await user.click(await ready('Submit'))
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(2))
    expect(screen.queryByTestId('comment-hint')).not.toBeInTheDocument()

    await user.click(within(screen.getAllByTestId('comment')[0]).getByRole('button', { name: 'Edit' }))
    expect(screen.getByTestId('comment-hint')).toHaveTextContent('Editing Player One#123456...')
    expect(box).toHaveValue('Hello **there**')
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    expect(box).toHaveValue('')
    expect(screen.queryByTestId('comment-hint')).not.toBeInTheDocument()

    await user.click(within(screen.getAllByTestId('comment')[0]).getByRole('button', { name: 'Delete' }))
    await user.click((await screen.findAllByRole('button', { name: 'Delete' })).at(-1)!)
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(1))
    expect(state.posted.map((values) => values.get('type'))).toEqual(['comment', 'reply', 'delete'])
  })

  it('counts code points in the comment box, as the server does: 2000 emoji fit, the 2001st is cut', async () => {
    backend(true)
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const box = await screen.findByRole('textbox', { name: 'Write a comment (markdown)' })
    await waitFor(() => expect(box).toBeEnabled())
    const counter = () => box.closest('.ant-input-textarea-show-count')!.getAttribute('data-count')
    await user.click(box)
    await user.paste(EMOJI.repeat(3))
    expect(counter()).toBe(`3 / ${COMMENT_MAX_LENGTH}`)
    await user.clear(box)
    await user.paste(EMOJI.repeat(COMMENT_MAX_LENGTH + 1))
    // Not cut at 1000 emoji (2000 UTF-16 units), nor through an emoji.
    expect(counter()).toBe(`${COMMENT_MAX_LENGTH} / ${COMMENT_MAX_LENGTH}`)
    expect(box).toHaveValue(EMOJI.repeat(COMMENT_MAX_LENGTH))
    await user.click(await ready('Submit'))
    await waitFor(() => expect(state.posted).toHaveLength(1))
    expect(state.posted[0].get('comment')).toBe(EMOJI.repeat(COMMENT_MAX_LENGTH))
  })

  it('leaves control characters out of a comment, keeping its line breaks', async () => {
    backend(true)
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const box = await screen.findByRole('textbox', { name: 'Write a comment (markdown)' })
    await waitFor(() => expect(box).toBeEnabled())
    await user.click(box)
    await user.paste('one\u0000\r\ntwo\u0007')
    await user.click(await ready('Submit'))
    await waitFor(() => expect(state.posted).toHaveLength(1))
    expect(state.posted[0].get('comment')).toBe('one\ntwo')
  })

  it('shows no edit or delete on a comment the viewer may not change', async () => {
    backend(true)
    state.comments = [
      {
        name: 'x1',
        author: 'Someone#1',
        time: Date.now() - 120_000,
        content: 'Theirs',
        markdown: 'Theirs',
        actions: [form('reply')],
        parent: null,
        edited: false,
      },
    ]
    renderWithProviders(<AppRoutes />, { route })
    const item = await screen.findByTestId('comment')
    expect(within(item).getByText('2 minutes ago')).toBeInTheDocument()
    expect(within(item).getByRole('button', { name: 'Reply' })).toBeInTheDocument()
    expect(within(item).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
    expect(within(item).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
  })

  it('sends the moment a comment is about, shows it as a link there, and refuses one that is no time', async () => {
    backend(true)
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const box = await screen.findByRole('textbox', { name: 'Write a comment (markdown)' })
    await waitFor(() => expect(box).toBeEnabled())
    const moment = screen.getByLabelText('At (m:ss, optional)')
    await user.type(box, 'Too dense')
    await user.type(moment, 'soon')
    await user.click(await ready('Submit'))
    expect(await screen.findByText('Write the moment as minutes and seconds, like 1:23')).toBeInTheDocument()
    expect(state.posted).toEqual([])

    await user.clear(moment)
    await user.type(moment, '1:23.5')
    await user.click(await ready('Submit'))
    const item = await screen.findByTestId('comment')
    expect(state.posted[0].get('moment')).toBe('83.5')
    const link = within(within(item).getByTestId('comment-moment')).getByRole('link', { name: 'at 1:23.5' })
    expect(link).toHaveAttribute('href', '#t=83.5')
    // The form clears the moment with the text.
    await waitFor(() => expect(moment).toHaveValue(''))
  })

  it('lets the chart’s owner resolve and reopen feedback, and lists all, open or resolved comments', async () => {
    backend(true)
    state.comments = [
      {
        name: 'f1',
        author: 'Tester#7',
        time: Date.now() - 60_000,
        content: 'Hold ends early',
        markdown: 'Hold ends early',
        actions: [form('reply'), form('resolve')],
        parent: null,
        edited: false,
        moment: 12,
      },
      {
        name: 'f2',
        author: 'Tester#8',
        time: Date.now() - 30_000,
        content: 'Nice',
        markdown: 'Nice',
        actions: [form('reply')],
        parent: null,
        edited: false,
      },
    ]
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const [feedback, other] = await screen.findAllByTestId('comment')
    expect(within(other).queryByRole('button', { name: 'Mark resolved' })).not.toBeInTheDocument()
    await user.click(within(feedback).getByRole('button', { name: 'Mark resolved' }))
    expect(await within(feedback).findByTestId('comment-resolved')).toHaveTextContent('Resolved')
    expect(state.posted.at(-1)!.get('type')).toBe('resolve')

    await user.click(screen.getByText('Open'))
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(1))
    expect(screen.getByTestId('comment')).toHaveTextContent('Nice')
    await user.click(screen.getByText('Resolved', { selector: '.ant-segmented-item-label' }))
    await waitFor(() => expect(screen.getByTestId('comment')).toHaveTextContent('Hold ends early'))
    expect(state.listed).toEqual([null, null, 'open', 'resolved'])

    await user.click(within(screen.getByTestId('comment')).getByRole('button', { name: 'Reopen' }))
    await waitFor(() => expect(screen.queryByTestId('comment')).not.toBeInTheDocument())
    expect(state.posted.at(-1)!.get('type')).toBe('reopen')
  })

  it('puts the rating slider in the comment form, with rate and remove rating beside it', async () => {
    backend(true)
    renderWithProviders(<AppRoutes />, { route })
    const form = await screen.findByRole('form', { name: 'Comment form' })
    expect(within(form).getByRole('slider', { name: 'Your rating' })).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Write a comment (markdown)' })).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: /Rate$/ })).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: /Remove rating$/ })).toBeInTheDocument()
  })
})

describe('leaderboard section', () => {
  it('lists records with rank, player and value, links each replay, and switches among the 7 boards', async () => {
    backend(false)
    const boards: string[] = []
    server.use(
      http.get('*/sonolus/levels/:name/leaderboards/:board/records/list', ({ params }) => {
        boards.push(String(params.board))
        return HttpResponse.json({
          pageCount: 1,
          records: [
            {
              name: 'r1',
              rank: '#1',
              player: 'Ann#1',
              value: params.board === 'miss' ? '0' : '990000',
              replay: 'replay-r1',
            },
            {
              name: 'r2',
              rank: '#2',
              player: 'Ben#2',
              value: params.board === 'miss' ? '3' : '950000',
              replay: 'replay-r2',
            },
          ],
        })
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const records = await screen.findAllByTestId('record')
    expect(records.map((record) => record.textContent)).toEqual([
      expect.stringMatching(/^#1Ann#1990000/),
      expect.stringMatching(/^#2Ben#2950000/),
    ])
    expect(
      within(records[0])
        .getByRole('link', { name: /Replay/ })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/open\.sonolus\.com\/.+\/replays\/replay-r1$/)
    expect(boards).toEqual(['arcScore'])
    await user.click(screen.getByRole('combobox', { name: 'Leaderboard type' }))
    for (const label of [
      'Arcade score',
      'Accuracy score',
      'Max combo',
      'Number of Perfect',
      'Number of Great',
      'Number of Good',
    ])
      expect((await screen.findAllByText(label)).length).toBeGreaterThan(0)
    await user.click(await screen.findByTitle('Number of Miss'))
    await waitFor(() => expect(boards.at(-1)).toBe('miss'))
    await waitFor(() => expect(screen.getAllByTestId('record')[1]).toHaveTextContent('3'))
  })

  it('offers the earlier versions of a chart whose data was replaced, each with its own board', async () => {
    backend(false)
    const asked: (string | null)[] = []
    server.use(
      http.get('*/sonolus/levels/:name/versions', () =>
        HttpResponse.json({
          current: { version: 2, time: Date.UTC(2026, 10, 20, 12), players: 0 },
          earlier: [
            {
              version: 1,
              time: Date.UTC(2026, 10, 1, 12),
              replacedTime: Date.UTC(2026, 10, 20, 12),
              players: 1,
            },
          ],
        }),
      ),
      http.get('*/sonolus/levels/:name/leaderboards/:board/records/list', ({ request }) => {
        const version = new URL(request.url).searchParams.get('version')
        asked.push(version)
        return HttpResponse.json({
          pageCount: 1,
          records:
            version === '1'
              ? [{ name: 'r1', rank: '#1', player: 'Old#1', value: '990000', replay: 'replay-r1' }]
              : [],
        })
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const select = await screen.findByRole('combobox', { name: 'Chart version' })
    expect(await screen.findByText(/Version 2 \(current, since/)).toBeInTheDocument()
    expect(asked).toEqual([null])
    await user.click(select)
    await user.click(await screen.findByText(/Version 1 \(.+ – .+, 1 player\)/))
    await waitFor(() => expect(asked.at(-1)).toBe('1'))
    expect((await screen.findByTestId('record')).textContent).toMatch(/^#1Old#1990000/)
  })

  it('says so when a board is empty', async () => {
    backend(false)
    renderWithProviders(<AppRoutes />, { route })
    expect(
      await screen.findByText('No records yet. Play this chart in Sonolus and submit your result.', {}),
    ).toBeInTheDocument()
  })
})
