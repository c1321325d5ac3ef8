// Theme colours: the preset palette of the server settings screen, and the antd theme built from
// the chosen primary colour.
import { type ThemeConfig } from 'antd'

export const PRESET_COLORS = [
  '#6200ee',
  '#3700b3',
  '#1e88e5',
  '#00897b',
  '#43a047',
  '#f4511e',
  '#e91e63',
  '#8e24aa',
  '#546e7a',
  '#212121',
] as const

export const buildTheme = (primaryColor: string): ThemeConfig => ({
  token: { colorPrimary: primaryColor, colorLink: primaryColor, borderRadius: 6 },
})
