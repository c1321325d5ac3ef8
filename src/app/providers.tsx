// The provider stack: Redux (+ persisted settings) → react-intl → antd ConfigProvider → antd App.
import { type ReactNode, useEffect } from 'react'
import { Provider } from 'react-redux'
import { type Persistor } from 'redux-persist'
import { PersistGate } from 'redux-persist/integration/react'
import { IntlProvider } from 'react-intl'
import { App as AntApp, ConfigProvider } from 'antd'
import enUs from '../../i18n/en_us.json'
import jaJp from '../../i18n/ja_jp.json'
import zhCn from '../../i18n/zh_cn.json'
import { LOCALES, type UiLocale } from '../../common/locales'
import { useAppSelector } from './hooks'
import { type AppStore } from './store'
import { antdLocales, buildTheme } from './theme'

export const CATALOGUES: Record<UiLocale, Record<string, string>> = { en_us: enUs, ja_jp: jaJp, zh_cn: zhCn }

const LocalizedTheme = ({ children }: { children: ReactNode }) => {
  const locale = useAppSelector((state) => state.settings.locale)
  const primaryColor = useAppSelector((state) => state.settings.primaryColor)
  const { bcp47 } = LOCALES[locale]
  useEffect(() => {
    document.documentElement.lang = bcp47
  }, [bcp47])
  return (
    <IntlProvider locale={bcp47} defaultLocale="en-US" messages={CATALOGUES[locale]}>
      <ConfigProvider locale={antdLocales[locale]} theme={buildTheme(primaryColor)}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </IntlProvider>
  )
}

export const Providers = ({
  store,
  persistor,
  children,
}: {
  store: AppStore
  persistor?: Persistor
  children: ReactNode
}) => (
  <Provider store={store}>
    {persistor ? (
      <PersistGate loading={null} persistor={persistor}>
        <LocalizedTheme>{children}</LocalizedTheme>
      </PersistGate>
    ) : (
      <LocalizedTheme>{children}</LocalizedTheme>
    )}
  </Provider>
)
