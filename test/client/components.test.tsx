// Shared pieces: the ActionButton states (docs/spec.md §4), the paginator's visible pages (docs/spec.md §9) and the
// markdown renderer's URL filter, links and images.
import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { ActionButton } from '../../src/components/ActionButton'
import { Markdown, safeUrl } from '../../src/components/Markdown'
import { visiblePages } from '../../src/components/Paginator'
import { RelativeTime } from '../../src/components/RelativeTime'
import { expectLocation, renderWithProviders } from './renderWithProviders'

describe('ActionButton', () => {
  it('goes loading → check → default, ignoring clicks until it is back', async () => {
    let finish: () => void = () => {}
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { user } = renderWithProviders(
      <ActionButton onAction={action} resetMs={300}>
        Like
      </ActionButton>,
    )
    const button = screen.getByRole('button')
    await user.click(button)
    expect(button).toHaveAttribute('data-state', 'loading')
    await user.click(button)
    expect(action).toHaveBeenCalledTimes(1)
    await act(async () => finish())
    expect(button).toHaveAttribute('data-state', 'success')
    expect(button.querySelector('.anticon-check')).not.toBeNull()
    await user.click(button)
    expect(action).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'default'))
    expect(button).toHaveTextContent('Like')
    await user.click(button)
    expect(action).toHaveBeenCalledTimes(2)
  })

  it('shows a cross on failure and hands the error on', async () => {
    const failure = new Error('nope')
    const onError = vi.fn()
    const { user } = renderWithProviders(
      <ActionButton onAction={() => Promise.reject(failure)} onError={onError} resetMs={200}>
        Rate
      </ActionButton>,
    )
    await user.click(screen.getByRole('button'))
    await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('data-state', 'failure'))
    expect(screen.getByRole('button').querySelector('.anticon-close')).not.toBeNull()
    expect(onError).toHaveBeenCalledWith(failure)
    await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('data-state', 'default'))
  })

  it('keeps its width in the result states', async () => {
    const { user } = renderWithProviders(
      <ActionButton onAction={() => Promise.resolve()} resetMs={200}>
        A long label
      </ActionButton>,
    )
    const button = screen.getByRole('button')
    Object.defineProperty(button, 'offsetWidth', { configurable: true, value: 137 })
    await user.click(button)
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'success'))
    expect(button.style.width).toBe('137px')
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'default'))
    expect(button.style.width).toBe('')
  })
})

describe('visiblePages', () => {
  it.each([
    [1, 5, 7, [1, 2, 3, 4, 5]],
    [1, 7, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 12, 7, [1, 2, 3, 4, 5, 'gap', 12]],
    [4, 12, 7, [1, 2, 3, 4, 5, 'gap', 12]],
    [6, 12, 7, [1, 'gap', 5, 6, 7, 'gap', 12]],
    [9, 12, 7, [1, 'gap', 8, 9, 10, 11, 12]],
    [12, 12, 7, [1, 'gap', 8, 9, 10, 11, 12]],
    [1, 9, 5, [1, 2, 3, 'gap', 9]],
    [5, 9, 5, [1, 'gap', 5, 'gap', 9]],
    [9, 9, 5, [1, 'gap', 7, 8, 9]],
  ])('page %d of %d with %d slots', (current, count, visible, expected) => {
    const slots = visiblePages(current, count, visible)
    expect(slots).toEqual(expected)
    expect(slots.length).toBeLessThanOrEqual(visible)
    expect(slots).toContain(current)
  })
})

describe('markdown URL filter', () => {
  it.each(['https://sonolus.com', 'http://a.example/x', 'mailto:a@b.c', '/chart/list', '#top', 'docs/x'])(
    'keeps %s',
    (url) => expect(safeUrl(url)).toBe(url),
  )
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:x',
    'data:text/html,x',
    'vbscript:x',
  ])('drops %s', (url) => expect(safeUrl(url)).toBeNull())
})

describe('markdown links and images', () => {
  it('opens links to other docs in the same tab, and other sites in a new one', async () => {
    const { user } = renderWithProviders(
      <Markdown>{'See [logging in](/docs/login) and [Sonolus](https://sonolus.com).'}</Markdown>,
      { route: '/docs/error' },
    )
    const internal = screen.getByRole('link', { name: 'logging in' })
    expect(internal).not.toHaveAttribute('target')
    expect(screen.getByRole('link', { name: 'Sonolus' })).toHaveAttribute('target', '_blank')
    await user.click(internal)
    await expectLocation('/docs/login')
  })

  it('shows an image from another site as a link to it (the content policy would block it)', () => {
    renderWithProviders(<Markdown>{'![jacket](https://images.example.com/a.png)'}</Markdown>)
    expect(document.querySelector('img')).toBeNull()
    expect(screen.getByRole('link', { name: /jacket/ })).toHaveAttribute(
      'href',
      'https://images.example.com/a.png',
    )
  })
})

describe('RelativeTime', () => {
  const now = Date.UTC(2026, 5, 1)

  it('says how long ago, with the exact time on hover', () => {
    renderWithProviders(<RelativeTime time={now - 3 * 60_000} now={now} />)
    const time = screen.getByText(/3 minutes? ago/)
    expect(time).toHaveAttribute('title', new Date(now - 3 * 60_000).toISOString())
  })

  it('shows - for a time an answer lacks or that is not a date, without breaking the page', () => {
    renderWithProviders(
      <div>
        <RelativeTime time={undefined as unknown as number} now={now} />
        <RelativeTime time={Number.NaN} now={now} />
        <RelativeTime time={1e20} now={now} />
      </div>,
    )
    expect(screen.getAllByText('-')).toHaveLength(3)
  })
})
