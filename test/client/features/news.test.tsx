// The server's news on the home page, against msw handlers that keep the posts like our server:
// visitors read it (markdown with raw HTML off) and see no card when there is none; moderators write, edit
// and delete posts, and the list follows.
import { beforeEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type NewsItem } from '../../../common/api/people'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { newsResponse, sampleModerator, sampleNews, sampleUser } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'

const EMPTY = 'Please complete all required fields and try again.'
const DENIED2 = 'Sorry, you do not have permission to do this action'
/** Messages show 500 ms after their trigger. */
const message = (text: string) => screen.findByText(text)

type Posted = { path: string; body: Record<string, string> }
let state: { items: NewsItem[]; posted: Posted[] }

beforeEach(() => {
  state = { items: [], posted: [] }
})

/** News that keeps its posts, newest first, as the server does; `mine` is who is logged in. */
const backend = (mine: object | undefined) => {
  server.use(
    http.get('*/sonolus/user/mine', () =>
      mine ? HttpResponse.json(mine) : HttpResponse.json({ code: 401 }, { status: 401 }),
    ),
    http.get('*/sonolus/news', () => HttpResponse.json(newsResponse(state.items))),
    http.post('*/sonolus/news', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>
      state.posted.push({ path: '/news', body })
      const id = `news-${state.items.length + 100}`
      state.items.unshift(sampleNews(state.items.length + 100, { id, title: body.title, body: body.body }))
      return HttpResponse.json({ code: 200, id })
    }),
    http.post('*/sonolus/news/:id', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, string>
      state.posted.push({ path: `/news/${String(params.id)}`, body })
      const item = state.items.find((post) => post.id === params.id)
      if (!item)
        return HttpResponse.json({ code: 404, error: 'not_found', message: 'No such post' }, { status: 404 })
      if (body.action === 'delete') state.items = state.items.filter((post) => post !== item)
      else Object.assign(item, { title: body.title, body: body.body, updatedTime: item.updatedTime + 1000 })
      return HttpResponse.json({ code: 200, id: item.id })
    }),
  )
}

/** The home page's first render loads its chunk cold: allow it the time. */
const findItems = () => screen.findAllByTestId('news-item')

