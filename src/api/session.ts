// The browser's login session (docs/spec.md §4 "Login flow", §9): the secret a login started, kept in a 30-day
// cookie that only the page reads. The login page writes and clears it; the API layer sends it as
// Authorization. Nothing else touches the cookie.
import Cookies from 'js-cookie'
import { SESSION_COOKIE_DAYS, SESSION_COOKIE_NAME } from '../../common/rules'

export const SESSION_COOKIE = SESSION_COOKIE_NAME

/** Set and removed with the same attributes; over https the cookie never travels in clear text. */
const attributes = (): Cookies.CookieAttributes => ({
  sameSite: 'Lax',
  secure: window.location.protocol === 'https:',
})

/** The session id, or undefined when there is none. */
export const getSession = (): string | undefined => Cookies.get(SESSION_COOKIE)

export const setSession = (sessionId: string): void => {
  Cookies.set(SESSION_COOKIE, sessionId, { ...attributes(), expires: SESSION_COOKIE_DAYS })
}

export const clearSession = (): void => Cookies.remove(SESSION_COOKIE, attributes())
