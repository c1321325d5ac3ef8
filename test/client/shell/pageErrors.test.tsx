// A page whose code does not load (the site was updated since the tab opened, or the connection dropped):
// the page says so and offers a reload, the app bar and menu stay, and another page still opens.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { AppRoutes } from '../../../src/shell/router'
import { initialSettings } from '../../../src/app/settingsSlice'
import { browser } from '../../../src/app/browser'
import { expectLocation, renderWithProviders } from '../renderWithProviders'

// The chart preview's chunk fails to load, as a chunk from a build that has been replaced does.
vi.mock('../../../src/features/preview/ChartPreviewPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/ChartPreviewPage-old.js')
})

describe('a page that cannot be shown', () => {
  afterEach(() => vi.restoreAllMocks())

  it('says so with a reload button, keeps the app bar and menu, and another page still opens', async () => {
    // React reports the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/preview' })
    expect(await screen.findByText('This page could not be shown')).toBeInTheDocument()
    expect(
      screen.getByText(
        'The site may have been updated since this tab opened, or the connection dropped. Reloading the page usually helps.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Chart preview | Sirius Charts')
    const reload = vi.spyOn(browser, 'reloadPage').mockImplementation(() => {})
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledTimes(1)

    const nav = screen.getByRole('navigation', { name: 'Main menu' })
    await user.click(within(nav).getByRole('link', { name: 'Home' }))
    await expectLocation('/home')
    expect(await screen.findByRole('heading', { level: 2, name: 'Home' })).toBeInTheDocument()
    expect(screen.queryByText('This page could not be shown')).not.toBeInTheDocument()
  })

  it('is in every language the site speaks', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderWithProviders(<AppRoutes />, {
      route: '/chart/preview',
      preloadedState: {
        settings: { ...initialSettings, locale: 'ja_jp', _persist: { version: 1, rehydrated: true } },
      },
    })
    expect(await screen.findByText('このページを表示できませんでした')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument()
  })
})
