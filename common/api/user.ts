// Wire types of our web extensions for login (spec §7 "/user/mine", "/user/login"; protocol doc §15).
import { type MineExtras } from './moderation.js'

/** spec §7's fields, plus the role, any suspension and the unread notices (issue 14). */
export type UserMineResponse =
  ({ code: 200; id: string; handle: string; name: string } & MineExtras) | { code: 401 }

export type UserLoginResponse = {
  code: 200
  /** The browser's secret: kept in its cookie, sent as Authorization, never put in a URL. */
  sessionId: string
  /** open.sonolus.com external-login link; carries only sha1(sessionId). */
  url: string
}

export type UserLogoutResponse = { code: 200 }
