// A fresh store, router, intl and antd App around the UI under test.
import { type ReactElement } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { persistStore } from 'redux-persist'
import { Providers } from '../../src/app/providers'
import { type AppStore, type RootState, makeStore } from '../../src/app/store'

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

/** Navigation settles in a router transition, so wait for the path rather than read it at once. A
 *  navigation that a timer starts (a redirect after a delay) passes that delay as `timeout`, so that a busy
 *  machine's late timer still counts. */
export const expectLocation = (pathname: string, timeout = 1000) =>
  waitFor(
    () => {
      if (screen.getByTestId('location').textContent !== pathname) {
        throw new Error(`location is ${screen.getByTestId('location').textContent}, expected ${pathname}`)
      }
    },
    { timeout },
  )
