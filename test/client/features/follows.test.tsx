// Following and notifications on the site against msw handlers in our wire types: the bell's
// unread count, the notifications page (opening one reads it and goes to its chart; mark all read), the
// kinds one wants, and the follow button on a user page and on chart info.
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import {
  type FollowResponse,
  type FollowState,
  type Notification,
  type NotificationSettings,
  type NotificationsResponse,
} from '../../../common/api/follows'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { detailsResponse, sampleChart, sampleUser, sampleUserDetails } from '../../../mocks/data'
import { expectLocation, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const loggedIn = () => server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)))

const note = (n: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `n${n}`,
  kind: 'chart',
  time: Date.now() - n * 60_000,
  read: false,
  actor: 'Creator#777777',
  chartId: sampleChart(n).id,
  label: `Sample chart ${n}`,
  commentId: null,
  ...overrides,
})

const serveNotifications = (items: Notification[]) => {
  const state = { items, reads: [] as { ids?: string[] }[] }
  const unread = () => state.items.filter((item) => !item.read).length
  server.use(
    http.get('*/sonolus/user/notifications/unread', () => HttpResponse.json({ unread: unread() })),
    http.get('*/sonolus/user/notifications', () =>
      HttpResponse.json({
        unread: unread(),
        pageCount: 1,
        items: state.items,
      } satisfies NotificationsResponse),
    ),
    http.post('*/sonolus/user/notifications/read', async ({ request }) => {
      const body = (await request.json()) as { ids?: string[] }
      state.reads.push(body)
      state.items = state.items.map((item) =>
        !body.ids || body.ids.includes(item.id) ? { ...item, read: true } : item,
      )
      return HttpResponse.json({ code: 200, unread: unread() })
    }),
    http.get('*/sonolus/user/notifications/settings', () =>
      HttpResponse.json({ off: ['rating'] } satisfies NotificationSettings),
    ),
  )
  return state
}

describe('the bell and the notifications page', () => {
  it('shows the unread count to a logged-in user, and nothing to a visitor', async () => {
    serveNotifications([note(1), note(2), note(3, { read: true })])
    const visitor = renderWithProviders(<AppRoutes />, { route: '/home' })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByTestId('notification-bell')).toBeNull()
    visitor.unmount()

    loggedIn()
    renderWithProviders(<AppRoutes />, { route: '/home' })
    const bell = await screen.findByRole('link', { name: 'Notifications (2 unread)' })
    expect(bell).toHaveAttribute('href', '/notifications')
    expect(within(bell).getByText('2')).toBeInTheDocument()
  })

  it('lists them; opening one reads it and goes to its chart', async () => {
    loggedIn()
    const state = serveNotifications([
      note(1),
      note(2, { kind: 'comment', actor: 'Bob#7002', label: 'Nice chart' }),
      note(3, { kind: 'moderation', actor: null, label: 'Old Song', read: true }),
    ])
    renderWithProviders(<AppRoutes />, { route: '/notifications' })
    const rows = await screen.findAllByTestId('notification')
    expect(rows.map((row) => row.dataset.kind)).toEqual(['chart', 'comment', 'moderation'])
    expect(rows[0]).toHaveTextContent('Creator published “Sample chart 1”')
    expect(rows[1]).toHaveTextContent('Bob commented on your chart: Nice chart')
    expect(rows[2]).toHaveTextContent('A moderator acted on “Old Song”')
    expect(within(rows[0]).getByText('New')).toBeInTheDocument()
    expect(within(rows[2]).queryByText('New')).toBeNull()

    fireEvent.click(within(rows[1]).getByRole('button'))
    await expectLocation(`/chart/${sampleChart(2).id}/info`)
    expect(state.reads).toEqual([{ ids: ['n2'] }])
  })

  it('reads all at once, and a notice leads to the notices page', async () => {
    loggedIn()
    const state = serveNotifications([note(1), note(4, { kind: 'moderation', actor: null, label: 'X' })])
    renderWithProviders(<AppRoutes />, { route: '/notifications' })
    const markAll = await screen.findByTestId('notifications-mark-all')
    fireEvent.click(markAll)
    await waitFor(() => expect(state.reads).toEqual([{}]))
    await waitFor(() => expect(screen.queryAllByText('New')).toHaveLength(0))
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications'),
    )
    const rows = screen.getAllByTestId('notification')
    fireEvent.click(within(rows[1]).getByRole('button'))
    await expectLocation('/notices')
  })

  it('shows the kinds one wants and saves a change', async () => {
    loggedIn()
    serveNotifications([])
    const saved: NotificationSettings[] = []
    server.use(
      http.post('*/sonolus/user/notifications/settings', async ({ request }) => {
        const body = (await request.json()) as NotificationSettings
        saved.push(body)
        return HttpResponse.json(body)
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/notifications' })
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument()
    const rating = await screen.findByTestId('notification-setting-rating')
    expect(rating).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByTestId('notification-setting-chart')).toHaveAttribute('aria-checked', 'true')
    fireEvent.click(screen.getByTestId('notification-setting-reply'))
    await waitFor(() => expect(saved).toEqual([{ off: ['reply', 'rating'] }]))
  })

  it('asks a visitor to log in', async () => {
    renderWithProviders(<AppRoutes />, { route: '/notifications' })
    expect(
      await screen.findByText('You are not logged in, please login with Sonolus and try again', {}),
    ).toBeInTheDocument()
  })
})

