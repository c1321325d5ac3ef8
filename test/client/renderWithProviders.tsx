// A fresh store, router, intl and antd App around the UI under test.
import { type ReactElement } from 'react'
import { expect, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { persistStore } from 'redux-persist'
import { MESSAGE_DELAY_MS } from '../../common/rules'
import { Providers } from '../../src/shell/providers'
import { type AppStore, type RootState, makeStore } from '../../src/app/store'
import { userApi } from '../../src/api/user'

export type RenderOptions = {
  route?: string
  preloadedState?: Partial<RootState>
  store?: AppStore
  /** Run redux-persist (rehydrate from and save to localStorage). */
  persist?: boolean
}

/** Renders the current path into a test id, so tests can assert where navigation went. */
export const LocationProbe = () => {
  const location = useLocation()
  return (
    <output data-testid="location" data-search={location.search}>
      {location.pathname}
    </output>
  )
}

export const renderWithProviders = (ui: ReactElement, options: RenderOptions = {}) => {
  const store = options.store ?? makeStore(options.preloadedState)
  const persistor = options.persist ? persistStore(store) : undefined
  const user = userEvent.setup()
  const result = render(
    <Providers store={store} persistor={persistor}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  )
  return { ...result, store, persistor, user }
}

/** Resolves once the login check (GET /sonolus/user/mine) has answered, whatever it said. react-redux draws
 *  a store change at once (before the next task), so from then on the page shows what it shows this viewer:
 *  what a visitor or a user must not see would be there by now. */
export const loginChecked = (store: AppStore) =>
  waitFor(() => {
    const mine = userApi.endpoints.getMine.select()(store.getState())
    expect(mine.isSuccess || mine.isError).toBe(true)
  })

/** Navigation settles in a router transition, so wait for the path rather than read it at once (as long as
 *  findBy… waits: a busy machine's late timer still counts). */
export const expectLocation = (pathname: string) =>
  waitFor(() => {
    if (screen.getByTestId('location').textContent !== pathname) {
      throw new Error(`location is ${screen.getByTestId('location').textContent}, expected ${pathname}`)
    }
  })

/** The real setImmediate, taken before any test fakes the timers: React's scheduler runs its renders and
 *  effects on it, so a faked clock does not hold them back. */
const realSetImmediate = globalThis.setImmediate
const reactTurn = () => new Promise<void>((resolve) => realSetImmediate(() => resolve()))

/** Moves a faked clock (vi.useFakeTimers) on by `ms` in steps, giving React a turn of the real event loop
 *  before and after each: what a step's timers set off is drawn, and the timers its effects start in the
 *  meantime are due within the later steps. */
export const advanceClock = async (ms: number, step = 50) => {
  for (let passed = 0; passed < ms; passed += step) {
    await reactTurn()
    await vi.advanceTimersByTimeAsync(Math.min(step, ms - passed))
  }
  await reactTurn()
}

/** On a faked clock, past the point where the message bar would show what went wrong until now: a message
 *  shows MESSAGE_DELAY_MS after it is queued and stays for MESSAGE_VISIBLE_MS (5 s), so at twice the delay
 *  anything queued until then, or set off in the half second after, is on screen. */
export const pastMessageDelay = () => advanceClock(2 * MESSAGE_DELAY_MS)
