// A person's page at /user/{handle} against msw handlers in our wire types: the profile (avatar
// colours checked, about-me as plain text), the counts and their charts' average rating, their charts and
// best records; no such user; a failure.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type UserDetailsResponse } from '../../../common/api/people'
import { AppRoutes } from '../../../src/shell/router'
import { initialOf, safeColor } from '../../../src/features/user'
import { server } from '../../../mocks/node'
import { sampleChart, sampleUserDetails } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'

const details = (overrides: Parameters<typeof sampleUserDetails>[1] = {}) =>
  sampleUserDetails(
    [sampleChart(2, { title: 'Newest one' }), sampleChart(1, { title: 'Older one' })],
    overrides,
  )

const serve = (body: UserDetailsResponse) =>
  server.use(http.get('*/sonolus/users/:handle', () => HttpResponse.json(body)))

/** The page's first render loads its chunk cold: allow it the time. */
const findName = () => screen.findByTestId('user-name')

describe('the user page', () => {
  it('shows the avatar, name#handle, the about-me as plain text and the counts', async () => {
    const base = details()
    serve(
      details({
        profile: {
          ...base.profile,
          aboutMe: 'I write **hard** charts.\n<script>alert(1)</script>',
        },
        stats: {
          charts: 2,
          likes: 31,
          comments: 4,
          records: 9,
          plays: 1234,
          ratings: 12,
          ratingAverage: 4.25,
        },
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    expect(await findName()).toHaveTextContent('Player One#123456')
    // Plain text: no markdown, and a tag in it stays text.
    const about = screen.getByTestId('user-about')
    expect(about).toHaveTextContent('I write **hard** charts. <script>alert(1)</script>')
    expect(about.querySelector('strong, script')).toBeNull()

    const avatar = screen.getByRole('img', { name: 'Avatar of Player One#123456' })
    expect(avatar).toHaveTextContent('P')
    expect(avatar).toHaveStyle({ backgroundColor: '#ff8800', color: '#ffffff' })

    expect(screen.getByTestId('user-stat-charts')).toHaveTextContent('Charts2')
    expect(screen.getByTestId('user-stat-likes')).toHaveTextContent('Likes received31')
    expect(screen.getByTestId('user-stat-plays')).toHaveTextContent('Plays of their charts1,234')
    expect(screen.getByTestId('user-stat-records')).toHaveTextContent('Records9')
    expect(screen.getByTestId('user-stat-comments')).toHaveTextContent('Comments4')
  })

  it('lists their charts as cards and their best records with the replay link', async () => {
    serve(details())
    renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    await findName()
    const cards = screen.getAllByTestId('chart-card')
    expect(cards.map((card) => within(card).getByText(/one$/).textContent)).toEqual([
      'Newest one',
      'Older one',
    ])
    expect(within(cards[0]).getByRole('link', { name: /Newest one/ })).toHaveAttribute(
      'href',
      `/chart/${sampleChart(2).id}/info`,
    )

    const [record] = screen.getAllByTestId('user-record')
    expect(within(record).getByRole('link', { name: 'Sample chart 5' })).toHaveAttribute(
      'href',
      `/chart/${sampleChart(5).id}/info`,
    )
    expect(record).toHaveTextContent('Full Combo')
    expect(record).toHaveTextContent('Arcade score 987,654')
    expect(record).toHaveTextContent('Accuracy score 99.12%')
    expect(record.querySelector('time')).toHaveAttribute('datetime', '2026-01-03T00:00:00.000Z')
    const replay = within(record).getByRole('link', { name: /Open replay in Sonolus/ })
    expect(replay).toHaveAttribute(
      'href',
      `https://open.sonolus.com/${window.location.host}/replays/replay-1`,
    )
    expect(replay).toHaveAttribute('target', '_blank')
  })

  it('says when they have no charts, no records and no about-me', async () => {
    const base = sampleUserDetails([], { records: [] })
    serve({ ...base, profile: { ...base.profile, aboutMe: '' } })
    renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    await findName()
    expect(screen.getByText('No public charts yet')).toBeInTheDocument()
    expect(screen.getByText('No records yet')).toBeInTheDocument()
    expect(screen.getByText('No about-me yet')).toBeInTheDocument()
    expect(screen.queryByTestId('chart-card')).not.toBeInTheDocument()
  })

  it('falls back to the theme colours for a colour that is not a plain hex colour', async () => {
    const base = details()
    serve(
      details({
        profile: {
          ...base.profile,
          avatar: {
            ...base.profile.avatar,
            backgroundColor: 'red; background-image: url(https://evil.example/x.png)',
            foregroundColor: 'url(javascript:alert(1))',
          },
        },
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    await findName()
    const avatar = screen.getByRole('img', { name: 'Avatar of Player One#123456' })
    const style = avatar.getAttribute('style') ?? ''
    expect(style).not.toMatch(/evil|javascript|url\(/)
    // The default theme's primary colour, and white text.
    expect(avatar).toHaveStyle({ backgroundColor: '#6200ee', color: '#fff' })
  })

  it('checks colours strictly and takes a whole first letter', () => {
    expect(safeColor('#a1B2c3', 'x')).toBe('#a1B2c3')
    expect(safeColor('#a1b2c3d4', 'x')).toBe('#a1b2c3d4')
    for (const bad of ['#abc', 'a1b2c3', '#a1b2c3d', '#a1b2c3 ', 'red', 'rgb(0,0,0)', '#a1b2c3;color:red'])
      expect(safeColor(bad, 'fallback'), bad).toBe('fallback')
    expect(initialOf({ name: 'player', handle: '1' })).toBe('P')
    expect(initialOf({ name: '\u{1F3B5}tune', handle: '1' })).toBe('\u{1F3B5}')
    expect(initialOf({ name: ' ', handle: '42' })).toBe('4')
  })

  it('says there is no such user on a 404, without an error message', async () => {
    renderWithProviders(<AppRoutes />, { route: '/user/999999' })
    expect(await screen.findByText('There is no user with this handle')).toBeInTheDocument()
    expect(screen.queryByText(/Network connection error/)).not.toBeInTheDocument()
  })

  it('shows fetch_failed when the server cannot be reached', async () => {
    server.use(http.get('*/sonolus/users/:handle', () => HttpResponse.error()))
    renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    expect(
      (await screen.findAllByText('Network connection error, please check your network connection', {}))
        .length,
    ).toBeGreaterThan(0)
  })

  it('titles the page and asks for the handle it was given', async () => {
    const asked: string[] = []
    server.use(
      http.get('*/sonolus/users/:handle', ({ params }) => {
        asked.push(String(params.handle))
        return HttpResponse.json(details())
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    await findName()
    expect(asked).toEqual(['123456'])
    await waitFor(() => expect(document.title).toBe('User | Sirius Charts'))
  })

  it('shows a creator’s average rating with how many ratings it averages', async () => {
    server.use(http.get('*/sonolus/users/:handle', () => HttpResponse.json(sampleUserDetails())))
    renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    const rating = await screen.findByTestId('user-stat-rating')
    expect(rating).toHaveTextContent('4.20')
    expect(rating).toHaveTextContent('(5 ratings)')
  })
})
