import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { expectLocation, renderWithProviders } from '../renderWithProviders'

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width })
}

describe('app shell (docs/spec.md §2 "Layout" and "Routes")', () => {
  afterEach(() => setWidth(1024))

  it('redirects / to /home and titles the page "{route name} | {site title}"', async () => {
    renderWithProviders(<AppRoutes />, { route: '/' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Home' })).toBeInTheDocument()
    await expectLocation('/home')
    await waitFor(() => expect(document.title).toBe('Home | Sirius Charts'))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Home | Sirius Charts')
  })

  it('takes the site title from the server', async () => {
    server.use(
      http.get('*/sonolus/info', () =>
        HttpResponse.json({ title: 'My Sirius Mirror', buttons: [], configuration: { options: [] } }),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/settings/server' })
    await waitFor(() => expect(document.title).toBe('Server settings | My Sirius Mirror'))
  })

  it('opens the drawer by default on a wide screen, with the spec menu groups', async () => {
    renderWithProviders(<AppRoutes />, { route: '/home' })
    const nav = await screen.findByRole('navigation', { name: 'Main menu' })
    for (const label of ['Home', 'Charts', 'Docs', 'Settings'])
      expect(within(nav).getByText(label)).toBeInTheDocument()
    for (const label of ['Chart list', 'My charts', 'Create chart', 'Liked charts', 'Chart preview']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument()
    }
    for (const label of [
      'Using Sonolus',
      'Logging in',
      'Writing charts',
      'Error messages',
      'Server',
      'Sonolus account',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument()
    }
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('toggles the drawer with the menu button', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/home' })
    await screen.findByRole('navigation', { name: 'Main menu' })
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }))
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }))
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument()
  })

  it('keeps the drawer closed on a phone and uses the full width there', async () => {
    setWidth(400)
    const { container } = renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Home' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'false')
    // The same content element as on a wide screen, without its 1280 px width.
    expect(container.querySelector('.content-area.content-area-full')).not.toBeNull()
  })

  it('puts wide-screen content in the 1280 px content area', async () => {
    const { container } = renderWithProviders(<AppRoutes />, { route: '/home' })
    await screen.findByRole('heading', { level: 2, name: 'Home' })
    expect(container.querySelector('.content-area')).not.toBeNull()
    expect(container.querySelector('.content-area-full')).toBeNull()
  })

  it('navigates from a menu entry', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/home' })
    const nav = await screen.findByRole('navigation', { name: 'Main menu' })
    await user.click(within(nav).getByRole('link', { name: 'Chart list' }))
    await expectLocation('/chart/list')
  })

  it('opens server settings from the cog', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/home' })
    await user.click(await screen.findByRole('link', { name: 'Server settings' }))
    await expectLocation('/settings/server')
    expect(await screen.findByRole('heading', { level: 2, name: 'Server settings' })).toBeInTheDocument()
  })

  it.each(['/nope', '/chart', '/docs/unknown', '/chart/abc/info/extra'])(
    'shows 404 Not Found at %s',
    async (path) => {
      renderWithProviders(<AppRoutes />, { route: path })
      expect(await screen.findByText('404 Not Found', { selector: '.ant-result-title' })).toBeInTheDocument()
    },
  )

  it('routes every path of the spec table to its screen', async () => {
    const cases: [string, string][] = [
      ['/chart/list', 'Chart list'],
      ['/chart/mine', 'My charts'],
      ['/chart/like', 'Liked charts'],
      ['/chart/create', 'Create chart'],
      ['/chart/preview', 'Chart preview'],
      ['/chart/0123456789abcdef0123456789abcdef/info', 'Chart info'],
      ['/chart/0123456789abcdef0123456789abcdef/edit', 'Edit chart'],
      ['/settings/sonolus', 'Login account'],
      ['/docs/login', 'Logging in'],
    ]
    for (const [path, name] of cases) {
      const { unmount } = renderWithProviders(<AppRoutes />, { route: path })
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument()
      await waitFor(() => expect(document.title).toBe(`${name} | Sirius Charts`))
      unmount()
    }
  })

  it('scaffold previous/next buttons follow the drawer order', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/settings/server' })
    await user.click(await screen.findByRole('button', { name: /Next: Sonolus account/ }))
    await expectLocation('/settings/sonolus')
    await user.click(await screen.findByRole('button', { name: /Previous: Server/ }))
    await expectLocation('/settings/server')
  })
})
