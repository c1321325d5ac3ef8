// docs/spec.md §2 "Docs" (fetch {docsUrl}/{locale}/{type}.md, loading, refetch on type change) and the home page's
// split-line card (spinner until loaded; the fragment in a sandboxed frame).
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, delay, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { sampleSplitLineHtml } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'

describe('docs page', () => {
  it('fetches the document of the current locale and type, and refetches when the type changes', async () => {
    const fetched: string[] = []
    server.use(
      http.get('*/content/docs/:locale/:file', async ({ params }) => {
        fetched.push(`${String(params.locale)}/${String(params.file)}`)
        await delay(50)
        return HttpResponse.text(`# Doc ${String(params.file)}\n\nBody of *${String(params.locale)}*`)
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, {
      route: '/docs/login',
      preloadedState: {
        settings: {
          locale: 'ja_jp',
          server: 'global',
          primaryColor: '#6200ee',
          _persist: { version: 1, rehydrated: true },
        },
      },
    })
    // The page is a lazy chunk: until the router's import of it resolves (through Vitest's module runner, as
    // slow as the machine is busy) the shell shows its own, unlabelled fallback. The wait ends when the page's
    // spinner shows; the bound is only how long to wait before calling it a failure, not findBy's second.
    expect(await screen.findByLabelText('読み込み中…')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Doc login.md' })).toBeInTheDocument()
    expect(fetched).toEqual(['ja_jp/login.md'])
    await user.click(screen.getAllByRole('link').find((item) => item.textContent?.includes('エラー'))!)
    expect(await screen.findByRole('heading', { name: 'Doc error.md' })).toBeInTheDocument()
    expect(fetched).toEqual(['ja_jp/login.md', 'ja_jp/error.md'])
  })

  it('shows fetch_failed when the document cannot be fetched', async () => {
    server.use(http.get('*/content/docs/:locale/:file', () => HttpResponse.error()))
    renderWithProviders(<AppRoutes />, { route: '/docs/chart' })
    expect(
      (await screen.findAllByText('Network connection error, please check your network connection')).length,
    ).toBeGreaterThan(0)
  })

  it('keeps raw HTML in a document as text', async () => {
    server.use(
      http.get('*/content/docs/:locale/:file', () =>
        HttpResponse.text('# Title\n\n<img src=x onerror="alert(1)"> and [link](javascript:alert(1))'),
      ),
    )
    const { container } = renderWithProviders(<AppRoutes />, { route: '/docs/error' })
    expect(await screen.findByRole('heading', { name: 'Title' })).toBeInTheDocument()
    expect(container.querySelector('.markdown img')).toBeNull()
    expect(container.querySelector('.markdown [onerror]')).toBeNull()
    for (const anchor of container.querySelectorAll('.markdown a'))
      expect(anchor.getAttribute('href') ?? '').not.toMatch(/javascript:/i)
  })
})

describe('home split-line card', () => {
  it('shows a spinner, then the fragment inside a sandboxed frame', async () => {
    server.use(
      http.get('*/content/master/splitLine.html', async () => {
        await delay(150)
        return HttpResponse.text(sampleSplitLineHtml)
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/home' })
    const card = (await screen.findByText('Split lines')).closest('.ant-card') as HTMLElement
    expect(await within(card).findByLabelText('Loading…')).toBeInTheDocument()
    const frame = await screen.findByTitle('Split lines')
    expect(within(card).queryByLabelText('Loading…')).not.toBeInTheDocument()
    expect(frame.tagName).toBe('IFRAME')
    expect(frame.getAttribute('sandbox')).toBe('')
    expect(frame.getAttribute('srcdoc')).toBe(sampleSplitLineHtml)
  })

  it('shows fetch_failed when the master data cannot be fetched', async () => {
    server.use(http.get('*/content/master/splitLine.html', () => HttpResponse.error()))
    renderWithProviders(<AppRoutes />, { route: '/home' })
    await waitFor(() =>
      expect(
        screen.getAllByText('Network connection error, please check your network connection').length,
      ).toBeGreaterThan(0),
    )
  })
})