describe('news on the home page', () => {
  it('shows no news card to a visitor when there is no news', async () => {
    backend(undefined)
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByText('sirius-charts / site')).toBeInTheDocument()
    expect(screen.queryByText('News')).not.toBeInTheDocument()
    expect(screen.queryByTestId('news-item')).not.toBeInTheDocument()
  })

  it('renders each post’s title, author link, date and markdown body, with raw HTML as text', async () => {
    state.items = [
      sampleNews(2, {
        title: 'Server update',
        body: 'We **moved** the server.\n\n<script>window.hacked = true</script><img src=x onerror="alert(1)">',
      }),
      sampleNews(1, { title: 'Welcome', updatedTime: sampleNews(1).createdTime + 5000 }),
    ]
    backend(sampleUser)
    renderWithProviders(<AppRoutes />, { route: '/home' })
    const [update, welcome] = await findItems()
    expect(screen.getByText('News')).toBeInTheDocument()
    expect(within(update).getByRole('heading', { name: 'Server update' })).toBeInTheDocument()
    expect(within(update).getByText('moved').tagName).toBe('STRONG')
    // Raw HTML stays text: nothing of it becomes an element, nothing runs.
    expect(update).toHaveTextContent('<script>window.hacked = true</script>')
    expect(update.querySelector('script, img')).toBeNull()
    expect((window as { hacked?: boolean }).hacked).toBeUndefined()
    expect(within(update).getByRole('link', { name: 'Mod Two#654321' })).toHaveAttribute(
      'href',
      '/user/654321',
    )
    expect(update.querySelector('time')).toHaveAttribute(
      'datetime',
      new Date(sampleNews(2).createdTime).toISOString(),
    )
    expect(within(update).getByTestId('news-meta')).not.toHaveTextContent('edited')
    expect(within(welcome).getByTestId('news-meta')).toHaveTextContent(/ · edited$/)
    // Not a moderator: no way to write, edit or delete.
    expect(screen.queryByRole('button', { name: /Write news/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
  })

  it('gives moderators the card even without news', async () => {
    backend(sampleModerator)
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByRole('button', { name: /Write news/ })).toBeInTheDocument()
    expect(screen.getByText('No news yet')).toBeInTheDocument()
  })

  it('lets a moderator write a post: required fields first, then a POST, and the list shows it', async () => {
    backend(sampleModerator)
    const { user } = renderWithProviders(<AppRoutes />, { route: '/home' })
    await user.click(await screen.findByRole('button', { name: /Write news/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Write news' })
    // Empty (or blank) fields: the form's own message, empty_field, and nothing sent.
    await user.type(within(dialog).getByLabelText('Title'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(2))
    expect(await message(EMPTY)).toBeInTheDocument()
    expect(state.posted).toEqual([])
    // The counters say the limits.
    expect(dialog).toHaveTextContent('/ 100')
    expect(dialog).toHaveTextContent('/ 5000')

    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'Season two')
    await user.type(within(dialog).getByLabelText('Body (markdown)'), 'New charts **every week**.')
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() =>
      expect(state.posted).toEqual([
        { path: '/news', body: { title: 'Season two', body: 'New charts **every week**.' } },
      ]),
    )
    expect(await message('Saved successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [posted] = await findItems()
    expect(within(posted).getByRole('heading', { name: 'Season two' })).toBeInTheDocument()
    expect(within(posted).getByText('every week').tagName).toBe('STRONG')
  })

  it('lets a moderator edit a post from its own text', async () => {
    state.items = [sampleNews(1, { title: 'Typo tilte', body: 'Body one' })]
    backend(sampleModerator)
    const { user } = renderWithProviders(<AppRoutes />, { route: '/home' })
    const [item] = await findItems()
    await user.click(within(item).getByRole('button', { name: /Edit/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit news' })
    const title = within(dialog).getByLabelText('Title')
    expect(title).toHaveValue('Typo tilte')
    expect(within(dialog).getByLabelText('Body (markdown)')).toHaveValue('Body one')
    await user.clear(title)
    await user.type(title, 'Typo title')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(state.posted).toEqual([
        { path: '/news/news-1', body: { action: 'edit', title: 'Typo title', body: 'Body one' } },
      ]),
    )
    expect(await screen.findByRole('heading', { name: 'Typo title' })).toBeInTheDocument()
  })

  it('lets a moderator delete a post after confirming', async () => {
    state.items = [sampleNews(2), sampleNews(1)]
    backend(sampleModerator)
    const { user } = renderWithProviders(<AppRoutes />, { route: '/home' })
    const [newest] = await findItems()
    await user.click(within(newest).getByRole('button', { name: /Delete/ }))
    expect(await screen.findByText('Do you really want to delete it?')).toBeInTheDocument()
    expect(state.posted).toEqual([])
    const confirm = screen.getAllByRole('button', { name: /Delete/ }).at(-1)!
    await act(async () => user.click(confirm))
    await waitFor(() => expect(state.posted).toEqual([{ path: '/news/news-2', body: { action: 'delete' } }]))
    expect(await message('Deleted successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByTestId('news-item')).toHaveLength(1))
    expect(screen.queryByRole('heading', { name: 'News 2' })).not.toBeInTheDocument()
  })

  it('shows a refusal in the error bar and keeps the dialog open', async () => {
    backend(sampleModerator)
    server.use(
      http.post('*/sonolus/news', () =>
        HttpResponse.json({ code: 401, error: 'permission_denied2', message: DENIED2 }, { status: 401 }),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/home' })
    await user.click(await screen.findByRole('button', { name: /Write news/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Write news' })
    await user.type(within(dialog).getByLabelText('Title'), 'Title')
    await user.type(within(dialog).getByLabelText('Body (markdown)'), 'Body')
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    expect(await message(DENIED2)).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Write news' })).toBeInTheDocument()
  })
})
