import '@ant-design/v5-patch-for-react-19'
import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { server } from '../../mocks/node'

// jsdom has no matchMedia, which antd's Grid needs. This one answers width
// queries against window.innerWidth, so tests can set a phone or desktop width.
const evaluate = (query: string): boolean => {
  const width = window.innerWidth
  const min = /min-width:\s*(\d+)px/.exec(query)
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query)
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]))
}
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: evaluate(query),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }),
})
window.scrollTo = () => {}

// findBy… and waitFor wait for what they look for; a second (the default) is a tight clock on a busy
// machine, where rendering antd alone can take longer, and hashing and uploading a song in jsdom several
// seconds. The bound only ends a wait for something that never comes.
configure({ asyncUtilTimeout: 30_000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  cleanup()
  window.localStorage.clear()
  window.sessionStorage.clear()
})
afterAll(() => server.close())
