// One table for every place a locale name is needed: the UI catalogue (i18n/*.json), antd,
// the HTML lang attribute, and the Sonolus app's `localization` query values.

export const UI_LOCALES = ['en_us', 'ja_jp', 'zh_cn'] as const
export type UiLocale = (typeof UI_LOCALES)[number]

export const DEFAULT_LOCALE: UiLocale = 'en_us'

export type LocaleInfo = {
  /** Name of the language in itself, as the language picker shows it. */
  label: string
  /** BCP 47 tag for react-intl, Intl and <html lang>. */
  bcp47: string
  /** antd's locale module name. */
  antd: 'en_US' | 'ja_JP' | 'zh_CN'
  /** The Sonolus app's localization code. */
  sonolus: 'en' | 'ja' | 'zhs'
}

export const LOCALES: Record<UiLocale, LocaleInfo> = {
  en_us: { label: 'English', bcp47: 'en-US', antd: 'en_US', sonolus: 'en' },
  ja_jp: { label: '日本語', bcp47: 'ja-JP', antd: 'ja_JP', sonolus: 'ja' },
  zh_cn: { label: '简体中文', bcp47: 'zh-CN', antd: 'zh_CN', sonolus: 'zhs' },
}

export const isUiLocale = (value: unknown): value is UiLocale =>
  typeof value === 'string' && (UI_LOCALES as readonly string[]).includes(value)

/** Maps the app's `localization` query to one of ours; unknown codes fall back to English. */
export const fromSonolusLocalization = (code: string | undefined): UiLocale => {
  for (const locale of UI_LOCALES) if (LOCALES[locale].sonolus === code) return locale
  return DEFAULT_LOCALE
}

/** A text of a table by locale: the locale's own entry, else the fallback's, else any. Only the table's own
 *  entries count: a `localization` such as `constructor` or `__proto__` is no locale. */
export const textIn = (texts: Readonly<Record<string, string>>, locale: string, fallback: string): string =>
  (Object.hasOwn(texts, locale) ? texts[locale] : undefined) ??
  (Object.hasOwn(texts, fallback) ? texts[fallback] : undefined) ??
  Object.values(texts)[0] ??
  ''
