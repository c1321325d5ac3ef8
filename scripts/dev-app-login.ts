// npm run dev:app-login -- <login url> [--handle 100001] [--name "Dev Player"] [--id dev-player-1] [--scheme http|https]
// Does what the Sonolus app does when a user confirms an external login: signs an authenticateExternal
// request with the TEST key and POSTs it to our callback. It prints the app's message, with the code to
// enter in the browser. The server must run with
// SONOLUS_PUBLIC_KEY set to test/fixtures/keys/sonolus-test-key.json's publicKey (see README).
import { signBody, type TestProfile, userProfile } from '../test/fixtures/keys/sign.js'

/** The callback a login URL stands for: open.sonolus.com/external-login/{host}/{path} or the callback itself. */
export const callbackOf = (loginUrl: string, scheme?: 'http' | 'https'): string => {
  const url = new URL(loginUrl)
  if (url.hostname === 'open.sonolus.com' && url.pathname.startsWith('/external-login/')) {
    const rest = url.pathname.slice('/external-login/'.length) + url.search
    const host = rest.split('/')[0]
    const local = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(host)
    return `${scheme ?? (local ? 'http' : 'https')}://${rest}`
  }
  return url.href
}

export const appLogin = async (
  loginUrl: string,
  profile: TestProfile = { id: 'dev-player-1', handle: '100001', name: 'Dev Player' },
  scheme?: 'http' | 'https',
): Promise<{ status: number; message: string }> => {
  const callback = callbackOf(loginUrl, scheme)
  const body = JSON.stringify({
    type: 'authenticateExternal',
    url: callback,
    time: Date.now(),
    userProfile: userProfile(profile),
  })
  const response = await fetch(callback, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sonolus-signature': signBody(body) },
    body,
  })
  const answer = (await response.json().catch(() => ({}))) as { message?: string }
  return { status: response.status, message: answer.message ?? '' }
}

/** The code the app's message asks the browser to enter (docs/protocol.md §11.2), if it has one. */
export const loginCodeIn = (message: string): string | undefined => /: (\d{6})\./.exec(message)?.[1]

if (process.argv[1]?.endsWith('dev-app-login.ts')) {
  const args = process.argv.slice(2)
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`)
    return at >= 0 ? args.splice(at, 2)[1] : undefined
  }
  const profile = {
    id: option('id') ?? 'dev-player-1',
    handle: option('handle') ?? '100001',
    name: option('name') ?? 'Dev Player',
  }
  const scheme = option('scheme') as 'http' | 'https' | undefined
  const [loginUrl] = args
  if (!loginUrl) {
    console.error(
      'usage: npm run dev:app-login -- <login url> [--handle H] [--name N] [--id I] [--scheme http|https]',
    )
    process.exit(2)
  }
  const { status, message } = await appLogin(loginUrl, profile, scheme)
  console.log(`${status} ${message}`)
  process.exit(status === 200 ? 0 : 1)
}
