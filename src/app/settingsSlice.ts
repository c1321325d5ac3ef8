// docs/spec.md §3 "Settings (local storage)": locale, server and primary colour. redux-persist keeps this slice.
import { type PayloadAction, createSlice } from '@reduxjs/toolkit'
import { DEFAULT_LOCALE, type UiLocale, isUiLocale } from '../../common/locales'
import { DEFAULT_PRIMARY_COLOR, isValidColor } from '../../common/rules'
import { DEFAULT_SERVER, type ServerId, isServerId } from '../api/servers'

export type SettingsState = {
  locale: UiLocale
  server: ServerId
  primaryColor: string
}

export const initialSettings: SettingsState = {
  locale: DEFAULT_LOCALE,
  server: DEFAULT_SERVER,
  primaryColor: DEFAULT_PRIMARY_COLOR,
}

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettings,
  reducers: {
    setLocale(state, action: PayloadAction<UiLocale>) {
      if (isUiLocale(action.payload)) state.locale = action.payload
    },
    setServer(state, action: PayloadAction<ServerId>) {
      if (isServerId(action.payload)) state.server = action.payload
    },
    // docs/spec.md §5: only '#' plus 6 hex digits is ever applied.
    setPrimaryColor(state, action: PayloadAction<string>) {
      if (isValidColor(action.payload)) state.primaryColor = action.payload.toLowerCase()
    },
  },
})

export const { setLocale, setServer, setPrimaryColor } = settingsSlice.actions
export const settingsReducer = settingsSlice.reducer

/** Repairs whatever localStorage held: a bad or missing value falls back to its default. */
export const sanitizeSettings = (
  stored: Partial<Record<keyof SettingsState, unknown>> | undefined,
): SettingsState => ({
  locale: isUiLocale(stored?.locale) ? stored.locale : initialSettings.locale,
  server: isServerId(stored?.server) ? stored.server : initialSettings.server,
  primaryColor:
    typeof stored?.primaryColor === 'string' && isValidColor(stored.primaryColor)
      ? stored.primaryColor.toLowerCase()
      : initialSettings.primaryColor,
})
