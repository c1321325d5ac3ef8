// The provider stack: Redux (+ persisted settings) → react-intl → antd ConfigProvider. The language's
// catalogue and antd locale load on demand (localeBundles.ts).
import { type ReactNode, useEffect, useState } from 'react'
import { Provider } from 'react-redux'
import { type Persistor } from 'redux-persist'
import { PersistGate } from 'redux-persist/integration/react'
import { IntlProvider } from 'react-intl'
import { ConfigProvider } from 'antd'
import { LOCALES, type UiLocale } from '../../common/locales'
import { useAppSelector } from '../app/hooks'
import { type LocaleBundle, cachedBundle, loadBundle } from '../app/localeBundles'
import { type AppStore } from '../app/store'
import { buildTheme } from '../app/theme'

const LocalizedTheme = ({ children }: { children: ReactNode }) => {
  const locale = useAppSelector((state) => state.settings.locale)
  const primaryColor = useAppSelector((state) => state.settings.primaryColor)
  const [bundle, setBundle] = useState<{ locale: UiLocale; bundle: LocaleBundle } | undefined>(() => {
    const cached = cachedBundle(locale)
    return cached && { locale, bundle: cached }
  })
  useEffect(() => {
    let current = true
    void loadBundle(locale).then((loaded) => current && setBundle({ locale, bundle: loaded }))
    return () => {
      current = false
    }
  }, [locale])
  // While another language loads, the page stays in the current one (nothing unmounts).
  const shown = bundle
  const { bcp47 } = LOCALES[shown?.locale ?? 'en_us']
  useEffect(() => {
    document.documentElement.lang = bcp47
  }, [bcp47])
  // On the first visit in a language not loaded yet, nothing renders for the moment it takes (a local
  // chunk), rather than a flash of English.
  if (!shown) return null
  return (
    <IntlProvider locale={bcp47} defaultLocale="en-US" messages={shown.bundle.messages}>
      <ConfigProvider locale={shown.bundle.antd} theme={buildTheme(primaryColor)}>
        {children}
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