describe('the follow button', () => {
  it('follows from a user page, and the page shows the new state', async () => {
    loggedIn()
    let follow: FollowState = { followers: 2, following: 1, isFollowing: false, canFollow: true }
    const posted: unknown[] = []
    server.use(
      http.get('*/sonolus/users/:handle', () => HttpResponse.json(sampleUserDetails(undefined, { follow }))),
      http.post('*/sonolus/users/:handle/follow', async ({ request, params }) => {
        posted.push({ handle: params.handle, body: await request.json() })
        follow = { ...follow, followers: 3, isFollowing: true }
        return HttpResponse.json({ code: 200, ...follow } satisfies FollowResponse)
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    const button = await screen.findByRole('button', { name: 'Follow Player One#123456' })
    expect(screen.getByTestId('user-stat-followers')).toHaveTextContent('Followers2')
    fireEvent.click(button)
    await waitFor(() => expect(posted).toEqual([{ handle: '123456', body: { follow: true } }]))
    expect(await screen.findByRole('button', { name: 'Following Player One#123456' })).toHaveTextContent(
      'Following',
    )
    expect(screen.getByTestId('user-stat-followers')).toHaveTextContent('Followers3')
  })

  it('reads Following once followed, and asks before unfollowing', async () => {
    loggedIn()
    let follow: FollowState = { followers: 3, following: 1, isFollowing: true, canFollow: true }
    const posted: unknown[] = []
    server.use(
      http.get('*/sonolus/users/:handle', () => HttpResponse.json(sampleUserDetails(undefined, { follow }))),
      http.post('*/sonolus/users/:handle/follow', async ({ request }) => {
        const body = (await request.json()) as { follow: boolean }
        posted.push(body)
        follow = { ...follow, followers: body.follow ? 3 : 2, isFollowing: body.follow }
        return HttpResponse.json({ code: 200, ...follow } satisfies FollowResponse)
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    const button = await screen.findByTestId('follow-button')
    expect(button).toHaveTextContent('Following')
    expect(button).toHaveAccessibleName('Following Player One#123456')
    expect(button).toHaveAttribute('aria-haspopup', 'dialog')
    // A press asks first; cancelling keeps the follow.
    await user.click(button)
    expect(await screen.findByText('Unfollow Player One#123456?')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(posted).toEqual([])
    expect(screen.getByTestId('follow-button')).toHaveTextContent('Following')
    // Confirmed, it unfollows, and the button offers Follow again.
    await user.click(screen.getByTestId('follow-button'))
    await user.click(await screen.findByRole('button', { name: 'Unfollow' }))
    await waitFor(() => expect(posted).toEqual([{ follow: false }]))
    expect(await screen.findByRole('button', { name: 'Follow Player One#123456' })).toHaveTextContent(
      'Follow',
    )
    expect(screen.getByTestId('user-stat-followers')).toHaveTextContent('Followers2')
  })

  it('is on chart info for the author, not for a visitor or the author themselves', async () => {
    const chart = sampleChart(1, { author: 'Creator#777777' })
    server.use(
      chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
      http.get('*/sonolus/users/:handle/follow', () =>
        HttpResponse.json({
          followers: 0,
          following: 0,
          isFollowing: false,
          canFollow: true,
        } satisfies FollowState),
      ),
    )
    const visitor = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    await screen.findByText('Creator#777777')
    expect(screen.queryByTestId('follow-button')).toBeNull()
    visitor.unmount()

    loggedIn()
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByRole('button', { name: 'Follow Creator#777777' })).toBeInTheDocument()
  })
})
