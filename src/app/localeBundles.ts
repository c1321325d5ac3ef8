// The UI catalogue and antd's locale for each language. English is in the main bundle; Japanese and
// Chinese load on demand, so a visitor downloads only the language they use (the list route's script
// budget).
import { type Locale } from 'antd/es/locale'
import enUS from 'antd/es/locale/en_US'
import enUs from '../../i18n/en_us.json'
import { type UiLocale } from '../../common/locales'

export type LocaleBundle = { messages: Record<string, string>; antd: Locale }

export const EN_BUNDLE: LocaleBundle = { messages: enUs, antd: enUS }

const loaders: Record<UiLocale, () => Promise<LocaleBundle>> = {
  en_us: async () => EN_BUNDLE,
  ja_jp: async () => {
    const [messages, antd] = await Promise.all([
      import('../../i18n/ja_jp.json'),
      import('antd/es/locale/ja_JP'),
    ])
    return { messages: messages.default, antd: antd.default }
  },
  zh_cn: async () => {
    const [messages, antd] = await Promise.all([
      import('../../i18n/zh_cn.json'),
      import('antd/es/locale/zh_CN'),
    ])
    return { messages: messages.default, antd: antd.default }
  },
}

const cache = new Map<UiLocale, LocaleBundle>([['en_us', EN_BUNDLE]])

/** The bundle if it is already here (no flash of English for a language loaded before). */
export const cachedBundle = (locale: UiLocale): LocaleBundle | undefined => cache.get(locale)

export const loadBundle = async (locale: UiLocale): Promise<LocaleBundle> => {
  const bundle = cache.get(locale) ?? (await loaders[locale]())
  cache.set(locale, bundle)
  return bundle
}
