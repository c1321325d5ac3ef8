import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { Providers } from '../../../src/shell/providers'
import { makeStore } from '../../../src/app/store'
import { MessageHost } from '../../../src/app/messages/MessageHost'
import { showError, showFailure, showSuccess } from '../../../src/app/messages/messagesSlice'

const setup = () => {
  const store = makeStore()
  render(
    <Providers store={store}>
      <MessageHost />
    </Providers>,
  )
  return store
}

describe('messages (docs/spec.md §4: appear after 500 ms, hide after 5000 ms)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows a success in the snackbar from 500 ms to 5500 ms after the trigger', () => {
    const store = setup()
    act(() => {
      store.dispatch(showSuccess('success.like'))
    })
    act(() => void vi.advanceTimersByTime(499))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.getByRole('status')).toHaveTextContent('Liked successfully')
    act(() => void vi.advanceTimersByTime(4999))
    expect(screen.getByRole('status')).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(store.getState().messages.queue).toEqual([])
  })

  it('shows an error in the fixed alert with its catalogue text', () => {
    const store = setup()
    act(() => {
      store.dispatch(showError('error.fetch_failed'))
    })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(500))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Network connection error, please check your network connection',
    )
    act(() => void vi.advanceTimersByTime(5000))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('keeps success and error apart, and each on its own clock', () => {
    const store = setup()
    act(() => {
      store.dispatch(showError('error.empty_field'))
    })
    act(() => void vi.advanceTimersByTime(1000))
    act(() => {
      store.dispatch(showSuccess('success.save'))
    })
    act(() => void vi.advanceTimersByTime(500))
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete all required fields and try again.')
    expect(screen.getByRole('status')).toHaveTextContent('Saved successfully')
    act(() => void vi.advanceTimersByTime(4000))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toBeInTheDocument()
  })
})

describe('a failed call says what happened: only a lost connection is a network error', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it.each([
    [
      'a refusal with a reason shows the reason',
      {
        status: 400,
        data: { code: 400, error: 'bad_request', message: 'page must be a whole number from 0' },
      },
      'fetch_failed',
      'The server refused the request: page must be a whole number from 0',
    ],
    [
      'a refused upload shows the reason',
      { status: 400, data: { code: 400, error: 'upload_failed', message: 'The cover is not an image' } },
      'upload_failed',
      'The server refused the file: The cover is not an image',
    ],
    [
      'a server error shows its status, not its words',
      { status: 500, data: { code: 500, error: 'internal_error', message: 'Internal error' } },
      'create_failed',
      'The server could not do this (HTTP 500); please try again later',
    ],
    [
      'a page from a proxy shows its status',
      {
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: '<html>Bad gateway</html>',
        error: 'SyntaxError',
      },
      'fetch_failed',
      'The server could not do this (HTTP 502); please try again later',
    ],
    [
      'a lost connection is a network error',
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      'fetch_failed',
      'Network connection error, please check your network connection',
    ],
    [
      'a catalogue key the server names keeps its text',
      { status: 413, data: { code: 413, error: 'file_too_large', message: 'too large' } },
      'file_too_large',
      'The file is too large, please reduce the file size and try again',
    ],
  ] as const)('%s', (_name, error, key, text) => {
    const store = setup()
    act(() => {
      store.dispatch(showFailure(error, key))
    })
    act(() => void vi.advanceTimersByTime(500))
    expect(screen.getByRole('alert')).toHaveTextContent(text)
  })
})
