// makeStore: the Redux store with the RTK Query API and the persisted settings slice.
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist'
// toolchain gotcha 2: 'redux-persist/lib/storage' breaks the Vite 8 production build.
import storage from 'redux-persist/es/storage'
import { sonolusApi } from '../api/sonolusApi'
import { createReducer } from '../features/create/createSlice'
import { messagesReducer } from '../features/messages/messagesSlice'
import {
  type SettingsState,
  sanitizeSettings,
  setServer,
  settingsReducer,
} from '../features/settings/settingsSlice'

export const SETTINGS_PERSIST_KEY = 'sirius-settings'
export const SETTINGS_PERSIST_VERSION = 1

// redux-persist keeps the settings slice only, under its own key and version.
const persistedSettings = persistReducer<SettingsState>(
  {
    key: SETTINGS_PERSIST_KEY,
    version: SETTINGS_PERSIST_VERSION,
    storage,
    whitelist: ['locale', 'server', 'primaryColor'],
    migrate: async (state) => {
      if (!state) return state
      const { _persist, ...stored } = state as typeof state & Partial<SettingsState>
      return { ...sanitizeSettings(stored), _persist }
    },
  },
  settingsReducer,
)

const rootReducer = combineReducers({
  settings: persistedSettings,
  messages: messagesReducer,
  create: createReducer,
  [sonolusApi.reducerPath]: sonolusApi.reducer,
})

export type RootState = ReturnType<typeof rootReducer>

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
