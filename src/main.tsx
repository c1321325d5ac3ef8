// antd 5 needs its React 19 patch before anything else is imported.
import '@ant-design/v5-patch-for-react-19'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { persistStore } from 'redux-persist'
import { Providers } from './shell/providers'
import { AppRoutes, preloadPage } from './shell/router'
import { adoptFirstPaint, takeFirstPaint } from './shell/firstPaint'
import { makeStore } from './app/store'
import './index.css'

const pageLoaded = preloadPage(window.location.pathname)
const store = makeStore()
const persistor = persistStore(store)
const painted = takeFirstPaint()

/** The settings are read back from storage (the persist gate draws nothing until then). */
const settingsRead = new Promise<void>((resolve) => {
  const check = () => {
    if (!persistor.getState().bootstrapped) return false
    resolve()
    return true
  }
  if (!check()) {
    const stop = persistor.subscribe(() => {
      if (check()) stop()
    })
  }
})

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers store={store} persistor={persistor}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  )

// A first paint on screen is replaced once the app can draw its page, rather than by a blank or a spinner.
if (painted)
  void Promise.all([pageLoaded, settingsRead]).then(() => {
    adoptFirstPaint(store, painted, window.location)
    render()
  })
else render()
