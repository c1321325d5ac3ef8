// makeStore: the Redux store with the RTK Query API and the persisted settings slice (rootReducer.ts).
import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist'
import { sonolusApi } from '../api/sonolusApi'
import { setServer } from './settingsSlice'
import { type RootState, rootReducer } from './rootReducer'

export { SETTINGS_PERSIST_KEY, SETTINGS_PERSIST_VERSION, type RootState } from './rootReducer'

export const makeStore = (preloadedState?: Partial<RootState>) => {
  // RTK Query caches by endpoint and arguments, not by base URL: after a server switch every cached
  // answer came from the other server, so drop them all and let the screens refetch.
  const listeners = createListenerMiddleware()
  listeners.startListening({
    actionCreator: setServer,
    effect: (_action, api) => {
      api.dispatch(sonolusApi.util.resetApiState())
    },
  })
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listeners.middleware)
        .concat(sonolusApi.middleware),
  })
  setupListeners(store.dispatch)
  return store
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
