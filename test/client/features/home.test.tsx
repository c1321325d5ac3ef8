import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, delay, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { listResponse, sampleChart, sampleServerInfo } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'

describe('home server info card (docs/spec.md §2 "Home")', () => {
  it('shows owner / repo, branch, commit, message and drive use with a percentage', async () => {
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByText('sirius-charts / site')).toBeInTheDocument()
    expect(screen.getByText('main')).toBeInTheDocument()
    expect(screen.getByText(sampleServerInfo.git.commit)).toBeInTheDocument()
    expect(screen.getByText('Add the walking skeleton')).toBeInTheDocument()
    expect(screen.getByText('1.00 KB / 1.00 MB (0.10%)')).toBeInTheDocument()
  })

  it('says when storage has no quota', async () => {
    server.use(
      http.get('*/sonolus/server/info', () =>
        HttpResponse.json({ ...sampleServerInfo, drive: { used: 5 * 1024 * 1024, total: 0 } }),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByText('5.00 MB used, no quota')).toBeInTheDocument()
  })

  it('shows a spinner until the data arrives', async () => {
    server.use(
      http.get('*/sonolus/server/info', async () => {
        await delay(200)
        return HttpResponse.json(sampleServerInfo)
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument()
    expect(await screen.findByText('sirius-charts / site')).toBeInTheDocument()
    expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument()
  })

  it('shows fetch_failed when the server cannot be reached', async () => {
    server.use(http.get('*/sonolus/server/info', () => HttpResponse.error()))
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(
      await screen.findByText('Network connection error, please check your network connection'),
    ).toBeInTheDocument()
  })
})

describe('home engine status', () => {
  it('warns plainly when no engine is installed', async () => {
    server.use(
      http.get('*/sonolus/server/info', () =>
        HttpResponse.json({
          ...sampleServerInfo,
          engine: {
            name: 'sirius',
            installed: false,
            message: 'The Sirius engine is not installed on this server yet.',
          },
        }),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByText('No Sirius engine is installed')).toBeInTheDocument()
    // The site's own words in its language, not the server's English message.
    expect(screen.getByText(/not played, until the operator imports the engine “sirius”/)).toBeInTheDocument()
    expect(
      screen.queryByText('The Sirius engine is not installed on this server yet.'),
    ).not.toBeInTheDocument()
  })

  it('names the installed engine without a warning', async () => {
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await screen.findByText('sirius')).toBeInTheDocument()
    expect(screen.queryByText('No Sirius engine is installed')).not.toBeInTheDocument()
  })
})

describe('home trending charts', () => {
  it('lists the trending charts on the home page, asking for the trending order', async () => {
    const calls: URLSearchParams[] = []
    server.use(
      http.get('*/sonolus/levels/list', ({ request }) => {
        calls.push(new URL(request.url).searchParams)
        return HttpResponse.json(
          listResponse(
            [
              sampleChart(7, { title: 'Hot', trending: 3.2 }),
              sampleChart(8, { title: 'Warm', trending: 0.4 }),
              sampleChart(9, { title: 'Cold', trending: 0 }),
            ],
            1,
          ),
        )
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/home' })
    const card = await screen.findByTestId('home-trending')
    await waitFor(() => expect(within(card).getAllByTestId('chart-card')).toHaveLength(2))
    expect(within(card).queryByText('Cold')).not.toBeInTheDocument()
    expect(calls[0].get('sort')).toBe('trending')
    expect(within(card).getByRole('link', { name: 'All trending charts' })).toHaveAttribute(
      'href',
      '/chart/list?sort=trending',
    )
  })
})
