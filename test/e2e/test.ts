// The specs' `test`: Playwright's, and every browser context a test opens for someone else (a second user,
// a stranger, a phone) is closed when it ends, pass or fail. An open page keeps its keep-alive connections
// and its timers, and what one test leaves open would weigh on every test after it.
import { test as base } from '@playwright/test'

export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts())
      await use()
      const opened = browser.contexts().filter((context) => !before.has(context))
      await Promise.all(opened.map((context) => context.close()))
    },
    { auto: true },
  ],
})
