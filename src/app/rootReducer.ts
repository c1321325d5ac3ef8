// The store's reducer (makeStore, store.ts): the slices every page needs, combined with combineSlices so
// that a feature's own slice is injected when its page loads. The create/edit pipeline's slice handles its
// thunk's actions, so it imports the thunk, and the thunk brings the uploads, hashing and canvas code: they
// stay in the form's chunk instead of every page's. A feature adds its slice to LazyLoadedSlices.
import { combineSlices } from '@reduxjs/toolkit'
import { persistReducer } from 'redux-persist'
// 'redux-persist/lib/storage' breaks the Vite 8 production build.
import storage from 'redux-persist/es/storage'
import { sonolusApi } from '../api/sonolusApi'
import { type SettingsState, sanitizeSettings, settingsReducer } from './settingsSlice'
import { messagesReducer } from './messages/messagesSlice'

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

/** The slices features inject (`declare module` beside each, with WithSlice). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sonolusApi, {
  settings: persistedSettings,
  messages: messagesReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>()

export type RootState = ReturnType<typeof rootReducer>
