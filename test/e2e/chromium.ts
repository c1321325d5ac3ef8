// Debian's Chromium, as both the E2E tests and bench:chart launch it: no browser download,
// and without the background-networking flags it tries to reach Google's hosts and is refused.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
