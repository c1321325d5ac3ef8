// Theme colours: the preset palette of the server settings screen, and the antd theme built from
// the chosen primary colour.
import { type ThemeConfig } from 'antd'
import enUS from 'antd/locale/en_US'
import jaJP from 'antd/locale/ja_JP'
import zhCN from 'antd/locale/zh_CN'
import { type Locale } from 'antd/es/locale'
import { type UiLocale } from '../../common/locales'

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

export const antdLocales: Record<UiLocale, Locale> = { en_us: enUS, ja_jp: jaJP, zh_cn: zhCN }

export const buildTheme = (primaryColor: string): ThemeConfig => ({
  token: { colorPrimary: primaryColor, colorLink: primaryColor, borderRadius: 6 },
})
