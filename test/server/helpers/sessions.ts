// Signs a user in as the Sonolus app would (POST /sonolus/authenticate with the test key).
import { signBody, userProfile } from '../../fixtures/keys/sign'
import { type App } from '../../../server/http/types'

export const TEST_PUBLIC_URL = 'https://charts.example.com'

export const appSession = async (
  app: App,
  user: { id: string; handle: string; name: string },
  address = TEST_PUBLIC_URL,
): Promise<string> => {
  const body = JSON.stringify({
    type: 'authenticateServer',
    address,
    time: Date.now(),
    userProfile: userProfile(user),
  })
  const response = await app.inject({
    method: 'POST',
    url: '/sonolus/authenticate',
    payload: body,
    headers: { 'content-type': 'application/json', 'sonolus-signature': signBody(body) },
  })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`)
  return (response.json() as { session: string }).session
}

/** POST a JSON body as the app does, with its signature when given. */
export const postSigned = (app: App, url: string, payload: string, signature: string | undefined) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'sonolus-signature': signature } : {}),
    },
  })

/** The browser gives the code the app's confirmation showed (docs/protocol.md §11.2 step 4). */
export const giveLoginCode = (app: App, sessionId: string, code: string, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/sonolus/user/login/code',
    headers: { authorization: sessionId, 'x-sirius-client': 'web' },
    payload: { code },
    ...(remoteAddress ? { remoteAddress } : {}),
  })
