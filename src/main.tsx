// antd 5 needs its React 19 patch before anything else is imported.
import '@ant-design/v5-patch-for-react-19'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { persistStore } from 'redux-persist'
import { Providers } from './app/providers'
import { AppRoutes, preloadPage } from './app/router'
import { makeStore } from './app/store'
import './index.css'

preloadPage(window.location.pathname)
const store = makeStore()
const persistor = persistStore(store)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers store={store} persistor={persistor}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
)
